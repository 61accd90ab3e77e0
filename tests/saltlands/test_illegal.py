"""Illegal actions: each raises RuleError naming the rule, and changes nothing."""

from __future__ import annotations

from wasteland.games.saltlands.game import GAME

from sltest import assert_illegal, build, held, play, damage_card, set_damage_card

BASE = """
    seed = 1
    [config]
    players = 2
    characters = ["scout", "healer"]
    [state]
    wind = "N"
    weather = ["w01", "w02"]
    [[player]]
    seat = "p1"
    hex = "{hex}"
    vehicle = "{vehicle}"
    hand = {hand}
    cargo = {cargo}
    engaged = {engaged}
    [[player]]
    seat = "p2"
    hex = "{p2}"
    [[raider]]
    type = "truck"
    hex = "-1,-1"
    [[token]]
    hex = "-2,1"
    token = "loot"
    [[token]]
    hex = "1,-2"
    token = "crew"
"""


def pos(hex="-1,0", vehicle="speedster_vehicle", hand='["axe", "water"]', cargo="[]", engaged="[]", p2="-2,0"):
    return build(BASE.format(hex=hex, vehicle=vehicle, hand=hand, cargo=cargo, engaged=engaged, p2=p2))


def test_moving_twice_SL78():
    s = pos()
    play(s, "move 0,-2")
    assert_illegal(s, "move -2,2", "SL §78")


def test_ending_on_a_figure_SL78():
    s = pos()
    err = assert_illegal(s, "move -2,0", "SL §78")  # the Healer stands there
    assert "never end" in err.message
    assert_illegal(s, "move -1,-1", "SL §78")  # a raider


def test_ending_on_a_token_SL78():
    assert_illegal(pos(), "move -2,1", "SL §78")


def test_entering_a_face_down_tile_SL78():
    s = pos(hex="4,-7")
    err = assert_illegal(s, "move 4,-8", "SL §78")
    assert "face-down" in err.message


def test_a_face_up_hex_reached_only_across_a_face_down_tile_SL78_not_SL83():
    # 7,-5 lies on a face-up tile within the Speedster's move, but every way there crosses
    # a face-down tile: SL §78 forbids it, not the length of the move (SL §83).
    s = pos(hex="4,-7")
    err = assert_illegal(s, "move 7,-5", "SL §78")
    assert "face-down" in err.message


def test_hex_out_of_reach_motorized_SL83():
    assert_illegal(pos(), "move 7,-5", "SL §83")  # 10 hexes, no Fuel


def test_hex_out_of_reach_sailing_SL81():
    s = pos(vehicle="sailer")
    assert "move 7,-5" not in GAME.decision(s).actions  # 5 steps do not get that far
    assert_illegal(s, "move 7,-5", "SL §81")


def test_wrong_terrain_SL79():
    assert_illegal(pos(), "move 1,-1", "SL §79")  # a Speedster on dunes
    assert_illegal(pos(vehicle="sailer"), "move 2,0", "SL §79")  # a Sailer on mountains


def test_wrong_fuel_count_SL84():
    s = pos(hand='["fuel", "fuel"]')
    assert "move 0,-2" in GAME.decision(s).actions
    assert_illegal(s, "move 0,-2 fuel 1", "SL §84")  # in reach without Fuel
    needs_one = next(a for a in GAME.decision(s).actions if a.endswith(" fuel 1")).split()[1]
    assert_illegal(s, f"move {needs_one}", "SL §84")  # needs one Fuel card


def test_moving_over_the_hand_limit_SL55():
    # Speedster 2 + empty cargo slots 5 + 5: 12 cards; 13 is one too many.
    hand = '["fuel", "fuel", "fuel", "fuel", "machete", "machete", "machete", "machete", "axe", "axe", "axe", "helmet", "helmet"]'
    s = pos(hand=hand)
    assert_illegal(s, "move 0,-2", "SL §55")


def test_ending_the_turn_over_the_hand_limit_SL55():
    hand = '["fuel", "fuel", "fuel", "fuel", "machete", "machete", "machete", "machete", "axe", "axe", "axe", "helmet", "helmet"]'
    s = pos(hand=hand)
    assert_illegal(s, "end", "SL §55")


def test_collecting_a_non_adjacent_token_SL73():
    s = pos()
    err = assert_illegal(s, "collect 1,-2 by scout", "SL §73")
    assert "adjacent" in err.message


def test_collecting_where_there_is_no_token_SL73():
    assert_illegal(pos(), "collect 0,-1 by scout", "SL §73")


