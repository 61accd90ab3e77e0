"""A state loaded from JSON is checked field by field: what the engine could not play on
is refused with one RuleError naming the field, and nothing is loaded."""

from __future__ import annotations

import copy

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.state_check import StateError
from wasteland.games.age_of_thirst.board import board
from wasteland.games.age_of_thirst.game import GAME


@pytest.fixture(scope="module")
def mid_game():
    """A three-player game 200 actions in: troops on the board, water, cards in hand."""
    return _mid_game({"players": 3})


def _mid_game(config):
    s = GAME.new_game(config, 1)
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
    ("procedure without its keys", _set("stack", [{"kind": "inject", "seat": 0}]), "stack[0].cards", "missing"),
    ("procedure with a stray key", _set("stack", [{"kind": "hand", "seat": 0, "count": 2}]), "stack[0]",
     "has no count"),
    ("procedure count", _set("stack", [{"kind": "towers", "seat": 0, "count": 9}]), "stack[0].count",
     "from 1 to 6"),
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


# -- the rulebook's limits on a position (validate.check_rules) ----------------------------

BOARD = board()


def _free(j, special=False):
    """Empty hexes of the position, ordinary ones unless ``special``."""
    taken = {p[0] for p in j["pieces"]}
    return [h for h in range(BOARD.size) if h not in taken and (special or h not in BOARD.special)]


def _fill(kind, total):
    """Seat 0 gets ``total`` tokens of ``kind`` on the board."""
    def mutate(j):
        have = sum(1 for _h, q, k in j["pieces"] if q == 0 and k == kind)
        for h in _free(j)[:total - have]:
            j["pieces"].append([h, 0, kind])
        j["pieces"].sort()
    return mutate


def _move_card(deck, card, to):
    """One ``card`` from its deck into ``to(j)`` (a list), so the counts stay right."""
    def mutate(j):
        j[f"{deck}_deck"].remove(card)
        to(j).append(card)
    return mutate


def _put(j, h, seat, kind):
    """``kind`` of ``seat`` on hex ``h``, instead of whatever stood there."""
    j["pieces"] = sorted([p for p in j["pieces"] if p[0] != h] + [[h, seat, kind]])
    j["damage"] = [d for d in j["damage"] if d[0] != h]
    j["done"] = [d for d in j["done"] if d != h]
    if j["acting"] == h:
        j["acting"] = None


def _hand_of_six(j):
    hand = j["hands"][0]
    while len(hand) < 6:
        card = j["tower_deck"].pop()
        hand.append(card)
    hand.sort()


def _damage_to_kill(j):
    h, seat, kind = next(p for p in j["pieces"] if p[2] != "hedge")
    j["damage"] = [[h, 1]]  # a troop has 1 health without regenerative injections


