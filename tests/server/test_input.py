"""Bad input over HTTP and WebSocket: refused when the request is parsed (400 naming the
field), before anything is stored; the lobby keeps answering whatever is in the store."""

from __future__ import annotations

import json
import time

import pytest
from srvtest import LiveServer, new_database, replay_state, run_async

from wasteland.core.registry import get_spec
from wasteland.server.store import GameRow, SeatRow, open_store

AOT = "age-of-thirst"


def lobby_ids(server) -> set[str]:
    r = server.http.get("/api/games", params={"status": "all"})
    assert r.status_code == 200, r.text
    return {g["id"] for g in r.json()["games"]}


def post_raw(server, path: str, body: bytes, content_type: str = "application/json"):
    return server.http.post(path, content=body, headers={"content-type": content_type})


def refused(r, status: int = 400, field: str | None = None) -> dict:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["status"] == status and body["error"]
    if field is not None:
        assert field in body["error"], body
    return body


@pytest.mark.parametrize("body, field", [
    ('{"game": "saltlands", "players": 1, "title": "\\ud800"}', "title"),
    ('{"game": "age-of-thirst", "config": {"players": 2, "draw": "\\udfff"}}', "config.draw"),
    ('{"game": "saltlands", "players": 1, "name": "a\\u0000b", "join": true}', "name"),
    ('{"game": "saltlands", "players": 1, "title": "ok", "seats": [{"kind": "bot", "bot": "\\ud83d"}]}',
     "seats[0].bot"),
    ('{"game": "saltlands", "\\ud800": 1}', "key"),
])
def test_text_that_cannot_be_stored_is_refused_naming_the_field(server, body, field):
    before = lobby_ids(server)
    refused(post_raw(server, "/api/games", body.encode()), 400, field)
    assert lobby_ids(server) == before  # nothing stored, and the lobby still answers


def test_a_join_name_with_a_nul_character_is_400_not_503(server):
    game = server.create(game="saltlands", players=2, mode="classic", characters=["scout", "healer"])["game"]["id"]
    refused(post_raw(server, f"/api/games/{game}/join", b'{"name": "x\\u0000"}'), 400, "name")
    assert server.join(game, name="ok")["seat"] == 0  # the seat was not taken by the refusal


@pytest.mark.parametrize("body", [
    b"\xef\xbb\xbf{\"game\": \"saltlands\"}",  # a UTF-8 byte-order mark
    '{"game": "saltlands"}'.encode("utf-16"),
    '{"game": "saltlands"}'.encode("utf-16-le"),
    b'{"game": "saltlands", "seed": NaN}',
    b'{"game": "saltlands", "seed": Infinity}',
    b'{"game": "saltlands", "title": 1e999}',
    b'{"game": "saltlands", "title": "\xff"}',
    b"[" * 30_000 + b"]" * 30_000,
    b"{\"a\":" * 5_000 + b"1" + b"}" * 5_000,
    b'{"game": "saltlands", "config": ' + b"[" * 40 + b"]" * 40 + b"}",
])
def test_bodies_that_are_not_plain_json_are_400(server, body):
    before = lobby_ids(server)
    body_json = refused(post_raw(server, "/api/games", body), 400)
    assert body_json["code"] == "bad_json"
    assert lobby_ids(server) == before


@pytest.mark.parametrize("body", [
    {"game": "saltlands", "players": 2, "characters": [[1], [2]]},
    {"game": "saltlands", "players": 1, "config": {"characters": [[1]]}},
    {"game": "saltlands", "config": {"players": "two"}},
    {"game": AOT, "config": {"players": 2, "colours": 5}},
    {"game": AOT, "config": {"players": 2, "draw": {"x": "y" * 1000}}},
    {"game": AOT, "config": {"players": 2, "draw": 1}},
    {"game": AOT, "config": {"players": 2, "teams": ["2x2"]}},
])
def test_badly_typed_configs_are_4xx_never_500(server, body):
    before = lobby_ids(server)
    r = server.http.post("/api/games", json=body)
    assert 400 <= r.status_code < 500, r.text
    assert lobby_ids(server) == before


