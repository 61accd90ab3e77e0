"""Any reachable Age of Thirst state, written as a position (scenario_write.to_text) and read
back, is the same state (docs/age-of-thirst-scenarios.md): random games of every player
count, form and team format, with and without the colour draw, with the generator's chance
and with the table's, sampled in the set-up, in both phases of a turn, inside procedures
(bunker cards to lay, the ray-tower hand limit, black-market bonus cards), at a pending
chance point and after the end."""

from __future__ import annotations

import random

import pytest

from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.scenario import scenario_from_text
from wasteland.games.age_of_thirst.scenario_write import STATE_PARTS, to_text
from wasteland.games.age_of_thirst.state import PLAIN as _PLAIN

CONFIGS = [
    {"players": 2},
    {"players": 2, "mode": "long", "draw": True},
    {"players": 3, "mode": "blitz"},
    {"players": 4, "teams": "2x2", "mode": "long"},
    {"players": 4, "draw": True, "stall_turns": 30, "dead_end": True},
    {"players": 5, "teams": "2x3"},
    {"players": 6, "teams": "3x3", "mode": "long"},
    {"players": 6, "teams": "2x2x2", "turn_limit": 12},
]


def same_after_round_trip(state) -> None:
    text = to_text(state)
    back = scenario_from_text(text, "written")
    assert GAME.to_json(back) == GAME.to_json(state), text
    d, e = GAME.decision(state), GAME.decision(back)
    assert (d is None) == (e is None)
    if d is not None:
        assert (d.seat, d.kind, d.actions) == (e.seat, e.kind, e.actions)


def test_every_part_of_the_state_has_its_key():
    assert set(STATE_PARTS) == set(_PLAIN) | {"pieces", "damage", "done", "ground", "chance", "static"}


@pytest.mark.parametrize("table", [False, True], ids=["generator", "table"])
@pytest.mark.parametrize("number", range(len(CONFIGS)))
def test_reachable_states_round_trip(number, table):
    config = CONFIGS[number]
    seed = 5 + 3 * number
    state = GAME.new_game(config, seed)
    if table:
        state = GAME.with_table_chance(state)
    choose = random.Random(seed)
    kinds, last = set(), None
    for step in range(500):
        d = GAME.decision(state)
        if d is None:
            break
        # every change of decision kind (set-up, phases, procedures, chance) and one step in seven
        if d.kind != last or step % 7 == 0:
            same_after_round_trip(state)
        kinds.add(d.kind)
        last = d.kind
        state, _ = GAME.apply(state, choose.choice(d.actions))
    same_after_round_trip(state)
    assert {"place", "tactical", "economic"} <= kinds, kinds
    assert ("chance" in kinds) == table


def test_a_finished_game_round_trips():
    state = GAME.new_game({"players": 3, "mode": "blitz"}, 1)
    choose = random.Random(1)
    while (d := GAME.decision(state)) is not None:
        state, _ = GAME.apply(state, choose.choice(d.actions))
    assert state.over and state.winners
    same_after_round_trip(state)


def _position(extra: str, phase: str, mode: str = "normal") -> str:
    return f"""
game = "age-of-thirst"
seed = 4
[config]
players = 2
mode = "{mode}"

[state]
turn = 3
current = "red"
phase = "{phase}"

[[clan]]
colour = "red"
water = 20
eye = 1
{extra}

[[piece]]
hex = "2,0"
colour = "red"
kind = "skinny"

[[piece]]
hex = "0,0"
colour = "red"
kind = "handsome"

[[piece]]
hex = "0,4"
colour = "blue"
kind = "smart"

[decks]
ray_tower_top = ["strike", "blast"]
bunker_discard = ["neuro1", "regen1", "anabolic"]
"""


