"""The standing fuzzer of the HTTP and WebSocket API: hypothesis strategies over every
request and message type, well-formed and not, against a real server on localhost.

Each case asserts: no 500 (nor any 5xx: the database is up), a refusal changes nothing
(the game's index and view, the lobby's games, and every row of the database, read from
the database itself, of the games no bot plays in: a bot moves when its turn comes), and
the lobby still answers. A bounded
number of cases runs every time; ``WASTELAND_FUZZ_LONG=N`` runs N cases per test.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from srvtest import quiet_rows

from wasteland.core.registry import registered_games

CASES = int(os.environ.get("WASTELAND_FUZZ_LONG", "0")) or 40
FUZZ = settings(max_examples=CASES, deadline=None, database=None, derandomize=False,
                suppress_health_check=list(HealthCheck))

GAMES = sorted(registered_games())

# -- values: the right type, the wrong type, edge values, texts that cannot be stored ----
texts = st.one_of(st.text(max_size=12), st.sampled_from(["", " ", "\ud800", "a\x00b", "x" * 100, "p1", "human",
                                                         "heuristic", "random", "end", "0,0"]))
numbers = st.one_of(st.integers(-3, 8), st.sampled_from([2**31, 2**63, -2**63, 10**30]),
                    st.floats(allow_nan=False, allow_infinity=False))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(texts, inner, max_size=3)), max_leaves=10)


def maybe(strategy):
    return st.one_of(st.just(None), strategy, values)


def option_value(spec):
    """A value for each option of the game: from its declared values or random."""
    per = {}
    for option in spec.options:
        if option.values:
            choice = st.sampled_from(list(option.values))
            per[option.name] = st.one_of(choice, st.lists(choice, max_size=4), values)
        elif option.kind == "int":
            per[option.name] = st.one_of(st.integers((option.low or 0) - 1, (option.high or 10) + 1), values)
        else:
            per[option.name] = st.one_of(st.booleans(), values)
    return st.fixed_dictionaries({}, optional=per)


create_bodies = st.one_of(*[
    st.fixed_dictionaries({"game": st.just(name)}, optional={
        "config": option_value(registered_games()[name]), "players": maybe(st.integers(0, 7)),
        "mode": maybe(texts), "difficulty": maybe(texts), "characters": maybe(st.lists(texts, max_size=3)),
        "seats": maybe(st.lists(st.one_of(st.sampled_from(["human", "random", "heuristic"]),
                                          st.fixed_dictionaries({"kind": texts}, optional={"bot": texts})),
                                max_size=4)),
        "seed": maybe(numbers), "title": maybe(texts), "name": maybe(texts), "join": maybe(st.booleans()),
        "time_control": maybe(st.fixed_dictionaries({}, optional={"bank": numbers, "increment": numbers,
                                                                  "bot": texts})),
    }) for name in GAMES
], st.dictionaries(texts, values, max_size=4))

raw_bodies = st.one_of(st.binary(max_size=64), st.sampled_from([
    b"", b"null", b"[]", b"{", b"\xef\xbb\xbf{}", '{"a": 1}'.encode("utf-16"), b'{"a": NaN}', b"[" * 5000,
    b'{"title": "\\ud800"}', b'{"game": 5}', b"1e999"]))


class Table:
    """A server with one open game of each registered game, seats and tokens known."""

    def __init__(self, server) -> None:
        self.server = server
        self.games: list[dict[str, Any]] = []
        for name in GAMES:
            spec = registered_games()[name]
            players = max(2, spec.min_players) if spec.max_players >= 2 else spec.min_players
            created = server.http.post("/api/games", json={"game": name, "players": players, "join": True,
                                                           "seed": 3})
            assert created.status_code == 201, created.text
            body = created.json()
            self.games.append({"id": body["game"]["id"], "token": body["token"], "game": name})

    def snapshot(self, game_id: str, token: str | None = None) -> Any:
        """The game as a spectator sees it (a seat's token may have been given up)."""
        r = self.server.http.get(f"/api/games/{game_id}")
        assert r.status_code == 200, r.text
        state = r.json()["state"]
        return state["index"], json.dumps(state["view"], sort_keys=True)

    def settle(self, game_id: str, seconds: float = 60) -> None:
        """Wait until no bot must move in the game (a seat handed to a bot plays at once)."""
        deadline = time.monotonic() + seconds
        while True:
            state = self.server.http.get(f"/api/games/{game_id}").json()["state"]
            decision = state.get("decision")
            if decision is None or state["seats"][decision["seat"]]["kind"] != "bot":
                return
            assert time.monotonic() < deadline, "the bot did not move"
            time.sleep(0.05)

    def lobby(self) -> set[str]:
        r = self.server.http.get("/api/games", params={"status": "all"})
        assert r.status_code == 200, r.text
        return {g["id"] for g in r.json()["games"]}

    def actions(self, game: dict[str, Any]) -> list[str]:
        headers = {"Authorization": f"Bearer {game['token']}"}
        state = self.server.http.get(f"/api/games/{game['id']}", headers=headers).json()["state"]
        decision = state.get("decision") or {}
        return list(decision.get("actions") or [])


@pytest.fixture(scope="module")
def table(server):
    return Table(server)


def check_answer(r) -> dict[str, Any] | None:
    assert r.status_code < 500, f"{r.status_code}: {r.text[:300]}"
    if r.status_code >= 400:
        body = r.json()  # every refusal is the API's JSON error
        assert body["status"] == r.status_code and isinstance(body["error"], str) and body["error"]
        if body["code"] in ("bad_json", "bad_request", "too_large"):  # the wrong form: what is wrong
            assert isinstance(body.get("field"), str) and body["field"], body
        return body
    return None


@FUZZ
@given(st.one_of(create_bodies.map(lambda b: ("json", b)), raw_bodies.map(lambda b: ("raw", b))))
def _create_case(table, case):
    kind, body = case
    before = table.lobby()
    rows = quiet_rows(table.server.db)
    if kind == "json":
        try:
            content = json.dumps(body).encode()
        except (UnicodeEncodeError, ValueError):
            return
    else:
        content = body
    r = table.server.http.post("/api/games", content=content, headers={"content-type": "application/json"})
    if check_answer(r) is not None:
        assert table.lobby() == before, "a refused create stored a game"
        assert quiet_rows(table.server.db) == rows, "a refused create wrote to the database"
    else:
        assert r.status_code == 201 and r.json()["game"]["id"] in table.lobby()


def test_fuzz_create(table):
    _create_case(table)


game_requests = st.tuples(
    st.integers(0, 1000),  # which game (mod the games)
    st.sampled_from(["actions", "undo", "join", "leave", "get", "replay", "record", "missing"]),
    st.sampled_from(["mine", "none", "garbage", "bearer-garbage", "another-games"]),
    st.one_of(st.fixed_dictionaries({}, optional={"action": maybe(texts), "index": maybe(numbers), "seat": maybe(numbers),
                                                  "name": maybe(texts), "bot": maybe(texts),
                                                  "policy": maybe(st.booleans())}),
              raw_bodies),
    st.integers(0, 1000),  # which offered action, for a well-formed one
    st.booleans(),  # use an offered action with the right index
)


@FUZZ
@given(game_requests)
def _game_case(table, case):
    which, route, auth, body, pick, offered = case
    game = table.games[which % len(table.games)]
    other = table.games[(which + 1) % len(table.games)]  # a token of another game: holds no seat here
    headers = {"mine": {"Authorization": f"Bearer {game['token']}"}, "none": {},
               "garbage": {"Authorization": "Basic xyz"}, "bearer-garbage": {"Authorization": "Bearer nope"},
               "another-games": {"Authorization": f"Bearer {other['token']}"}}[auth]
    before = table.snapshot(game["id"], game["token"])
    if offered and isinstance(body, dict) and route == "actions":
        actions = table.actions(game)
        if actions:
            body = {"action": actions[pick % len(actions)], "index": before[0]}
    path = f"/api/games/{game['id']}" + {"get": "", "missing": "/nothing", "actions": "/actions", "undo": "/undo",
                                         "join": "/join", "leave": "/leave", "replay": "/replay",
                                         "record": "/record"}[route]
    http = table.server.http
    rows = quiet_rows(table.server.db)
    if route in ("get", "replay", "record", "missing"):
        params = body if isinstance(body, dict) else {}
        params = {k: str(v) for k, v in params.items() if isinstance(v, (int, str)) and "\x00" not in str(v)}
        try:
            r = http.get(path, headers=headers, params=params)
        except UnicodeEncodeError:
            return
    else:
        try:
            content = json.dumps(body).encode() if isinstance(body, dict) else body
        except (UnicodeEncodeError, ValueError):
            return
        r = http.post(path, content=content, headers={**headers, "content-type": "application/json"})
    refusal = check_answer(r)
    if auth == "another-games" and route not in ("join", "replay", "record", "missing"):
        assert refusal is not None and r.status_code in (400, 401, 413), r.text  # never acts for a seat here
    if refusal is not None:
        assert table.snapshot(game["id"], game["token"]) == before, f"a refused {route} changed the game"
        assert quiet_rows(table.server.db) == rows, f"a refused {route} wrote to the database"
    elif route == "leave" and auth == "mine":  # the seat was given up: take one again
        table.settle(game["id"])  # handed to a bot: let it play its turn before the next case looks
        joined = http.post(f"/api/games/{game['id']}/join", json={})
        if joined.status_code == 200:
            game["token"] = joined.json()["token"]
    elif route == "join":
        game["token"] = r.json()["token"]
    table.lobby()  # the lobby still answers


def test_fuzz_game_requests(table):
    _game_case(table)


ws_messages = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["action", "undo", "state", "ping", "nonsense"])},
                          optional={"action": maybe(texts), "index": maybe(numbers), "ref": maybe(values)}),
    st.text(max_size=40), st.sampled_from(['{"type": "ping", "ref": "\\ud800"}', "[" * 3000, '{"type": NaN}',
                                           '{"type": "action", "action": "end", "index": 1e999}',
                                           '{"type": "undo", "index": "٣"}']),
    st.binary(max_size=40),  # a binary frame: refused whatever it holds
)