def test_age_of_thirst_draw_is_stored_as_a_boolean(server):
    created = server.create(game=AOT, config={"players": 2, "draw": True})
    game_id = created["game"]["id"]
    entry = next(g for g in server.http.get("/api/games").json()["games"] if g["id"] == game_id)
    assert entry["config"]["draw"] is True


def test_a_stored_game_that_cannot_be_shown_leaves_the_lobby_answering(pg_admin_url, tmp_path):
    """Rows written before texts were checked (or by hand): the lobby leaves them out, their
    page answers 409, every other game is listed; a game of another rules version answers 409."""
    for kind in ("sqlite", "postgres"):
        db = new_database(kind, pg_admin_url, str(tmp_path))

        async def plant() -> None:
            store = await open_store(db)
            now = time.time()
            current = get_spec("saltlands").rules_version
            for game_id, title, rules in (("broken1", "\ud800", current), ("fine1", "fine", current),
                                          ("old1", "old rules", "saltlands-base/0")):
                row = GameRow(game_id, "saltlands", rules, {"players": 1}, 7, {"title": title},
                              "open", False, 0, now, now, [SeatRow(0, "human")])
                try:
                    await store.create_game(row)
                except Exception:  # this database refuses the text itself: nothing to show
                    pass
            await store.close()

        run_async(plant())
        live = LiveServer(db).start()
        try:
            r = live.http.get("/api/games")
            assert r.status_code == 200, r.text
            ids = {g["id"] for g in r.json()["games"]}
            assert "fine1" in ids and "broken1" not in ids
            page = live.http.get("/api/games/broken1")
            assert page.status_code in (404, 409), page.text
            assert live.http.get("/api/games/fine1").status_code == 200
            # A game of another rules version is refused (no migration exists), never replayed.
            old = live.http.get("/api/games/old1")
            assert old.status_code == 409 and "saltlands-base/0" in old.json()["error"], old.text
        finally:
            live.stop()


# -- WebSocket --------------------------------------------------------------------------


def test_websocket_messages_that_are_not_plain_json_get_an_error_reply(server):
    created = server.create(game="saltlands", players=1, characters=["scout"], join=True)
    game_id, token = created["game"]["id"], created["token"]
    ws = server.socket(game_id, token)
    state = ws.until(lambda m: m["type"] == "state")
    for text in ('{"type": "ping", "ref": "\\ud800"}', '{"type": "state", "ref": "a\\u0000"}',
                 '{"type": "ping", "ref": ' + "[" * 30_000 + "]" * 30_000 + "}",
                 '{"type": "ping", "ref": NaN}', '{"type": "action", "action": "end", "index": 1e999}',
                 "[" * 60_000):
        ws.send(text)
        reply = ws.until(lambda m: m["type"] in ("error", "pong"))
        assert reply["type"] == "error" and reply["status"] == 400 and reply["ref"] is None, reply
    ws.send({"type": "ping", "ref": "still here"})
    assert ws.until(lambda m: m["type"] == "pong")["ref"] == "still here"
    ws.close()
    assert server.state(game_id, token)["index"] == state["index"]


