"""A companion session exported as a game record replays: with ``wasteland replay FILE``
(the real command, in a subprocess) and through the replay route the browser's replay
page reads, its chance answers (a card picked from the data, another entered by its
printed values) and its corrections included, to the very position the table reached."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from wasteland.core.record import GameRecord, RecordError, replay
from wasteland.core.registry import registered_games
from wasteland.server.companion_session import Session

CONFIG = {"players": 1, "characters": ["scout"]}


def step(server, sid, text, index):
    r = server.http.post(f"/api/companion/{sid}/steps", json={"step": text, "index": index})
    assert r.status_code == 200, r.text
    return r.json()


def table_session(server):
    """A session with every kind of step: actions, corrections, the table's chance answers
    (picked and entered), the policy's choices."""
    r = server.http.post("/api/companion", json={"game": "saltlands", "config": CONFIG, "seed": 11})
    assert r.status_code == 201, r.text
    snap = r.json()
    sid = snap["session"]["id"]
    snap = step(server, sid, snap["decision"]["actions"][0], snap["index"])  # p1 enters
    taken = {snap["view"]["players"][0]["hex"], *snap["view"]["tokens"], *(x["hex"] for x in snap["view"]["raiders"])}
    free = [h for h in ("0,-1", "1,-1", "-1,0", "0,1", "1,0", "-1,1") if h not in taken]
    add = json.dumps([["add", "raider", {"type": "pickup", "hex": free[0]}], ["del", "state.next_raider"]])
    snap = step(server, sid, f"edit {add}", snap["index"])
    snap = step(server, sid, 'edit [["take", "state.supply", "crew#*"], ["add", "player.0.cargo", "$taken"]]',
                snap["index"])
    snap = step(server, sid, 'edit set state.wind "SW"', snap["index"])
    snap = step(server, sid, "end", snap["index"])
    kinds = {"custom": 0, "chance": 0, "decide": 0}
    for _ in range(60):
        d = snap["decision"]
        if d is None or (kinds["custom"] and kinds["chance"] and kinds["decide"] >= 2):
            break
        if d["chance"]:
            custom = snap["chance"]["custom"] and not kinds["custom"]
            text = "chance custom letters=B damage=2 type=normal move=0" if custom else d["actions"][0]
            kinds["custom" if custom else "chance"] += 1
        elif d["policy"]:
            text = "decide"
            kinds["decide"] += 1
        else:
            text = "end" if "end" in d["actions"] else d["actions"][0]
        snap = step(server, sid, text, snap["index"])
    assert kinds["custom"] == 1 and kinds["chance"] and kinds["decide"], kinds
    return sid, snap


@pytest.fixture(scope="module")
def played(server):
    sid, snap = table_session(server)
    r = server.http.get(f"/api/companion/{sid}/record")
    assert r.status_code == 200
    return server, sid, snap, r.text


def test_an_exported_record_replays_with_wasteland_replay(played, tmp_path):
    server, sid, snap, text = played
    path = tmp_path / "table.jsonl"
    path.write_text(text, encoding="utf-8")
    steps = len(text.splitlines()) - 1
    assert steps == snap["index"]
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "replay", str(path), "--auto"],
                         capture_output=True, text=True, timeout=120, env={**os.environ, "COLUMNS": "160"})
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"Action {steps}/{steps}" in out.stdout
    assert "correction: add raider" in out.stdout and "set state.wind" in out.stdout  # corrections are steps
    assert "table: chance custom letters=B damage=2" in out.stdout  # the card entered by its values
    assert "table: chance " in out.stdout.replace("table: chance custom", "")  # ... and one picked from the data
    assert "Traceback" not in out.stderr
    # a step "decide for us" chose says so, with the words of the policy's rule
    assert "(chosen by the policy: " in out.stdout


def policy_lines(text):
    return [(n, json.loads(line)) for n, line in enumerate(text.splitlines()[1:])
            if isinstance(json.loads(line), dict)]


def test_the_record_says_which_steps_the_policy_chose(played, tmp_path):
    """A step "decide for us" chose is recorded with the key of the policy's rule, not as a
    plain action; a record that claims the policy chose what it would not is refused."""
    server, sid, snap, text = played
    chosen = policy_lines(text)
    log = {e["index"]: e for e in snap["log"]}
    assert chosen and all(set(line) == {"action", "policy"} for _, line in chosen)
    for n, line in chosen:
        assert log[n]["source"] == "policy" and (log[n]["step"], log[n]["note"]) == (line["action"], line["policy"])
    assert sum(e["source"] == "policy" for e in snap["log"]) == len(chosen)
    rec = GameRecord.loads(text)
    assert rec.policies == {n: line["policy"] for n, line in chosen}
    assert GameRecord.loads(rec.dumps()).dumps() == rec.dumps()
    out = server.http.get(f"/api/companion/{sid}/replay?step={chosen[0][0] + 1}&lang=ru").json()
    assert out["source"] == "policy" and out["policy"] == chosen[0][1]["policy"] and not out["policy_text"].isascii()
    assert out["record"]["policies"] == {str(n): line["policy"] for n, line in chosen}
    # the same record claiming another rule of the policy: refused by `wasteland replay`, in one line
    lines = text.splitlines()
    n, line = chosen[0]
    lines[n + 1] = json.dumps({**line, "policy": line["policy"] + "_other"})
    path = tmp_path / "claimed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "replay", str(path), "--auto"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode != 0 and "Traceback" not in out.stdout + out.stderr
    assert f"step {n + 1}" in out.stdout + out.stderr and "policy" in out.stdout + out.stderr


