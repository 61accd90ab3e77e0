"""A step the table entered as its result (several actions in one tap, such as a clan's
starting troops, LO-4.3) is listed in the steps in the page's words, as a one-action step
is, and still after a reload: it was listed as its notation ("p1: place skinny 4,-2; place
skinny 5,-4; ...") in every language, found trying the companion as a table would."""

from __future__ import annotations

import re

import pytest

from companiontest import index_of, kind_of, ready, serve

NOTATION = re.compile(r"\bplace (skinny|handsome|smart)\b")


def tap_step(page, selector):
    n = index_of(page)
    page.tap(selector)
    ready(page, n + 1)


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("batch") / "companion.db") as found:
        yield found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_clans_placement_in_one_tap_is_listed_in_words(url, phone, lang):
    page = phone
    page.goto(f"{url}companion.html?lang={lang}#/new/age-of-thirst")
    page.wait_for_selector("#create")
    page.tap("#create")
    ready(page, 0)
    tap_step(page, "[data-action='first red']")
    assert kind_of(page) == "place"
    tap_step(page, "#action-form-go")  # the first clan's troops, in one step
    for when in ("played", "reloaded"):
        steps = page.locator("#steps li span").all_inner_texts()
        assert len(steps) == 2, steps
        assert not NOTATION.search(steps[1]), f"{when}: {steps[1]}"
        page.reload()
        ready(page)
