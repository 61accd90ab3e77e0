"""The board one tap away on the companion page (issue 24): at a phone's 390x844 Fallout's
agenda card (FO-13.1) is asked in a form that puts the board 1,200 px and more below the
question; a button held at the screen's foot brings the board up in one tap, and goes once
the board is in view. In en/ru/uk, no console error, no sideways scroll."""

from __future__ import annotations

import pytest

from companiontest import PHONE, answer_chance, ready

BOARD_WORDS = {"en": "The board", "ru": "Игровое поле", "uk": "Ігрове поле"}


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from companiontest import serve

    with serve(tmp_path_factory.mktemp("companion-reach") / "reach.db") as found:
        yield found


def board_top(page) -> float:
    return page.evaluate("document.querySelector('#board').getBoundingClientRect().top")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_board_is_one_tap_from_a_cards_question(url, browser, artifacts, lang):
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(f"{url}companion.html?lang={lang}#/new/fallout")
        page.wait_for_selector("#create")
        page.tap("#create")
        ready(page, 0)
        page.tap("#turn-end")  # the first survivor's turn: the round ends, its agenda card is asked
        ready(page, 1)
        assert page.get_attribute("#session", "data-kind") == "chance"
        assert board_top(page) > PHONE["height"]  # the case: the board below the fold
        jump = page.locator("#to-board")
        jump.wait_for(state="visible")
        box = jump.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] and box["height"] >= 44, box
        assert BOARD_WORDS[lang] in jump.inner_text()
        page.screenshot(path=artifacts / f"board-in-reach-{lang}.png")
        jump.tap()
        page.wait_for_function("document.querySelector('#board').getBoundingClientRect().top < 100")
        assert 0 <= board_top(page) < PHONE["height"] / 2
        jump.wait_for(state="hidden")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.evaluate("window.scrollTo(0, 0)")
        answer_chance(page)  # and the question still answers as before
        ready(page, 2)
        assert not errors, errors
    finally:
        ctx.close()
