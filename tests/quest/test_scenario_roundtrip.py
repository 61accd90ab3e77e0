"""Any reachable quest state, written as a position and read back, is the same state
(docs/quest-scenarios.md): random quests of 1-4 heroes, with the generator's chance and
the table's, stopped at every kind of decision (activations, tile and gate placement,
deployment, the event roll and its picks)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.games.quest.game import GAME
from wasteland.games.quest.scenario import scenario_from_text

SPEC = get_spec("quest")

# (players, table chance)
CONFIGS = [(1, False), (2, True), (3, False), (4, True), (2, False), (1, True)]


def _same_after_round_trip(state) -> None:
    text = SPEC.write_scenario(state)
    back = scenario_from_text(text)
    assert GAME.to_json(back) == GAME.to_json(state), text
    d, e = GAME.decision(state), GAME.decision(back)
    assert (d is None) == (e is None)
    if d is not None:
        assert (d.seat, d.kind, d.actions, d.rule) == (e.seat, e.kind, e.actions, e.rule)


def _games():
    for number, (players, table) in enumerate(CONFIGS):
        seed = 7 + 3 * number
        state = GAME.new_game({"players": players, "round_limit": 12}, seed)
        if table:
            state = GAME.with_table_chance(state)
        yield number, state, random.Random(seed)


@pytest.mark.parametrize("number", range(len(CONFIGS)))
def test_reachable_states_round_trip(number):
    _, state, choose = list(_games())[number]
    kinds = set()
    for step in range(500):
        d = GAME.decision(state)
        if d is None:
            break
        if d.kind != "hero" or step % 6 == 0 or d.kind not in kinds:
            _same_after_round_trip(state)
        kinds.add(d.kind)
        state, _ = GAME.apply(state, choose.choice(d.actions))
    _same_after_round_trip(state)
    assert len(kinds) >= 2, kinds  # the sample stopped outside activations too


def test_the_sample_meets_the_tables_steps():
    """Over the sampled quests the writer met tile placement, deployment and the event die."""
    met = set()
    for _, state, choose in _games():
        while (d := GAME.decision(state)) is not None:
            met.add(d.kind)
            state, _ = GAME.apply(state, choose.choice(d.actions))
    assert {"hero", "place", "deploy", "chance"} <= met, met


def test_a_written_position_names_its_parts_in_the_tables_words():
    """Hand-written case: the start, with every part named and heroes counted from 1."""
    state = GAME.new_game({"players": 2}, 2)
    data = tomllib.loads(SPEC.write_scenario(state))
    assert data["state"]["phase"] == state.phase and data["tile"][0]["tile"] == state.quest.start_tile
    assert [h["zone"] for h in data["hero"]] == [h["zone"] for h in state.heroes]
    assert data["config"]["players"] == 2 and data["procedure"][0]["seat"] >= 1


def test_a_hand_written_position_reads_without_its_engine_parts():
    """The hand form: no [state] phase, the step sets the procedures. At the event step the
    die is thrown at once: by the table, the position then waits on it with no action
    behind it, and the position written from there reads back the same; or by the
    generator, and the round goes on."""
    s = scenario_from_text('game = "quest"\n[chance]\nmode = "table"\n[state]\nstep = "event"\n')
    pending = GAME.chance_pending(s)
    assert s.phase == "event" and (pending.action, pending.point.term) == ("", "event_die")
    back = scenario_from_text(SPEC.write_scenario(s))
    assert GAME.to_json(back) == GAME.to_json(s)
    assert GAME.to_json(GAME.apply(back, "chance 7")[0]) == GAME.to_json(GAME.apply(s, "chance 7")[0])
    s = scenario_from_text('game = "quest"\n[state]\nstep = "event"\n')
    assert s.chance is None and s.round == 2 and GAME.decision(s).kind == "hero"


@pytest.mark.parametrize("change, field", [
    (("phase = ", 'phase = "nap"\n#'), "state.phase"),
    (("rng = ", 'rng = "zz"\n#'), "state.rng"),
    (("track_pos = ", "track_pos = 99\n#"), "state.track_pos"),
    (("crisis_deck = ", 'crisis_deck = ["nope"]\n#'), "state.crisis_deck"),
])
def test_a_broken_engine_part_is_refused_by_name(change, field):
    state = GAME.new_game({"players": 2}, 2)
    text = SPEC.write_scenario(state)
    old, new = change
    assert old in text
    with pytest.raises(RuleError) as err:
        scenario_from_text(text.replace(old, new, 1))
    assert field in err.value.message


def test_a_procedure_that_cannot_go_on_is_one_error_not_a_crash():
    state = GAME.new_game({"players": 1}, 2)
    text = SPEC.write_scenario(state)
    for extra, field in (('[[procedure]]\nkind = "place"\nseat = 1\n', "procedure"),
                         ('[[procedure]]\nkind = "dance"\nseat = 1\n', "procedure[")):
        with pytest.raises(RuleError) as err:
            scenario_from_text(text.replace("procedure = []\n", "") + "\n" + extra)
        assert field in err.value.message


def test_every_part_of_the_state_has_its_position_key():
    from wasteland.games.quest.scenario_write import STATE_PARTS
    from wasteland.games.quest.state import State

    assert set(STATE_PARTS) == set(State.__slots__) - {"_decision", "_bf", "_bf_tag"}
    docs = (Path(__file__).parents[2] / "docs" / "quest-scenarios.md").read_text(encoding="utf-8")
    for key in STATE_PARTS.values():
        last = key.split()[-1].strip("[]")
        assert f"`{last}" in docs or f"[{last}" in docs, key


def test_a_hand_written_position_names_no_pending_chance():
    """A pending answer belongs to an engine's position (with [state] phase): refused by name."""
    text = ('game = "quest"\n[chance]\nmode = "table"\n[chance.pending]\naction = "end"\nanswers = []\n'
            '[chance.pending.point]\nwhat = "the event die"\noutcomes = ["1"]\nweights = [1]\nrule = "WQ-40.4"\n')
    with pytest.raises(RuleError) as err:
        scenario_from_text(text)
    assert "chance.pending" in err.value.message
