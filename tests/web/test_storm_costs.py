"""The sandstorm's toll shown before a move (issue 14, SL §53): in a sandstorm every hex the
player may move to carries the number of cards the storm will take for that move (one hand
or cargo card per tile crossed), its tooltip and the move buttons say it in the page's
language, the legend explains the mark, and the move asks for exactly that many discards."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from wasteland.core.page_words import fill  # the page's filling, plurals and all
from wasteland.games.saltlands.game import GAME

import boardkit as kit
from webtest import serve  # noqa: F401  (the conftest's helpers)

READY = "#game[data-ready='1'][data-turn='mine']"
WORDS = {"en": "the sandstorm takes {n} {n|card|cards}", "ru": "буря заберёт карт: {n}", "uk": "буря забере карт: {n}"}


def _to_the_storm(config: dict, seed: int) -> tuple[list[str], dict[str, int]]:
    """The first legal action each time, until the player may move in a sandstorm with
    moves that cost cards and moves that do not: those actions and the view's toll."""
    s = GAME.new_game(config, seed)
    actions: list[str] = []
    for _ in range(400):
        d = GAME.decision(s)
        assert d is not None, "the game ended before a sandstorm"
        toll = GAME.view(s, d.seat).get("storm_cards") or {}
        if any(toll.values()) and not all(toll.values()):
            return actions, toll
        s, _events = GAME.apply(s, d.actions[0])
        actions.append(d.actions[0])
    pytest.fail("no sandstorm move in 400 actions")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_each_reachable_hex_shows_the_sandstorms_toll_SL53(server_url, new_page, artifacts, lang):
    page = new_page()
    r = page.request.post(f"{server_url}api/games", data={"game": "saltlands", "players": 1, "difficulty": "easy",
                                                         "seed": 1, "seats": [{"kind": "human"}], "join": True})
    assert r.status == 201, r.text()
    created = r.json()
    gid, token = created["game"]["id"], created["token"]
    prefix, toll = _to_the_storm(created["game"]["config"], 1)
    for i, action in enumerate(prefix):
        r = page.request.post(f"{server_url}api/games/{gid}/actions", data={"action": action, "index": i},
                              headers={"authorization": f"Bearer {token}"})
        assert r.ok, (action, r.text())
    page.goto(f"{server_url}?lang={lang}&anim=off")
    seats = {gid: {"seat": 0, "token": token, "game": "saltlands", "at": 0}}
    page.evaluate(f"localStorage.setItem('wasteland.seats', {json.dumps(json.dumps(seats))})")
    page.goto(f"{server_url}?lang={lang}&anim=off#/game/{gid}")
    page.wait_for_selector(READY)
    expect(page.locator("#decision")).to_have_attribute("data-kind", "turn")

    by_hex: dict[str, list[int]] = {}
    for action, cards in toll.items():
        by_hex.setdefault(action.split()[1], []).append(cards)
    # every reachable hex carries its toll (a number per Fuel count), and no other hex does
    badges = page.locator("svg.board .hex .storm-cost")
    expect(badges).to_have_count(len(by_hex))
    for hex_name, counts in by_hex.items():
        shown = "/".join(dict.fromkeys(str(n) for n in counts))
        cell = page.locator(f"svg.board .hex.reach[data-hex='{hex_name}']")
        expect(cell.locator(".storm-cost")).to_have_attribute("data-cards", shown)
        expect(cell.locator(".storm-cost text")).to_have_text(shown)
    costly = next(a for a, n in toll.items() if n)
    cheap = next(a for a, n in toll.items() if not n)
    # the hex's tooltip and the move's name on the board (its Tab stop: the move is played
    # there, not listed, issue 25) say it in the page's language
    title = page.locator(f"svg.board .hex[data-hex='{costly.split()[1]}'] > title").text_content()
    assert fill(WORDS[lang], {'n': toll[costly]}) in title, title
    for action in (costly, cheap):
        spot = page.locator(f"svg.board .hex.vp-focusable[data-hex='{action.split()[1]}']")
        expect(spot).to_have_attribute("aria-label", re.compile(re.escape(fill(WORDS[lang], {'n': toll[action]}))))
        assert page.locator(f"#actions .action-btn[data-action='{action}']").count() == 0
    # the legend explains the mark
    page.click("#legend-toggle")
    expect(page.locator("#legend [data-legend='storm-cards']")).to_be_visible()
    page.screenshot(path=artifacts / f"storm-toll-{lang}.png")
    # the move asks for as many storm discards as the hex said
    before = int(page.get_attribute("#game", "data-index"))
    kit.click_action(page, costly)
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    page.wait_for_selector(READY)
    paid = 0
    while page.get_attribute("#decision", "data-kind") == "storm":
        before = int(page.get_attribute("#game", "data-index"))
        page.locator("#actions .action-btn").first.click()
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
        page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
        page.wait_for_selector(READY)
        paid += 1
    assert paid == toll[costly]
