"""core.chance on a bare holder of a generator: the generator's answers are the raw
calls' answers, the table's answers keep the generator in step, and every wrong answer
is refused citing the point's rule."""

from __future__ import annotations

import pytest

from wasteland.core import chance
from wasteland.core.chance import Answers, ChanceNeeded, ChancePoint, Pending, TableChance
from wasteland.core.protocol import RuleError
from wasteland.core.rng import randbelow, seed_state


class Holder:
    """What the chance functions need of a game state: its generator and its chance."""

    def __init__(self, seed: int = 7, answers: tuple[str, ...] | None = None) -> None:
        self.rng = seed_state(seed)
        self.chance = None if answers is None else Answers(answers)


def test_the_generator_answers_as_the_raw_calls_do_and_the_recorder_hears_it():
    raw, s = Holder(), Holder()
    deck = [3, 1, 4, 1, 5]
    with chance.recording() as heard:
        assert chance.draw(s, deck, "card", "T-1") == 5
        assert chance.roll(s, "die", 6, "T-2") == randbelow(raw, 6) + 1
        assert chance.pick(s, ["a", "b", "c"], "letter", "T-3") == ["a", "b", "c"][randbelow(raw, 3)]
    assert deck == [3, 1, 4, 1] and s.rng == raw.rng
    assert heard[0] == "5" and len(heard) == 3


def test_an_answered_draw_moves_the_card_to_the_top_and_keeps_the_rest_in_order():
    s = Holder(answers=("1",))
    deck = [3, 1, 4, 1, 5]
    before = s.rng
    assert chance.draw(s, deck, "card", "T-1") == 1
    assert deck == [3, 1, 4, 5]  # the uppermost 1 was taken
    assert s.rng == before


def test_answered_rolls_and_picks_advance_the_generator_as_the_generator_would():
    by_generator, at_table = Holder(), Holder(answers=("2", "c"))
    chance.roll(by_generator, "die", 6, "T-2")
    chance.pick(by_generator, ["a", "b", "c"], "letter", "T-3")
    assert chance.roll(at_table, "die", 6, "T-2") == 2
    assert chance.pick(at_table, ["a", "b", "c"], "letter", "T-3") == "c"
    assert at_table.rng == by_generator.rng


def test_the_next_point_without_an_answer_stops_the_action_with_the_point():
    s = Holder(answers=())
    with pytest.raises(ChanceNeeded) as stop:
        chance.draw(s, ["x", "y", "x"], "card of the road", "T-1")
    point = stop.value.point
    assert (point.what, point.outcomes, point.weights, point.rule) == ("card of the road", ("x", "y"), (2, 1), "T-1")
    assert point.probabilities() == (2 / 3, 1 / 3)
    d = point.decision()
    assert (d.seat, d.kind, d.actions, d.rule) == (chance.CHANCE_SEAT, "chance", ("chance x", "chance y"), "T-1")


def test_a_roll_offers_its_faces_in_their_order():
    with pytest.raises(ChanceNeeded) as stop:
        chance.roll(Holder(answers=()), "d12", 12, "T-2")
    assert stop.value.point.outcomes == tuple(str(n) for n in range(1, 13))


@pytest.mark.parametrize("answer", ["z", "", "7", "custom", "custom 1 2"])
def test_an_outcome_that_cannot_come_is_refused_citing_the_rule(answer):
    s = Holder(answers=(answer,))
    deck = ["x", "y"]
    with pytest.raises(RuleError) as exc:
        chance.draw(s, deck, "card", "T-9")
    assert exc.value.rule == "T-9" and deck == ["x", "y"]


def test_a_custom_entry_makes_the_card_and_takes_the_place_of_the_top_card():
    made: list[str] = []

    def make(_s, values: str) -> str:
        if not values.isdigit():
            raise RuleError("T-1", f"not a number: {values}")
        made.append(values)
        return f"custom-{values}"

    deck = ["x", "y"]
    with pytest.raises(RuleError):
        chance.draw(Holder(answers=("custom",)), deck, "card", "T-1", custom="<n>", make_custom=make)
    assert chance.draw(Holder(answers=("custom 42",)), deck, "card", "T-1", custom="<n>", make_custom=make) == "custom-42"
    assert deck == ["x"] and made == ["42"]


def test_the_table_chance_round_trips_through_json():
    point = ChancePoint("card", ("x", "y"), (2, 1), "T-1", "<n>")
    table = TableChance(Pending("move 1,2", 0, ("x",), point))
    assert TableChance.from_json(table.to_json()) == table
    assert TableChance.from_json(TableChance().to_json()) == TableChance()
    for bad in ({}, {"mode": "dice"}, {"mode": "table", "pending": {"action": "a"}},
                {"mode": "table", "pending": {**table.to_json()["pending"], "point": {**point.to_json(), "weights": [1]}}}):
        with pytest.raises((KeyError, TypeError, ValueError)):
            TableChance.from_json(bad)


def test_chance_answers_are_read_from_the_action():
    assert chance.parse_answer("chance d1-4") == "d1-4"
    assert chance.parse_answer("chance custom 1 2") == "custom 1 2"
    assert chance.parse_answer("chancey x") is None and chance.parse_answer("move 1") is None
