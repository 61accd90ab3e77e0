"""Whole games through the server: a bot's solo game, two people over WebSocket, the lobby,
leaving and coming back, views that never leak, replay of a finished game."""

from __future__ import annotations

import random

from srvtest import GAME, replay_state

from wasteland.games import get_game


def test_solo_game_with_a_bot_seat_plays_to_the_end(server):
    created = server.create(players=1, characters=["scout"], seats=[{"kind": "bot", "bot": "heuristic"}], seed=5,
                            title="bot solo")
    game_id = created["game"]["id"]
    assert created["token"] is None and "seed" not in created["game"]
    watcher = server.socket(game_id)
    first = watcher.recv()
    assert first["type"] == "state" and first["you"] is None
    updates = []
    index = first["index"]
    while True:
        message = watcher.until(lambda m: m["type"] == "update", timeout=60)
        # Every acknowledged action is pushed, in order, with its events in words.
        assert message["action_index"] == index and message["index"] == index + 1
        assert all(isinstance(e["text"], str) and e["text"] for e in message["events"])
        index = message["index"]
        updates.append(message)
        if message["outcome"] is not None:
            break
    watcher.close()
    assert updates[-1]["status"] == "over"
    assert all(u["source"] == "bot" for u in updates)
    # The record replays to the same end, and the seed is public once the game is over.
    game = server.http.get(f"/api/games/{game_id}").json()["game"]
    assert game["status"] == "over" and game["seed"] == 5 and game["index"] == index
    record = server.http.get(f"/api/games/{game_id}/record").text.splitlines()
    assert len(record) == 1 + index
    actions = [u["action"] for u in updates]
    state = replay_state({"players": 1, "characters": ["scout"]}, 5, actions)
    assert GAME.outcome(state) is not None
    assert updates[-1]["view"] == GAME.view(state, None)


def _play_random(server, game_id, sockets, tokens, rng):
    """Each person plays a random legal action whenever the decision is theirs, over WebSocket."""
    states = {seat: ws.until(lambda m: m["type"] == "state") for seat, ws in sockets.items()}
    current = states[0]
    index = current["index"]
    while current["outcome"] is None:
        seat = current["decision"]["seat"]
        mine = states[seat] if states[seat]["index"] == index else None
        assert mine is not None and mine["decision"]["actions"], "the deciding seat sees its options"
        ref = f"a{index}"
        sockets[seat].send({"type": "action", "action": rng.choice(mine["decision"]["actions"]), "index": index,
                            "ref": ref})
        for other, ws in sockets.items():
            message = ws.until(lambda m: m["type"] == "update")
            assert message["index"] == index + 1
            assert message.get("ref") == (ref if other == seat else None)
            states[other] = message
        index += 1
        current = states[0]
    return states


def test_two_people_play_a_whole_game_and_see_only_their_own_view(server):
    config = {"players": 2, "mode": "coop", "characters": ["scout", "healer"]}
    created = server.create(players=2, mode="coop", characters=["scout", "healer"], seed=11, join=True, name="Ann",
                            seats=["human", "human"])
    game_id = created["game"]["id"]
    assert created["seat"] == 0 and created["game"]["status"] == "open"
    lobby = server.http.get("/api/games", params={"status": "open"}).json()["games"]
    assert game_id in [g["id"] for g in lobby]
    second = server.join(game_id, name="Bob")
    assert second["seat"] == 1
    assert game_id not in [g["id"] for g in server.http.get("/api/games?status=open").json()["games"]]
    tokens = {0: created["token"], 1: second["token"]}
    sockets = {seat: server.socket(game_id, token) for seat, token in tokens.items()}
    spectator = server.socket(game_id)
    # Subscribed before the first action (a spectator who comes later gets a state at that
    # point, not the updates before it: on PostgreSQL the subscription reads the database
    # first, so it could land after player 1's first action).
    assert spectator.until(lambda m: m["type"] == "state")["index"] == 0
    final = _play_random(server, game_id, sockets, tokens, random.Random(3))
    assert final[0]["status"] == "over"
    # Every message each seat got shows exactly game.view(state, seat): no deck order, no
    # other hand, no rng; the spectator gets the public view.
    actions = [m["action"] for m in sockets[0].received if m["type"] == "update"]
    spectator_updates = [spectator.until(lambda m: m["type"] == "update") for _ in actions]
    state = GAME.new_game(config, 11)
    for number, action in enumerate(actions):
        events = GAME.apply_in_place(state, action)
        for seat, ws in sockets.items():
            message = [m for m in ws.received if m["type"] == "update"][number]
            assert message["view"] == GAME.view(state, seat)
            for seen, event in zip(message["events"], events):
                if event.get("type") == "gain" and event.get("how") == "draw" and event["seat"] != seat:
                    assert seen["card"] == "a card"
        assert spectator_updates[number]["view"] == GAME.view(state, None)
        assert spectator_updates[number]["decision"] is None or spectator_updates[number]["decision"]["actions"] == []
    for ws in [*sockets.values(), spectator]:
        text = str(ws.received)
        assert "rng" not in text and "raider_deck_order" not in text
        ws.close()