def test_the_hand_limit_procedure_round_trips():
    """LO-11: a sixth ray-tower card (the Skinny on the ray tower 2,0 draws one) leaves the
    clan to play or discard the excess; the position waits on it, written and read back."""
    state = scenario_from_text(_position('hand = ["strike", "strike", "blast", "collapse", "paralysis"]',
                                         "tactical"), "hand")
    state, _ = GAME.apply(state, "end phase")
    d = GAME.decision(state)
    assert d.kind == "hand" and len(state.hands[0]) == 6
    same_after_round_trip(state)
    assert "kind = \"hand\"" in to_text(state)


def test_the_black_market_bonus_procedure_round_trips():
    """LO-10.2, LO-12: in the long form a clan holding the Last Oasis with its Eye on circle
    1 takes one more bunker card from the discard pile after buying there."""
    state = scenario_from_text(_position("", "economic", "long"), "bonus")
    state, _ = GAME.apply(state, "market neuro1 skinny")
    d = GAME.decision(state)
    assert d.kind == "bonus"
    same_after_round_trip(state)
    assert "kind = \"bonus\"" in to_text(state)


def test_a_pending_chance_point_round_trips():
    """At a table the position may be waiting for the card the table drew: written with
    [chance] and its pending action, read back the same, and answered the same."""
    state = GAME.with_table_chance(scenario_from_text(_position("", "tactical"), "chance"))
    state, _ = GAME.apply(state, "end phase")  # the Skinny on the ray tower draws: the table says which
    assert GAME.chance_pending(state) is not None
    same_after_round_trip(state)
    back = scenario_from_text(to_text(state), "written")
    answer = GAME.decision(state).actions[0]
    assert GAME.to_json(GAME.apply(back, answer)[0]) == GAME.to_json(GAME.apply(state, answer)[0])


def test_every_written_key_is_documented_and_the_example_loads():
    import tomllib
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "age-of-thirst-scenarios.md").read_text(encoding="utf-8")
    example = doc.split("```toml")[1].split("```")[0]
    assert GAME.decision(scenario_from_text(example, "doc")).kind == "tactical"
    state = scenario_from_text(_position('hand = ["strike", "strike", "blast", "collapse", "paralysis"]',
                                         "tactical"), "hand")
    state = GAME.apply(GAME.with_table_chance(state), "end phase")[0]
    written: set[str] = set()

    def walk(node):
        for key, value in node.items():
            written.add(key)
            for inner in value if isinstance(value, list) else [value]:
                if isinstance(inner, dict) and key not in ("levels", "left"):
                    walk(inner)

    walk(tomllib.loads(to_text(state)))
    placing = GAME.new_game({"players": 5, "teams": "2x3"}, 2)
    walk(tomllib.loads(to_text(GAME.apply(placing, GAME.decision(placing).actions[0])[0])))
    forms = ("`{}`", "[{}]", "[[{}]]", ".{}]")
    missing = sorted(k for k in written if not any(form.format(k) in doc for form in forms))
    assert not missing, missing


def test_a_table_writes_the_set_up_waiting_on_its_first_player():
    """A hand-written set-up (no generator written): the table is still to pick who starts
    (LO-4.5), so nobody has started and the first decision is that choice."""
    state = scenario_from_text('game = "age-of-thirst"\nseed = 2\n[config]\nplayers = 3\n[state]\nphase = "setup"\n'
                               '[[procedure]]\nkind = "first"\ncolour = "red"\n', "first")
    d = GAME.decision(state)
    assert d.kind == "first" and state.order == [] and state.turn == 0
    same_after_round_trip(state)


def _written(kind: str):
    """The written position of the first state of a random 2-player game that waits on
    ``kind`` (a decision kind), as TOML data."""
    import tomllib

    state = GAME.new_game({"players": 2}, 3)
    choose = random.Random(3)
    while GAME.decision(state).kind != kind:
        state, _ = GAME.apply(state, choose.choice(GAME.decision(state).actions))
    return tomllib.loads(to_text(state))


def _set(path: str, value):
    def change(data):
        node = data
        keys = [int(k) if k.isdecimal() else k for k in path.split(".")]
        for k in keys[:-1]:
            node = node[k]
        node[keys[-1]] = value
    return change


