"""A question about places on the board comes with the board on a phone (issue 24): at
390x844 Saltlands asks where the first player enters the board (SL §45), its answers the
board's spots, and the board lay below what happened, off the screen. The board now comes
right under the question (what happened after it) and the page shows its foot, the
question's top still on the screen. At 1280x800 the page's order is as before. In en/ru/uk,
no console error, no sideways scroll."""

from __future__ import annotations

import pytest

from companiontest import PHONE, ready


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from companiontest import serve

    with serve(tmp_path_factory.mktemp("companion-with") / "with.db") as found:
        yield found


BOXES = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
    const box = s => { const r = document.querySelector(s).getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
    done({decision: box('#decision'), board: box('#board'), explain: box('#explain'),
          wide: document.documentElement.scrollWidth - window.innerWidth});
})))"""


def to_the_entry(page, touch: bool) -> None:
    """The table picks the first character for each player: then where the first enters."""
    for index in range(5):
        ready(page, index)
        if page.get_attribute("#session", "data-kind") == "enter":
            return
        choice = page.locator("#decision [data-action]").first
        choice.tap() if touch else choice.click()
    raise AssertionError("no entry asked")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_board_comes_with_a_question_about_its_spots(url, watched, artifacts, lang):
    page = watched("phone", lang)
    page.goto(f"{url}companion.html?lang={lang}#/new/saltlands")
    page.wait_for_selector("#create")
    page.tap("#create")
    to_the_entry(page, touch=True)
    boxes = page.evaluate(BOXES)
    page.screenshot(path=artifacts / f"board-with-question-{lang}.png")
    height = PHONE["height"]
    assert 0 <= boxes["decision"]["top"] < height / 2, boxes  # the question's top on the screen
    assert boxes["decision"]["bottom"] <= boxes["board"]["top"] + 1, boxes  # the board under it
    assert 0 <= boxes["board"]["top"] and boxes["board"]["bottom"] <= height + 1, boxes  # the whole board
    assert boxes["explain"]["top"] >= boxes["board"]["bottom"] - 1, boxes  # what happened after it
    assert boxes["wide"] <= 0, boxes


def test_a_wide_screen_keeps_its_order(url, watched, artifacts):
    page = watched("desktop", "en")
    page.goto(f"{url}companion.html?lang=en#/new/saltlands")
    page.wait_for_selector("#create")
    page.click("#create")
    to_the_entry(page, touch=False)
    boxes = page.evaluate(BOXES)
    page.screenshot(path=artifacts / "board-with-question-desktop.png")
    assert boxes["explain"]["bottom"] <= boxes["board"]["top"] + 1, boxes  # what happened, then the board
    assert page.evaluate("window.scrollY") == 0