def test_leave_and_come_back(server):
    created = server.create(players=2, characters=["scout", "healer"], seed=4, join=0, seats=["human", "human"])
    game_id, token = created["game"]["id"], created["token"]
    ws = server.socket(game_id, token)
    first = ws.until(lambda m: m["type"] == "state")
    assert first["you"] == 0
    ws.send({"type": "action", "action": first["decision"]["actions"][0], "index": first["index"], "ref": 1})
    done = ws.until(lambda m: m["type"] == "update")
    ws.close()
    # Coming back with the token resumes the game where it was, from the cache or the record.
    server.app.state.hub.rooms.pop(game_id)
    again = server.socket(game_id, token)
    resumed = again.until(lambda m: m["type"] == "state")
    assert resumed["index"] == done["index"] and resumed["view"] == done["view"] and resumed["you"] == 0
    again.close()
    # Giving the seat up frees it for somebody else; the old token no longer works.
    r = server.http.post(f"/api/games/{game_id}/leave", headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200 and r.json()["left"] == 0
    assert server.http.get(f"/api/games/{game_id}", params={"token": token}).status_code == 401
    newcomer = server.join(game_id, seat=0)
    assert newcomer["seat"] == 0 and newcomer["token"] != token
    # Or a bot takes it over.
    r = server.http.post(f"/api/games/{game_id}/leave", json={"bot": "random"},
                         headers={"Authorization": f"Bearer {newcomer['token']}"})
    assert r.status_code == 200
    seats = server.http.get(f"/api/games/{game_id}").json()["game"]["seats"]
    assert seats[0]["kind"] == "bot" and seats[0]["bot"] == "random"


def test_replay_of_a_finished_game_step_by_step(server):
    created = server.create(players=2, characters=["scout", "healer"], seed=8, seats=["random", "random"])
    game_id = created["game"]["id"]
    watcher = server.socket(game_id)
    watcher.until(lambda m: m.get("outcome") is not None, timeout=60)
    watcher.close()
    first = server.http.get(f"/api/games/{game_id}/replay", params={"step": 0})
    assert first.status_code == 200, first.text
    body = first.json()
    record = body["record"]
    assert record["seed"] == 8 and len(record["actions"]) == body["steps"]
    assert body["view"] == GAME.view(GAME.new_game(record["config"], 8), None)
    assert body["events"] and body["events"][0]["type"] == "setup"
    for step in sorted({1, body["steps"] // 2, body["steps"]}):
        for seat in (None, 1):
            params = {"step": step} if seat is None else {"step": step, "seat": seat}
            r = server.http.get(f"/api/games/{game_id}/replay", params=params).json()
            state = replay_state(record["config"], 8, record["actions"][:step])
            assert r["action"] == record["actions"][step - 1]
            assert r["view"] == GAME.view(state, seat)
    bad = server.http.get(f"/api/games/{game_id}/replay", params={"step": body["steps"] + 1})
    assert bad.status_code == 400
    # An unfinished game has no record (the seed would deal every deck); its replay is the
    # asker's own seat's or a spectator's, without the seed or the actions to come.
    live = server.create(players=1, characters=["scout"], seed=1, join=True)
    live_id = live["game"]["id"]
    assert server.http.get(f"/api/games/{live_id}/record").status_code == 409
    spectator = server.http.get(f"/api/games/{live_id}/replay", params={"step": 0})
    assert spectator.status_code == 200, spectator.text
    assert spectator.json()["live"] and "seed" not in spectator.json()["record"]
    assert "actions" not in spectator.json()["record"] and spectator.json()["seat"] is None
    refused = server.http.get(f"/api/games/{live_id}/replay", params={"step": 0, "seat": 0})
    assert refused.status_code == 403 and refused.json()["code"] == "hidden"
    own = server.http.get(f"/api/games/{live_id}/replay", params={"step": 0},
                          headers={"Authorization": f"Bearer {live['token']}"})
    assert own.status_code == 200 and own.json()["seat"] == 0


def test_the_log_of_a_game_is_its_whole_history_as_each_seat_may_see_it(server):
    """GET /api/games/{id}/log: the set-up and every action since, each with its events
    worded and redacted as the live updates give them to that seat."""
    created = server.create(players=2, characters=["scout", "healer"], seed=8, seats=["human", "random"], join=True)
    game_id, token = created["game"]["id"], created["token"]
    watcher = server.socket(game_id, token)
    seen = []
    state = created["state"]
    for _ in range(6):
        d = state["decision"]
        if not d or not d.get("actions"):
            break
        r = server.http.post(f"/api/games/{game_id}/actions", json={"action": d["actions"][0], "index": state["index"]},
                             headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        state = r.json()
    state = server.http.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json()["state"]
    while True:  # every live update this seat got, up to the position now
        m = watcher.until(lambda m: m.get("type") == "update", timeout=30)
        seen.append(m)
        if m["index"] >= state["index"]:
            break
    watcher.close()
    mine = server.http.get(f"/api/games/{game_id}/log", headers={"Authorization": f"Bearer {token}"}).json()
    assert mine["seat"] == 0 and mine["log"][0]["action"] is None and mine["log"][0]["events"]
    steps = mine["log"][1:]
    assert mine["index"] == len(steps) >= len(seen) >= 6  # (a bot may have acted since)
    assert [s["action"] for s in steps[:len(seen)]] == [m["action"] for m in seen]
    for step, live in zip(steps, seen):
        assert step["events"] == live["events"] and step["action_seat"] == live["action_seat"]
    spectator = server.http.get(f"/api/games/{game_id}/log").json()
    assert spectator["seat"] is None and len(spectator["log"]) == len(mine["log"])
    bad = server.http.get(f"/api/games/{game_id}/log", headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 401


def test_any_game_of_the_engine_is_served(server):
    # Age of Thirst: the game's default player count, both seats bots (its own heuristic bot).
    created = server.create(game="age-of-thirst", seats=["heuristic", "random"], seed=3)
    game_id = created["game"]["id"]
    assert created["game"]["game"] == "age-of-thirst" and len(created["game"]["seats"]) == 2
    watcher = server.socket(game_id)
    last = watcher.until(lambda m: m.get("outcome") is not None, timeout=120)
    watcher.close()
    record = server.http.get(f"/api/games/{game_id}/replay").json()["record"]
    game = get_game("age-of-thirst")
    state = game.new_game(record["config"], record["seed"])
    for action in record["actions"]:
        game.apply_in_place(state, action)
    assert last["view"] == game.view(state, None)


def test_seat_changes_are_pushed_to_everyone(server):
    created = server.create(players=2, characters=["scout", "healer"], seed=6, join=0, name="Ann")
    game_id = created["game"]["id"]
    ann = server.socket(game_id, created["token"])
    assert ann.until(lambda m: m["type"] == "state")["status"] == "open"
    server.join(game_id, name="Bob")
    pushed = ann.until(lambda m: m["type"] == "seats" and m["seats"][1]["taken"])
    assert pushed["status"] == "playing" and pushed["seats"][1]["name"] == "Bob"
    assert pushed["seats"][0]["online"] is True and pushed["seats"][1]["online"] is False
    ann.close()


def test_a_finished_game_nobody_watches_leaves_memory_and_comes_back(server):
    import time

    hub = server.app.state.hub
    live = server.create(players=1, characters=["scout"], seed=13)["game"]["id"]
    created = server.create(players=1, characters=["scout"], seats=["random"], seed=12)
    game_id = created["game"]["id"]
    watcher = server.socket(game_id)
    last = watcher.until(lambda m: m.get("outcome") is not None, timeout=60)
    watcher.close()
    deadline = time.monotonic() + 10
    while game_id in hub.rooms:  # once the server has seen the watcher go
        assert time.monotonic() < deadline, "the finished game stayed in memory"
        hub.sweep()
        time.sleep(0.05)
    assert live in hub.rooms  # an unfinished game waits for its players
    # Its replay and record are read back from the store.
    replay = server.http.get(f"/api/games/{game_id}/replay").json()
    assert replay["steps"] == last["index"] and replay["view"] == last["view"]
    assert len(server.http.get(f"/api/games/{game_id}/record").text.splitlines()) == 1 + last["index"]
