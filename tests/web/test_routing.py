"""The page's router: a view left while it still waits on the server must not draw over the
view that replaced it. The lobby draws itself, then asks the server what games it serves; a
person who opens a game before that answer comes saw the lobby come back over the game."""

from __future__ import annotations

import json

from playwright.sync_api import expect

READY = "#game[data-ready='1']"


def test_the_lobby_answered_late_does_not_draw_over_the_game(server_url, new_page):
    page = new_page()
    r = page.request.post(f"{server_url}api/games", data={"game": "fallout", "seats": [{"kind": "human"}], "join": True, "seed": 4})
    assert r.status == 201, r.text()
    created = r.json()
    gid = created["game"]["id"]
    held = []  # the lobby's first question about the server, answered only when the game is up

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api", hold_the_first)
    page.goto(f"{server_url}?lang=en&anim=off")
    page.wait_for_selector("#lobby")
    assert len(held) == 1  # the lobby is drawn and is waiting for its answer
    seats = {gid: {"seat": created["seat"], "token": created["token"], "game": "fallout", "at": 0}}
    page.evaluate(f"localStorage.setItem('wasteland.seats', {json.dumps(json.dumps(seats))})")
    page.evaluate(f"location.hash = '#/game/{gid}'")
    page.wait_for_selector(READY)
    with page.expect_response(lambda resp: resp.url.rstrip("/").endswith("/api")):
        held[0].continue_()
    page.wait_for_load_state("networkidle")  # the lobby's game texts too, had it gone on
    expect(page.locator("#lobby")).to_have_count(0)
    expect(page.locator("#game")).to_have_count(1)
    page.click("#legend-toggle", timeout=5000)