RULE_CASES = [
    ("an eleventh Skinny", _fill("skinny", 11), "pieces", "at most 10", "LO-6.1"),
    ("an eighth Handsome", _fill("handsome", 8), "pieces", "at most 7", "LO-6.2"),
    ("a sixth Smart", _fill("smart", 6), "pieces", "at most 5", "LO-6.3"),
    ("a sixteenth hedge", _fill("hedge", 16), "pieces", "at most 15", "LO-6.4"),
    ("a hedge on the Last Oasis", lambda j: _put(j, BOARD.centre, 1, "hedge"), "pieces[0,0]", "never grows",
     "LO-6.4"),
    ("a barred clan's troop on the Last Oasis", lambda j: (_put(j, BOARD.centre, 1, "skinny"),
                                                            j["eye"].__setitem__(1, 1),
                                                            j["barred"].__setitem__(1, True)),
     "pieces[0,0]", "barred", "LO-13.4"),
    ("a sixth card in hand", _hand_of_six, "hands[0]", "at most 5", "LO-11"),
    ("a damage card on a species card", _move_card("tower", "strike", lambda j: j["statuses"][1]),
     "statuses[1][", "damage card", "LO-11"),
    ("a source card twice", lambda j: j["source_discard"].append("dry"), "source_deck", "30 'dry'", "LO-9"),
    ("a bunker card lost", lambda j: j["bunker_deck"].remove("regen1"), "bunker_deck", "20 'regen1'", "LO-10"),
    ("a fourth pump", lambda j: j["pumps"].__setitem__(2, j["pumps"][2] + 4), "source_deck", "3 'pump'",
     "LO-9"),
    ("an Eye on the winning circle while the game goes on", lambda j: j["eye"].__setitem__(1, 3), "eye[1]",
     "0 to 2", "LO-13.1"),
    ("a bar outside a team game", lambda j: j["barred"].__setitem__(0, True), "barred[0]", "only a team game",
     "LO-13.4"),
    ("six troops bought in a turn", lambda j: j.update(phase="economic", bought=6), "bought", "at most 5",
     "LO-7.4"),
    ("damage as much as the health", _damage_to_kill, "damage[", "goes the moment", "LO-7.2"),
    ("winners of a game going on", lambda j: j.__setitem__("winners", [0]), "winners", "over", "LO-13"),
    ("the hand limit waiting in a tactical phase", lambda j: j.update(phase="tactical", bought=0,
                                                                       market_used=False,
                                                                       stack=[{"kind": "hand",
                                                                               "seat": j["current"]}]),
     "stack[0].kind", "economic phase", "LO-7.3"),
    ("another clan's extraction waiting", lambda j: j.update(phase="economic", done=[], acting=None,
                                                             stack=[{"kind": "bonus", "count": 1,
                                                                     "seat": (j["current"] + 1) % 3}]),
     "stack[0].seat", "current clan", "LO-7.3"),
    ("a placement in a turn", lambda j: j.update(stack=[{"kind": "place", "seat": 0, "left": [1, 0, 0],
                                                         "todo": 1, "skip_nearest": False}]),
     "stack[0].kind", "set-up", "LO-4"),
]


@pytest.mark.parametrize("name, mutate, field, problem, rule", RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_a_position_the_rules_forbid_is_refused_naming_the_rule(mid_game, name, mutate, field, problem, rule):
    data = copy.deepcopy(mid_game if "barred" not in name else _mid_game({"players": 4, "teams": "2x2"}))
    mutate(data)
    with pytest.raises(StateError) as info:
        GAME.from_json(data)
    err = info.value
    assert err.rule == rule, str(err)
    assert err.field.startswith(field) and problem in str(err), str(err)


def test_positions_of_random_games_keep_the_rules_limits():
    """Every position random play reaches passes the rule checks (none is refused that a
    game can reach): all game forms, team games included."""
    import random

    for config in ({"players": 2, "mode": "long"}, {"players": 3, "mode": "blitz"}, {"players": 4, "teams": "2x2"},
                   {"players": 5, "mode": "long"}):
        s = GAME.new_game({**config, "stall_turns": 100, "dead_end": True}, 4)
        rnd = random.Random(4)
        for step in range(1500):
            d = GAME.decision(s)
            if d is None:
                break
            if step % 10 == 0:
                assert GAME.to_json(GAME.from_json(GAME.to_json(s))) == GAME.to_json(s)
            GAME.apply_in_place(s, rnd.choice(d.actions))


def test_a_scenario_breaking_a_limit_names_its_own_key_and_the_rule():
    """The scenario reader holds the whole position to the same limits (check_rules) and
    names the key the writer wrote: a status card on the clan whose economic phase it is
    has expired already (LO-11)."""
    from wasteland.games.age_of_thirst.scenario import ScenarioError, scenario_from_text

    text = "\n".join(['game = "age-of-thirst"', "[state]", 'current = "red"', 'phase = "economic"',
                      "[[clan]]", 'colour = "red"', 'statuses = ["paralysis"]',
                      "[[piece]]", 'hex = "0,-3"', 'colour = "red"', 'kind = "skinny"'])
    with pytest.raises(ScenarioError) as info:
        scenario_from_text(text, "s.toml")
    assert info.value.rule == "LO-11"
    assert str(info.value).startswith("s.toml: [[clan]] red statuses: ")
    scenario_from_text(text.replace('phase = "economic"', 'phase = "tactical"'), "s.toml")
