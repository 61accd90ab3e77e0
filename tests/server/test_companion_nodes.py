"""A companion session on two nodes of one database (issue 32, point 1): each node keeps a
copy of the session, and the copy must be checked against the database's sequence number,
not its number of steps. Undo a step on one node and play another there: the session has
as many steps as before, but another position. A step sent to the other node must be
judged on the position the database holds, and the session must still replay."""

from __future__ import annotations

import time

from srvtest import LiveServer, new_database

from wasteland.core.registry import registered_games
from wasteland.server.companion_session import Session

SEED = 4


def _legal_after(steps: list[str]) -> set[str]:
    spec = registered_games()["saltlands"]
    session = Session(spec, "probe", spec.validate({"players": 1}), SEED)
    for step in steps:
        session.play(session.resolve(step))
    return set(session.decision().actions)


def test_undo_and_play_on_one_node_then_play_on_the_other(pg_admin_url, tmp_path):
    for kind in ("sqlite", "postgres"):
        db = new_database(kind, pg_admin_url, str(tmp_path))
        one, two = LiveServer(db).start(), LiveServer(db).start()
        try:
            _scenario(one, two, db)
            if kind == "postgres":
                _told_on_the_other_node(one, two)
        finally:
            one.stop()
            two.stop()


def _scenario(one: LiveServer, two: LiveServer, db: str) -> None:
    r = one.http.post("/api/companion", json={"game": "saltlands", "config": {"players": 1}, "seed": SEED})
    assert r.status_code == 201, r.text
    sid = r.json()["session"]["id"]

    def step(node: LiveServer, text: str, index: int):
        return node.http.post(f"/api/companion/{sid}/steps", json={"step": text, "index": index})

    assert step(one, "character plowman", 0).status_code == 200
    assert step(one, "enter 0,0", 1).status_code == 200
    seen = two.http.get(f"/api/companion/{sid}")  # node two keeps a copy at two steps
    assert seen.status_code == 200 and seen.json()["index"] == 2
    # Node one: take back the entry and enter elsewhere: two steps again, another position.
    r = one.http.post(f"/api/companion/{sid}/undo", json={"index": 2})
    assert r.status_code == 200, r.text
    assert step(one, "enter 0,1", 1).status_code == 200
    # A move that was legal from 0,0 (node two's old copy) but is not from 0,1.
    only_old = sorted(_legal_after(["character plowman", "enter 0,0"]) -
                      _legal_after(["character plowman", "enter 0,1"]))
    assert only_old, "no move tells the two positions apart"
    r = step(two, only_old[0], 2)
    assert r.status_code == 422 and r.json()["code"] == "illegal", r.text  # judged on the stored position
    # A move legal from the stored position goes through on node two, and the session replays
    # everywhere: on node one, and on a node that never saw it (built from the database).
    fresh_move = sorted(_legal_after(["character plowman", "enter 0,1"]))[0]
    r = step(two, fresh_move, 2)
    assert r.status_code == 200, r.text
    for node in (one, two):
        r = node.http.get(f"/api/companion/{sid}")
        assert r.status_code == 200 and r.json()["index"] == 3, r.text
    third = LiveServer(one.db).start()
    try:
        r = third.http.get(f"/api/companion/{sid}")
        assert r.status_code == 200 and r.json()["index"] == 3, r.text
        r = third.http.get(f"/api/companion/{sid}/record")
        assert r.status_code == 200 and r.text.splitlines()[1:] == \
            ['"character plowman"', '"enter 0,1"', f'"{fresh_move}"'], r.text
    finally:
        third.stop()


def _told_on_the_other_node(one: LiveServer, two: LiveServer) -> None:
    """The hook for pushing a session live (``Companion.on_change``): a step played on node
    one is told to node two's listeners (PostgreSQL's announcement), with its sequence."""
    r = one.http.post("/api/companion", json={"game": "saltlands", "config": {"players": 1}, "seed": SEED})
    sid = r.json()["session"]["id"]
    assert two.http.get(f"/api/companion/{sid}").status_code == 200  # node two makes its companion
    told: list[tuple[str, int | None]] = []
    two.app.state.companion.on_change(lambda session_id, seq: told.append((session_id, seq)))
    assert one.http.post(f"/api/companion/{sid}/steps", json={"step": "character plowman", "index": 0}).status_code == 200
    deadline = time.monotonic() + 10
    while (sid, 1) not in told:
        assert time.monotonic() < deadline, told
        time.sleep(0.02)
    assert two.http.get(f"/api/companion/{sid}").json()["index"] == 1