@pytest.mark.parametrize("line, problem", [
    ({"action": "end"}, "exactly the fields"),
    ({"action": "end", "policy": 3}, "'policy'"),
    ({"action": "", "policy": "x"}, "'action'"),
    ({"action": "end", "policy": "x", "by": "me"}, "exactly the fields"),
])
def test_a_policy_line_is_checked(line, problem):
    base = {"format": "wasteland-record/1", "game": "saltlands", "rules_version": "x", "config": {}, "seed": 1,
            "mode": "companion", "table_chance": True}
    with pytest.raises(RecordError, match=problem):
        GameRecord.loads(json.dumps(base) + "\n" + json.dumps(line) + "\n")
    with pytest.raises(RecordError, match="JSON string"):  # only a companion record has such lines
        GameRecord.loads(json.dumps({**base, "mode": ""}) + "\n" + json.dumps({"action": "end", "policy": "x"}) + "\n")


def test_the_record_reaches_the_tables_position(played):
    server, sid, snap, text = played
    rec = GameRecord.loads(text, "table.jsonl")
    assert rec.mode == "companion" and rec.table_chance
    spec = registered_games()[rec.game]
    session = Session.from_record(spec, rec.config, rec.seed, rec.actions, policies=rec.policies)
    seat = snap["decision"]["seat"] if snap["decision"] and snap["decision"]["seat"] >= 0 else None
    assert spec.engine.view(session.state, seat) == snap["view"]
    assert GameRecord.loads(rec.dumps()).header() == rec.header()  # written back as read
    # a player of the protocol alone refuses it with a clear word, not at its first "edit"
    with pytest.raises(RecordError, match="wasteland replay"):
        replay(spec.engine, rec)


def test_the_replay_route_shows_every_step_as_the_replay_page_reads_it(played):
    server, sid, snap, text = played
    total = snap["index"]
    last = server.http.get(f"/api/companion/{sid}/replay").json()
    assert last["steps"] == total and last["step"] == total and last["companion"]
    assert last["record"]["mode"] == "companion" and len(last["record"]["actions"]) == total
    first = server.http.get(f"/api/companion/{sid}/replay?step=0").json()
    assert first["action"] is None and first["events"] and first["events"][0]["type"] == "setup"
    kinds = set()
    for n in range(1, total + 1):
        out = server.http.get(f"/api/companion/{sid}/replay?step={n}").json()
        assert out["action"] == last["record"]["actions"][n - 1] and all(e["text"] for e in out["events"])
        kinds.add("edit" if out["action"].startswith("edit ") else "table" if out["action_label"] == "table" else "seat")
        assert "deck" not in json.dumps(out["view"].get("chance") or {})
    assert kinds == {"edit", "table", "seat"}
    for bad in ("x", "-1", str(total + 1)):
        r = server.http.get(f"/api/companion/{sid}/replay?step={bad}")
        assert r.status_code == 400 and r.json()["code"] == "bad_request" and "'step'" in r.json()["error"]


@pytest.mark.parametrize("header, problem", [
    ({"mode": "table"}, "'mode'"),
    ({"mode": "companion", "table_chance": "yes"}, "'table_chance'"),
])
def test_a_companion_header_is_checked(header, problem):
    base = {"format": "wasteland-record/1", "game": "saltlands", "rules_version": "x", "config": {}, "seed": 1}
    with pytest.raises(RecordError, match=problem):
        GameRecord.loads(json.dumps({**base, **header}) + "\n")


def test_the_replay_page_steps_through_a_table_session(played, browser, artifacts):
    """The browser's replay page (index.html#/replay/companion/ID, linked from the companion
    page) shows each step of the session: who gave it, its events, the board."""
    server, sid, snap, text = played
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server.base}/companion.html#/s/{sid}")
        page.wait_for_selector("#session[data-ready='1']")
        page.tap("#replay-link")
        page.wait_for_selector("#replay[data-step='0']")
        assert page.locator("#board svg").count() == 1
        lines = json.loads("[" + ",".join(text.splitlines()[1:]) + "]")
        actions = [a["action"] if isinstance(a, dict) else a for a in lines]
        seen = set()
        for n in range(1, len(actions) + 1):
            page.tap("#r-next")
            page.wait_for_selector(f"#replay[data-step='{n}']")
            line = page.inner_text("#r-action")
            if actions[n - 1].startswith("edit "):
                seen.add("correction")
                assert "Correction" in line and "Correction: " in page.inner_text("#r-events")
                assert '"' not in page.inner_text("#r-events")  # in words, not as the notation reads
            elif actions[n - 1].startswith("chance "):
                seen.add("chance")
                assert "The table" in line and "chance" not in line
            elif isinstance(lines[n - 1], dict):
                seen.add("policy")
                assert "chosen by the policy: " in line, line
            else:
                assert "policy" not in line, line
        assert seen == {"correction", "chance", "policy"}
        page.screenshot(path=artifacts / "replay.png", full_page=True)
    finally:
        ctx.close()
    assert not errors, errors


def test_the_replay_page_says_a_table_session_in_russian(played, browser):
    server, sid, snap, text = played
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{server.base}/?lang=ru#/replay/companion/{sid}")
        page.wait_for_selector("#replay[data-step='0']")
        actions = [a["action"] if isinstance(a, dict) else a for a in json.loads("[" + ",".join(text.splitlines()[1:]) + "]")]
        for n, action in enumerate(actions, start=1):
            page.click("#r-next")
            page.wait_for_selector(f"#replay[data-step='{n}']")
            if action.startswith(("edit ", "chance ")):
                words = page.inner_text("#r-action") + "\n" + page.inner_text("#r-events")
                latin = [w for w in re.findall(r"[A-Za-z]{2,}", words) if w != "SL"]
                assert not latin, (action, words)
    finally:
        ctx.close()
