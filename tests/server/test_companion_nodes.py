"""A companion session on two nodes of one database (issue 32, point 1): each node keeps a
copy of the session, and the copy must be checked against the database's sequence number,
not its number of steps. Undo a step on one node and play another there: the session has
as many steps as before, but another position. A step sent to the other node must be
judged on the position the database holds, and the session must still replay."""

from __future__ import annotations

import time

from srvtest import LiveServer, Socket, new_database
from websockets.sync.client import connect

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
                _pushed_to_a_phone_on_the_other_node(one, two)
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


def _pushed_to_a_phone_on_the_other_node(one: LiveServer, two: LiveServer) -> None:
    """A phone on node two shows the session; steps and an undo played on node one reach it
    pushed (the sockets no longer look at the database by themselves), each once, in order,
    in the phone's language, by the database's announcement."""
    r = one.http.post("/api/companion", json={"game": "saltlands", "config": {"players": 1}, "seed": SEED})
    sid = r.json()["session"]["id"]
    phone = Socket(connect(f"ws://127.0.0.1:{two.port}/api/companion/{sid}/ws?lang=uk", open_timeout=10).__enter__())
    try:
        assert phone.recv()["index"] == 0
        played = ["character plowman", "enter 0,0"]
        for index, text in enumerate(played):
            assert one.http.post(f"/api/companion/{sid}/steps", json={"step": text, "index": index}).status_code == 200
            assert phone.recv()["index"] == index + 1
        assert one.http.post(f"/api/companion/{sid}/undo", json={"index": 2}).status_code == 200
        back = phone.recv()
        assert back["index"] == 1 and [line["step"] for line in back["log"]] == played[:1]
        mine = two.http.get(f"/api/companion/{sid}?lang=uk").json()
        assert {k: back[k] for k in mine if k in back} == {k: mine[k] for k in mine if k in back}
        assert one.http.post(f"/api/companion/{sid}/steps", json={"step": "enter 0,1", "index": 1}).status_code == 200
        assert phone.recv()["index"] == 2
        try:  # nothing more: each change was pushed once
            extra = phone.recv(timeout=0.5)
        except TimeoutError:
            extra = None
        assert extra is None, extra
    finally:
        phone.close()