@pytest.mark.parametrize("kind, change, field, rule", [
    ("place", _set("state.rng", "not hex"), "[state] rng", "scenario"),
    ("place", _set("state.seats", ["blue", "red"]), "[state] seats", "LO-4.5"),
    ("place", _set("procedure.1.left", {"skinny": 6}), "[[procedure]] #2 left skinny", "LO-4.3"),
    ("place", _set("procedure.1.todo", 11), "[[procedure]] #2 todo", "LO-4.3"),
    ("place", _set("procedure.1.skip_nearest", True), "[[procedure]] #2 skip_nearest", "LO-13.5"),
    ("place", _set("procedure.0.kind", "first"), "[[procedure]]", "LO-4.3"),
    ("place", lambda data: data["procedure"].pop(0), "[[procedure]]", "LO-4.3"),
    ("first", lambda data: data["state"].update(first="red"), "[state] first", "LO-4.5"),
    ("place", _set("procedure.0.colour", "blue"), "[[procedure]] #1 colour", "LO-4.5"),
    ("place", lambda data: data["state"].update(phase="economic", turn=1), "[[procedure]] #1 kind", "LO-4.3"),
    ("place", _set("procedure.1", {"kind": "towers", "colour": "red", "count": 1}), "[[procedure]] #2 kind", "LO-11"),
    ("inject", _set("procedure.0.cards", []), "[[procedure]] #1 cards", "LO-10.1"),
    ("inject", _set("procedure.0.cards", ["regen1"] * 21), "[[procedure]] #1 cards", "LO-A"),
    ("inject", _set("procedure.0.colour", "blue"), "[[procedure]] #1 colour", "LO-10.1"),
    ("inject", _set("procedure.0.kind", "bonus"), "[[procedure]] #1", "scenario"),
    ("inject", lambda data: data["state"].update(phase="tactical", bought=0, market_used=False), "[[procedure]]",
     "LO-7.1"),
    ("inject", _set("state.over", True), "[[procedure]]", "LO-13"),
    ("tactical", _set("state.winners", ["red"]), "[state] winners", "LO-13"),
    ("tactical", _set("state.phase", "setup"), "[state] turn", "LO-4"),
    ("tactical", _set("procedure", [{"kind": "hand", "colour": "red"}]), "[[procedure]]", "LO-7.1"),
    ("economic", _set("procedure", [{"kind": "bonus", "colour": "red", "count": 3}]), "[[procedure]] #1 count",
     "LO-10.2"),
])
def test_each_engine_part_is_checked_against_the_rules(kind, change, field, rule):
    """Every key the writer adds is refused by name, and by the rule a wrong value breaks."""
    from wasteland.core.protocol import RuleError
    from wasteland.core.toml_text import dumps

    data = _written(kind)
    change(data)
    with pytest.raises(RuleError) as err:
        scenario_from_text(dumps(data), "w.toml")
    assert str(err.value).startswith(f"w.toml: {field}") and err.value.rule == rule, str(err.value)


def test_a_clan_still_placing_has_room_on_its_base():
    """LO-4.3: the starting troops go on the clan's own base; a correction that fills it
    with other tokens while the clan still places is refused by that rule."""
    from wasteland.core.protocol import RuleError
    from wasteland.core.toml_text import dumps

    data = _written("place")
    placing = data["procedure"][-1]
    board = GAME.new_game({"players": 2}, 0).board
    taken = {p["hex"] for p in data["piece"]}
    free = [board.names[h] for h in board.base[placing["colour"]] if board.names[h] not in taken]
    other = next(c["colour"] for c in data["clan"] if c["colour"] != placing["colour"])
    data["piece"] += [{"hex": h, "colour": other, "kind": "hedge"} for h in free[:len(free) - placing["todo"] + 1]]
    with pytest.raises(RuleError) as err:
        scenario_from_text(dumps(data), "w.toml")
    assert err.value.rule == "LO-4.3" and "[[procedure]] #" in str(err.value) and "has room for" in str(err.value)
