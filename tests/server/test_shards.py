"""``wasteland serve --processes N``: the games shared between server processes behind one
port. Each game lives in the process that owns its id; the router hands every connection
to the right one. (Durability after SIGKILL: ``test_durability``.)"""

from __future__ import annotations

import asyncio
import json

from srvtest import run_async, GAME, ServerProcess, replay_state
from websockets.sync.client import connect

from wasteland.server.shards import ShardGuard, owner, route


def test_route_sends_a_game_to_its_owner():
    for game_id in ("MOUB8PpP", "a-b_c", "x"):
        for shards in (2, 3, 5):
            home = owner(game_id, shards)
            assert 0 <= home < shards
            for head in (f"GET /api/games/{game_id} HTTP/1.1\r\n", f"POST /api/games/{game_id}/actions HTTP/1.1\r\n",
                         f"GET /api/games/{game_id}/ws?token=abc HTTP/1.1\r\nHost: x\r\n\r\n",
                         f"GET /api/games/{game_id}/replay?step=3 HTTP/1.1\r\n"):
                assert route(head.encode(), shards) == home
    # Percent-encoded the same as plain (the server decodes the path before it matches it).
    assert route(b"GET /api/games/a%2Db_c HTTP/1.1\r\n", 3) == owner("a-b_c", 3)
    # Everything else may go to any shard (the router takes them in turn).
    for head in (b"GET /api HTTP/1.1\r\n", b"POST /api/games HTTP/1.1\r\n", b"GET /api/games?status=open HTTP/1.1\r\n",
                 b"GET / HTTP/1.1\r\n", b"garbage"):
        assert route(head, 3) is None


def test_a_shard_refuses_other_shards_games_and_closes_http_connections():
    calls = []

    async def app(scope, receive, send):
        calls.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": [(b"connection", b"keep-alive")]})
        await send({"type": "http.response.body", "body": b"{}"})

    mine = next(g for g in (f"g{i}" for i in range(100)) if owner(g, 2) == 0)
    theirs = next(g for g in (f"g{i}" for i in range(100)) if owner(g, 2) == 1)
    guard = ShardGuard(app, 0, 2)

    async def call(path, kind="http"):
        sent = []

        async def receive():
            return {"type": "websocket.connect"}

        async def send(message):
            sent.append(message)

        await guard({"type": kind, "path": path}, receive, send)
        return sent

    sent = run_async(call(f"/api/games/{mine}"))
    assert calls == [f"/api/games/{mine}"]
    assert sent[0]["status"] == 200 and dict(sent[0]["headers"]) == {b"connection": b"close"}
    sent = run_async(call("/api/games"))  # no game: any shard answers
    assert calls[-1] == "/api/games" and dict(sent[0]["headers"])[b"connection"] == b"close"
    sent = run_async(call(f"/api/games/{theirs}/actions"))
    assert calls[-1] == "/api/games" and sent[0]["status"] == 421
    assert json.loads(sent[1]["body"])["code"] == "misdirected"
    sent = run_async(call(f"/api/games/{theirs}/ws", "websocket"))
    assert calls[-1] == "/api/games"
    assert [m["type"] for m in sent] == ["websocket.accept", "websocket.send", "websocket.close"]
    assert json.loads(sent[1]["text"])["code"] == "misdirected" and sent[2]["code"] == 4421