@FUZZ
@given(st.lists(ws_messages, min_size=1, max_size=6), st.integers(0, 1000))
def _socket_case(table, messages, which):
    game = table.games[which % len(table.games)]
    before = table.snapshot(game["id"], game["token"])
    rows = quiet_rows(table.server.db)
    ws = table.server.socket(game["id"], game["token"])
    try:
        ws.until(lambda m: m["type"] == "state")
        changed = False
        for message in messages:
            try:
                text = message if isinstance(message, (str, bytes)) else json.dumps(message)
                if isinstance(text, str):
                    text.encode("utf-8")
            except (UnicodeEncodeError, ValueError):
                continue
            ws.ws.send(text)
            if isinstance(message, dict) and message.get("type") in ("action", "undo"):
                reply = ws.until(lambda m: m["type"] in ("error", "update", "undo"))
            elif isinstance(message, dict) and message.get("type") in ("state", "ping"):
                reply = ws.until(lambda m: m["type"] in ("error", "state", "pong"))
            else:
                reply = ws.until(lambda m: m["type"] == "error")
            if reply["type"] == "error":
                assert reply["status"] < 500 and reply["error"], reply
                if reply["code"] in ("bad_json", "bad_request", "too_large"):
                    assert reply.get("field"), reply
            changed |= reply["type"] in ("update", "undo")
        ws.send({"type": "ping", "ref": "alive"})
        assert ws.until(lambda m: m["type"] == "pong")["ref"] == "alive"
    finally:
        ws.close()
    if not changed:
        assert table.snapshot(game["id"], game["token"]) == before, "refused messages changed the game"
        assert quiet_rows(table.server.db) == rows, "refused messages wrote to the database"
    table.lobby()


def test_fuzz_websocket(table):
    _socket_case(table)
