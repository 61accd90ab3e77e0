"""The standing fuzzer of the companion's routes, and of the routes that only read (rules,
component texts, replays): hypothesis strategies over every request, well-formed and not,
against a real server on localhost (SQLite and PostgreSQL), and against ``wasteland serve
--processes 2 --companion`` (the sessions shared by two processes, on both databases).
Corrections come of every form, and from the paths of each game's own positions (all four
games: a session of each).

Each case asserts: no 5xx; a refusal is the API's one error (``error``, ``code``,
``status``, ``rule``, and ``field`` where no rule is broken; 422 exactly when a rule
forbids the step); and a refused request leaves every row of the database as it was
(read from the database itself, not through the server). A bounded number of cases runs
every time; ``WASTELAND_FUZZ_LONG=N`` runs N cases per test.
"""

from __future__ import annotations

import json
import os
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from srvtest import ServerProcess, db_rows, new_database

from wasteland.core.registry import registered_games

CASES = int(os.environ.get("WASTELAND_FUZZ_LONG", "0")) or 30
FUZZ = settings(max_examples=CASES, deadline=None, database=None, derandomize=False,
                suppress_health_check=list(HealthCheck))

GAMES = sorted(registered_games())
OWNER = {"x-companion-owner": "fuzz-owner-key-000001"}  # the lobby lists only this browser's sessions
ERROR_KEYS = {"error", "rule", "code", "status", "field"}

# -- values ---------------------------------------------------------------------------
odd_digits = ["¹", "٣", "２", "9" * 30, "9" * 5000, "-1", "1e3", " 1", "1_0", "+1", "0x1"]
texts = st.one_of(st.text(max_size=12), st.sampled_from(["", " ", "\ud800", "a\x00b", "x" * 3000, "decide", "edit",
                                                         "chance", "end", "0,0", *odd_digits]))
numbers = st.one_of(st.integers(-3, 40), st.sampled_from([2**31, 2**63, -2**63, 10**30]),
                    st.floats(allow_nan=False, allow_infinity=False))
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                      st.dictionaries(texts, inner, max_size=3)), max_leaves=8)
deep = st.integers(1, 400).map(lambda n: "[" * n + "1" + "]" * n)

path_parts = st.one_of(st.sampled_from(["state", "wind", "raider", "player", "token", "supply", "hex", "crew",
                                        "health", "cargo", "0", "1", "7", *odd_digits]), st.text(max_size=6))
paths = st.one_of(st.lists(path_parts, min_size=1, max_size=12).map(".".join),
                  st.sampled_from(["state.wind", "raider.0.hex", "player.0.health", "a." * 40 + "b", "..", "."]))
json_values = st.one_of(values.map(lambda v: json.dumps(v)), deep, st.sampled_from(
    ["NaN", "Infinity", "-Infinity", "1e999", "9" * 5000, '"\\ud800"', '"N"', '"SW"', '"0,1"', "{", "[", "",
     '{"type": "pickup", "hex": "1,0"}']))
edits = st.one_of(
    st.builds(lambda verb, path, value: f"edit {verb} {path} {value}".rstrip(),
              st.sampled_from(["set", "add", "del", "put", "take", "swap", "fly", ""]), paths,
              st.one_of(st.just(""), json_values)),
    st.lists(st.lists(st.one_of(st.sampled_from(["set", "add", "del", "take"]), paths, values), max_size=4),
             max_size=3).map(lambda ops: "edit " + json.dumps(ops)),
    deep.map(lambda d: "edit " + d),
)
chances = st.one_of(st.builds(lambda rest: f"chance {rest}", texts),
                    st.builds(lambda pairs: "chance custom " + " ".join(f"{k}={v}" for k, v in pairs),
                              st.lists(st.tuples(st.sampled_from(["letters", "damage", "type", "move", "x", "¹"]),
                                                 st.sampled_from(["B", "2", "normal", "0", "٣", "-1", "9" * 40, ""])),
                                       max_size=5)))
