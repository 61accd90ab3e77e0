"""The companion's API on a real server (SQLite and PostgreSQL): a table's session is made,
played step by step, undone, survives a server restart; every bad request is one clear
error and changes nothing, in memory or in the database."""

from __future__ import annotations

import json

import pytest

from companiontest import LiveServer

CONFIG = {"players": 1, "characters": ["scout"]}
OWNER = {"x-companion-owner": "test-api-owner-key-0001"}  # this browser's key: the lobby lists its sessions


def new_session(server, **body):
    body.setdefault("game", "saltlands")
    body.setdefault("config", CONFIG)
    body.setdefault("seed", 5)
    r = server.http.post("/api/companion", json=body, headers=OWNER)
    assert r.status_code == 201, r.text
    return r.json()


def step(server, sid, text, index):
    return server.http.post(f"/api/companion/{sid}/steps", json={"step": text, "index": index})


def show(server, sid):
    r = server.http.get(f"/api/companion/{sid}")
    assert r.status_code == 200, r.text
    return r.json()


def play_first(server, sid, snap, count):
    """``count`` steps, each the first option offered."""
    for _ in range(count):
        r = step(server, sid, snap["decision"]["actions"][0], snap["index"])
        assert r.status_code == 200, r.text
        snap = r.json()
    return snap


def test_a_session_is_played_step_by_step_and_listed(server):
    snap = new_session(server, name="Friday table")
    sid = snap["session"]["id"]
    assert snap["index"] == 0 and snap["decision"]["label"] == "p1"
    assert snap["decision"]["kind"] == "enter" and snap["decision"]["rule"] == "SL §45"
    first = snap["decision"]["actions"][0]
    r = step(server, sid, first, 0)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["index"] == 1
    assert out["log"][-1]["step"] == first and out["log"][-1]["source"] == "table"
    assert [e["type"] for e in out["events"]] == ["enter"]
    assert out["events"][0]["text"].startswith("p1 enters")
    listed = server.http.get("/api/companion", headers=OWNER).json()["sessions"]
    assert any(s["id"] == sid and s["name"] == "Friday table" and s["steps"] == 1 for s in listed)


def test_undo_takes_back_the_last_step_and_any_step_whose_removal_still_replays(server):
    snap = new_session(server)
    sid = snap["session"]["id"]
    snap = play_first(server, sid, snap, 3)
    view_after_two = None
    r = server.http.post(f"/api/companion/{sid}/undo", json={"index": 3})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["index"] == 2 and out["undone"] == snap["log"][-1]["step"]
    view_after_two = out["view"]
    assert show(server, sid)["view"] == view_after_two
    # Taking back the entry (step 1) leaves the later steps without a figure on the board:
    # refused, naming the step that no longer applies, and nothing changes.
    r = server.http.post(f"/api/companion/{sid}/undo", json={"index": 2, "step": 0})
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["code"] == "cannot_undo" and "step 1" in body["error"] and body["rule"]
    assert show(server, sid)["index"] == 2


@pytest.mark.parametrize("body, code, field", [
    ({"step": 17, "index": 0}, "bad_request", "step"),
    ({"step": "fly 9,9", "index": 0}, "illegal", None),
    ({"step": "enter 1,0", "index": 7}, "stale", "index"),
    ({"step": "edit set raider", "index": 0}, "bad_edit", "raider"),
    ({"step": "edit fly raider.0 1", "index": 0}, "bad_step", "step"),
    ({"step": "edit set raider.0.hex nonsense", "index": 0}, "bad_edit", "raider.0.hex"),
    ({"step": "", "index": 0}, "bad_step", "step"),
])
def test_a_bad_step_is_one_error_and_stores_nothing(server, body, code, field):
    """One error in the API's shape; a step of the wrong form names its field (``field``)
    and no rule, an illegal action the rule (``notation`` for what is no action at all)."""
    snap = new_session(server)
    sid = snap["session"]["id"]
    r = server.http.post(f"/api/companion/{sid}/steps", json=body)
    assert r.status_code in (400, 409, 422), r.text
    err = r.json()
    assert (r.status_code == 422) == (code == "illegal") and err["status"] == r.status_code
    assert err["code"] == code and err["error"] and err.get("field") == field
    assert set(err) == {"error", "rule", "code", "status"} | ({"field"} if field else set())
    assert (err["rule"] is None) == (field is not None or code in ("bad_request", "stale"))
    again = show(server, sid)
    assert again["index"] == 0 and again["view"] == snap["view"]


def test_an_illegal_action_names_its_rule(server):
    snap = new_session(server)
    r = step(server, snap["session"]["id"], "end", 0)
    assert r.status_code == 422
    err = r.json()
    assert err["rule"].startswith("SL §") and err["code"] == "illegal" and "end" in err["error"]


