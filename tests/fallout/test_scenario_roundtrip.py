"""Any reachable Fallout state, written as a position and read back, is the same state
(docs/fallout-scenarios.md): random games of every player count, with the demo fight and
the table's fights, with the generator's chance and the table's, stopped at every kind
of decision (turns, which enemy acts next, equal routes, fights, a fifth agenda card)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.games.fallout.game import GAME
from wasteland.games.fallout.scenario import scenario_from_text

SPEC = get_spec("fallout")

# (players, fight, first_player, table chance)
CONFIGS = [
    (1, "demo", 0, False),
    (2, "table", 1, False),
    (3, "demo", 2, True),
    (4, "table", 0, True),
    (4, "demo", 3, False),
    (2, "demo", 0, True),
]


def _same_after_round_trip(state) -> None:
    text = SPEC.write_scenario(state)
    back = scenario_from_text(text)
    assert GAME.to_json(back) == GAME.to_json(state), text
    d, e = GAME.decision(state), GAME.decision(back)
    assert (d is None) == (e is None)
    if d is not None:
        assert (d.seat, d.kind, d.actions, d.rule) == (e.seat, e.kind, e.actions, e.rule)


def _fight_result(state, choose):
    """A table's fight result that keeps the survivor on the board most of the time."""
    seat = GAME.decision(state).seat
    h, r = state.health[seat], state.radiation[seat]
    return f"result {max(r + 1, h - choose.randint(0, 2))} {r} {choose.choice(('stands', 'defeated'))}"


@pytest.mark.parametrize("number", range(len(CONFIGS)))
def test_reachable_states_round_trip(number):
    players, fight, first, table = CONFIGS[number]
    seed = 11 + 5 * number
    state = GAME.new_game({"players": players, "fight": fight, "first_player": first, "turn_limit": 120}, seed)
    if table:
        state = GAME.with_table_chance(state)
    choose = random.Random(seed)
    kinds = set()
    for step in range(700):
        d = GAME.decision(state)
        if d is None:
            break
        if d.kind != "turn" or step % 7 == 0 or d.kind not in kinds:
            _same_after_round_trip(state)
        kinds.add(d.kind)
        action = _fight_result(state, choose) if d.kind == "fight" else choose.choice(d.actions)
        state, _ = GAME.apply(state, action)
    _same_after_round_trip(state)
    assert len(kinds) >= 2, kinds  # the sample stopped inside round ends too


def test_every_kind_of_decision_was_written_somewhere():
    """Over the sampled games the writer met every procedure the rules stop in."""
    met = set()
    for players, fight, first, table in CONFIGS:
        state = GAME.new_game({"players": players, "fight": fight, "first_player": first, "turn_limit": 120}, 3)
        if table:
            state = GAME.with_table_chance(state)
        choose = random.Random(players * 31 + first)
        while (d := GAME.decision(state)) is not None:
            met.add(d.kind)
            if d.kind != "turn":
                _same_after_round_trip(state)
            action = _fight_result(state, choose) if d.kind == "fight" else choose.choice(d.actions)
            state, _ = GAME.apply(state, action)
    assert {"turn", "order", "fight", "chance"} <= met, met


def test_a_finished_game_round_trips():
    state = GAME.new_game({"players": 2}, 5)
    choose = random.Random(5)
    while GAME.decision(state) is not None:
        state, _ = GAME.apply(state, choose.choice(GAME.decision(state).actions))
    assert state.over
    _same_after_round_trip(state)


def test_a_table_map_round_trips():
    state = scenario_from_text("""
game = "fallout"
seed = 4
[map]
name = "our table"
start = "a"
quests = ["c"]
markers = ["c"]
[[map.space]]
id = "a"
adjacent = ["b", "c"]
[[map.space]]
id = "b"
adjacent = ["c"]
[[map.space]]
id = "c"
[[survivor]]
space = "a"
health = 8
[[enemy]]
type = "ghoul"
space = "c"
""")
    choose = random.Random(4)
    for _ in range(60):
        _same_after_round_trip(state)
        d = GAME.decision(state)
        if d is None:
            break
        state, _ = GAME.apply(state, choose.choice(d.actions))
    assert "[[map.space]]" in SPEC.write_scenario(state)


