"""Refusals name the rule the refused option breaks, not the rule of the decision that
happens to be pending (SL §85 to SL §89 and SL §122 for damage, SL §66 one-time cards)."""

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


def test_an_action_of_another_decision_names_its_own_rule_and_says_which_decision_waits():
    # A move belongs to the free part of a turn (SL §46); the soak decision (SL §85) waits.
    s = attacked()
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, "move 0,0")
    assert err.value.rule == "SL §46" and "soak decision of p1 comes first [SL §85]" in err.value.message
    assert GAME.to_json(s) == before


# -- every decision kind ------------------------------------------------------------------


def _mutations(s, action: str) -> list[str]:
    """Actions of the same verb as ``action`` with one argument swapped for another thing
    of the game (a hex, a card, a seat, a character): most are not offered."""
    geo = s.static.geo
    cards = s.static.catalog.card_names
    things = [geo.names[0], geo.names[len(geo.names) // 2], cards[0], cards[len(cards) // 2], "p1", "p6",
              "scout", "trader"]
    tokens = action.split()
    out = []
    for i in range(1, len(tokens)):
        for thing in things:
            if thing != tokens[i]:
                out.append(" ".join(tokens[:i] + [thing] + tokens[i + 1:]))
    return out


def test_refused_options_of_every_decision_kind_name_an_anchor_of_their_own():
    """Over random games, an option swapped for one the decision does not offer is refused
    with a rule of the game, changes nothing, and never says 'must first settle' the very
    decision it answers (SL §46 for the turn, each frame's rule otherwise)."""
    import random

    from wasteland.games.saltlands.spec import SPEC

    anchors = set(SPEC.anchors)
    kinds: dict[str, set[str]] = {}
    rnd = random.Random(5)
    for seed, config in enumerate([{"players": 1}, {"players": 2, "expansion": True},
                                   {"players": 4, "mode": "competitive", "expansion": True},
                                   {"players": 3, "mode": "coop", "expansion": True,
                                    "variants": ["explorers_luck"]}]):
        s = GAME.new_game(config, seed)
        steps = 0
        while (d := GAME.decision(s)) is not None and steps < 400:
            steps += 1
            for action in rnd.sample(d.actions, min(2, len(d.actions))):
                for wrong in _mutations(s, action)[:6]:
                    if wrong in d.actions:
                        continue
                    before = GAME.to_json(s)
                    with pytest.raises(RuleError) as err:
                        GAME.apply_in_place(s, wrong)
                    assert GAME.to_json(s) == before
                    e = err.value
                    assert e.rule == "notation" or e.rule in anchors, (wrong, e)
                    assert "must first settle" not in e.message, (d.kind, wrong, e)
                    assert "is not one of the options" not in e.message, (d.kind, wrong, e)
                    kinds.setdefault(d.kind, set()).add(e.rule)
            GAME.apply_in_place(s, rnd.choice(d.actions))
    assert {"turn", "enter", "character", "activation"} <= set(kinds), kinds


def test_a_character_already_taken_names_sl_44_and_one_of_the_expansion_sl_141():
    s = GAME.new_game({"players": 2}, 3)
    play(s, "character plowman")
    assert refused(s, "character plowman").rule == "SL §44"
    assert refused(s, "character trader").rule == "SL §141"  # the six new characters (SL §141)


def test_entering_off_the_start_dunes_names_sl_45():
    s = GAME.new_game({"players": 2}, 3)
    play(s, "character plowman", "character arsonist")
    assert GAME.decision(s).kind == "enter"
    assert refused(s, "enter 3,-2").rule == "SL §45"


def test_an_activation_step_answered_with_another_steps_verb_says_what_it_asks():
    s = GAME.new_game({"players": 1, "mode": "solo"}, 2)
    while (d := GAME.decision(s)).kind != "activation" or not d.actions[0].startswith("activate "):
        play(s, "end" if "end" in d.actions else d.actions[0])
    err = refused(s, "goto 0,0")
    assert err.rule == "SL §100" and "asks for" in err.message


def test_an_eliminated_players_input_names_sl_96():
    s = GAME.new_game({"players": 2, "mode": "competitive", "characters": ["scout", "healer"]}, 3)
    while GAME.decision(s).kind != "turn":
        play(s, GAME.decision(s).actions[0])
    s.players[1].status = "out"  # eliminated (SL §96)
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, "end", seat=1)
    assert err.value.rule == "SL §96" and GAME.to_json(s) == before
