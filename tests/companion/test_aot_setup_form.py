"""Age of Thirst's set-up entered as its result on the companion page, in a real browser at
a phone's 390x844 (Debian's chromium through Playwright, a real ``wasteland serve``): the
place decision offers a clan's ten starting troops as one form, one choice per hex of its
base (LO-4.3); the table changes the hexes where its arrangement differs and enters them in
one tap; six Skinnies are refused with LO-4.3 and nothing is played; then a clan's turn,
played with the box, ends phase by phase beside the question (LO-7). In Russian, with a
screenshot in the artifacts folder (``$WASTELAND_ARTIFACTS``/companion)."""

from __future__ import annotations

import pytest

from testkit import axe_violations as violations
from companiontest import index_of, kind_of, ready, serve


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("aotform") / "companion.db") as found:
        yield found


def red_troops(page, url):
    sid = page.url.split("#/s/", 1)[1]
    snap = page.request.get(f"{url}api/companion/{sid}").json()
    return {p["hex"]: p["kind"] for p in snap["view"]["pieces"] if p["colour"] == "red"}


def test_a_clan_enters_its_starting_troops_in_one_tap(url, watched, artifacts):
    page = watched("phone", refusals=True)  # it enters bad input on purpose
    page.goto(url + "companion.html?lang=ru#/new/age-of-thirst")
    page.wait_for_selector("#create")
    page.tap("#create")
    ready(page, 0)
    page.tap("[data-action='first red']")
    ready(page, 1)
    assert kind_of(page) == "place"
    fields = page.locator("#action-form select")
    assert fields.count() == 10
    assert page.locator("#action-form label").first.inner_text().startswith("На ")
    page.screenshot(path=str(artifacts / "aot-setup-form-390-ru.png"), full_page=True)
    box = page.locator("#action-form-go").bounding_box()  # in view as the step opens: no swipe
    assert box["y"] + box["height"] <= 844, box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    assert violations(page) == []  # axe-core: each choice has its label

    # six Skinnies: refused by LO-4.3, nothing played
    last = fields.nth(9)
    assert last.input_value() == "smart"
    last.select_option("skinny")
    page.tap("#action-form-go")
    page.wait_for_selector("#toast:not([hidden])")
    assert "LO-4.3" in page.inner_text("#toast")
    assert index_of(page) == 1 and red_troops(page, url) == {}

    # the table's own arrangement: a Smart where the form proposed a Skinny, and back
    fields = page.locator("#action-form select")
    hexes = [fields.nth(i).get_attribute("data-field") for i in range(10)]
    kinds = [fields.nth(i).input_value() for i in range(10)]
    kinds[0], kinds[9] = "smart", "skinny"  # 5 Skinnies, 3 Handsomes, 2 Smarts still
    fields.nth(0).select_option("smart")
    fields.nth(9).select_option("skinny")
    page.tap("#action-form-go")
    ready(page, 2)
    assert red_troops(page, url) == dict(zip(hexes, kinds))
    assert kind_of(page) == "place"  # blue's turn to place: as proposed, one tap
    page.tap("#action-form-go")
    ready(page, 3)
    assert kind_of(page) == "tactical"
    assert page.locator("#board .troop").count() == 20

    # the clan's turn played with the box (LO-7): each phase ended beside the question
    assert page.inner_text("#turn-end") == "Фаза сыграна: завершить"
    page.tap("#turn-end")
    ready(page, 4)
    assert kind_of(page) == "economic" and page.inner_text("#turn-end") == "Ход сыгран: завершить"
    page.tap("#turn-end")
    ready(page, 5)
    assert kind_of(page) == "tactical"


def test_the_form_in_every_language_and_width(url, browser, artifacts):
    """Screenshots of the set-up form in en/ru/uk at 390x844 and 1280x800: every hex's
    choice labelled in the page's language, no sideways scroll, the button in view."""
    for lang, on in (("en", "On "), ("ru", "На "), ("uk", "На ")):
        for width, height in ((390, 844), (1280, 800)):
            ctx = browser.new_context(viewport={"width": width, "height": height})
            page = ctx.new_page()
            page.set_default_timeout(20_000)
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + f"companion.html?lang={lang}#/new/age-of-thirst")
            page.wait_for_selector("#create")
            page.click("#create")
            ready(page, 0)
            page.click("[data-action='first red']")
            ready(page, 1)
            labels = page.locator("#action-form label")
            assert labels.count() == 10 and all(labels.nth(i).inner_text().startswith(on) for i in range(10))
            box = page.locator("#action-form-go").bounding_box()
            assert box["y"] + box["height"] <= height, (lang, width, box)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (lang, width)
            page.screenshot(path=str(artifacts / f"aot-setup-form-{width}-{lang}.png"), full_page=True)
            ctx.close()
            assert not errors, errors
