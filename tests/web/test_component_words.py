"""Every tile, hero and place shows its printed words on hover and long press, in the page's
language (issue 25): Quest's squares (their tile) and heroes, Saltlands' hexes (their
face-up tile), Fallout's spaces, as the enemies and cards already did; teams on the
replay; a piece selected, then its target."""

from __future__ import annotations

import os

import pytest

import boardkit as kit
from testkit import WCAG_AA, axe_violations

FULL = os.environ.get("WASTELAND_FULL_WALK") == "1"
# a slice every run (Quest in Russian); WASTELAND_FULL_WALK=1 adds Saltlands in English and Fallout in Ukrainian
CASES = (("quest", "ru"),) + ((("saltlands", "en"), ("fallout", "uk")) if FULL else ())


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from webtest import serve

    with serve(tmp_path_factory.mktemp("words25") / "words.db") as u:
        yield u


def _tip(page, selector: str) -> str:
    """The hover text of the first element ``selector`` names, after the pointer rests on it."""
    el = page.locator(selector).first
    el.dispatch_event("pointerover")
    return page.evaluate("""s => { const e = document.querySelector(s);
        const t = [...e.children].find((c) => c.tagName.toLowerCase() === 'title'); return t ? t.textContent : ''; }""",
                         selector)


def test_quest_tiles_and_heroes_and_fallout_spaces_say_their_words(url, browser):
    texts = {}
    for game, lang in CASES:
        ctx, page = kit.watched_page(browser, "desktop", lang)
        try:
            kit.open_game(page, url, game, lang=lang, seed=11)
            texts[game] = page.evaluate(f"fetch('/api/texts/{game}/{lang}').then((r) => r.json())")["texts"]
            if game == "quest":
                square = _tip(page, "#board rect.wq-square[data-zone^='gatehouse.']")
                tile = texts[game]["tile:gatehouse"]
                assert tile["name"] in square and tile["text"].split("\n")[0] in square, square
                hero = _tip(page, "#board circle.wq-hero")
                heroes = [v for k, v in texts[game].items() if k.startswith("hero:") and v["name"] in hero]
                assert heroes and heroes[0]["text"].split("\n")[0] in hero, hero
            elif game == "saltlands":  # a hex of a face-up tile: the tile's printed words
                shown = _tip(page, "#board g.hex[data-component^='tile:']")
                tile = page.locator("#board g.hex[data-component^='tile:']").first.get_attribute("data-component")
                words = texts[game][tile]
                assert words["name"] in shown and words["text"].split("\n")[0] in shown, shown
            else:
                space = page.locator("#board g.fo-space").first.get_attribute("data-space")
                shown = _tip(page, f"#board g.fo-space[data-space='{space}']")
                words = texts[game][f"space:{space}"]
                assert words["name"] in shown and words["text"].split("\n")[0] in shown, shown
            assert not page.problems, page.problems
        finally:
            ctx.close()


def test_the_replay_lists_the_seats_with_their_teams(url, browser):
    """Issue 25: teams are shown wherever seats are; the replay's step lists each seat with
    its colour and what the game says of it, a 2x2 game's team among it (LO-13.4)."""
    ctx, page = kit.watched_page(browser, "phone", "uk")
    try:
        created = kit.open_game(page, url, "age-of-thirst", lang="uk", seed=11, players=4, teams="2x2",
                                seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3)
        page.goto(f"{url}?lang=uk&anim=off#/replay/{created['game']['id']}")
        page.wait_for_selector("#replay[data-step] #r-players")
        rows = page.locator("#r-players li").all_inner_texts()
        assert len(rows) == 4 and all("команда" in r for r in rows), rows
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert not page.problems, page.problems
    finally:
        ctx.close()


