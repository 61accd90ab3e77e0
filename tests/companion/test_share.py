"""Several phones at one table, on a real server (SQLite and PostgreSQL): a session is its
creator's (the lobby lists only one's own), other phones join by its short code or QR
code, every phone watching hears each step, a tap sent twice is played once, and the
table can go back to any line of its log."""

from __future__ import annotations

import json
import threading

from websockets.sync.client import connect

from companiontest import LiveServer  # noqa: F401  (the server fixture's class)

CONFIG = {"players": 1, "characters": ["scout"]}
ALICE = {"x-companion-owner": "alice-browser-key-0001"}
BOB = {"x-companion-owner": "bob-browser-key-000002"}


def new_session(server, owner=ALICE, seed=5):
    r = server.http.post("/api/companion", json={"game": "saltlands", "config": CONFIG, "seed": seed}, headers=owner)
    assert r.status_code == 201, r.text
    return r.json()


def listed(server, headers=None):
    r = server.http.get("/api/companion", headers=headers or {})
    assert r.status_code == 200, r.text
    return [s["id"] for s in r.json()["sessions"]]


def test_the_lobby_lists_only_ones_own_sessions_and_those_joined(server):
    mine = new_session(server)["session"]
    theirs = new_session(server, BOB)["session"]
    assert len(mine["id"]) >= 22  # 128 random bits: the id is the session's secret
    assert mine["id"] in listed(server, ALICE) and theirs["id"] not in listed(server, ALICE)
    assert theirs["id"] in listed(server, BOB) and mine["id"] not in listed(server, BOB)
    assert listed(server) == []  # no key: nobody's sessions, no ids, no seeds
    r = server.http.get("/api/companion", headers={"x-companion-owner": "short"})
    assert r.status_code == 400 and r.json()["field"] == "x-companion-owner"
    # Bob types Alice's short code: it names her session, and joining lists it in his lobby
    code = mine["code"]
    assert len(code) == 8 and code.isascii() and code.isdigit()
    r = server.http.get(f"/api/companion-code/{code[:4]} {code[4:]}")
    assert r.status_code == 200 and r.json() == {"id": mine["id"]}
    assert server.http.get("/api/companion-code/ABC").json()["code"] == "unknown_code"
    r = server.http.post(f"/api/companion/{mine['id']}/join", headers=BOB)
    assert r.status_code == 200, r.text
    assert mine["id"] in listed(server, BOB)
    r = server.http.post(f"/api/companion/{mine['id']}/join")
    assert r.status_code == 400 and r.json()["field"] == "x-companion-owner"


def test_the_qr_code_is_the_sessions_link(server):
    sid = new_session(server)["session"]["id"]
    r = server.http.get(f"/api/companion/{sid}/qr.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.lstrip().startswith("<svg") and "<path" in r.text
    assert server.http.get("/api/companion/nosuchsession/qr.svg").status_code == 404


def test_a_tap_sent_twice_is_played_once(server):
    snap = new_session(server)
    sid = snap["session"]["id"]
    tap = {"step": snap["decision"]["actions"][0], "index": 0, "client": "phone-one-key-000001", "seq": 7}
    r = server.http.post(f"/api/companion/{sid}/steps", json=tap)
    assert r.status_code == 200, r.text
    again = server.http.post(f"/api/companion/{sid}/steps", json=tap)
    assert again.status_code == 409 and again.json()["code"] == "duplicate" and again.json()["field"] == "seq"
    # the same number from another phone is another tap (refused here only as stale)
    other = server.http.post(f"/api/companion/{sid}/steps", json={**tap, "client": "phone-two-key-000002"})
    assert other.json()["code"] == "stale"
    assert server.http.get(f"/api/companion/{sid}").json()["index"] == 1
    bad = server.http.post(f"/api/companion/{sid}/steps", json={**tap, "index": 1, "seq": -1})
    assert bad.status_code == 400 and bad.json()["field"] == "seq"


def test_going_back_to_a_line_of_the_log(server):
    snap = new_session(server)
    sid = snap["session"]["id"]
    views = [snap["view"]]
    for _ in range(4):
        r = server.http.post(f"/api/companion/{sid}/steps", json={"step": snap["decision"]["actions"][0],
                                                                  "index": snap["index"]})
        assert r.status_code == 200, r.text
        snap = r.json()
        views.append(snap["view"])
    r = server.http.post(f"/api/companion/{sid}/undo", json={"index": 4, "to": 1})
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["index"] == 1 and out["view"] == views[1] and len(out["log"]) == 1
    r = server.http.post(f"/api/companion/{sid}/undo", json={"index": 1, "to": 1})
    assert r.status_code == 409 and r.json()["field"] == "to"
    assert server.http.get(f"/api/companion/{sid}").json()["index"] == 1


def test_every_phone_watching_hears_each_step_in_its_language(server):
    snap = new_session(server)
    sid = snap["session"]["id"]
    base = f"ws://127.0.0.1:{server.port}/api/companion/{sid}/ws"
    heard: dict[str, list[dict]] = {"en": [], "ru": []}
    sockets = {lang: connect(f"{base}?lang={lang}", max_size=2**24, open_timeout=10).__enter__() for lang in heard}
    try:
        for lang, ws in sockets.items():
            first = json.loads(ws.recv(timeout=10))
            assert first["type"] == "snapshot" and first["index"] == 0
        r = server.http.post(f"/api/companion/{sid}/steps", json={"step": snap["decision"]["actions"][0], "index": 0,
                                                                  "client": "phone-one-key-000001", "seq": 1})
        assert r.status_code == 200, r.text
        for lang, ws in sockets.items():
            news = json.loads(ws.recv(timeout=10))
            assert news["type"] == "snapshot" and news["index"] == 1 and news["by"] == "phone-one-key-000001"
            assert news["events"] and news["view"] == r.json()["view"]
            heard[lang].append(news)
        # each in its own words: the rule's words differ between the languages
        assert heard["en"][0]["rules"] != heard["ru"][0]["rules"]
        r = server.http.post(f"/api/companion/{sid}/undo", json={"index": 1})
        assert r.status_code == 200
        for ws in sockets.values():
            news = json.loads(ws.recv(timeout=10))
            assert news["index"] == 0 and news["undone"] == snap["decision"]["actions"][0]
    finally:
        for ws in sockets.values():
            ws.close()
    bad = connect(f"ws://127.0.0.1:{server.port}/api/companion/nosuchsession/ws", open_timeout=10).__enter__()
    message = json.loads(bad.recv(timeout=10))
    assert message["type"] == "error" and message["code"] == "unknown_session"
    bad.close()


def test_taps_from_two_phones_at_once_are_ordered_and_none_is_lost(server):
    """Two phones each send 30 corrections at once, none naming the position it saw: the
    server plays every one, one at a time, and the log holds each phone's taps in order."""
    sid = new_session(server)["session"]["id"]
    answers: dict[str, list[int]] = {"a": [], "b": []}

    def phone(name: str, wind: str) -> None:
        for seq in range(30):
            r = server.http.post(f"/api/companion/{sid}/steps", json={
                "step": f'edit set state.wind "{wind}"', "client": f"phone-{name}-key-0000001", "seq": seq})
            answers[name].append(r.status_code)

    threads = [threading.Thread(target=phone, args=("a", "N")), threading.Thread(target=phone, args=("b", "S"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == {"a": [200] * 30, "b": [200] * 30}
    out = server.http.get(f"/api/companion/{sid}").json()
    assert out["index"] == 60 and [e["step"] for e in out["log"]].count('edit set state.wind "N"') == 30
