"""A tuned set kept per stored game (issue 31): a game created with ``params`` stores its
set in its config, plays it beside games of other sets in the one server process (its bots
think in worker processes on the state's JSON), any node that resumes it sets it up with
that set, and its record names it and replays in ``wasteland replay``. A bad set is one
400 naming the parameter, its range and its rule, and nothing is created. SQLite and
PostgreSQL (the ``server`` fixture)."""

from __future__ import annotations

import io
import re

from rich.console import Console
from srvtest import LiveServer

from wasteland.cli.replay import replay_command
from wasteland.core.record import GameRecord

FALLOUT = {"game": "fallout", "players": 1, "seats": ["heuristic"]}


def _target(live, game_id: str) -> int:
    return live.state(game_id)["view"]["target"]  # FO-13.5: the influence the view names


def _finish(live, game_id: str) -> dict:
    socket = live.socket(game_id)
    try:
        message = socket.until(lambda m: m.get("outcome") is not None, timeout=180)
    finally:
        socket.close()
    return message["outcome"]


def test_games_of_different_sets_play_their_own_numbers_in_one_process(server, tmp_path):
    tuned5 = server.create(**FALLOUT, seed=3, params="# a short game\ntarget_1p = 5\n")["game"]
    tuned7 = server.create(**FALLOUT, seed=3, params={"target_1p": 7})["game"]
    own = server.create(**FALLOUT, seed=3)["game"]
    assert tuned5["config"]["params"] == {"target_1p": 5} and tuned7["config"]["params"] == {"target_1p": 7}
    assert "params" not in own["config"]
    assert [_target(server, g["id"]) for g in (tuned5, tuned7, own)] == [5, 7, 11]
    for game, target in ((tuned5, 5), (tuned7, 7)):  # two sets played at once in the one process
        outcome = _finish(server, game["id"])
        reached = re.fullmatch(r"influence (\d+) reached", outcome["reason"])
        assert reached, outcome  # the heuristic bot wins these deals by influence (seed 3)
        assert int(reached.group(1)) == target, (target, outcome)  # FO-13.5: its own target, never the other's
        if target != 5:
            continue
        record_text = server.http.get(f"/api/games/{game['id']}/record").text
        path = tmp_path / f"{game['id']}.jsonl"
        path.write_text(record_text, encoding="utf-8")
        record = GameRecord.load(path)
        assert record.params == {"target_1p": 5} and record.config["params"] == {"target_1p": 5}
        out = io.StringIO()
        assert replay_command(path, auto=True, console=Console(file=out, width=120, color_system=None)) == 0
        assert outcome["reason"] in out.getvalue()  # the replay ends as the game did
    summary = server.http.get(f"/api/games/{tuned5['id']}").json()["game"]
    assert summary["config"]["params"] == {"target_1p": 5}  # the lobby shows the set


def test_a_node_that_resumes_a_game_sets_it_up_with_its_set(server):
    created = server.create(game="saltlands", players=1, seats=["human"], seed=5,
                            params="letters_normal = 5\nsolo_stack_cards = 6\n")["game"]
    other = LiveServer(server.db).start()  # a second node on the same database
    try:
        state = other.state(created["id"])
        assert state["index"] == 0
        room = other.app.state.hub.rooms[created["id"]]  # the node's own copy, rebuilt from the store
        assert room.state.static.rules.active_letters == "ABCMH"  # SL §18, tuned
        assert {len(s) for s in room.state.damage_stacks.values()} == {6}  # SL §121, tuned
        untuned = other.create(game="saltlands", players=1, seats=["human"], seed=5)["game"]
        assert other.app.state.hub.rooms[untuned["id"]].state.static.rules.active_letters == "ABCM"
    finally:
        other.stop()


def test_a_bad_set_names_the_parameter_and_its_range_and_creates_nothing(server):
    before = len(server.http.get("/api/games").json()["games"])
    cases = [
        ("target_1p = 40\n", "params.target_1p", "target_1p must be a whole number from 4 to 16 (FO-13.5"),
        ({"target_1p": 2}, "params.target_1p", "target_1p must be a whole number from 4 to 16"),
        ("spawn = 3\n", "params.spawn", "has no parameter 'spawn' (it has target_1p"),
        ("target_1p = \n", "params", "not valid TOML"),
        ('game = "quest"\ntarget_1p = 6\n', "params", "the set is for 'quest', not 'fallout'"),
        (["target_1p"], "params", "a parameter set is a table of name = whole number"),
    ]
    for params, field, message in cases:
        r = server.http.post("/api/games", json={**FALLOUT, "params": params})
        assert r.status_code == 400, r.text
        body = r.json()
        assert body["code"] == "bad_params" and body["field"] == field and message in body["error"], body
    r = server.http.post("/api/games", json={"game": "fallout", "config": {"players": 1, "params": {"target_1p": 99}},
                                             "seats": ["heuristic"]})
    assert r.status_code == 400 and "target_1p must be a whole number from 4 to 16" in r.json()["error"], r.text
    assert len(server.http.get("/api/games").json()["games"]) == before


def test_a_companion_session_keeps_its_set_and_exports_it(server, tmp_path):
    r = server.http.post("/api/companion", json={"game": "fallout", "config": {"players": 1},
                                                  "params": "target_1p = 6\n", "seed": 2})
    assert r.status_code == 201, r.text
    session = r.json()
    assert session["session"]["config"]["params"] == {"target_1p": 6}
    sid = session["session"]["id"]
    exported = server.http.get(f"/api/companion/{sid}/record")
    assert exported.status_code == 200, exported.text
    path = tmp_path / "session.jsonl"
    path.write_text(exported.text, encoding="utf-8")
    record = GameRecord.load(path)
    assert record.params == {"target_1p": 6} and record.config["params"] == {"target_1p": 6}
    out = io.StringIO()
    assert replay_command(path, auto=True, console=Console(file=out, width=120, color_system=None)) == 0
    bad = server.http.post("/api/companion", json={"game": "fallout", "config": {"players": 1},
                                                    "params": {"target_1p": 3}})
    assert bad.status_code == 400 and bad.json()["field"] == "params.target_1p", bad.text
