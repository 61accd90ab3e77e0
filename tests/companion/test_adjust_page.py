"""A turn entered as its result adjusts what the table holds or drew (cards, armor, crew,
health) without a swipe: "What else changed" in the bar at the screen's foot opens the deciding
seat's corrections there (they lay below the board and the log, over a screen lower), a
list of values opens in the same place, and a tap makes the correction while the turn
stays open. Every game, a phone's 390x844, en/ru/uk; screenshots in the artifacts folder."""

from __future__ import annotations

import os

import pytest

from companiontest import PHONE, index_of, ready, to_a_players_turn


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from companiontest import serve

    with serve(tmp_path_factory.mktemp("companion-adjust") / "adjust.db") as found:
        yield found


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


GAMES = ["saltlands", "fallout", "quest", "age-of-thirst"]
LANGS = ["en", "ru", "uk"]
#: every game in every language with WASTELAND_FULL_WALK=1; each run, every game in one
#: language (all three languages among them), so the suite stays within its time
CASES = [(g, lang) for g in GAMES for lang in LANGS] if os.environ.get("WASTELAND_FULL_WALK") == "1" \
    else [(g, LANGS[n % len(LANGS)]) for n, g in enumerate(GAMES)]


@pytest.mark.parametrize("game, lang", CASES)
def test_cards_and_more_beside_the_turn(url, browser, artifacts, game, lang):
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(f"{url}companion.html?lang={lang}#/new/{game}")
        page.wait_for_selector("#create")
        page.tap("#create")
        to_a_players_turn(page)
        assert in_view(page, "#turn-adjust") and in_view(page, "#turn-end")
        # the corrections lie below the board, under the bar and past the screen's foot
        below = page.locator("#player-edits").bounding_box()
        assert below["y"] + below["height"] > PHONE["height"]
        scrolled = page.evaluate("window.scrollY")
        page.tap("#turn-adjust")
        entries = page.locator("#adjust-list button")
        assert entries.count() >= 1 and in_view(page, "#adjust-list button >> nth=0")
        assert in_view(page, "#turn-end")  # the turn's end stays in reach
        assert page.evaluate("window.scrollY") == scrolled  # nothing to swipe
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=artifacts / f"adjust-{game}-{lang}.png")
        n = index_of(page)
        first = entries.first
        if first.get_attribute("data-menu"):  # a list of values: in the same place
            first.tap()
            assert in_view(page, "#adjust-back") and in_view(page, "#adjust-list button >> nth=0")
        page.locator("#adjust-list button[data-step] >> nth=0").tap()
        ready(page, n + 1)
        log = page.locator(f"#steps li[data-step='{n}']")
        assert log.get_attribute("data-source") == "edit"
        assert page.locator("#session.entering").count()  # the turn is still being entered
        page.tap("#turn-correct")  # step by step: the turn's end stays beside the question, in view
        ready(page)
        assert not page.locator("#session.entering").count() and in_view(page, "#turn-end")
        assert not errors, errors
    finally:
        ctx.close()
