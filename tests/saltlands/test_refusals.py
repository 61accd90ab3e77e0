"""Refusals name the rule the refused option breaks, not the rule of the decision that
happens to be pending (SL §85-§89 and SL §122 for damage, SL §66 one-time cards)."""

from __future__ import annotations

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.game import GAME

from sltest import build, damage_card, play, set_damage_card


def attacked(hand: str = '["helmet", "medkit"]', damage: int = 2, damage_type: str = "normal"):
    """The Scout next to a Speedster whose damage card deals ``damage``: the soak decision."""
    s = build(f"""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = {hand}
        cargo = ["crew"]
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
    """)
    set_damage_card(s, "speedster", damage_card(damage=damage, damage_type=damage_type))
    play(s, "end", "activate speedster")
    assert GAME.decision(s).kind == "soak"
    return s


def refused(s, action: str) -> RuleError:
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, action)
    assert GAME.to_json(s) == before, "a refusal changes nothing"
    assert "must first settle" not in err.value.message, "the option answers the pending decision"
    return err.value


def test_a_used_one_time_helmet_names_sl_66_not_the_soak_decision():
    s = attacked()
    play(s, "armor helmet#1")
    assert GAME.decision(s).kind == "soak"  # the second point
    assert refused(s, "armor helmet#1").rule == "SL §66"


def test_armor_against_armor_piercing_damage_names_sl_87():
    s = attacked(damage=1, damage_type="ap")
    assert refused(s, "armor helmet#1").rule == "SL §87"


def test_a_card_that_does_not_heal_names_sl_89():
    s = attacked()
    assert refused(s, "heal helmet#1").rule == "SL §89"


def test_losing_a_card_that_is_no_crew_member_names_sl_85():
    s = attacked()
    assert refused(s, "lose medkit#1").rule == "SL §85"


def test_yielding_a_victory_card_outside_a_robbery_names_sl_122():
    s = attacked()
    assert refused(s, "yield medkit#1").rule == "SL §122"


def test_a_card_not_in_hand_names_sl_67():
    s = attacked()
    assert refused(s, "armor axe#1").rule == "SL §67"


def test_an_action_of_another_decision_says_which_decision_waits():
    s = attacked()
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, "move 0,0")
    assert err.value.rule == "SL §85" and "must first settle a soak decision" in err.value.message
    assert GAME.to_json(s) == before
