"""The server against another site's pages and against clients that would take it all
(issue 32, points 5, 7 and 8): JSON bodies only as JSON, the WebSocket's Origin, the
pages' Content-Security-Policy and framing, a distinct close code for a client that fell
behind, creation quotas with 429 and Retry-After, bounded options and corrections, the
companion off on a public ``wasteland serve`` unless enabled, and no lock left behind by
a session id that names no session. Real servers on localhost."""

from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from srvtest import LiveServer, db_rows
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from wasteland.core.registry import registered_games
from wasteland.server import rooms
from wasteland.server.browser import CSP
from wasteland.server.quota import CreationQuota

GAMES = sorted(registered_games())


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = LiveServer(str(tmp_path_factory.mktemp("db") / "guard.db")).start()
    try:
        yield server
    finally:
        server.stop()


# -- 5: JSON only as JSON ------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/games", "/api/companion"])
@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x",
                                  None])
def test_a_body_that_is_not_declared_json_is_refused_415(live, path, kind):
    before = db_rows(live.db)
    headers = {"content-type": kind} if kind else {}
    r = live.http.post(path, content=b'{"game": "saltlands"}', headers=headers)
    assert r.status_code == 415, r.text
    body = r.json()
    assert body["code"] == "unsupported_media_type" and body["field"] == "content-type"
    assert "application/json" in body["error"]
    assert db_rows(live.db) == before  # nothing created
    # the same body as JSON (a charset too) is taken
    r = live.http.post(path, content=b'{"game": "saltlands"}',
                       headers={"content-type": "application/json; charset=utf-8"})
    assert r.status_code == 201, r.text


def test_an_empty_join_is_taken_without_a_type_but_not_from_another_site(live):
    game = live.create(game="saltlands", players=2, mode="classic", characters=["scout", "healer"])["game"]["id"]
    r = live.http.post(f"/api/games/{game}/join", headers={"origin": "https://evil.example"})
    assert r.status_code == 415, r.text
    r = live.http.post(f"/api/games/{game}/join", content=b"", headers={"content-type": "text/plain"})
    assert r.status_code == 415, r.text
    r = live.http.post(f"/api/games/{game}/join")  # no browser, no body: a script's join
    assert r.status_code == 200, r.text


# -- 8: the browser's rules ------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/index.html", "/companion.html", "/js/app.js", "/api", "/api/nothing"])
def test_every_answer_has_a_content_security_policy_and_refuses_framing(live, path):
    r = live.http.get(path)
    assert r.status_code in (200, 404), r.text
    assert r.headers["content-security-policy"] == CSP
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-frame-options"] == "DENY"


def _ws(live, game: str, origin: str | None):
    headers = {"Origin": origin} if origin else None
    return connect(f"ws://127.0.0.1:{live.port}/api/games/{game}/ws", additional_headers=headers,
                   open_timeout=10, origin=None)


def test_the_websocket_refuses_another_sites_page(live):
    game = live.create(game="saltlands")["game"]["id"]
    with _ws(live, game, "https://evil.example") as ws:
        error = json.loads(ws.recv(timeout=10))
        assert error["type"] == "error" and error["code"] == "bad_origin" and error["status"] == 403
        with pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        assert ws.close_code == 4403
    for origin in (f"http://127.0.0.1:{live.port}", None):  # its own page, or no browser at all
        with _ws(live, game, origin) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "state"


def test_a_configured_origin_is_allowed(live):
    game = live.create(game="saltlands")["game"]["id"]
    state = live.app.state
    own = state.origins
    state.origins = frozenset({"https://tables.example"})
    try:
        with _ws(live, game, "https://tables.example") as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
    finally:
        state.origins = own


def test_a_client_that_falls_behind_is_closed_with_its_own_code(live, monkeypatch):
    game = live.create(game="saltlands")["game"]["id"]
    # connecting queues the state and a seats message at once: with room for one, it is behind
    monkeypatch.setattr(rooms, "MAX_BACKLOG", 1)
    with _ws(live, game, None) as ws:
        with pytest.raises(ConnectionClosed):
            while True:
                ws.recv(timeout=10)
        assert ws.close_code == 4408, ws.close_code
    monkeypatch.setattr(rooms, "MAX_BACKLOG", 512)
    with _ws(live, game, None) as ws:  # a normal client is not
        assert json.loads(ws.recv(timeout=10))["type"] == "state"


def test_a_game_the_server_lost_track_of_closes_its_clients_with_4503(live):
    game = live.create(game="saltlands")["game"]["id"]
    hub = live.app.state.hub

    async def lose() -> None:  # what a failed write does (Hub.forget)
        hub.forget(await hub.room(game))

    with _ws(live, game, None) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        asyncio.run_coroutine_threadsafe(lose(), live.server.servers[0].get_loop()).result(10)
        codes = []
        with pytest.raises(ConnectionClosed):
            while True:
                codes.append(json.loads(ws.recv(timeout=10)).get("code"))
        assert "reconnect" in codes
        assert ws.close_code == 4503, ws.close_code
    with _ws(live, game, None) as ws:  # and the game comes back from the database
        assert json.loads(ws.recv(timeout=10))["type"] == "state"


