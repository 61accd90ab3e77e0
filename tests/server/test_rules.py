"""Seats, tokens, bad input, undo, time banks, slow bots."""

from __future__ import annotations

import json
import time

import httpx

from srvtest import GAME, replay_state

COOP = {"players": 2, "mode": "coop", "characters": ["scout", "healer"]}


def two_people(server, seed=4):
    created = server.create(**COOP, seed=seed, join=0, seats=["human", "human"])
    game_id = created["game"]["id"]
    second = server.join(game_id, seat=1)
    return game_id, {0: created["token"], 1: second["token"]}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def as_json(token):
    return {**bearer(token), "Content-Type": "application/json"}


def test_tokens_act_only_for_their_own_seat(server):
    game_id, tokens = two_people(server)
    other_id, other_tokens = two_people(server)
    first = server.state(game_id, tokens[0])
    assert first["you"] == 0 and first["decision"]["seat"] == 0 and first["decision"]["actions"]
    # p2's token cannot play p1's decision; p2 sees no options; a spectator sees none either.
    assert server.state(game_id, tokens[1])["decision"]["actions"] == []
    assert server.state(game_id)["decision"]["actions"] == []
    action = first["decision"]["actions"][0]
    r = server.act(game_id, tokens[1], action, 0)
    assert r.status_code == 403 and r.json()["code"] == "not_your_turn"
    # A token of another game, a made-up token, no token: refused.
    for token in (other_tokens[0], "not-a-token"):
        r = server.act(game_id, token, action, 0)
        assert r.status_code == 401 and r.json()["code"] == "unknown_token"
    r = server.http.post(f"/api/games/{game_id}/actions", json={"action": action, "index": 0})
    assert r.status_code == 401
    assert server.http.get(f"/api/games/{game_id}", params={"token": "nope"}).status_code == 401
    # Over WebSocket alike: a spectator cannot act, and a wrong seat is refused.
    spectator = server.socket(game_id)
    spectator.until(lambda m: m["type"] == "state")
    spectator.send({"type": "action", "action": action, "index": 0, "ref": "x"})
    error = spectator.until(lambda m: m["type"] == "error")
    assert error["code"] == "spectator" and error["ref"] == "x"
    p2 = server.socket(game_id, tokens[1])
    p2.until(lambda m: m["type"] == "state")
    p2.send({"type": "action", "action": action, "index": 0, "ref": 7})
    assert p2.until(lambda m: m["type"] == "error")["code"] == "not_your_turn"
    bad = server.socket(game_id, "not-a-token")
    assert bad.recv()["code"] == "unknown_token"
    bad.close()
    assert server.state(game_id)["index"] == 0
    # The rightful seat can.
    r = server.act(game_id, tokens[0], action, 0)
    assert r.status_code == 200 and r.json()["index"] == 1
    for ws in (spectator, p2):
        assert ws.until(lambda m: m["type"] == "update")["action"] == action
        ws.close()