def test_a_written_position_names_its_parts_in_the_tables_words():
    """Hand-written case: the first player, the enemies by id, the survivors counted from 1."""
    state = GAME.new_game({"players": 2, "fight": "table", "first_player": 1}, 2)
    data = tomllib.loads(SPEC.write_scenario(state))
    assert data["first"] == 2 and data["config"] == {"first_player": 2}
    assert data["state"]["current"] == 2 and data["state"]["order"] == [1, 2]
    assert [e["id"] for e in data["enemy"]] == sorted(state.enemies)
    assert len(data["agenda"]["deck"]) == len(state.deck) and data["procedure"] == []


def test_an_enemy_added_without_an_id_takes_the_next_number_of_its_type():
    state = GAME.new_game({"players": 1}, 2)
    text = SPEC.write_scenario(state) + '\n[[enemy]]\ntype = "mole_rat"\nspace = "vault_gate"\n'
    taken = [int(e.split("#")[1]) for e in state.enemies if e.startswith("mole_rat#")]
    back = scenario_from_text(text)
    assert back.enemies[f"mole_rat#{max(taken) + 1}"] == ("mole_rat", "vault_gate", True)


@pytest.mark.parametrize("change, field", [
    ('s/^rng = .*$/rng = "xyz"/', "state.rng"),
    ("s/^order = .*$/order = [1, 1]/", "state.order"),
    ('s/^id = "mole_rat#1"$/id = "ghoul#1"/', ".id: an id reads mole_rat#<number>"),
    ("s/^turns = .*$/turns = 3\\nrevealed = \"a99\"/", "state.revealed"),
])
def test_a_broken_engine_part_is_refused_by_name(change, field):
    import re

    state = GAME.new_game({"players": 2}, 2)
    text = SPEC.write_scenario(state)
    pattern, new = change[2:-1].split("/", 1)
    broken = re.sub(pattern, new.replace("\\n", "\n"), text, count=1, flags=re.M)
    assert broken != text
    with pytest.raises(RuleError) as err:
        scenario_from_text(broken)
    assert field in err.value.message


def test_a_procedure_that_cannot_go_on_is_one_error_not_a_crash():
    state = GAME.new_game({"players": 2}, 2)
    text = SPEC.write_scenario(state).replace("procedure = []\n", "")
    for extra, field in (('[[procedure]]\nkind = "step"\nseat = 1\n', "procedure 1"),
                         ('[[procedure]]\nkind = "fight"\nseat = 1\nenemy = "nobody#1"\nby = "enemy"\n',
                          "procedure 1.enemy"),
                         ('[[procedure]]\nkind = "dance"\nseat = 1\n', "procedure 1.kind")):
        with pytest.raises(RuleError) as err:
            scenario_from_text(text + "\n" + extra)
        assert field in err.value.message


def test_every_part_of_the_state_has_its_position_key():
    """A part added to State must get a position key (and a line in the docs)."""
    from wasteland.games.fallout.scenario_write import STATE_PARTS
    from wasteland.games.fallout.state import State

    assert set(STATE_PARTS) == set(State.__slots__) - {"_decision"}
    docs = (Path(__file__).parents[2] / "docs" / "fallout-scenarios.md").read_text(encoding="utf-8")
    for key in STATE_PARTS.values():
        for part in key.split(", "):
            last = part.split()[-1].strip("[]")
            assert f"`{last}" in docs or f"[{last}" in docs, key


def test_procedures_without_the_engines_state_are_refused():
    """[[procedure]] and [chance] belong to a complete position: without [state] they would
    be dropped, so the reader says so."""
    for extra in ('[[procedure]]\nkind = "turn_over"\nseat = 1\n', '[chance]\nmode = "table"\n'):
        with pytest.raises(RuleError) as err:
            scenario_from_text('game = "fallout"\n' + extra)
        assert "[state]" in err.value.message