def test_the_close_codes_are_documented():
    text = (Path(rooms.__file__).parent / "API.md").read_text()
    for code in ("4403", "4408", "4503", "1000", "1009", "reconnect"):
        assert code in text, code


# -- 7: creation quotas, bounds ---------------------------------------------------------------


def test_creating_games_and_sessions_is_limited_per_client(live):
    state = live.app.state
    own = state.quota
    state.quota = CreationQuota(burst=3, per_minute=6, limit_loopback=True)
    try:
        _quota_case(live)
    finally:
        state.quota = own


def _quota_case(live):
    for _ in range(2):
        assert live.http.post("/api/games", json={"game": "saltlands"}).status_code == 201
    # a refused creation takes nothing from the quota
    assert live.http.post("/api/games", json={"game": "nothing"}).status_code == 400
    assert live.http.post("/api/companion", json={"game": "saltlands"}).status_code == 201
    before = db_rows(live.db)
    for path in ("/api/games", "/api/companion"):
        r = live.http.post(path, json={"game": "saltlands"})
        assert r.status_code == 429, r.text
        assert r.json()["code"] == "too_many" and "try again in" in r.json()["error"]
        assert 1 <= int(r.headers["retry-after"]) <= 10
    assert db_rows(live.db) == before
    time.sleep(int(r.headers["retry-after"]))  # the quota refills
    assert live.http.post("/api/games", json={"game": "saltlands"}).status_code == 201


@pytest.mark.parametrize("game, option", [("fallout", "turn_limit"), ("quest", "round_limit")])
def test_an_open_ended_option_has_a_bound(live, game, option):
    r = live.http.post("/api/games", json={"game": game, "config": {option: 10**30}})
    assert r.status_code == 400 and r.json()["code"] == "bad_config", r.text
    assert option in r.json()["error"] and "10000" in r.json()["error"]
    assert live.http.post("/api/games", json={"game": game, "config": {option: 10_000}}).status_code == 201


@pytest.mark.parametrize("game", ["fallout", "quest"])
@pytest.mark.parametrize("value", ["1e30", "100000000000000000000000000000", "-1e6", "[1, 2, 1e300]"])
def test_a_correction_number_has_a_bound(live, game, value):
    session = live.http.post("/api/companion", json={"game": game, "seed": 1}).json()
    sid = session["session"]["id"]
    before = db_rows(live.db)
    r = live.http.post(f"/api/companion/{sid}/steps", json={"step": f"edit set state.round {value}", "index": 0})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["code"] == "bad_edit" and body["field"] == "state.round" and "100000" in body["error"]
    assert db_rows(live.db) == before


def test_unknown_session_ids_leave_no_lock_behind(live):
    for number in range(300):
        r = live.http.post(f"/api/companion/nothing{number}/steps", json={"step": "end", "index": 0})
        assert r.status_code == 404 and r.json()["code"] == "unknown_session", r.text
    sid = live.http.post("/api/companion", json={"game": "saltlands"}).json()["session"]["id"]
    assert live.http.post(f"/api/companion/{sid}/undo", json={"index": 0}).status_code in (409, 400)
    assert len(live.app.state.companion.locks) <= 1


# -- 5: the companion on a public server -------------------------------------------------------


def _serve(tmp_path, *extra: str):
    proc = subprocess.Popen([sys.executable, "-c", "from wasteland.cli.main import app; app()", "serve", "--port", "0",
                             "--db", str(tmp_path / "serve.db"), "--bot-workers", "1", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path)
    line = proc.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    assert match, line
    base = f"http://127.0.0.1:{match.group(1)}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(f"{base}/api").status_code == 200:
                return proc, base
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline and proc.poll() is None, "the server did not come up"
        time.sleep(0.05)


@pytest.mark.parametrize("enabled", [False, True])
def test_the_companion_is_off_on_serve_unless_enabled(tmp_path, enabled):
    proc, base = _serve(tmp_path, *(["--companion"] if enabled else []))
    try:
        assert httpx.get(f"{base}/api").json()["companion"] is enabled
        r = httpx.post(f"{base}/api/companion", json={"game": "saltlands"})
        listed = httpx.get(f"{base}/api/companion")
        if enabled:
            assert r.status_code == 201, r.text
            assert listed.status_code == 200
        else:
            assert r.status_code == 404 and r.json()["code"] == "companion_off", r.text
            assert "--companion" in r.json()["error"]
            assert listed.status_code == 404
        assert httpx.post(f"{base}/api/games", json={"game": "saltlands"}).status_code == 201
    finally:
        proc.terminate()
        proc.wait(20)


def test_behind_a_reverse_proxy_the_forwarded_host_is_the_sites_own(live):
    game = live.create(game="saltlands")["game"]["id"]
    headers = {"Origin": "https://tables.example", "X-Forwarded-Host": "tables.example"}
    with connect(f"ws://127.0.0.1:{live.port}/api/games/{game}/ws", additional_headers=headers,
                 open_timeout=10, origin=None) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
