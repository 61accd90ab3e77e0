"""Small things of the game page: "Leave seat" only for a seated player while the game
runs; the bot's mark drawn by the page itself (no emoji a font may lack)."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import expect

READY = "#game[data-ready='1']"
OVER = "#game[data-ready='1'][data-turn='over']"


def play_to_the_end(url: str, game_id: str, token: str) -> None:
    """The seated player plays the first legal action until the game is over (by HTTP)."""
    auth = {"authorization": f"Bearer {token}"}
    played = 0
    deadline = time.monotonic() + 240  # the bot's turns take longer on a loaded machine
    with httpx.Client(base_url=url.rstrip("/"), headers=auth, timeout=30) as http:
        while played < 2000 and time.monotonic() < deadline:
            state = http.get(f"/api/games/{game_id}").json()["state"]
            d = state["decision"]
            if d is None:
                return
            if not d["actions"]:
                time.sleep(0.02)  # a bot's turn: wait for it, it is not one of ours
                continue
            r = http.post(f"/api/games/{game_id}/actions", json={"action": d["actions"][0], "index": state["index"]})
            assert r.status_code == 200, r.text
            played += 1
    raise AssertionError(f"the game did not end after {played} of our actions")


def test_leave_seat_is_offered_to_a_seated_player_only_while_the_game_runs(server_url, new_page):
    created = httpx.post(f"{server_url.rstrip('/')}/api/games", json={
        "game": "saltlands", "players": 2, "mode": "coop", "difficulty": "easy", "seed": 37,
        "seats": ["human", "random"], "join": 0}, timeout=60)  # a process warms its game data on its first game
    assert created.status_code == 201, created.text
    created = created.json()
    game_id, token = created["game"]["id"], created["token"]
    player = new_page()
    player.goto(f"{server_url}?lang=en&anim=off")
    player.evaluate("([id, token]) => localStorage.setItem('wasteland.seats', JSON.stringify("
                    "{[id]: {seat: 0, token, game: 'saltlands', at: Date.now()}}))", [game_id, token])
    player.goto(f"{server_url}?lang=en&anim=off#/game/{game_id}")
    player.wait_for_selector(READY)
    expect(player.locator("#you-are")).to_have_text("You play p1.")
    expect(player.locator("#leave")).to_be_visible()

    for watching in (f"#/game/{game_id}?watch", f"#/game/{game_id}"):
        watcher = new_page()
        watcher.goto(f"{server_url}?lang=en&anim=off{watching}")
        watcher.wait_for_selector(READY)
        expect(watcher.locator("#you-are")).to_have_text("You are watching this game.")
        expect(watcher.locator("#leave")).to_be_hidden()
        # the bot's seat is marked by the page's own drawing, not an emoji
        bot_row = watcher.locator(".player-row[data-seat='p2']")
        expect(bot_row.locator("svg.bot-mark")).to_have_count(1)
        assert "\U0001f916" not in watcher.content()

    lobby = new_page()
    lobby.goto(f"{server_url}?lang=en&anim=off")
    expect(lobby.locator(f".game-item[data-game='{game_id}'] .seat-chip svg.bot-mark")).to_have_count(1)
    assert "\U0001f916" not in lobby.content()

    play_to_the_end(server_url, game_id, token)
    player.wait_for_selector(OVER, timeout=30_000)
    expect(player.locator("#leave")).to_be_hidden()
    player.goto(f"{server_url}?lang=en&anim=off#/game/{game_id}")
    player.wait_for_selector(OVER)
    expect(player.locator("#leave")).to_be_hidden()
