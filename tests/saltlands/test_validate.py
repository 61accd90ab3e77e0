"""A Saltlands state loaded from JSON is checked field by field: hexes, seats, card and
token instances, tiles, statuses and procedures; a bad one is one RuleError naming the field."""

from __future__ import annotations

import copy

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.state_check import StateError
from wasteland.games.saltlands.game import GAME


@pytest.fixture(scope="module")
def mid_game():
    """A three-player game with the expansion, 60 actions in: players on the board with
    cards, raiders about."""
    s = GAME.new_game({"players": 3, "expansion": True}, 1)
    for i in range(60):
        d = GAME.decision(s)
        GAME.apply_in_place(s, d.actions[(i * 7919) % len(d.actions)])
    data = GAME.to_json(s)
    assert data["raiders"] and data["players"][2]["hand"] and data["players"][0]["hex"] is not None
    assert GAME.to_json(GAME.from_json(data)) == data
    return data


def _set(key, value):
    return lambda j: j.__setitem__(key, value)


def _player(i, key, value):
    return lambda j: j["players"][i].__setitem__(key, value)


CASES = [
    ("player off the board", _player(0, "hex", 5000), "players[0].hex", "off the board"),
    ("player hex as text", _player(0, "hex", "1,2"), "players[0].hex", "off the board"),
    ("current seat", _set("current", 9), "current", "no seat 9 in a game of 3"),
    ("unknown card instance", lambda j: j["players"][1]["hand"].append(10**6), "players[1].hand[", "no card instance"),
    ("unknown vehicle", _player(2, "vehicle", -3), "players[2].vehicle", "no card instance -3"),
    ("unknown status", _player(1, "status", "sleepy"), "players[1].status", "unknown status 'sleepy'"),
    ("unknown character", _player(1, "character", "wizard"), "players[1].character", "unknown character"),
    ("seat out of order", _player(1, "seat", 2), "players[1].seat", "must be 1"),
    ("player missing", lambda j: j["players"].pop(), "players", "must have 3 entries"),
    ("player field missing", lambda j: j["players"][0].pop("cargo"), "players[0].cargo", "missing"),
    ("unknown tile", lambda j: j["tiles"].__setitem__(0, "moon"), "tiles[0]", "unknown tile 'moon'"),
    ("tile rotation", lambda j: j["rotation"].__setitem__(0, 6), "rotation[0]", "from 0 to 5"),
    ("token off the board", lambda j: j["tokens"].append([9999, 0]), "tokens[9999].hex", "off the board"),
    ("unknown token", lambda j: j["tokens"].append([3, 9999]), "tokens[3].token", "no token instance 9999"),
    ("unknown raider type", lambda j: j["raiders"].append([77, "ufo", 3, 1]), "raiders[77].type", "unknown raider type"),
    ("raider off the board", lambda j: j["raiders"].append([78, "truck", -1, 1]), "raiders[78].hex", "off the board"),
    ("unknown damage card", lambda j: j["damage_discard"].append("zap"), "damage_discard[", "unknown damage card"),
    ("unknown rumor card", lambda j: j["rumor_deck"].append("gossip"), "rumor_deck[", "unknown rumor card"),
    ("unknown marker colour", lambda j: j["markers"].__setitem__("pink", 1), "markers.pink", "unknown rumor marker"),
    ("wind direction", _set("wind_dir", 6), "wind_dir", "from 0 to 5"),
    ("unknown procedure", lambda j: j["stack"].append({"kind": "nap", "seat": 0}), "stack[", "unknown procedure"),
    ("procedure of a missing seat", lambda j: j["stack"].append({"kind": "discard", "seat": 3}), "stack[", "no seat 3"),
    ("winner", _set("winners", [5]), "winners[0]", "no seat 5"),
    ("missing field", lambda j: j.pop("supply"), "supply", "missing"),
    ("round", _set("round", 0), "round", "at least 1"),
    ("token shape", lambda j: j["tokens"].append([1]), "tokens[", "must be [hex, token]"),
]


@pytest.mark.parametrize("name, mutate, field, problem", CASES, ids=[c[0] for c in CASES])
def test_a_state_the_engine_cannot_play_on_is_refused_naming_the_field(mid_game, name, mutate, field, problem):
    data = copy.deepcopy(mid_game)
    mutate(data)
    with pytest.raises(RuleError) as info:
        GAME.from_json(data)
    err = info.value
    assert isinstance(err, StateError) and err.rule == "state"
    assert err.field.startswith(field) and problem in str(err), str(err)
    assert str(err).startswith(f"not a Saltlands state: {err.field}: ")


def test_saves_from_before_the_expansion_still_load(mid_game):
    data = copy.deepcopy(mid_game)
    for name in ("streak", "raid_hexes", "trades_used"):
        data.pop(name)
    assert GAME.from_json(data).trades_used == 0