steps = st.one_of(edits, texts, chances, edits, st.just("decide"))  # corrections most: the largest notation
langs = st.sampled_from(["en", "ru", "uk", "fr", "", "EN", "٣", "x" * 200])


def maybe(strategy):
    return st.one_of(st.just(None), strategy, values)


raw_bodies = st.one_of(st.binary(max_size=48), st.sampled_from([
    b"", b"null", b"[]", b"{", b"\xef\xbb\xbf{}", '{"step": "end"}'.encode("utf-16"), b'{"index": NaN}',
    b"[" * 5000, b'{"step": "\\ud800"}', b'{"step": 5}', b"1e999", b'{"index": 1e999}']))


class Tables:
    """A server with one companion session of each registered game, a game room, and the
    database the server writes."""

    def __init__(self, server) -> None:
        self.server = server
        self.sessions: list[dict[str, Any]] = []
        for name in GAMES:
            spec = registered_games()[name]
            r = server.http.post("/api/companion", json={"game": name, "seed": 5,
                                                        "config": {"players": max(1, spec.min_players)}})
            assert r.status_code == 201, r.text
            self.sessions.append(r.json())
        room = server.http.post("/api/games", json={"game": GAMES[0], "seed": 3, "join": True})
        assert room.status_code == 201, room.text
        self.room = room.json()["game"]["id"]

    def rows(self) -> dict[str, list[tuple]]:
        return db_rows(self.server.db)

    def show(self, sid: str) -> Any:
        r = self.server.http.get(f"/api/companion/{sid}")
        assert r.status_code == 200, r.text
        body = r.json()
        return body["index"], json.dumps(body["view"], sort_keys=True), body["decision"]


@pytest.fixture(scope="module")
def tables(server):
    return Tables(server)


def check_error(r) -> dict[str, Any] | None:
    """None for an answer that is no refusal; else the error, checked for its shape."""
    assert r.status_code < 500, f"{r.request.method} {r.request.url}: {r.status_code} {r.text[:300]}"
    if r.status_code < 400:
        return None
    body = r.json()
    assert set(body) <= ERROR_KEYS and {"error", "rule", "code", "status"} <= set(body), body
    assert body["status"] == r.status_code and isinstance(body["error"], str) and body["error"], body
    assert isinstance(body["code"], str) and body["code"], body
    if body["code"] == "illegal":  # a rule forbids it: 422, naming the rule
        assert r.status_code == 422 and body["rule"], body
    if body["code"] in ("bad_edit", "bad_step", "bad_json", "bad_request", "too_large"):  # the wrong form: the field
        assert r.status_code in (400, 413) and body["rule"] is None and body.get("field"), body
    return body


session_requests = st.tuples(
    st.integers(0, 1000),  # which session
    st.sampled_from(["steps", "undo", "show", "record", "scenario", "replay", "missing"]),
    st.sampled_from(["mine", "mine", "mine", "room", "garbage", "long"]),  # whose id
    st.one_of(st.fixed_dictionaries({}, optional={"step": st.one_of(steps, values), "index": maybe(numbers)}),
              raw_bodies),
    st.fixed_dictionaries({}, optional={"lang": langs, "step": st.one_of(texts, st.integers(-2, 50).map(str)),
                                        "seat": st.one_of(texts, st.integers(-2, 5).map(str))}),
    st.integers(0, 1000),  # which offered action, for a well-formed step
    st.booleans(),  # send the session's own index
    st.booleans(),  # play an offered action
)


