"""What operators and load balancers ask a node: /healthz, /readyz (503 while draining),
Prometheus metrics, JSON logs that carry the game id; a draining node closes new
WebSockets with 1012 (reconnect)."""

from __future__ import annotations

import json
import logging

import pytest
from srvtest import LiveServer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from wasteland.server.logs import JsonFormatter


@pytest.fixture
def live(tmp_path):
    server = LiveServer(str(tmp_path / "ops.db")).start()
    try:
        yield server
    finally:
        server.stop()


def _metric(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"no metric {name}")


def test_health_readiness_and_metrics(live):
    assert live.http.get("/healthz").json() == {"status": "ok"}
    assert live.http.get("/readyz").status_code == 200
    created = live.create(players=2, characters=["scout", "healer"], seed=4, join=0, seats=["human", "human"])
    game_id, token = created["game"]["id"], created["token"]
    live.join(game_id)
    ws = live.socket(game_id, token)
    state = ws.until(lambda m: m["type"] == "state")
    r = live.act(game_id, token, state["decision"]["actions"][0], state["index"])
    assert r.status_code == 200, r.text
    text = live.http.get("/metrics").text
    assert _metric(text, 'wasteland_actions_total{source="human"}') == 1.0
    assert _metric(text, "wasteland_action_seconds_count") == 1.0
    assert _metric(text, "wasteland_open_sockets") == 1.0
    assert _metric(text, "wasteland_games_in_memory") >= 1.0
    assert _metric(text, "wasteland_database_errors_total") == 0.0
    ws.close()


def test_a_draining_node_is_not_ready_and_sends_new_sockets_away(live):
    created = live.create(players=2, characters=["scout", "healer"], seed=4, seats=["human", "human"])
    live.app.state.hub.draining = True
    r = live.http.get("/readyz")
    assert r.status_code == 503 and r.json()["reason"] == "draining"
    with connect(f"ws://127.0.0.1:{live.port}/api/games/{created['game']['id']}/ws") as ws:
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
    assert closed.value.rcvd.code == 1012
    live.app.state.hub.draining = False
    assert live.http.get("/readyz").status_code == 200


def test_json_log_lines_carry_the_game_id():
    record = logging.LogRecord("wasteland.server", logging.ERROR, __file__, 1, "game %s: action %d not saved",
                               ("Ab12", 3), None)
    record.game_id = "Ab12"
    line = json.loads(JsonFormatter("n1").format(record))
    assert line["game_id"] == "Ab12" and line["message"] == "game Ab12: action 3 not saved"
    assert line["level"] == "ERROR" and line["node"] == "n1"
