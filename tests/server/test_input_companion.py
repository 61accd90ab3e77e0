"""Bad input to the companion's routes that once broke them, each case by itself: a real
server on localhost (SQLite and PostgreSQL); every refusal is one error in the API's shape
and leaves every row of the database as it was (read from the database itself)."""

from __future__ import annotations

import time

import pytest
from srvtest import db_rows


@pytest.fixture(scope="module")
def session(server):
    r = server.http.post("/api/companion", json={"game": "saltlands", "config": {"players": 1}, "seed": 4})
    assert r.status_code == 201, r.text
    return r.json()


def refused(server, r, status: int, code: str, field: str | None = None) -> dict:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["code"] == code and body["status"] == status and body["error"], body
    assert set(body) <= {"error", "rule", "code", "status", "field"} and "rule" in body
    if field is not None:
        assert body.get("field") == field, body
    return body


DEEP = "[" * 3000 + "]" * 3000


@pytest.mark.parametrize("step, field", [
    # a path of thousands of parts: the scenario writer recursed without end (500)
    ("edit set " + "a." * 1000 + "b 1", "a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a"),
    ("edit set raider." + "9" * 5000 + ".hex \"0,0\"", None),  # int() refuses over 4300 digits (500)
    ("edit set state.wind " + DEEP, "state.wind"),  # json.loads: RecursionError (500)
    ("edit " + DEEP, "step"),
    ("edit set state.wind " + "[" * 20 + "]" * 20, "state.wind"),  # deeper than any scenario
    ("edit set state.wind " + "9" * 5000, "state.wind"),
    ("edit set raider.٣.hex \"0,0\"", None),  # not a list position: a key no scenario has
    ("edit set raider.¹.hex \"0,0\"", None),
])
def test_a_correction_too_deep_or_too_long_is_refused_naming_its_field(server, session, step, field):
    sid = session["session"]["id"]
    before = db_rows(server.db)
    r = server.http.post(f"/api/companion/{sid}/steps", json={"step": step, "index": session["index"]})
    body = refused(server, r, 400, "bad_edit" if field != "step" else "bad_step")
    if field is not None:
        assert body["field"].startswith(field[:20]), body
    assert db_rows(server.db) == before


@pytest.mark.parametrize("query", [
    {"step": "9" * 5000}, {"seat": "9" * 5000}, {"step": "9" * 30}, {"step": "٣"}, {"seat": "¹"}, {"step": "+0"},
    {"step": " 0"}, {"step": "0_0"},
])
def test_a_replay_step_or_seat_is_the_digits_0_9(server, session, query):
    """A query's number in other digits, with a sign or of thousands of digits (int()
    refused those with a ValueError: a 500) is one 400 naming the parameter."""
    body = refused(server, server.http.get(f"/api/companion/{session['session']['id']}/replay", params=query),
                   400, "bad_request")
    assert f"'{next(iter(query))}'" in body["error"]


def test_a_refused_language_stores_no_session(server):
    """The language was read after the session was stored: a 400 that had stored it."""
    before = db_rows(server.db)
    r = server.http.post("/api/companion?lang=fr", json={"game": "saltlands", "config": {"players": 1}})
    refused(server, r, 400, "bad_request")
    assert db_rows(server.db) == before


@pytest.fixture(scope="module")
def finished(server) -> str:
    """A game a bot has played to its end (a replay is for finished games only)."""
    game = server.create(game="saltlands", players=1, seats=["random"], seed=2)["game"]["id"]
    deadline = time.monotonic() + 60
    while server.state(game)["status"] != "over":
        assert time.monotonic() < deadline, "the bot did not finish the game"
        time.sleep(0.2)
    return game


@pytest.mark.parametrize("value", ["9" * 5000, "٣", "-1", "1e3", "+1", " 1"])
def test_a_finished_games_replay_reads_only_the_digits_0_9(server, finished, value):
    game = finished
    for name in ("step", "seat"):
        body = refused(server, server.http.get(f"/api/games/{game}/replay", params={name: value}), 400, "bad_request")
        assert f"'{name}'" in body["error"]
    assert server.http.get(f"/api/games/{game}/replay", params={"step": "0", "seat": "0"}).status_code == 200