def test_collecting_with_an_engaged_crew_SL64():
    s = pos(engaged='["scout"]')
    assert_illegal(s, "collect -2,1 by scout", "SL §64")


def test_using_an_engaged_card_SL65():
    s = pos(engaged='["axe"]')
    err = assert_illegal(s, f"use {held(s, 'axe')} by scout at -1,-1", "SL §65")
    assert "engaged" in err.message


def test_using_a_card_with_an_engaged_crew_SL64():
    s = pos(engaged='["scout"]')
    assert_illegal(s, f"use {held(s, 'axe')} by scout at -1,-1", "SL §64")


def test_using_a_card_you_do_not_hold_SL67():
    s = pos()
    other = next(s.static.catalog.card_names[c] for c in s.mirage if s.static.catalog.cards[c].id == "machete")
    assert_illegal(s, f"use {other} by scout at -1,-1", "SL §67")
    assert_illegal(s, f"discard {other}", "SL §67")


def test_attacking_a_non_adjacent_raider_SL85():
    s = pos(hex="2,-2")
    assert_illegal(s, f"use {held(s, 'axe')} by scout at -1,-1", "SL §85")


def test_armor_and_heal_are_not_turn_actions_SL88_SL89():
    s = pos(hand='["medkit", "helmet"]')
    assert_illegal(s, f"use {held(s, 'helmet')}", "SL §88")  # armor stops an attack's damage
    assert_illegal(s, f"use {held(s, 'medkit')}", "SL §89")  # healing too, as the attack comes


def test_trading_with_a_distant_player_SL72():
    s = pos(p2="2,-2")
    assert_illegal(s, "trade p2", "SL §72")
    assert_illegal(s, f"give {held(s, 'axe')} to p2", "SL §72")


def test_ability_twice_in_a_turn_SL71():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["healer"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
    """)
    play(s, "ability")
    assert_illegal(s, "ability", "SL §71")


def test_acting_out_of_turn_SL46():
    s = pos()
    err = assert_illegal(s, "end", "SL §46", seat=1)
    assert "p1's decision" in err.message


def test_garbage_text_is_a_notation_error():
    s = pos()
    for text in ("", "   ", "fly to the moon", "move", "move x,y", "use nothing#9"):
        err = assert_illegal(s, text, "")
        assert err.rule in ("notation", "SL §78", "SL §67", "SL §46") or "notation" in str(err)
    assert assert_illegal(s, "fly 1,1", "notation").rule == "notation"
    assert assert_illegal(s, "move x,y", "notation").rule == "notation"
    assert assert_illegal(s, "use nothing#9 by scout", "notation").rule == "notation"


def test_turn_action_during_someone_elses_decision_SL85():
    # p1 ends the turn; the Truck hits the Healer, who must soak: p1 cannot act now,
    # and neither can the Healer take a turn action.
    s = pos(hex="5,-1", p2="-1,0")  # the Healer keeps her kit (Bag of Herbs heals)
    set_damage_card(s, "truck", damage_card(damage=2))
    play(s, "end", "activate truck")
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "soak")
    err = assert_illegal(s, "end", "SL §85")
    assert "soak" in err.message
    assert_illegal(s, "end", "SL §85", seat=0)
    assert_illegal(s, "move 0,-2", "SL §85", seat=1)


def test_no_action_after_the_game_is_over_SL114():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [state]
        rumor_deck = 0
        [[player]]
        seat = "p1"
        hex = "2,-3"
        hand = ["compass", "plants"]
    """)
    assert s.over
    assert_illegal(s, "end", "SL §114")


def test_the_turn_explainer_reads_the_action_as_the_notation_parses_it():
    """The explainer reads parsed fields (the hex, the Fuel, the target), never words by position."""
    s = pos(hand='["fuel", "fuel"]')
    needs_one = next(a for a in GAME.decision(s).actions if a.endswith(" fuel 1")).split()[1]
    err = assert_illegal(s, f"move {needs_one} fuel 2", "SL §84")
    assert f"reaching {needs_one} takes exactly 1 Fuel card(s): write 'move {needs_one} fuel 1'" in err.message
    err = assert_illegal(pos(), "end now", "notation")  # a malformed text: the notation names the words
    assert "'now' is more than 'end' takes" in err.message
    err = assert_illegal(pos(), "give axe#1", "notation")  # the turn's gift names its player (SL §72)
    assert "expected 'give CARD to pN'" in err.message
    err = assert_illegal(pos(), "ability water#1", "notation")  # only Prophecy names a card (SL §146)
    assert "without a card" in err.message
