"""The companion's set-up takes a designer's tuned numbers (issue 31), at a phone's
390x844 in a real browser: a bad set is refused with the parameter, its range and its rule
in the page's language and nothing is started; a good one starts a session that keeps it
(its config names it, its view plays it)."""

from __future__ import annotations

import pytest

from companiontest import ready, serve
from testkit import axe_violations

BAD = {"en": "target_1p must be a whole number from 4 to 16 (FO-13.5)",
       "uk": "target_1p — ціле число від 4 до 16 (FO-13.5)"}


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("params") / "companion.db") as found:
        yield found


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_a_session_keeps_the_tuned_numbers_it_was_started_with(url, watched, artifacts, lang):
    page = watched("phone", refusals=True)  # it enters bad input on purpose
    page.goto(url + f"companion.html?lang={lang}#/new/fallout")
    page.wait_for_selector("#create")
    page.locator("#params-box summary").click()
    page.fill("#params", "target_1p = 3\n")
    page.tap("#create")
    page.wait_for_selector("#toast:not([hidden])")
    assert BAD[lang] in page.inner_text("#toast")
    assert "#/new/fallout" in page.url  # nothing started
    page.screenshot(path=str(artifacts / f"companion-params-refused-{lang}-390.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert axe_violations(page) == []
    page.fill("#params", "target_1p = 6\n")
    page.tap("#create")
    ready(page, 0)
    sid = page.url.split("#/s/", 1)[1]
    snap = page.request.get(f"{url}api/companion/{sid}").json()
    assert snap["session"]["config"]["params"] == {"target_1p": 6}
    assert snap["view"]["target"] == 6  # FO-13.5 at the tuned number