def test_bad_input_gets_one_clear_error_and_changes_nothing(server):
    game_id, tokens = two_people(server)
    before = server.state(game_id, tokens[0])
    action = before["decision"]["actions"][0]
    url = f"/api/games/{game_id}/actions"
    cases = [
        (server.http.post(url, content=b"{not json", headers=as_json(tokens[0])), 400, "bad_json"),
        (server.http.post(url, content=b"[1, 2]", headers=as_json(tokens[0])), 400, "bad_json"),
        # a body not said to be JSON (another site's form, issue 32): refused before it is read
        (server.http.post(url, content=b"{not json", headers=bearer(tokens[0])), 415, "unsupported_media_type"),
        (server.http.post(url, json={"action": 3, "index": 0}, headers=bearer(tokens[0])), 400, "bad_request"),
        (server.http.post(url, json={"action": action}, headers=bearer(tokens[0])), 400, "bad_request"),
        (server.act(game_id, tokens[0], "fly to the moon", 0), 422, "illegal"),
        (server.act(game_id, tokens[0], "move 0,0", 0), 422, "illegal"),
        (server.act(game_id, tokens[0], action, 5), 409, "stale"),
        (server.http.post(url, content=b'{"action": "' + b"x" * 70_000 + b'", "index": 0}',
                          headers=bearer(tokens[0])), 413, "too_large"),
        (server.http.post("/api/games/nope/actions", json={"action": action, "index": 0},
                          headers=bearer(tokens[0])), 404, "unknown_game"),
        (server.http.get("/api/games/nope"), 404, "unknown_game"),
        (server.http.post("/api/games", json={"game": "chess"}), 400, "unknown_game"),
        (server.http.post("/api/games", json={"game": "saltlands", "players": 9}), 400, "bad_config"),
        (server.http.post("/api/games", json={"game": "saltlands", "players": 1, "mode": "classic"}), 400, "bad_config"),
        (server.http.post("/api/games", json={"game": "saltlands", "players": 1, "seats": [{"kind": "bot", "bot": "genius"}]}), 400,
         "bad_request"),
        (server.http.post("/api/games", json={"game": "saltlands", "players": 1, "time_control": {"bank": -1}}), 400, "bad_request"),
        (server.http.post(f"/api/games/{game_id}/join", json={"seat": 0}), 409, "seat_taken"),
        (server.http.get("/api/games", params={"status": "weird"}), 400, "bad_request"),
        (server.http.get("/api/nothing-here"), 404, "not_found"),
    ]
    for response, status, code in cases:
        body = response.json()
        assert (response.status_code, body["code"]) == (status, code), (response.request.url, body)
        assert isinstance(body["error"], str) and body["error"] and "rule" in body
    illegal = cases[5][0].json()
    assert illegal["rule"]  # the rulebook anchor (or notation) that forbids it
    # Over WebSocket: each bad message gets one error message and the socket stays usable.
    ws = server.socket(game_id, tokens[0])
    ws.until(lambda m: m["type"] == "state")
    for message, code in [("{oops", "bad_json"), ("[]", "bad_json"), (json.dumps({"type": "dance"}), "bad_request"),
                          (json.dumps({"type": "action", "action": "fly", "index": 0}), "illegal"),
                          (json.dumps({"type": "action", "action": action, "index": 3}), "stale"),
                          (json.dumps({"type": "action", "action": "x" * 70_000, "index": 0}), "too_large")]:
        ws.send(message)
        error = ws.until(lambda m: m["type"] in ("error", "update"))
        assert error["type"] == "error" and error["code"] == code, error
    ws.send({"type": "ping", "ref": 1})
    assert ws.until(lambda m: m["type"] == "pong")["ref"] == 1
    ws.close()
    after = server.state(game_id, tokens[0])
    assert after == before
    assert server.http.get(f"/api/games/{game_id}").json()["game"]["index"] == 0


def test_stale_action_after_the_state_moved_on(server):
    game_id, tokens = two_people(server)
    first = server.state(game_id, tokens[0])
    actions = first["decision"]["actions"]
    assert server.act(game_id, tokens[0], actions[0], 0).status_code == 200
    # A second click on the old position (index 0) is refused, even with a legal action now.
    again = server.state(game_id, tokens[0])
    r = server.act(game_id, tokens[0], again["decision"]["actions"][0], 0)
    assert r.status_code == 409 and r.json()["code"] == "stale"
    assert server.state(game_id, tokens[0]) == again


def _undo(server, game_id, token, index):
    return server.http.post(f"/api/games/{game_id}/undo", json={"index": index}, headers=bearer(token))


def test_undo_only_ones_own_unrevealing_actions(server):
    game_id, tokens = two_people(server, seed=4)
    start = server.state(game_id, tokens[0])
    assert start["can_undo"] is False
    assert _undo(server, game_id, tokens[0], 0).json()["code"] == "cannot_undo"
    # enter and move reveal nothing: both can be taken back, one after the other.
    assert server.act(game_id, tokens[0], "enter 0,0", 0).json()["can_undo"] is True
    assert server.state(game_id, tokens[1])["can_undo"] is False
    r = _undo(server, game_id, tokens[1], 1)
    assert r.status_code == 409 and r.json()["code"] == "cannot_undo"
    moved = server.act(game_id, tokens[0], "move -2,2", 1).json()
    assert moved["index"] == 2
    watcher = server.socket(game_id)
    watcher.until(lambda m: m["type"] == "state")
    assert _undo(server, game_id, tokens[0], 1).json()["code"] == "stale"
    undone = _undo(server, game_id, tokens[0], 2).json()
    assert undone["index"] == 1 and undone["undone"] == "move -2,2"
    pushed = watcher.until(lambda m: m["type"] == "undo")
    assert pushed["index"] == 1 and pushed["view"] == GAME.view(replay_state(COOP, 4, ["enter 0,0"]), None)
    watcher.close()
    # Over WebSocket as well.
    ws = server.socket(game_id, tokens[0])
    ws.until(lambda m: m["type"] == "state")
    ws.send({"type": "undo", "index": 1, "ref": "u"})
    back = ws.until(lambda m: m["type"] == "undo")
    assert back["index"] == 0 and back["ref"] == "u"
    assert back["view"] == start["view"] and back["decision"] == start["decision"]
    ws.close()
    assert server.http.get(f"/api/games/{game_id}").json()["game"]["index"] == 0
    # A revealed tile cannot be taken back.
    for index, action in enumerate(["enter 0,0", "move -1,0"]):
        assert server.act(game_id, tokens[0], action, index).status_code == 200
    state = server.state(game_id, tokens[0])
    explore = next(a for a in state["decision"]["actions"] if a.startswith("use binoculars"))
    assert server.act(game_id, tokens[0], explore, 2).status_code == 200
    r = _undo(server, game_id, tokens[0], 3)
    assert r.status_code == 409 and "revealed" in r.json()["error"]
    # Nor anything across another seat's action.
    index = 3
    while True:
        state = server.state(game_id, tokens[0])
        seat = state["decision"]["seat"]
        if seat == 1:
            mine = server.state(game_id, tokens[1])
            choice = next((a for a in mine["decision"]["actions"] if not a.startswith("use binoculars")),
                          mine["decision"]["actions"][0])
            assert server.act(game_id, tokens[1], choice, index).status_code == 200
            break
        actions = state["decision"]["actions"]
        choice = "end" if "end" in actions else actions[0]
        assert server.act(game_id, tokens[0], choice, index).status_code == 200, choice
        index += 1
    r = _undo(server, game_id, tokens[0], index + 1)
    assert r.status_code == 409 and "p2's" in r.json()["error"]


