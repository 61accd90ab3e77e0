"""The third game on the game server (a real ``wasteland serve`` on localhost, SQLite):
the lobby lists it, a game of it is created with a person and a bot, played to the end
over WebSocket and HTTP, an illegal action is refused naming its rule, and the finished
game's record replays."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server(third_game_env, tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "wasteland.cli.main", "serve", "--port", "0", "--db",
                             str(tmp_path / "games.db")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, cwd=tmp_path, env=third_game_env, start_new_session=True)
    try:
        line = proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"no address printed: {line!r}"
        base = f"http://127.0.0.1:{match.group(1)}"
        with httpx.Client(base_url=base, timeout=30) as http:
            for _ in range(600):
                try:
                    if http.get("/api").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert proc.poll() is None, "the server stopped"
                time.sleep(0.05)
            yield http
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def ws_url(http: httpx.Client, game_id: str, token: str) -> str:
    return str(http.base_url).replace("http://", "ws://").rstrip("/") + f"/api/games/{game_id}/ws?token={token}"


def test_the_lobby_lists_the_third_game(server):
    api = server.get("/api").json()
    names = [g if isinstance(g, str) else g["name"] for g in api["games"]]
    assert "dry-well" in names


def test_create_and_play_the_third_game_over_websocket_and_http(server, third_game_env, tmp_path):
    created = server.post("/api/games", json={"game": "dry-well", "config": {"players": 2, "water": 9}, "seed": 4,
                                              "seats": ["human", {"kind": "bot", "bot": "random"}], "join": True})
    assert created.status_code == 201, created.text
    body = created.json()
    game_id, token = body["game"]["id"], body["token"]
    state = body["state"]
    assert state["you"] == 0 and state["view"]["game"] == "dry-well"
    assert "hand" in state["view"]["players"][0] and "hand" not in state["view"]["players"][1]

    # An illegal action: refused with the rule it breaks, nothing changes.
    bad = server.post(f"/api/games/{game_id}/actions", json={"action": "haul 7", "index": state["index"]},
                      headers={"Authorization": f"Bearer {token}"})
    assert bad.status_code == 422 and bad.json()["rule"] == "DW-2", bad.text
    garbage = server.post(f"/api/games/{game_id}/actions", json={"action": "dig", "index": state["index"]},
                          headers={"Authorization": f"Bearer {token}"})
    assert garbage.status_code == 422 and garbage.json()["rule"] == "notation", garbage.text

    by_http = by_ws = 0
    acted = -1  # the index of the last state acted on: other messages (seats) come in between
    with connect(ws_url(server, game_id, token), open_timeout=10) as ws:
        state = json.loads(ws.recv(timeout=10))
        assert state["type"] == "state"
        while state["status"] != "over":
            decision = state["decision"]
            if decision and decision["seat"] == 0 and decision["actions"] and acted != state["index"]:
                acted = state["index"]
                action = decision["actions"][0]
                if by_http <= by_ws:  # alternate: one action over HTTP, the next over the socket
                    answer = server.post(f"/api/games/{game_id}/actions", json={"action": action,
                                                                                "index": state["index"]},
                                         headers={"Authorization": f"Bearer {token}"})
                    assert answer.status_code == 200, answer.text
                    by_http += 1
                else:
                    ws.send(json.dumps({"type": "action", "action": action, "index": state["index"], "ref": 1}))
                    by_ws += 1
            message = json.loads(ws.recv(timeout=30))
            assert message["type"] != "error", message
            if message["type"] in ("state", "update"):
                state = message
                for event in message.get("events", []):
                    if event["type"] in ("deal", "draw") and event["seat"] != 0:
                        assert event["card"] is None, "another seat's rope card was shown"
    assert by_http and by_ws
    assert state["outcome"]["winners"] and "DW-4" in state["outcome"]["reason"]

    record = server.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200
    path = tmp_path / "record.jsonl"
    path.write_text(record.text, encoding="utf-8")
    code = ("import sys; from wasteland.core.record import GameRecord, replay; "
            "from wasteland.core.registry import get_game; r = GameRecord.load(sys.argv[1]); "
            "s = replay(get_game(r.game), r); print(s.water, s.winners)")
    out = subprocess.run([sys.executable, "-c", code, str(path)], env=third_game_env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "0"