@FUZZ
@given(session_requests)
def _session_case(tables, case):
    which, route, whose, body, query, pick, right_index, offered = case
    session = tables.sessions[which % len(tables.sessions)]
    sid = {"mine": session["session"]["id"], "room": tables.room, "garbage": "nope",
           "long": "x" * 2000}[whose]
    sid = quote(sid, safe="", errors="surrogatepass")
    index, _, decision = tables.show(session["session"]["id"])
    if isinstance(body, dict):
        if right_index:
            body = {**body, "index": index}
        if offered and decision and decision["actions"] and route == "steps":
            body = {"step": decision["actions"][pick % len(decision["actions"])], "index": index}
    before = tables.rows()
    http = tables.server.http
    path = f"/api/companion/{sid}" + {"show": "", "missing": "/nothing"}.get(route, f"/{route}")
    if route in ("steps", "undo"):
        try:
            content = json.dumps(body).encode() if isinstance(body, dict) else body
        except (UnicodeEncodeError, ValueError):
            return
        r = http.post(path, params={k: v for k, v in query.items() if k == "lang"}, content=content,
                      headers={"content-type": "application/json"})
    else:
        try:
            r = http.get(path, params=query)
        except UnicodeEncodeError:
            return
    error = check_error(r)
    if error is not None or route not in ("steps", "undo"):
        assert tables.rows() == before, f"{route} {error} changed the database"
    http.get("/api/companion").raise_for_status()  # the lobby still answers


def test_fuzz_companion_sessions(tables):
    _session_case(tables)


create_bodies = st.one_of(
    st.fixed_dictionaries({"game": st.one_of(st.sampled_from(GAMES), texts)}, optional={
        "config": st.one_of(values, st.fixed_dictionaries({}, optional={
            "players": st.one_of(numbers, texts), "characters": maybe(st.lists(texts, max_size=3))})),
        "seed": maybe(numbers), "name": maybe(texts), "extra": values}),
    st.dictionaries(texts, values, max_size=4))


@FUZZ
@given(st.one_of(create_bodies.map(lambda b: ("json", b)), raw_bodies.map(lambda b: ("raw", b))), langs)
def _create_case(tables, case, lang):
    kind, body = case
    try:
        content = json.dumps(body).encode() if kind == "json" else body
    except (UnicodeEncodeError, ValueError):
        return
    before = tables.rows()
    try:
        r = tables.server.http.post("/api/companion", params={"lang": lang}, content=content,
                                    headers={"content-type": "application/json", **OWNER})
    except UnicodeEncodeError:
        return
    if check_error(r) is not None:
        assert tables.rows() == before, "a refused session was stored"
    else:
        assert r.status_code == 201
        sid = r.json()["session"]["id"]
        assert any(s["id"] == sid for s in tables.server.http.get("/api/companion", headers=OWNER).json()["sessions"])


def test_fuzz_companion_create(tables):
    _create_case(tables)


read_paths = st.one_of(
    st.builds(lambda game, lang: f"/api/games/{quote(game, safe='', errors='surrogatepass')}/rules/{quote(lang, safe='', errors='surrogatepass')}",
              st.one_of(st.sampled_from(GAMES), texts), langs),
    st.builds(lambda game, lang: f"/api/texts/{quote(game, safe='', errors='surrogatepass')}/{quote(lang, safe='', errors='surrogatepass')}",
              st.one_of(st.sampled_from(GAMES), texts), langs),
    st.builds(lambda q: f"/api/games?status={quote(q, safe='', errors='surrogatepass')}", texts),
)


@FUZZ
@given(read_paths)
def _read_case(tables, path):
    before = tables.rows()
    try:
        r = tables.server.http.get(path)
    except (UnicodeEncodeError, ValueError):  # not a URL the client can send
        return
    check_error(r)
    assert tables.rows() == before


def test_fuzz_reading_routes(tables):
    _read_case(tables)


# -- corrections that know the game: paths of the session's own scenario -------------------
#
# The corrections above are of every form, mostly wrong; these take the paths a session's
# position really has (its scenario, as ``GET .../scenario`` writes it) and set them to
# values near and far from their own: a count one more or one less, a number far out of any
# bound, another key's value, a text, nothing. Whatever the answer, never a 5xx; a refusal
# changes nothing; an accepted correction leaves a session that still shows, and whose
# offered actions are answered (played, or refused by a rule), never a 5xx.


def scenario_leaves(data: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """(path, value) of every leaf of scenario data, in the corrections' path form."""
    out: list[tuple[str, Any]] = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else []
    for key, value in items:
        path = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, (dict, list)) and value:
            out += scenario_leaves(value, path)
        else:
            out.append((path, value))
    return out