def test_time_bank_runs_out_and_a_bot_plays_for_the_seat(server):
    created = server.create(players=1, characters=["scout"], seed=2, join=True,
                            time_control={"bank": 0.5, "increment": 0, "bot": "random"})
    game_id, token = created["game"]["id"], created["token"]
    assert created["state"]["seats"][0]["clock_running"] is True
    ws = server.socket(game_id, token)
    ws.until(lambda m: m["type"] == "state")
    started = time.monotonic()
    update = ws.until(lambda m: m["type"] == "update", timeout=15)
    assert update["source"] == "timeout" and update["action_seat"] == 0
    assert time.monotonic() - started < 10
    assert update["seats"][0]["clock"] == 0
    # With the bank empty, the bot keeps playing that seat's turns.
    more = ws.until(lambda m: m["type"] == "update", timeout=15)
    assert more["source"] == "timeout"
    ws.close()


def test_a_slow_bot_does_not_stall_other_games(server):
    slow = server.create(players=1, characters=["scout"], seed=3, seats=["ismcts"])
    time.sleep(0.3)
    quick = server.create(players=1, characters=["healer"], seed=3, seats=["heuristic"])
    watcher = server.socket(quick["game"]["id"])
    latencies = []
    deadline = time.monotonic() + 60
    done = False
    while not done and time.monotonic() < deadline:
        t = time.perf_counter()
        assert server.http.get("/api").status_code == 200
        latencies.append(time.perf_counter() - t)
        try:
            done = watcher.until(lambda m: m.get("outcome") is not None, timeout=0.2) is not None
        except TimeoutError:
            pass
    watcher.close()
    assert done, "the quick bot's game finished while the slow bot was thinking"
    assert max(latencies) < 2.0  # generous: other work may share this machine
    slow_state = server.http.get(f"/api/games/{slow['game']['id']}").json()["game"]
    assert slow_state["status"] != "over"  # the searching bot is still at it


def test_lobby_lists_open_games_for_people_to_join(server):
    created = server.create(players=2, characters=["scout", "healer"], seats=["human", "heuristic"], title="join me")
    game_id = created["game"]["id"]
    listed = {g["id"]: g for g in server.http.get("/api/games", params={"status": "open"}).json()["games"]}
    assert listed[game_id]["title"] == "join me"
    assert [s["taken"] for s in listed[game_id]["seats"]] == [False, True]
    assert "seed" not in listed[game_id]
    joined = server.join(game_id)
    assert joined["seat"] == 0
    r = server.http.post(f"/api/games/{game_id}/join", json={})
    assert r.status_code == 409 and r.json()["code"] == "seat_taken"
    info = httpx.get(server.base + "/api").json()
    assert "saltlands" in info["games"] and "heuristic" in info["bots"]
    page = server.http.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()


def test_http_answers_carry_only_the_seats_own_view(server):
    game_id, tokens = two_people(server, seed=9)
    played: list[str] = []
    for _ in range(12):
        public = server.state(game_id)
        if public["outcome"] is not None:
            break
        seat = public["decision"]["seat"]
        mine = server.state(game_id, tokens[seat])
        action = mine["decision"]["actions"][-1]
        answer = server.act(game_id, tokens[seat], action, mine["index"]).json()
        played.append(action)
        state = replay_state(COOP, 9, played)
        assert answer["view"] == GAME.view(state, seat) and answer["you"] == seat
        for viewer in (0, 1):
            assert server.state(game_id, tokens[viewer])["view"] == GAME.view(state, viewer)
        assert server.state(game_id)["view"] == GAME.view(state, None)
        hands = [p.get("hand") for p in server.state(game_id)["view"]["players"]]
        assert hands == [None, None]  # a spectator sees nobody's hand
