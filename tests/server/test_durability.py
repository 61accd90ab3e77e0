"""A real server process killed with SIGKILL loses no acknowledged action of any game."""

from __future__ import annotations

import json
import random
import time

import pytest
from websockets.sync.client import connect

from srvtest import GAME, ServerProcess, replay_state, run_async

from wasteland.server.store import open_store


# (processes before, processes after the crash): one process; two nodes on one port
# (serve --processes, SO_REUSEPORT), every one of them killed, and restarted as three, so that
# most games come back in another process than the one that played them.
@pytest.mark.parametrize("processes, after", [(1, 1), (2, 3)], ids=["one-process", "nodes"])
def test_sigkill_loses_no_acknowledged_action(db_url, tmp_path, processes, after):
    first = ServerProcess(db_url, str(tmp_path), processes)
    try:
        seen, acknowledged, game_id, tokens, bot_id, config, watcher = _play(first)
    finally:
        first.kill()  # mid-game, bots still playing
    try:
        watcher.close()
    except Exception:
        pass

    second = ServerProcess(db_url, str(tmp_path), after)
    try:
        body = second.http.get(f"/api/games/{game_id}", params={"token": tokens[0]}).json()
        assert body["game"]["index"] == len(acknowledged)
        assert body["state"]["view"] == GAME.view(replay_state(config, 21, acknowledged), 0)
        # The people go on where they were, with the same tokens.
        seat = body["state"]["decision"]["seat"]
        options = second.http.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()["state"]
        r = second.http.post(f"/api/games/{game_id}/actions",
                             json={"action": options["decision"]["actions"][0], "index": len(acknowledged)},
                             headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200, r.text
        # The bot game resumed by itself and kept every action the spectator had seen.
        at_restart = second.http.get(f"/api/games/{bot_id}").json()["game"]["index"]
        assert at_restart >= seen[-1][0] + 1  # every update seen had been committed
        deadline = time.monotonic() + 60
        while second.http.get(f"/api/games/{bot_id}").json()["game"]["index"] < at_restart + 3:
            assert time.monotonic() < deadline, "the bots did not play on after the restart"
            time.sleep(0.1)
    finally:
        second.kill()
    # Read the record straight from the database: every action seen is there, in order.
    stored = run_async(_load(db_url, bot_id))
    # The spectator joined while the bots were already playing: each action it saw is
    # stored at the index the server announced, and those indices follow one another.
    notations = [a.notation for a in stored.actions]
    assert [i for i, _ in seen] == list(range(seen[0][0], seen[0][0] + len(seen)))
    assert [notations[i] for i, _ in seen] == [a for _, a in seen]
    assert len(stored.actions) >= at_restart + 3


def _play(first):
    """Two people play 30 actions by HTTP; a bot game runs on, watched by a spectator."""
    config = {"players": 2, "mode": "coop", "characters": ["scout", "healer"]}
    created = first.http.post("/api/games", json={"game": "saltlands", **config, "seed": 21, "seats": ["human", "human"], "join": 0}).json()
    game_id = created["game"]["id"]
    tokens = {0: created["token"], 1: first.http.post(f"/api/games/{game_id}/join", json={}).json()["token"]}
    # A bot game runs on by itself; a spectator notes every update pushed (= acknowledged).
    # One searching bot (a fraction of a second a move) keeps it going for minutes.
    bots = first.http.post("/api/games", json={"game": "saltlands", "players": 4, "characters": ["scout", "healer", "plowman", "arsonist"],
                                               "seed": 5, "seats": ["random", "heuristic", "random", "ismcts"]})
    bot_id = bots.json()["game"]["id"]
    watcher = connect(f"ws://127.0.0.1:{first.port}/api/games/{bot_id}/ws").__enter__()
    seen: list[tuple[int, str]] = []  # (action index, action) as the spectator saw them
    rng = random.Random(2)
    acknowledged: list[str] = []
    for index in range(30):
        state = first.http.get(f"/api/games/{game_id}").json()["state"]
        if state["outcome"] is not None:
            break
        seat = state["decision"]["seat"]
        options = first.http.get(f"/api/games/{game_id}", params={"token": tokens[seat]}).json()["state"]
        action = rng.choice(options["decision"]["actions"])
        r = first.http.post(f"/api/games/{game_id}/actions", json={"action": action, "index": index},
                            headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert r.status_code == 200, r.text
        acknowledged.append(action)
    while len(seen) < 20:
        message = json.loads(watcher.recv(timeout=20))
        if message["type"] == "update":
            seen.append((message["action_index"], message["action"]))
            assert message["outcome"] is None
    return seen, acknowledged, game_id, tokens, bot_id, config, watcher


async def _load(db_url, game_id):
    store = await open_store(db_url)
    try:
        return await store.load(game_id)
    finally:
        await store.close()
