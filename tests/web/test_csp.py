"""The pages under the server's Content-Security-Policy (issue 32, point 8): the lobby, a
game page of every game, a finished game's replay and the companion page of every game
load and draw with no violation of the policy (Chromium reports each one on the console:
an inline script or style element, a style attribute set as markup would be one) and no
JavaScript error, and no other site may frame them."""

from __future__ import annotations

import json

import pytest

from wasteland.core.registry import registered_games
from wasteland.server.browser import CSP

GAMES = sorted(registered_games())


@pytest.fixture
def csp_page(new_page):
    """A page under the policy (the other browser tests' pages bypass it, tests/conftest.py)."""
    return lambda: new_page(viewport={"width": 1280, "height": 800}, bypass_csp=False)


def watched(make):
    page = make()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    return page, problems


@pytest.mark.parametrize("game", GAMES)
def test_the_game_page_and_the_lobby_keep_the_policy(server_url, csp_page, game):
    page, problems = watched(csp_page)
    answer = page.goto(f"{server_url}?lang=en&anim=off")
    assert answer.headers["content-security-policy"] == CSP
    assert answer.headers["x-frame-options"] == "DENY"
    page.wait_for_selector("#lobby")
    others = [{"kind": "bot", "bot": "random"}] * (registered_games()[game].min_players - 1)
    r = page.request.post(f"{server_url}api/games", data={"game": game, "seats": [{"kind": "human"}, *others],
                                                         "join": True, "seed": 4})
    assert r.status == 201, r.text()
    created = r.json()
    gid = created["game"]["id"]
    seats = {gid: {"seat": created["seat"], "token": created["token"], "game": game, "at": 0}}
    page.evaluate(f"localStorage.setItem('wasteland.seats', {json.dumps(json.dumps(seats))})")
    page.evaluate(f"location.hash = '#/game/{gid}'")
    page.wait_for_selector("#game[data-ready='1']")
    page.wait_for_load_state("networkidle")
    assert not problems, problems


@pytest.mark.parametrize("game", GAMES)
def test_the_companion_page_keeps_the_policy(server_url, csp_page, game):
    page, problems = watched(csp_page)
    r = page.request.post(f"{server_url}api/companion", data={"game": game, "seed": 2})
    assert r.status == 201, r.text()
    sid = r.json()["session"]["id"]
    page.goto(f"{server_url}companion.html#/s/{sid}")
    page.wait_for_selector("#board")
    page.wait_for_load_state("networkidle")
    assert not problems, problems