def test_the_public_replay_is_not_recomputed_per_request(server, monkeypatch):
    """A finished game's replay is computed once (checkpoints and answers are kept): many
    requests for its steps set the game up at most once more, not once per request."""
    created = server.create(game="saltlands", players=1, characters=["scout"], seats=[{"kind": "bot", "bot": "heuristic"}], seed=3)
    game_id = created["game"]["id"]
    deadline = time.monotonic() + 120
    while server.http.get(f"/api/games/{game_id}").json()["game"]["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    room = server.app.state.hub.rooms[game_id]
    calls = []
    original = type(room.game).new_game_with_events

    def counting(self, config, seed):
        calls.append(seed)
        return original(self, config, seed)

    monkeypatch.setattr(type(room.game), "new_game_with_events", counting)
    total = room.index
    answers = {}
    for step in [0, 1, total // 2, total, total, 1, total // 3] * 3:
        r = server.http.get(f"/api/games/{game_id}/replay", params={"step": step, "seat": 0})
        assert r.status_code == 200, r.text
        assert r.json()["step"] == step
        answers.setdefault(step, r.json())
        assert r.json() == answers[step]
    assert len(calls) <= 1, f"the game was set up {len(calls)} times for 21 replay requests"
    # And the cached answers are the game's own: the view after the last action.
    state = replay_state(room.row.config, 3, room.actions)
    assert answers[total]["view"] == room.game.view(state, 0)


# -- the database goes away -------------------------------------------------------------


def test_while_postgresql_is_down_the_lobby_is_503_and_websockets_get_a_4503_close():
    from srvtest import ThrowawayCluster
    from websockets.exceptions import ConnectionClosed

    cluster = ThrowawayCluster()
    admin = cluster.start()
    pg_ctl = f"{cluster.bin}/pg_ctl"
    live = None
    try:
        import psycopg

        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("CREATE DATABASE outage")
        live = LiveServer(admin.rsplit("/", 1)[0] + "/outage").start()
        game = live.create(game="saltlands", players=1, characters=["scout"])["game"]["id"]
        assert live.http.get("/api/games").status_code == 200
        cluster._run(pg_ctl, "-D", cluster.data, "-m", "immediate", "-w", "stop")
        for _ in range(3):  # the first request finds the connection lost, the next ones cannot reconnect
            r = live.http.get("/api/games")
            assert r.status_code == 503, r.text
            assert r.json()["code"] == "unavailable"
        r = live.http.post("/api/games", json={"game": "saltlands", "players": 1})
        assert r.status_code == 503, r.text
        live.app.state.hub.rooms.clear()  # the game must be read from the store again
        ws = live.socket(game)
        message = ws.recv()
        assert message["type"] == "error" and message["status"] == 503, message
        with pytest.raises(ConnectionClosed) as closed:
            ws.ws.recv(timeout=10)
        assert closed.value.rcvd.code == 4503
        # Back up: everything answers again, nothing was lost.
        cluster._run(pg_ctl, "-D", cluster.data, "-l", f"{cluster.dir}/log", "-w", "-o",
                     f"-p {cluster.port} -k {cluster.dir} -c listen_addresses=127.0.0.1", "start")
        deadline = time.monotonic() + 30
        while live.http.get("/api/games").status_code != 200:
            assert time.monotonic() < deadline, "the lobby did not come back"
            time.sleep(0.2)
        assert game in {g["id"] for g in live.http.get("/api/games").json()["games"]}
        assert live.http.get(f"/api/games/{game}").status_code == 200
    finally:
        if live is not None:
            live.stop()
        cluster.stop()


def test_refusals_of_a_wrong_token_game_or_index_name_that_part_of_the_request(server):
    created = server.http.post("/api/games", json={"game": "saltlands", "players": 1, "join": True, "seed": 3})
    assert created.status_code == 201, created.text
    gid, token = created.json()["game"]["id"], created.json()["token"]
    state = server.http.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()["state"]
    action = state["decision"]["actions"][0]
    cases = [
        (f"/api/games/{gid}/actions", {"Authorization": "Basic abc"}, {"action": action, "index": state["index"]},
         401, "authorization"),
        (f"/api/games/{gid}/actions", {}, {"action": action, "index": state["index"]}, 401, "authorization"),
        (f"/api/games/{gid}/actions", {"Authorization": "Bearer not-a-seat"}, {"action": action, "index": state["index"]},
         401, "token"),
        ("/api/games/no-such-game/actions", {"Authorization": f"Bearer {token}"}, {"action": action, "index": 0},
         404, "game_id"),
        (f"/api/games/{gid}/actions", {"Authorization": f"Bearer {token}"}, {"action": action, "index": state["index"] + 5},
         409, "index"),
    ]
    for path, headers, body, status, field in cases:
        r = server.http.post(path, json=body, headers=headers)
        assert r.status_code == status and r.json()["field"] == field, (path, headers, r.text)
    assert server.http.get(f"/api/games/{gid}").json()["state"]["index"] == state["index"]  # nothing was played
