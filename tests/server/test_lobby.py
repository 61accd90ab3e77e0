"""The lobby knows no game: ``GET /api`` lists every installed game's spec, creating a game
checks its options through the spec, seats take the bots of their own game, and each
game's browser files are served from its own package. Every case iterates the registry,
so a newly registered game is covered too (SQLite only: nothing here touches the store's
SQL beyond creating games)."""

from __future__ import annotations

import pytest

from srvtest import LiveServer

from wasteland.agents.registry import bot_names
from wasteland.core.registry import registered_games

SPECS = registered_games()


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = LiveServer(str(tmp_path_factory.mktemp("lobby") / "lobby.db")).start()
    yield server
    server.stop()


def test_api_lists_every_spec_with_its_seat_bots_and_page_files(live):
    info = live.http.get("/api").json()
    assert info["games"] == list(SPECS)
    by_name = {s["name"]: s for s in info["specs"]}
    assert list(by_name) == list(SPECS)
    for name, spec in SPECS.items():
        listed = by_name[name]
        assert listed["title"] == spec.title and listed["min_players"] == spec.min_players
        assert [o["name"] for o in listed["options"]] == [o.name for o in spec.options]
        assert [b["name"] for b in listed["seat_bots"]] == list(bot_names(spec))
        assert all(b["description"] for b in listed["seat_bots"])
        assert listed["default_bot"] in bot_names(spec)
        web = listed["web"]
        assert (web["board"] is not None) == bool(spec.web_board)
        if web["board"]:
            module = live.http.get(web["board"])
            assert module.status_code == 200 and "javascript" in module.headers["content-type"]
            assert "export function renderBoard" in module.text
        if web["texts"]:
            texts = live.http.get(web["texts"] + "en.json")
            assert texts.status_code == 200 and isinstance(texts.json(), dict) and texts.json()


def test_game_files_stay_inside_the_game_package(live):
    for name in SPECS:
        for path in (f"/games/{name}/../../server/API.md", f"/games/{name}/%2e%2e/spec.py",
                     f"/games/{name}/i18n/../../spec.py", f"/games/{name}/no-such-file.js"):
            r = live.http.get(path)
            assert r.status_code == 404, (path, r.status_code)
    assert live.http.get("/games/no-such-game/board.js").status_code == 404


def _bad_value(kind: str):
    return {"int": "many", "choice": "no-such-value", "bool": "perhaps", "names": ["no-such-name"],
            "seats": "no-such-list"}[kind]


@pytest.mark.parametrize("name", list(SPECS))
def test_a_bad_option_gets_400_naming_the_option_and_its_rule(live, name):
    spec = SPECS[name]
    checked = 0
    for option in spec.options:
        body = {"game": name, option.name: _bad_value(option.kind)}
        r = live.http.post("/api/games", json=body)
        assert r.status_code == 400, (option.name, r.text)
        error = r.json()
        assert error["code"] == "bad_config", error
        assert error["rule"], error  # the rule (or "config" for a bound that is no rulebook's)
        assert error["error"].startswith(option.name) and error["rule"] == (option.rule or "config"), error
        checked += 1
    assert checked
    # an option the game does not have at all is refused too, by name
    r = live.http.post("/api/games", json={"game": name, "no_such_option": 1})
    assert r.status_code == 400 and "no_such_option" in r.json()["error"], r.text
    # the whole config object instead of the fields: the same check
    r = live.http.post("/api/games", json={"game": name, "config": {"no_such_option": 1}})
    assert r.status_code == 400 and r.json()["code"] == "bad_config", r.text


def test_without_a_game_name_the_first_listed_game_is_created(live):
    first = next(iter(SPECS.values()))
    r = live.http.post("/api/games", json={"players": first.min_players})
    assert r.status_code == 201 and r.json()["game"]["game"] == first.name, r.text
    assert live.http.get("/api").json()["specs"][0]["name"] == first.name


@pytest.mark.parametrize("name", list(SPECS))
def test_seats_take_the_bots_of_their_own_game(live, name):
    spec = SPECS[name]
    players = max(spec.min_players, 2) if spec.max_players >= 2 else 1
    for bot in bot_names(spec):
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot}] * (players - 1) if players > 1 else [bot]
        r = live.http.post("/api/games", json={"game": name, "players": players, "seats": seats, "seed": 1})
        assert r.status_code == 201, (bot, r.text)
    # a bot of another game only (or of none) is refused, naming the bots this game has
    foreign = {b for other in SPECS.values() for b in bot_names(other)} - set(bot_names(spec))
    for bot in sorted(foreign) + ["no-such-bot"]:
        r = live.http.post("/api/games", json={"game": name, "players": players,
                                               "seats": [{"kind": "bot", "bot": bot}] * players})
        assert r.status_code == 400 and bot in r.json()["error"], r.text
        assert all(b in r.json()["error"] for b in bot_names(spec))
    # a seat without a bot name gets the game's default bot
    r = live.http.post("/api/games", json={"game": name, "players": players, "seats": [{"kind": "bot"}] * players})
    assert r.status_code == 201 and {s["bot"] for s in r.json()["game"]["seats"]} == {spec.default_bot}