def test_games_in_several_processes_behind_one_port(db_url, tmp_path):
    server = ServerProcess(db_url, str(tmp_path), processes=2)
    try:
        http = server.http
        config = {"players": 2, "mode": "coop", "characters": ["scout", "healer"]}
        games = []
        for seed in range(8):
            created = http.post("/api/games", json={"game": "saltlands", **config, "seed": seed, "seats": ["human", "human"], "join": 0})
            assert created.status_code == 201, created.text
            game_id = created.json()["game"]["id"]
            joined = http.post(f"/api/games/{game_id}/join", json={}).json()
            games.append((game_id, seed, {0: created.json()["token"], 1: joined["token"]}))
        assert {owner(g, 2) for g, _, _ in games} == {0, 1}  # each process created some
        lobby = {g["id"] for g in http.get("/api/games").json()["games"]}
        assert {g for g, _, _ in games} <= lobby
        # Two games of different processes played over WebSocket at once, through one port.
        picks = [next(g for g in games if owner(g[0], 2) == shard) for shard in (0, 1)]
        sockets = {}
        for game_id, _seed, tokens in picks:
            for seat, token in tokens.items():
                ws = connect(f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws?token={token}").__enter__()
                sockets[game_id, seat] = ws
        played = {game_id: [] for game_id, _, _ in picks}
        latest = {key: _next(ws, "state") for key, ws in sockets.items()}
        for _ in range(12):
            for game_id, _seed, tokens in picks:
                index = len(played[game_id])
                seat = latest[game_id, 0]["decision"]["seat"]
                mine = latest[game_id, seat]
                assert mine["index"] == index and mine["decision"]["actions"]
                action = mine["decision"]["actions"][index % len(mine["decision"]["actions"])]
                sockets[game_id, seat].send(json.dumps({"type": "action", "action": action, "index": index,
                                                        "ref": index}))
                for other in tokens:
                    latest[game_id, other] = _next(sockets[game_id, other], "update")
                    assert latest[game_id, other]["index"] == index + 1
                assert latest[game_id, seat]["ref"] == index
                played[game_id].append(action)
        for ws in sockets.values():
            ws.close()
        # Each game's state over plain HTTP (a new connection each time) is the record's,
        # each seat seeing its own view only.
        for game_id, seed, tokens in picks:
            state = replay_state(config, seed, played[game_id])
            for seat, token in tokens.items():
                body = http.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json()
                assert body["state"]["index"] == 12 and body["state"]["you"] == seat
                assert body["state"]["view"] == GAME.view(state, seat)
        # A token of one game is no token of another, whichever process holds that one.
        other = next(g for g in games if g[0] not in {p[0] for p in picks})
        r = http.get(f"/api/games/{other[0]}", headers={"Authorization": f"Bearer {picks[0][2][0]}"})
        assert r.status_code == 401
        assert http.get("/api/games/nosuchgame").json()["code"] == "unknown_game"
        # A bot game plays to its end in its process; its replay is served.
        bots = http.post("/api/games", json={"game": "saltlands", "players": 1, "characters": ["scout"], "seed": 4, "seats": ["random"]})
        bot_id = bots.json()["game"]["id"]
        watcher = connect(f"ws://127.0.0.1:{server.port}/api/games/{bot_id}/ws").__enter__()
        while True:
            message = json.loads(watcher.recv(timeout=60))
            if message.get("outcome") is not None:
                break
        watcher.close()
        replay = http.get(f"/api/games/{bot_id}/replay").json()
        assert replay["steps"] == message["index"] and replay["view"] == message["view"]
        assert http.get("/").status_code == 200  # the page
        # A request longer than the router reads before it routes arrives whole.
        long = http.get("/api/" + "x" * 40_000)
        assert long.status_code == 404 and long.json()["code"] == "not_found"
    finally:
        server.kill()


def test_when_one_process_dies_the_server_stops(tmp_path):
    import os
    import signal

    server = ServerProcess(str(tmp_path / "dies.db"), str(tmp_path), processes=2)
    try:
        router = server.proc.pid
        shards = [int(c) for task in os.listdir(f"/proc/{router}/task")
                  for c in open(f"/proc/{router}/task/{task}/children").read().split()]
        assert len(shards) == 2
        os.kill(shards[1], signal.SIGKILL)
        assert server.proc.wait(30) == 1  # not serving half the games: stopped, for a supervisor to restart
        for pid in shards:  # the other process stopped too
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass
            assert not os.path.exists(f"/proc/{pid}") or "zombie" in open(f"/proc/{pid}/status").read().lower()
    finally:
        server.kill()


def _next(ws, kind: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=20))
        assert message["type"] != "error", message
        if message["type"] == kind:
            return message
