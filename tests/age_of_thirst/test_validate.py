"""A state loaded from JSON is checked field by field: what the engine could not play on
is refused with one RuleError naming the field, and nothing is loaded."""

from __future__ import annotations

import copy

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.state_check import StateError
from wasteland.games.age_of_thirst.game import GAME


@pytest.fixture(scope="module")
def mid_game():
    """A three-player game 200 actions in: troops on the board, water, cards in hand."""
    s = GAME.new_game({"players": 3}, 1)
    for i in range(200):
        d = GAME.decision(s)
        GAME.apply_in_place(s, d.actions[(i * 7919) % len(d.actions)])
    data = GAME.to_json(s)
    assert data["pieces"] and GAME.to_json(GAME.from_json(data)) == data
    return data


def _set(key, value):
    return lambda j: j.__setitem__(key, value)


CASES = [
    ("off-board piece", lambda j: j["pieces"].append([999, 0, "skinny"]), "pieces[", "off the board"),
    ("negative hex", lambda j: j["pieces"].__setitem__(0, [-1, 0, "skinny"]), "pieces[0].hex", "off the board"),
    ("two pieces on a hex", lambda j: j["pieces"].append(list(j["pieces"][0])), "pieces[", "holds two pieces"),
    ("piece of a missing seat", lambda j: j["pieces"][0].__setitem__(1, 3), "pieces[0].seat", "no seat 3"),
    ("unknown troop kind", lambda j: j["pieces"][0].__setitem__(2, "dragon"), "pieces[0].kind", "unknown troop kind"),
    ("current seat", _set("current", 7), "current", "no seat 7 in a game of 3"),
    ("bool for a seat", _set("current", True), "current", "no seat True"),
    ("unknown phase", _set("phase", "lunch"), "phase", "unknown phase 'lunch'"),
    ("missing field", lambda j: j.pop("water"), "water", "missing"),
    ("water per seat", lambda j: j["water"].pop(), "water", "must have 3 entries"),
    ("negative water", lambda j: j["water"].__setitem__(0, -4), "water[0]", "at least 0"),
    ("level", lambda j: j["levels"][1].__setitem__(0, 4), "levels[1][0]", "from 1 to 3"),
    ("Eye circle", lambda j: j["eye"].__setitem__(2, 9), "eye[2]", "from 0 to 3"),
    ("unknown ray-tower card", lambda j: j["hands"][0].append("joker"), "hands[0][", "unknown ray-tower card"),
    ("unknown source card", lambda j: j["source_deck"].append("lake"), "source_deck[", "unknown source card"),
    ("injection kind", lambda j: j["injections"][0].append(["regen1", "hedge"]), "injections[0][", "troop kind"),
    ("damage off any piece", lambda j: j["damage"].append([998, 1]), "damage[", "no piece on hex 998"),
    ("flipped empty hex", lambda j: j["done"].append(997), "done[", "no piece on hex 997"),
    ("acting empty hex", lambda j: j.__setitem__("acting", min(set(range(127)) - {p[0] for p in j["pieces"]})),
     "acting", "no troop on hex"),
    ("acting off the board", _set("acting", 996), "acting", "hex 996 is off the board"),
    ("unknown procedure", lambda j: j["stack"].append({"kind": "nap", "seat": 0}), "stack[", "unknown procedure"),
    ("procedure of a missing seat", lambda j: j["stack"].append({"kind": "hand", "seat": 5}), "stack[", "no seat 5"),
    ("colours", lambda j: j["colour"].__setitem__(1, j["colour"][0]), "colour", "different clan colours"),
    ("order", _set("order", [0, 0, 1]), "order", "every seat"),
    ("winner", _set("winners", [4]), "winners[0]", "no seat 4"),
    ("not a list", _set("pieces", 5), "pieces", "must be a list"),
    ("piece shape", lambda j: j["pieces"].append([1, 2]), "pieces[", "must be [hex, seat, kind]"),
]


@pytest.mark.parametrize("name, mutate, field, problem", CASES, ids=[c[0] for c in CASES])
def test_a_state_the_engine_cannot_play_on_is_refused_naming_the_field(mid_game, name, mutate, field, problem):
    data = copy.deepcopy(mid_game)
    mutate(data)
    with pytest.raises(RuleError) as info:
        GAME.from_json(data)
    err = info.value
    assert isinstance(err, StateError) and err.rule == "state"
    assert err.field.startswith(field) and problem in str(err)
    assert str(err).startswith(f"not an Age of Thirst state: {err.field}: ")


def test_a_refused_state_leaves_the_json_as_it_was(mid_game):
    data = copy.deepcopy(mid_game)
    data["phase"] = "lunch"
    before = copy.deepcopy(data)
    with pytest.raises(RuleError):
        GAME.from_json(data)
    assert data == before