FAR = [-1, 0, 10**6, 100_000, 100_001, -10**9, 1e30, 0.5, "1", True, "", "0,0", "99,99", "N", None]

# The draws are the same whatever the session holds (hypothesis replays a case by its draws,
# and a session's position changes from case to case): which leaf, which verb, how to change.
correction_draws = st.tuples(st.integers(0, 10**6), st.sampled_from(["set", "set", "set", "del", "add", "take", "swap"]),
                             st.sampled_from(["near", "near", "far", "other", "text"]), st.integers(-3, 3),
                             st.integers(0, len(FAR) - 1), st.integers(0, 10**6), st.text(max_size=6))


def correction(leaves: list[tuple[str, Any]], draw: tuple) -> str:
    which, verb, how, delta, far, other, text = draw
    path, value = leaves[which % len(leaves)]
    parent = path.rsplit(".", 1)[0] if "." in path else path
    if how == "far":
        new = FAR[far]
    elif how == "other":
        new = leaves[other % len(leaves)][1]
    elif how == "text":
        new = text
    elif isinstance(value, bool):
        new = not value
    elif isinstance(value, int):
        new = value + delta
    elif isinstance(value, str):
        new = value[:-1] if delta < 0 else value + "x" if delta > 0 else value
    else:
        new = FAR[far]
    if verb == "del":
        return f"edit del {path}"
    if verb == "add":  # onto the list that holds the leaf
        return f"edit add {parent} {json.dumps(new)}"
    if verb == "take":
        return f"edit take {parent} {json.dumps(value if isinstance(value, str) else str(value))}"
    return f"edit {verb} {path} {json.dumps(new)}"


def session_leaves(tables, sid: str) -> list[tuple[str, Any]]:
    import tomllib

    r = tables.server.http.get(f"/api/companion/{sid}/scenario")
    if r.status_code != 200:  # a game that writes no scenario: nothing to correct by path
        check_error(r)
        return []
    return [leaf for leaf in scenario_leaves(tomllib.loads(r.text)) if not leaf[0].startswith(("game", "rng"))]


@FUZZ
@given(st.integers(0, 1000), correction_draws)
def _correction_case(tables, which, draw):
    sid = tables.sessions[which % len(tables.sessions)]["session"]["id"]
    leaves = session_leaves(tables, sid)
    if not leaves:
        return
    index, _, _ = tables.show(sid)
    step = correction(leaves, draw)
    before = tables.rows()
    r = tables.server.http.post(f"/api/companion/{sid}/steps", json={"step": step, "index": index})
    if check_error(r) is not None:
        assert tables.rows() == before, f"the refused {step!r} changed the database"
        return
    # accepted: the session still shows, and its offered actions are answered
    index, _, decision = tables.show(sid)
    for action in (decision or {}).get("actions", [])[:3]:
        answer = tables.server.http.post(f"/api/companion/{sid}/steps", json={"step": action, "index": index})
        check_error(answer)
        if answer.status_code == 200:
            check_error(tables.server.http.post(f"/api/companion/{sid}/undo", json={"index": index + 1}))
    check_error(tables.server.http.post(f"/api/companion/{sid}/steps", json={"step": "decide", "index": index}))
    tables.show(sid)


def test_fuzz_companion_corrections(tables):
    _correction_case(tables)


# -- two processes: the same routes with the sessions shared between two server processes -----


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def two_processes(request, pg_admin_url, tmp_path_factory):
    folder = str(tmp_path_factory.mktemp("two"))
    server = ServerProcess(new_database(request.param, pg_admin_url, folder), folder, processes=2)
    try:
        yield Tables(server)
    finally:
        server.kill()


def test_fuzz_companion_sessions_on_two_processes(two_processes):
    _session_case(two_processes)


def test_fuzz_companion_corrections_on_two_processes(two_processes):
    _correction_case(two_processes)
