"""Refusals name the rule the refused option breaks, with a reason of its own (LO-10.1,
LO-10.2): not a generic "not one of the options"."""

from __future__ import annotations

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.age_of_thirst.game import GAME

from aottest import play, position, seat


def refused(s, action: str) -> RuleError:
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, action)
    assert GAME.to_json(s) == before, "a refusal changes nothing"
    assert "is not one of the options" not in err.value.message, "a generic answer"
    return err.value


def drawn_bunker_card():
    s = position({"0,-4": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.bunker_deck = ["regen1"] * 3
    play(s, "end phase")
    assert GAME.decision(s).kind == "inject"
    return s


def test_a_bunker_card_on_a_hedge_names_lo_10_1():
    err = refused(drawn_bunker_card(), "inject regen1 hedge")
    assert err.rule == "LO-10.1" and "hedge" in err.message


def test_laying_a_card_that_was_not_drawn_names_lo_10_1():
    err = refused(drawn_bunker_card(), "inject anabolic skinny")
    assert err.rule == "LO-10.1" and "anabolic" in err.message


def test_the_black_market_with_an_empty_discard_pile_names_lo_10_2():
    s = position({"3,3": ("blue", "skinny")}, turn="red", phase="economic", water={"red": 20})
    s.bunker_discard = []
    s.touch()
    err = refused(s, "market regen1 skinny")
    assert err.rule == "LO-10.2" and "empty" in err.message


def test_buying_a_card_that_is_not_in_the_discard_pile_names_lo_10_2():
    s = position({"3,3": ("blue", "skinny")}, turn="red", phase="economic", water={"red": 20})
    s.bunker_discard = ["neuro1"]
    s.touch()
    err = refused(s, "market anabolic skinny")
    assert err.rule == "LO-10.2" and "anabolic" in err.message
    assert seat(s, "red") == GAME.decision(s).seat


def test_acting_out_of_turn_names_both_seats_by_colour_not_a_number():
    s = position({"3,3": ("blue", "skinny")}, turn="red")
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, "end phase", seat=seat(s, "blue"))
    assert "red" in err.value.message and "blue" in err.value.message
    assert "seat 0" not in err.value.message and "seat 1" not in err.value.message
    assert GAME.to_json(s) == before