def test_the_lobby_shows_each_seat_s_team(url, browser):
    """Issue 25: teams are shown wherever seats are: the lobby's seat list and its join
    buttons name each seat's team in a team game (LO-13.4; 2x2 pairs neighbouring colours),
    from the server's summary, which names no game to the page; none outside a team game."""
    ctx, page = kit.watched_page(browser, "phone", "uk")
    try:
        team = kit.create(page, url, "age-of-thirst", seed=11, players=4, teams="2x2",
                          seats=[{"kind": "human"}] * 2 + [{"kind": "bot"}] * 2)["game"]
        # the default seats black, red, white, blue; the teams black-red and white-blue
        assert [s["team"] for s in team["seats"]] == [0, 0, 1, 1], team["seats"]
        alone = kit.create(page, url, "age-of-thirst", seed=11, players=2,
                           seats=[{"kind": "human"}, {"kind": "bot"}])["game"]
        page.goto(f"{url}?lang=uk")
        chips = page.locator(f"li.game-item[data-game='{team['id']}'] .seat-chip")
        chips.first.wait_for()
        assert chips.all_inner_texts()[:2] == ["p1 (команда 1): людина", "p2 (команда 1): вільне"], \
            chips.all_inner_texts()
        assert page.locator(f"li.game-item[data-game='{team['id']}'] .seat-chip[data-team='2']").count() == 2
        joins = page.locator(f"li.game-item[data-game='{team['id']}'] button.join").all_inner_texts()
        assert joins == ["Сісти за p2 (команда 1)"], joins
        assert "команда" not in page.locator(f"li.game-item[data-game='{alone['id']}']").inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert axe_violations(page, WCAG_AA) == []
        # the game page's players list too: each seat's team, named by its colours
        page.goto(f"{url}?lang=uk&anim=off#/game/{team['id']}?watch")
        page.wait_for_selector("#players .player-row .facts")
        rows = page.locator("#players .player-row").all_inner_texts()
        assert len(rows) == 4 and all("команда" in r for r in rows), rows
        assert not page.problems, page.problems
    finally:
        ctx.close()


def test_a_fallout_enemy_is_selected_then_its_step(url, browser):
    """Piece, then target (issue 25): at a step decision (FO-13.2, the first player moves a
    marauder with two shortest routes) the marauder's space is a source; a click selects
    it, the board then marks only its two steps, and a click on one plays it."""
    ctx, page = kit.watched_page(browser, "desktop", "en")
    try:
        kit.open_game(page, url, "fallout", seed=1, players=1)
        for action in ("end", "end", "activate radroach#1", "end"):
            kit.play(page, action)
        assert sorted(kit.actions(page)) == ["step marauder#1 pendleton_estate", "step marauder#1 robco_factory"]
        source = page.locator("#board g.fo-space.source")
        assert source.count() == 1
        before = kit.index(page)
        source.click()
        page.wait_for_selector("#selection")
        marked = page.locator("#board g.fo-space.reach").evaluate_all("gs => gs.map(g => g.dataset.space)")
        assert sorted(marked) == ["pendleton_estate", "robco_factory"]
        assert page.locator("#board g.fo-space.selected .fo-src-ring").count() == 1
        page.locator("#board g.fo-space.reach[data-space='robco_factory']").click()
        page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
        assert not page.problems, page.problems
    finally:
        ctx.close()


def test_the_list_holds_only_the_actions_without_a_place(url, browser):
    """Issue 25: a piece is played by selecting it, then its target; the list keeps only the
    rare actions without a place (end the turn), says how many are on the board, and takes
    the keyboard there (the spots are Tab stops named by their hover text)."""
    ctx, page = kit.watched_page(browser, "phone", "ru")
    try:
        kit.open_game(page, url, "saltlands", lang="ru", seed=1)
        for prefix in ("character ", "enter "):
            kit.play(page, next(a for a in kit.actions(page) if a.startswith(prefix)))
        listed = page.locator("#actions .action-btn").evaluate_all("bs => bs.map(b => b.dataset.action)")
        on_board = page.locator("#board .vp-focusable[data-actions]").evaluate_all(
            "es => [...new Set(es.flatMap(e => e.dataset.actions.split('\\n')))]")
        moves = [a for a in on_board if a.startswith("move ")]
        assert len(moves) >= 7, on_board
        assert "end" in listed and not set(listed) & set(on_board), listed
        note = page.locator("#on-board").text_content()
        assert f"На поле {len(on_board)} " in note, note
        page.focus("#to-board")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.matches('#board .vp-focusable')")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        kit.play(page, moves[0])  # on the board: the kit clicks the spot, as a person does
        assert not page.problems, page.problems
    finally:
        ctx.close()
