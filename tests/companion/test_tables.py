"""Fallout and Quest tables in the companion, on a real server (SQLite and PostgreSQL),
through their specs alone: a Fallout table corrects where its survivors and enemies
stand, enters the icons printed on the agenda card it turned (FO-13.1), lets "decide for
us" order the enemies (FO-13.2) and enters each fight's result; a Quest table corrects its
heroes and enemies, answers the exploration card it drew (WQ-38.1), lets the policy lay
the tile (WQ-38.3) and answers the event die (WQ-40.4). Both undo a step, reload, and
export a position that reads back as the same state."""

from __future__ import annotations

import pytest

from wasteland.core.record import GameRecord
from wasteland.core.registry import get_spec
from wasteland.server.companion_session import Session


def new_session(server, game, config, seed=3):
    r = server.http.post("/api/companion", json={"game": game, "config": config, "seed": seed})
    assert r.status_code == 201, r.text
    return r.json()


def step(server, snap, text):
    """One step; the snapshot after it (the step must be accepted)."""
    r = server.http.post(f"/api/companion/{snap['session']['id']}/steps", json={"step": text, "index": snap["index"]})
    assert r.status_code == 200, r.text
    return r.json()


def refused(server, snap, text):
    r = server.http.post(f"/api/companion/{snap['session']['id']}/steps", json={"step": text, "index": snap["index"]})
    # the rules forbid it: 422 illegal; a correction of the wrong form: 400 bad_edit/bad_step
    assert r.status_code in (400, 422), r.text
    assert (r.status_code == 422) == (r.json()["code"] == "illegal"), r.text
    return r.json()


def show(server, snap):
    r = server.http.get(f"/api/companion/{snap['session']['id']}")
    assert r.status_code == 200, r.text
    return r.json()


def exported_position_reads_back(server, snap, game):
    spec = get_spec(game)
    r = server.http.get(f"/api/companion/{snap['session']['id']}/scenario")
    assert r.status_code == 200, r.text
    state = spec.load_scenario(r.text, "export")
    view = spec.engine.view(state, None)
    for key in ("round", "over"):
        assert view[key] == snap["view"][key]
    return state


def exported_record_replays(server, snap, game):
    """The session as a game record: replayed, corrections and the table's answers
    included, it reaches the very position the page shows."""
    r = server.http.get(f"/api/companion/{snap['session']['id']}/record")
    assert r.status_code == 200, r.text
    rec = GameRecord.loads(r.text, "table.jsonl")
    assert rec.mode == "companion" and len(rec.actions) == snap["index"]
    spec = get_spec(game)
    session = Session.from_record(spec, rec.config, rec.seed, rec.actions)
    d = snap["decision"]
    seat = d["seat"] if d and d["seat"] >= 0 else None
    assert spec.engine.view(session.state, seat) == snap["view"]
    return rec


