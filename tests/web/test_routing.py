"""The page's router: a view left while it still waits on the server must not draw over the
view that replaced it. The lobby draws itself, then asks the server what games it serves; a
person who opens a game before that answer comes saw the lobby come back over the game."""

from __future__ import annotations

import json
import re

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


def test_the_sockets_first_state_does_not_redraw_the_position_already_drawn(server_url, new_page):
    """The page draws the position from its HTTP answer, then the socket tells the same position
    again: a redraw would replace the buttons under a click (a tap in between was lost)."""
    page = new_page()
    r = page.request.post(f"{server_url}api/games", data={"game": "saltlands", "players": 1, "join": True, "seed": 5})
    assert r.status == 201, r.text()
    created = r.json()
    gid = created["game"]["id"]
    held, sockets = [], []

    def hold_the_server(ws):
        server = ws.connect_to_server()
        sockets.append((ws, server))
        server.on_message(lambda message: held.append(message))  # nothing reaches the page until the test lets it

    page.route_web_socket(re.compile(r"/ws(\?|$)"), hold_the_server)
    page.goto(f"{server_url}?lang=en&anim=off")
    seats = {gid: {"seat": created["seat"], "token": created["token"], "game": "saltlands", "at": 0}}
    page.evaluate(f"localStorage.setItem('wasteland.seats', {json.dumps(json.dumps(seats))})")
    page.evaluate(f"location.hash = '#/game/{gid}'")
    page.wait_for_selector(READY)
    expect(page.locator(".player-row .online.off")).to_have_count(1)  # drawn from the HTTP answer
    for _ in range(200):  # the socket's first message, held back
        if held:
            break
        page.wait_for_timeout(50)
    assert held and json.loads(held[0])["type"] == "state", held
    page.evaluate("document.querySelector('#actions .action-btn').dataset.probe = 'drawn once'")
    ws, _server = sockets[0]
    for message in held:
        ws.send(message)
    expect(page.locator(".player-row .online.on")).to_have_count(1)  # the socket's state is taken in
    assert page.locator("#actions .action-btn[data-probe='drawn once']").count() == 1
