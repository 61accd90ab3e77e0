"""Keyboard and screen readers (issue 25): axe-core's WCAG 2.1 AA rules on the lobby, a game
page of each game and the replay page, in English, Russian and Ukrainian, at a desktop's and
a phone's size (axe.min.js from the pinned axe-playwright-python package: nothing fetched at
test time); and a keyboard-only turn of each game, played through the board."""

from __future__ import annotations

import os

import pytest

import boardkit as kit
from testkit import WCAG_AA, axe_violations

GAMES = {
    "saltlands": {},
    "fallout": {},
    "quest": {},
    "age-of-thirst": {"players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}]},
}
#: every combination with WASTELAND_FULL_WALK=1; a bounded slice each run
FULL = os.environ.get("WASTELAND_FULL_WALK") == "1"


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from webtest import serve

    with serve(tmp_path_factory.mktemp("access") / "access.db") as u:
        yield u


def _serious(page) -> list[str]:
    return axe_violations(page, WCAG_AA)


PAGES = ["lobby", "replay", *GAMES]
COMBOS = [(lang, size) for lang in ("en", "ru", "uk") for size in ("desktop", "phone")]


def _cases():
    if FULL:
        return [(page, lang, size) for page in PAGES for lang, size in COMBOS]
    # each page once, each language and each size twice
    return [(page, *COMBOS[i % len(COMBOS)]) for i, page in enumerate(PAGES)]


@pytest.mark.parametrize("where, lang, size", _cases())
def test_axe_finds_no_serious_violation(url, browser, where, lang, size):
    ctx, page = kit.watched_page(browser, size, lang)
    try:
        if where == "lobby":
            page.goto(f"{url}?lang={lang}&anim=off")
            page.wait_for_selector("#create-form")
        elif where == "replay":
            created = kit.open_game(page, url, "saltlands", lang=lang, seed=3)
            for _ in range(3):
                kit.play(page, kit.pick(kit.actions(page)))
            page.click("#log-replay")
            page.wait_for_selector("#replay[data-step]")
            page.click("#r-prev")
            page.wait_for_selector("#replay[data-step]")
            assert created
        else:
            kit.open_game(page, url, where, lang=lang, **GAMES[where])
        found = _serious(page)
        assert not found, f"{where} {lang} {size}: " + "\n".join(found)
        assert not page.problems, page.problems
    finally:
        ctx.close()


def _tab_to(page, selector: str, limit: int = 150) -> bool:
    """Tab until the focus is on an element matching ``selector`` (the keyboard's own way)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => Boolean(document.activeElement && document.activeElement.matches(s))", selector):
            return True
    return False


@pytest.mark.parametrize("game", list(GAMES))
def test_a_turn_by_keyboard_alone_through_the_board(url, browser, game):
    """No mouse, no touch: Tab to a highlighted spot (named by its hover text), the arrows
    move between spots, Enter plays it (Enter again in its menu); the focus comes back to
    the decision and the move is announced."""
    ctx, page = kit.watched_page(browser, "desktop")
    try:
        kit.open_game(page, url, game, **GAMES[game])
        by_board = 0
        for _ in range(12):
            if page.locator(kit.OVER).count():
                break
            before = kit.index(page)
            spots = page.locator("#board .vp-focusable")
            if spots.count():
                assert _tab_to(page, "#board .vp-focusable"), "no spot of the board is a Tab stop"
                name = page.evaluate("document.activeElement.getAttribute('aria-label')")
                assert name and name.strip(), "a spot without a name"
                if spots.count() > 1:
                    page.keyboard.press("ArrowRight")
                    page.keyboard.press("ArrowLeft")
                    assert page.evaluate("document.activeElement.matches('#board .vp-focusable')")
                page.keyboard.press("Enter")
                page.wait_for_function(f"document.querySelector('#chooser, #confirm, #selection') || Number(document.querySelector('#game').dataset.index) > {before}")
                if page.locator("#selection").count():
                    # a piece selected (piece, then target): the focus is on its first target
                    assert page.evaluate("document.activeElement.matches('#board .vp-focusable:not(.selected)')")
                    page.keyboard.press("Enter")
                    page.wait_for_function(f"document.querySelector('#chooser, #confirm') || Number(document.querySelector('#game').dataset.index) > {before}")
                if page.locator("#chooser").count():
                    page.keyboard.press("Escape")  # a menu closes on Escape
                    assert page.locator("#chooser").count() == 0
                    assert _tab_to(page, "#board .vp-focusable")
                    page.keyboard.press("Enter")
                    page.wait_for_selector("#chooser .choice:focus")
                    page.keyboard.press("Enter")
                if page.locator("#confirm").count():
                    page.keyboard.press("Enter")  # its first button, "yes", has the focus
                by_board += 1
            else:
                assert _tab_to(page, "#actions .action-btn"), "no action is a Tab stop"
                page.keyboard.press("Enter")
                page.wait_for_function(f"document.querySelector('#confirm') || Number(document.querySelector('#game').dataset.index) > {before}")
                if page.locator("#confirm").count():
                    page.keyboard.press("Enter")
            page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
            page.wait_for_selector(f"{kit.MY_TURN}, {kit.OVER}", timeout=30_000)
            # the focus is back on the decision or the board, not on the page's body
            assert page.evaluate("document.activeElement !== document.body"), "the focus fell to the page's body"
            # the polite live region is filled a moment after the update (a new node each time)
            page.wait_for_function("document.querySelector('#announce').textContent.trim() !== ''", timeout=5_000)
            if by_board >= 1:
                break
        assert by_board >= 1, f"{game}: no move was played through the board"
        assert not page.problems, page.problems
    finally:
        ctx.close()
