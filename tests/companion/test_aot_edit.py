"""Corrections of an Age of Thirst table, garbage or not, through the companion's generic
edit steps: each gives a position or one refusal, a field for a correction of the wrong
form or an anchor of the rulebook (spec.is_anchor) for a position the rules forbid, and the
state it started from is unchanged."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.server.companion_edit import EditError, apply_edit, scenario_data

SPEC = get_spec("age-of-thirst")


def _in_play():
    """A two-clan table's position in the middle of its second turn, with the table's chance."""
    g = SPEC.engine
    state = g.with_table_chance(g.new_game({"players": 2, "mode": "long"}, 4))
    pick = random.Random(4)
    while state.turn < 2 or g.decision(state).kind == "chance":
        state, _ = g.apply(state, pick.choice(g.decision(state).actions))
    return state


STATE = _in_play()
_PATHS = st.sampled_from(["piece", "piece.0", "piece.0.hex", "piece.3.kind", "piece.1.damage", "clan.0.water",
                          "clan.1.eye", "clan.0.levels.hedge", "clan.0.hand", "clan.1.injections", "clan.0.pumps",
                          "state.phase", "state.current", "state.first", "state.seats", "state.over", "state.rng",
                          "decks", "decks.bunker_discard", "decks.ray_tower_top", "procedure", "chance", "config.mode"])
_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) |
                       st.sampled_from(["0,0", "-1,-2", "6,-5", "red", "blue", "white", "skinny", "hedge", "strike",
                                        "pump", "regen1", "economic", "setup", "bonus", "$taken", "pump#*", ""]),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                           st.sampled_from(["hex", "colour", "kind", "count"]), inner, max_size=3), max_leaves=6)
_OPS = st.lists(st.tuples(st.sampled_from(["set", "add", "del", "put", "take", "swap"]), _PATHS, _VALUES),
                min_size=1, max_size=3)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=_OPS)
def test_any_correction_applies_or_is_one_refusal(ops):
    g = SPEC.engine
    before = g.to_json(STATE)
    try:
        after, event = apply_edit(SPEC, STATE, f"edit {json.dumps([list(op) for op in ops])}")
    except EditError as exc:
        assert exc.field and exc.message and not exc.rule
    except RuleError as exc:
        assert SPEC.is_anchor(exc.rule) and exc.message, (ops, exc.rule, exc.message)
    else:
        assert event["type"] == "correction"
        g.decision(after)
        g.view(after, None)
        again = SPEC.load_scenario(SPEC.write_scenario(after), "again")
        assert g.to_json(again) == g.to_json(after)
    assert g.to_json(STATE) == before


def test_a_card_moved_by_a_correction_is_never_in_two_places():
    """LO-A: a Strike laid in red's hand comes out of the deck; naming more copies of a card
    than the game has (six Paralysis cards laid on blue; the game has five) is refused by
    that rule."""
    g = SPEC.engine
    after, _ = apply_edit(SPEC, STATE, 'edit [["take", "decks", "strike"], ["add", "clan.0.hand", "$taken"]]')
    assert g.view(after, 0)["players"][0]["hand_size"] == len(STATE.hands[0]) + 1
    assert len(after.tower_deck) + len(after.tower_discard) == len(STATE.tower_deck) + len(STATE.tower_discard) - 1
    try:
        apply_edit(SPEC, STATE, f"edit set clan.1.statuses {json.dumps(['paralysis'] * 6)}")
    except RuleError as exc:
        assert exc.rule == "LO-A" and "the game has 5" in exc.message, (exc.rule, exc.message)
    else:
        raise AssertionError("a card named more often than the game has it was accepted")