@pytest.mark.parametrize("body, code", [
    ({"game": "chess"}, "unknown_game"),
    ({"game": "saltlands", "config": {"players": 9}}, "bad_config"),
    ({"game": "saltlands", "config": "two"}, "bad_request"),
    ({"game": "saltlands", "seed": -1}, "bad_request"),
    ({"game": "saltlands", "name": 5}, "bad_request"),
])
def test_a_bad_session_is_refused_and_not_listed(server, body, code):
    before = server.http.get("/api/companion").json()["sessions"]
    r = server.http.post("/api/companion", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["code"] == code
    assert server.http.get("/api/companion").json()["sessions"] == before


def test_garbage_and_unknown_sessions(server):
    r = server.http.post("/api/companion", content=b"\xff\xfe{", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "bad_json"
    r = server.http.get("/api/companion/nope")
    assert r.status_code == 404 and r.json()["code"] == "unknown_session"
    r = server.http.post("/api/companion/nope/steps", json={"step": "end"})
    assert r.status_code == 404
    snap = new_session(server)
    r = server.http.post(f"/api/companion/{snap['session']['id']}/undo", json={"index": 0})
    assert r.status_code == 409 and r.json()["code"] == "cannot_undo"
    r = server.http.get(f"/api/companion/{snap['session']['id']}?lang=fr")
    assert r.status_code == 400


def test_the_record_lists_every_step(server):
    snap = new_session(server)
    sid = snap["session"]["id"]
    snap = play_first(server, sid, snap, 2)
    r = server.http.get(f"/api/companion/{sid}/record")
    assert r.status_code == 200
    lines = [json.loads(x) for x in r.text.splitlines()]
    assert lines[0]["game"] == "saltlands" and lines[0]["mode"] == "companion" and lines[0]["seed"] == 5
    assert lines[1:] == [entry["step"] for entry in snap["log"]]


def test_a_session_resumes_after_the_server_restarts(tmp_path):
    db = str(tmp_path / "companion.db")
    live = LiveServer(db).start()
    try:
        snap = new_session(live)
        sid = snap["session"]["id"]
        snap = play_first(live, sid, snap, 4)
    finally:
        live.stop()
    again = LiveServer(db).start()
    try:
        back = show(again, sid)
        assert back["index"] == 4 and back["view"] == snap["view"] and back["decision"] == snap["decision"]
        assert [e["step"] for e in back["log"]] == [e["step"] for e in snap["log"]]
        r = step(again, sid, back["decision"]["actions"][0], 4)
        assert r.status_code == 200, r.text
    finally:
        again.stop()


def test_decide_for_us_applies_the_documented_policy_and_says_which(server):
    snap = new_session(server)
    sid = snap["session"]["id"]
    for _ in range(40):
        if snap["decision"]["policy"]:
            break
        acts = snap["decision"]["actions"]
        snap = step(server, sid, "end" if "end" in acts else acts[0], snap["index"]).json()
    policy = snap["decision"]["policy"]
    assert policy and policy["action"] in snap["decision"]["actions"] and policy["text"]
    r = step(server, sid, "decide", snap["index"])
    assert r.status_code == 200, r.text
    last = r.json()["log"][-1]
    assert last["source"] == "policy" and last["step"] == policy["action"]
    assert last["note"] == policy["policy"] and last["note_text"] == policy["text"]
    assert last["rule"] == snap["decision"]["rule"]


def test_decide_is_refused_where_no_policy_covers_the_choice(server):
    snap = new_session(server)  # the entry hex: the player's own choice
    r = step(server, snap["session"]["id"], "decide", 0)
    assert r.status_code == 422 and "the table chooses" in r.json()["error"] and r.json()["rule"] == "SL §45"
    assert show(server, snap["session"]["id"])["index"] == 0


def test_the_rules_shown_have_their_text_in_the_page_language(server):
    snap = new_session(server)
    r = server.http.get(f"/api/companion/{snap['session']['id']}?lang=ru")
    rules = r.json()["rules"]
    assert "SL §45" in rules and rules["SL §45"] and not rules["SL §45"].isascii()


def test_a_card_the_table_revealed_is_picked_from_the_data_or_entered_by_its_values(server):
    snap = new_session(server)
    sid = snap["session"]["id"]
    for _ in range(40):
        if snap["decision"]["chance"]:
            break
        acts = snap["decision"]["actions"]
        snap = step(server, sid, "end" if "end" in acts else acts[0], snap["index"]).json()
    d = snap["decision"]
    assert d["label"] == "table" and d["rule"] == "SL §100" and snap["chance"]["custom"]
    assert all(a.startswith("chance ") for a in d["actions"])
    # a card that cannot come, and printed values no card has: refused, nothing stored
    for bad in ("chance d9-9", "chance custom letters=Z damage=2 type=normal move=0", "chance custom"):
        r = step(server, sid, bad, snap["index"])
        assert r.status_code == 422 and r.json()["rule"].startswith("SL §"), r.text
    assert show(server, sid)["index"] == snap["index"]
    r = step(server, sid, "chance custom letters=B damage=2 type=normal move=0", snap["index"])
    assert r.status_code == 200, r.text
    out = r.json()
    while out["decision"] and out["decision"]["chance"]:  # the activation may need more cards
        out = step(server, sid, out["decision"]["actions"][0], out["index"]).json()
    damage = [e for entry in out["log"] for e in entry["events"] if e["type"] == "damage_card"]
    assert damage and damage[0]["damage"] == 2 and damage[0]["letters"] == "B" and damage[0]["rules"] == ["SL §100"]


def test_corrections_change_the_position_and_are_steps_like_any_other(server):
    snap = new_session(server)
    sid = snap["session"]["id"]
    assert snap["can_edit"]
    snap = play_first(server, sid, snap, 1)  # p1 enters
    add = json.dumps([["add", "raider", {"type": "pickup", "hex": "1,-1"}], ["del", "state.next_raider"]])
    r = step(server, sid, f"edit {add}", snap["index"])
    assert r.status_code == 200, r.text
    out = r.json()
    assert {"type": "pickup", "hex": "1,-1", "crew": 2} in out["view"]["raiders"]
    assert out["log"][-1]["source"] == "edit" and out["events"][0]["type"] == "correction"
    i = [x["hex"] for x in out["view"]["raiders"]].index("1,-1")
    out = step(server, sid, f'edit set raider.{i}.hex "0,1"', out["index"]).json()
    assert any(x["hex"] == "0,1" and x["type"] == "pickup" for x in out["view"]["raiders"])
    out = step(server, sid, 'edit set state.wind "S"', out["index"]).json()
    assert out["view"]["wind_dir"] == "S"
    # a correction of the wrong form: one error naming the field that is wrong (no rule:
    # no rulebook forbids it, and no pseudo-anchor stands in for one), nothing stored
    for bad, field in ((f'edit set raider.{i}.hex "99,99"', f"raider.{i}.hex"), ("edit set raider.9.crew 1", "raider.9"),
                       ('edit set state.wind "up"', "state.wind"), ("edit set raider.0", "raider.0"),
                       ("edit fly", "step"), ('edit [["take", "state.supply", "nothing#*"]]', "state.supply")):
        r = step(server, sid, bad, out["index"])
        body = r.json()
        assert r.status_code == 400 and body["rule"] is None and body["field"] == field, r.text
        assert body["code"] in ("bad_edit", "bad_step") and set(body) == {"error", "rule", "code", "status", "field"}
    # a correction to a position the rules forbid: the anchor of the rule it breaks
    onto = [x["hex"] for x in out["view"]["raiders"] if x["hex"] != "0,1"] + [out["view"]["players"][0]["hex"]]
    for hex_ in onto:  # onto another raider, onto the player's figure: one figure a hex
        r = step(server, sid, f"edit set raider.{i}.hex {json.dumps(hex_)}", out["index"])
        rule = "SL §78"
        assert r.status_code == 422 and r.json()["rule"] == rule and "field" not in r.json(), r.text
    assert show(server, sid)["view"] == out["view"]
    # the game goes on from the corrected position, and the correction is undone like a step
    r = server.http.post(f"/api/companion/{sid}/undo", json={"index": out["index"]})
    assert r.status_code == 200 and r.json()["view"]["wind_dir"] != "S"
    scenario = server.http.get(f"/api/companion/{sid}/scenario")
    assert scenario.status_code == 200 and 'hex = "0,1"' in scenario.text and 'type = "pickup"' in scenario.text


def test_two_server_processes_on_one_database_agree(tmp_path):
    """``serve --processes N``: every process answers companion requests; the database is
    the truth, so a step played through one is seen by the other, and a step sent on a
    stale view is refused rather than stored twice."""
    db = str(tmp_path / "shared.db")
    a, b = LiveServer(db).start(), LiveServer(db).start()
    try:
        snap = new_session(a)
        sid = snap["session"]["id"]
        seen_by_b = show(b, sid)
        snap = play_first(a, sid, snap, 2)
        assert show(b, sid)["index"] == 2 and show(b, sid)["view"] == snap["view"]
        r = step(b, sid, seen_by_b["decision"]["actions"][0], seen_by_b["index"])
        assert r.status_code == 409 and r.json()["code"] == "stale"
        r = step(b, sid, snap["decision"]["actions"][0], 2)
        assert r.status_code == 200, r.text
        assert show(a, sid)["index"] == 3
    finally:
        a.stop()
        b.stop()