def test_a_fallout_table_runs_its_round_end(server):
    snap = new_session(server, "fallout", {"players": 2, "fight": "table"})
    assert snap["can_edit"] and snap["table_chance"] and snap["decision"]["kind"] == "turn"
    enemies = [e["id"] for e in snap["view"]["enemies"]]
    first, second = enemies.index("mole_rat#1"), enemies.index("mole_rat#2")
    crater = snap["view"]["enemies"][first]["space"]
    # The table's board differs: survivor 1 stands by the first mole rat, the second is up beside it.
    snap = step(server, snap, f'edit set survivor.0.space "{crater}"')
    snap = step(server, snap, f'edit [["set", "enemy.{second}.side", "up"], ["set", "enemy.{second}.space", "{crater}"]]')
    assert snap["log"][-1]["source"] == "edit" and snap["events"][0]["type"] == "correction"
    assert snap["view"]["survivors"][0]["space"] == crater
    assert [e["space"] for e in snap["view"]["enemies"] if e["id"].startswith("mole_rat")] == [crater, crater]
    # A correction the rules refuse changes nothing, and names the field.
    before = snap["index"]
    error = refused(server, snap, "edit set survivor.0.health 0")
    assert "survivor 1.health" in error["error"] and show(server, snap)["index"] == before
    # Both survivors end their turns: the round ends and the table turns the agenda card.
    snap = step(server, snap, "end")
    snap = step(server, snap, "end")
    d = snap["decision"]
    assert d["chance"] and d["rule"] == "FO-13.1" and snap["chance"]["custom"].startswith("icon1=<")
    # Its card is not the data's: the table enters the icons printed on it.
    snap = step(server, snap, "chance custom icon1=mole_rat icon2=none icon3=none icon4=none")
    revealed = [e for e in snap["events"] if e["type"] == "icons_written"][0]
    assert revealed["icons"] == ["mole_rat"] and revealed["printed"] and "FO-13.1" in revealed["rules"]
    assert revealed["text"].startswith("The table's agenda card")
    # Two face-up mole rats: which acts first is the first player's; the policy decides.
    d = snap["decision"]
    assert d["kind"] == "order" and d["policy"]["policy"] == "ties.order" and d["policy"]["text"]
    snap = step(server, snap, "decide")
    assert snap["log"][-1]["source"] == "policy" and snap["log"][-1]["step"] == "activate mole_rat#1"
    fights = [e for e in snap["events"] if e["type"] == "enemy_fights"]
    assert fights and fights[0]["reason"] == "survivor in its space" and "FO-13.2" in fights[0]["rules"]
    # The fight is the table's: it enters the result for survivor 1.
    d = snap["decision"]
    assert d["kind"] == "fight" and d["label"] == "p1" and d["policy"] is None
    snap = step(server, snap, "result 8 1 stands")
    assert snap["view"]["survivors"][0]["health"] == 8
    d = snap["decision"]
    assert d["kind"] == "fight"  # the second mole rat attacks in its turn
    snap = step(server, snap, "result 7 2 defeated")
    assert (snap["view"]["survivors"][0]["health"], snap["view"]["survivors"][0]["kills"]) == (7, 1)
    # Undo the last result; the session reloads as it was left.
    r = server.http.post(f"/api/companion/{snap['session']['id']}/undo", json={"index": snap["index"]})
    assert r.status_code == 200, r.text
    snap = r.json()
    again = show(server, snap)
    assert again["index"] == snap["index"] and again["decision"]["kind"] == "fight"
    assert again["view"]["survivors"][0]["health"] == 8
    state = exported_position_reads_back(server, again, "fallout")
    assert state.revealed == revealed["card"] and state.chance is not None
    rec = exported_record_replays(server, again, "fallout")
    assert any(a.startswith("edit ") for a in rec.actions) and "chance custom icon1=mole_rat icon2=none icon3=none " \
        "icon4=none" in rec.actions


def test_a_quest_table_explores_and_rolls_the_event(server):
    snap = new_session(server, "quest", {"players": 2}, seed=4)
    assert snap["can_edit"] and snap["table_chance"]
    view = snap["view"]
    zones = list(view["board"]["zones"])
    # The table's heroes stand elsewhere: hero 2 moves by a correction.
    target = next(z for z in zones if z != view["players"][1]["zone"])
    snap = step(server, snap, f'edit set hero.1.zone "{target}"')
    assert snap["view"]["players"][1]["zone"] == target
    error = refused(server, snap, 'edit set hero.1.zone "nowhere.z"')
    assert "hero[2].zone" in error["error"]
    met: set[str] = set()
    # The table plays: each chance point it answers with the first outcome (its draw, its
    # throw), each tie of the leader by the policy, each hero's choice by exploring first.
    for _ in range(400):
        d = snap["decision"]
        if d is None or {"chance:WQ-40.4", "place"} <= met:
            break
        if d["chance"]:
            met.add(f"chance:{d['rule']}")
            snap = step(server, snap, d["actions"][0])
        elif d["policy"]:
            met.add(d["kind"])
            snap = step(server, snap, "decide")
            assert snap["log"][-1]["source"] == "policy" and snap["log"][-1]["note"] == f"ties.{d['kind']}"
        else:
            explore = [a for a in d["actions"] if a.startswith("explore")]
            snap = step(server, snap, (explore or [a for a in d["actions"] if a == "end"] or d["actions"])[0])
    assert {"chance:WQ-38.1", "place", "chance:WQ-40.4"} <= met, met
    placed = [e for entry in snap["log"] for e in entry["events"] if e["type"] == "tile_placed"]
    assert placed and all("WQ-38.3" in e["rules"] for e in placed)
    # Undo, reload, export.
    r = server.http.post(f"/api/companion/{snap['session']['id']}/undo", json={"index": snap["index"]})
    assert r.status_code == 200, r.text
    snap = r.json()
    assert show(server, snap)["index"] == snap["index"]
    exported_position_reads_back(server, snap, "quest")
    rec = exported_record_replays(server, snap, "quest")
    assert rec.actions[0].startswith("edit ") and "decide" not in rec.actions  # the policy's pick is recorded


@pytest.mark.parametrize("game", ["fallout", "quest"])
def test_the_page_gets_the_games_companion_module(server, game):
    specs = server.http.get("/api").json()["specs"]
    url = next(s for s in specs if s["name"] == game)["web"]["companion"]
    assert url == f"/games/{game}/companion.js"
    r = server.http.get(url)
    assert r.status_code == 200 and "export function hexEdits" in r.text and "export function spots" in r.text
