"""A player's turn: refresh, free actions, hand limit, trading, rounds (SL §45 to SL §77)."""

from __future__ import annotations

import pytest

from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.zones import hand_limit

from sltest import (
    assert_illegal,
    autoplay,
    build,
    cargo,
    decision_kind,
    discard_ids,
    engaged,
    find,
    find_all,
    hand,
    has,
    held,
    legal,
    of_type,
    play,
    damage_card,
    set_damage_card,
    vehicle,
    where,
)

ONE = """
    seed = 1
    [config]
    players = 1
    characters = ["{who}"]
    [[player]]
    seat = "p1"
    hex = "{hex}"
    hand = {hand}
    cargo = {cargo}
    vehicle = "{vehicle}"
"""


def one(who="scout", hex="-1,0", hand="[]", cargo="[]", vehicle="sailer", extra=""):
    return build(ONE.format(who=who, hex=hex, hand=hand, cargo=cargo, vehicle=vehicle) + extra)


# -- SL §44, SL §45: starting kit and entering the board ------------------------------------------


def test_starting_kit_sailer_spear_water_special_item_SL44():
    s = GAME.new_game({"players": 2, "characters": ["healer", "arsonist"]}, 4)
    assert vehicle(s, 0) == "sailer" and vehicle(s, 1) == "sailer"
    assert hand(s, 0) == ["bag_of_herbs", "spear", "water"]
    assert hand(s, 1) == ["flamethrower", "spear", "water"]
    assert cargo(s, 0) == [] and s.players[0].char_card >= 0


def test_a_special_item_with_a_blue_header_starts_in_a_cargo_slot_SL44_SL54():
    """The Trader's Trailer and the Prophet's Twin are cargo: never held in hand (SL §54),
    so the starting kit lays them in one of the two free cargo slots."""
    s = GAME.new_game({"players": 2, "expansion": True, "characters": ["trader", "prophet"]}, 4)
    assert cargo(s, 0) == ["trailer"] and hand(s, 0) == ["spear", "water"]
    assert cargo(s, 1) == ["twin"] and hand(s, 1) == ["spear", "water"]


def test_characters_chosen_in_turn_when_not_configured_SL44():
    s = GAME.new_game({"players": 2}, 4)
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (0, "character")
    assert len(d.actions) == 6
    play(s, "character plowman")
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "character")
    assert "character plowman" not in d.actions and len(d.actions) == 5


def test_first_turn_enters_on_one_of_three_start_dunes_SL45():
    s = GAME.new_game({"players": 1, "characters": ["scout"]}, 1)
    d = GAME.decision(s)
    assert d.kind == "enter"
    assert set(d.actions) == {"enter 0,0", "enter 1,0", "enter 0,1"}
    play(s, "enter 1,0")
    assert where(s) == "1,0"
    assert decision_kind(s) == "turn" and "end" in legal(s)


def test_entering_an_occupied_start_dune_forces_a_move_first_SL45():
    s = build("""
        seed = 1
        raider = []
        [config]
        players = 2
        characters = ["scout", "healer"]
        [[player]]
        seat = "p1"
        hex = "0,0"
    """)
    play(s, "end")
    while GAME.decision(s).seat == 0:  # p1's raider activations
        play(s, GAME.decision(s).actions[0])
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "enter")
    assert "enter 0,0" in d.actions  # an occupied start dune may be chosen
    events = play(s, "enter 0,0")
    assert of_type(events, "enter")[0]["occupied"] is True
    acts = legal(s)
    assert acts and all(a.startswith("move ") for a in acts)  # ruling SL §45: move at once
    play(s, acts[0])
    assert where(s, 1) != "0,0"
    assert "end" in legal(s)


# -- SL §46, SL §65: refresh at the start of the turn ---------------------------------------------


def test_everything_refreshes_at_the_start_of_the_turn_SL46():
    s = one(hand='["axe"]', extra='[[raider]]\ntype = "pickup"\nhex = "-1,-1"\n')
    set_damage_card(s, "pickup", damage_card(move_bonus=3))  # +3 movement: the adjacent Pickup stays, no attack
    play(s, f"use {held(s, 'axe')} by scout at -1,-1", "move 0,-2")
    assert engaged(s) == ["axe", "sailer", "scout"]
    autoplay_turn_end(s)
    assert s.round == 2 and s.current == 0
    assert engaged(s) == []


def autoplay_turn_end(s):
    """End the turn and take the first option of every decision until p1's next turn."""
    play(s, "end")
    while GAME.decision(s) is not None and not (decision_kind(s) == "turn" and s.current == 0 and not s.stack):
        play(s, GAME.decision(s).actions[0])


def test_water_refresh_is_not_a_crew_action_SL65():
    s = one(hand='["water", "axe"]', extra='[[raider]]\ntype = "pickup"\nhex = "-1,-1"\n')
    play(s, f"use {held(s, 'axe')} by scout at -1,-1")
    assert engaged(s) == ["axe", "scout"]
    water = held(s, "water")
    assert f"use {water}" in legal(s)  # no crew needed
    play(s, f"use {water}")
    assert "water" in discard_ids(s)
    assert find_all(s, "refresh") == ["refresh scout"]
    play(s, "refresh scout")
    assert engaged(s) == []


def test_gallon_of_water_gives_two_refreshes_this_turn_SL65():
    s = one(hand='["gallon_of_water", "axe"]', cargo='["crew"]',
            extra='[[raider]]\ntype = "truck"\nhex = "-1,-1"\n[[raider]]\ntype = "truck"\nhex = "-2,1"\n')
    axe = held(s, "axe")
    play(s, f"use {axe} by scout at -1,-1")
    play(s, f"use {held(s, 'gallon_of_water')}")
    play(s, "refresh scout")
    play(s, f"use {axe} by scout at -1,-1")  # destroys the Truck
    play(s, find(s, "discard truck_vehicle"))  # its vehicle: keep the Sailer
    assert has(s, "refresh")  # the second refresh is still there
    play(s, "refresh scout")
    play(s, f"use {axe} by scout at -2,1")
    assert not has(s, "refresh")


def test_unused_refresh_expires_at_end_of_turn_SL65():
    s = one(hand='["water"]')
    play(s, f"use {held(s, 'water')}")
    assert s.refreshes == 1
    play(s, "end")
    assert s.refreshes == 0


def test_refresh_only_for_engaged_crew_or_its_card_SL65():
    s = one(hand='["water"]')
    play(s, f"use {held(s, 'water')}")
    assert not has(s, "refresh")  # nothing engaged: nothing to refresh


def test_vehicle_is_not_refreshed_by_water_SL70():
    s = one(hand='["water"]')
    play(s, "move 0,-2", f"use {held(s, 'water')}")
    assert not has(s, "refresh")  # the vehicle was not engaged by a crew action
    assert not has(s, "move")


# -- SL §55: hand limit -------------------------------------------------------------------


def test_hand_limit_counts_visible_symbols_SL55():
    s = one(cargo='[]', vehicle="sailer")
    # character 0 + two empty cargo slots 5 + 5 + Sailer 1 (data)
    assert hand_limit(s, s.players[0]) == 11
    s = one(cargo='["crew", "cargo_rack"]', vehicle="truck_vehicle")
    # a card in a slot covers the slot's value: crew 2 + cargo rack 7 + truck 5
    assert hand_limit(s, s.players[0]) == 14


def test_over_the_limit_must_discard_before_move_and_end_SL55():
    s = one(vehicle="hovercraft_vehicle", cargo='["crew", "crew"]',
            hand='["fuel", "fuel", "fuel", "fuel", "machete", "machete", "machete", "machete", "axe"]')
    assert hand_limit(s, s.players[0]) == 2 + 2 + 4 == 8
    assert not has(s, "move") and "end" not in legal(s)
    play(s, find(s, "discard axe"))
    assert has(s, "move") and "end" in legal(s)


def test_free_discard_any_time_of_own_turn_SL55():
    s = one(hand='["axe"]')
    play(s, f"discard {held(s, 'axe')}")
    assert hand(s) == [] and discard_ids(s)[-1] == "axe"


# -- SL §54: slots --------------------------------------------------------------------------


def test_third_crew_card_needs_a_free_slot_SL54():
    s = one(cargo='["crew", "crew"]', extra='[[token]]\nhex = "-1,-1"\ntoken = "crew"\n')
    play(s, "collect -1,-1 by scout")
    d = GAME.decision(s)
    assert d.kind == "place"
    assert sorted(d.actions)[0].startswith("discard crew#")
    assert sum(a.startswith("replace crew#") for a in d.actions) == 2
    play(s, find(s, "discard"))
    assert cargo(s) == ["crew", "crew"]


# -- SL §70: vehicles ------------------------------------------------------------------------


def test_vehicle_swapped_in_after_moving_arrives_engaged_SL70():
    s = one(hand='["spear"]', extra='[[raider]]\ntype = "bulldozer"\nhex = "0,-3"\n')
    play(s, "move 0,-2")
    play(s, f"use {held(s, 'spear')} by scout at 0,-3")
    play(s, find(s, "replace sailer"))
    assert vehicle(s) == "bulldozer_vehicle"
    assert "bulldozer_vehicle" in engaged(s)
    assert not has(s, "move")


def test_vehicle_gained_before_moving_can_be_used_SL70():
    s = one(hand='["spear"]', extra='[[raider]]\ntype = "bulldozer"\nhex = "-1,-1"\n')
    play(s, f"use {held(s, 'spear')} by scout at -1,-1")
    play(s, find(s, "replace sailer"))
    assert "bulldozer_vehicle" not in engaged(s)
    assert has(s, "move")


# -- SL §71: abilities once per turn -----------------------------------------------------------


def test_scientist_repair_one_reconstruction_once_per_turn_SL71_SL135():
    s = one(who="scientist", hand='["axe"]')
    mirage = len(s.mirage)
    play(s, "ability")
    assert len(s.mirage) == mirage - 1 and len(s.players[0].hand) == 2
    d = GAME.decision(s)
    assert d.kind == "discard"  # then discard 1 card of her choice
    play(s, d.actions[0])
    assert len(s.players[0].hand) == 1
    assert "ability" not in legal(s)


def test_healer_draws_a_weather_card_once_per_turn_SL135():
    s = one(who="healer")
    drawn = len(s.weather_drawn)
    events = play(s, "ability")
    assert len(s.weather_drawn) == drawn + 1
    assert of_type(events, "weather")[0]["seat"] == 0
    assert "ability" not in legal(s)


def test_scout_born_driver_plus_two_motorized_SL135():
    s = one(who="scout", vehicle="speedster_vehicle", hex="-2,1")
    moves = {a.split()[1] for a in find_all(s, "move")}
    assert "2,-1" in moves  # 5 hexes: 4 + 2 = 6 without Fuel
    s = one(who="healer", vehicle="speedster_vehicle", hex="-2,1")
    assert "move 2,-1" not in legal(s)  # 4 only


def test_little_girl_light_adds_one_wind_for_her_SL135():
    from wasteland.games.saltlands.movement import wind_strength

    s = one(who="little_girl")
    assert wind_strength(s, s.players[0]) == wind_strength(s) + 1


# -- SL §72: trading -------------------------------------------------------------------------


TWO = """
    seed = 1
    [config]
    players = 2
    characters = ["scout", "healer"]
    [[player]]
    seat = "p1"
    hex = "-1,0"
    hand = ["axe"]
    [[player]]
    seat = "p2"
    hex = "{p2}"
    hand = ["medkit"]
"""


def test_trade_with_adjacent_player_both_agree_SL72():
    s = build(TWO.format(p2="0,-1"))
    axe = held(s, "axe")
    play(s, f"give {axe} to p2")
    d = GAME.decision(s)
    assert (d.seat, d.kind, d.actions) == (1, "offer", ("accept", "decline"))
    play(s, "accept")
    assert hand(s, 1) == ["axe", "medkit"] and hand(s, 0) == []
    play(s, "trade p2")
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "trade")
    assert f"give {axe}" not in d.actions  # a card changes hands once per turn
    play(s, f"give {held(s, 'medkit', 1)}", "done")
    assert hand(s, 0) == ["medkit"]


def test_declined_offer_keeps_the_card_SL72():
    s = build(TWO.format(p2="0,-1"))
    play(s, f"give {held(s, 'axe')} to p2", "decline")
    assert hand(s, 0) == ["axe"] and hand(s, 1) == ["medkit"]


def test_no_trade_with_a_distant_player_SL72():
    s = build(TWO.format(p2="2,-2"))
    assert not has(s, "give") and not has(s, "trade")


# -- SL §47: rounds ---------------------------------------------------------------------------


def _sequence(events):
    seq = []
    for e in events:
        if e["type"] == "turn_start":
            seq.append(("turn", e["seat"], e["round"]))
        elif e["type"] == "damage_card":
            seq.append(("activate", e["raider"]))
        elif e["type"] == "weather":
            seq.append(("weather",))
    return seq


@pytest.mark.worked_example("SL §47")  # the diagram of a round with 3 players
def test_round_is_players_plus_one_turns_and_game_lost_after_round_6_SL47_SL114():
    s, setup_events = GAME.new_game_with_events(
        {"players": 3, "difficulty": "easy", "characters": ["scout", "healer", "plowman"]}, 5)
    events = setup_events + autoplay(s)
    seq = _sequence(events)
    turns = [x for x in seq if x[0] == "turn"]
    assert len(turns) == 6 * (3 + 1) == 24
    # Round 1: three turns each ending in one activation, a fourth ending in weather.
    assert seq[:8] == [
        ("turn", 0, 1), ("activate", "speedster"), ("turn", 1, 1), ("activate", "pickup"),
        ("turn", 2, 1), ("activate", "truck"), ("turn", 0, 1), ("weather",),
    ]
    # The weather-phase seat moves on one seat each round.
    weather_seats = [seq[i - 1][1] for i, x in enumerate(seq) if x == ("weather",)]
    assert weather_seats == [0, 1, 2, 0, 1, 2]
    assert s.over and s.winners == [] and s.round == 6
    assert "SL §47" in s.end_reason
    assert all(not stack for stack in s.damage_stacks.values())


def test_two_players_activate_two_types_per_turn_SL97():
    s, setup_events = GAME.new_game_with_events(
        {"players": 2, "difficulty": "easy", "characters": ["scout", "healer"]}, 5)
    events = setup_events + autoplay(s)
    seq = _sequence(events)
    first = seq[: seq.index(("weather",)) + 1]
    assert [x[0] for x in first] == ["turn", "activate", "activate", "turn", "activate", "activate",
                                     "turn", "weather"]
    assert len([x for x in seq if x[0] == "turn"]) == 6 * 3


def test_weather_phase_discards_revealed_damage_cards_SL52():
    s = GAME.new_game({"players": 3, "difficulty": "easy", "characters": ["scout", "healer", "plowman"]}, 5)
    while s.round == 1:
        play(s, GAME.decision(s).actions[0] if GAME.decision(s).kind != "turn" or "end" not in legal(s) else "end")
    assert s.revealed == {"speedster": [], "pickup": [], "truck": []}
    assert all(len(v) == 5 for v in s.damage_stacks.values())


def test_solo_nine_turns_then_one_extra_final_turn_SL121():
    s, setup_events = GAME.new_game_with_events({"players": 1, "difficulty": "easy", "characters": ["scout"]}, 5)
    events = setup_events + autoplay(s)
    seq = _sequence(events)
    turns = [x for x in seq if x[0] == "turn"]
    assert len(turns) == 9 + 1
    # Every solo turn activates all three types in a row, then runs the weather phase.
    assert seq[:5] == [("turn", 0, 1), ("activate", "speedster"), ("activate", "pickup"),
                       ("activate", "truck"), ("weather",)]
    rounds = [e["round"] for e in events if e["type"] == "damage_card" and e["raider"] == "truck"]
    assert rounds == [1, 1, 2, 3, 3, 4, 5, 5, 6]
    assert seq[-1][0] == "turn"  # the extra turn: no activation, no weather after it
    assert s.over and s.winners == [] and "SL §121" in s.end_reason


def test_one_player_tutorial_rounds_are_two_turns_without_solo_extra_turn_SL47_SL121():
    # SL §121's tutorial column sets the tutorial up like solo but builds the damage stacks
    # as usual (rounds 1 to 6); the set-up table gives it only its own set-up and respawn,
    # never solo's combined weather phase or extra turn. So a round is (players + 1) turns
    # (SL §47): one turn ending in all three activations (SL §97), one ending in the weather.
    s, setup_events = GAME.new_game_with_events(
        {"players": 1, "mode": "tutorial", "characters": ["scout"]}, 5)
    events = setup_events + autoplay(s)
    seq = _sequence(events)
    assert seq[:7] == [("turn", 0, 1), ("activate", "speedster"), ("activate", "pickup"),
                       ("activate", "truck"), ("turn", 0, 1), ("weather",), ("turn", 0, 2)]
    assert len([x for x in seq if x[0] == "turn"]) == 6 * (1 + 1) == 12
    assert seq[-1] == ("weather",)  # the game ends with round 6's weather phase, no extra turn
    assert s.over and s.winners == [] and s.round == 6 and "SL §47" in s.end_reason


# -- SL §56 to SL §59: card life cycle --------------------------------------------------------------


LOOT = """
    seed = 1
    [config]
    players = 1
    characters = ["scout"]
    [[player]]
    seat = "p1"
    hex = "-1,0"
    hand = ["spear"]
    cargo = ["crew"]
    [[token]]
    hex = "-1,-1"
    token = "{token}"
    [[raider]]
    type = "bulldozer"
    hex = "-2,1"
"""


def loot(token="loot"):
    return build(LOOT.format(token=token))


def test_empty_mirage_deck_is_rebuilt_from_the_discard_pile_SL57():
    s = loot()
    s.discard.extend(s.mirage[:-2])
    s.mirage = s.mirage[-2:]
    s.touch()
    pile = len(s.discard)
    events = play(s, "collect -1,-1 by scout")
    assert of_type(events, "reshuffle")[0] == {"type": "reshuffle", "deck": "mirage", "cards": pile}
    assert len([e for e in of_type(events, "gain") if e["how"] == "loot token"]) == 3
    assert s.discard == [] and len(s.mirage) == pile - 1


def test_empty_raider_deck_falls_back_to_the_mirage_deck_SL57_SL99():
    s = loot()
    s.discard.extend(s.raider_deck)
    s.raider_deck = []
    s.touch()
    mirage = len(s.mirage)
    play(s, f"use {held(s, 'spear')} by scout at -2,1")  # Bulldozer loot: 1 Raider card
    assert len(s.mirage) == mirage - 1


def test_get_a_card_supply_first_SL58():
    s = loot("victory_blue")
    before = [c for c in s.supply if s.static.catalog.cards[c].id == "compass"]
    play(s, "collect -1,-1 by scout")
    assert "compass" in hand(s)
    assert len([c for c in s.supply if s.static.catalog.cards[c].id == "compass"]) == len(before) - 1


def test_get_a_card_then_discard_pile_then_mirage_deck_SL58():
    s = loot("victory_blue")
    cards = s.static.catalog.cards
    compasses = [c for c in s.supply if cards[c].id == "compass"]
    for c in compasses:
        s.supply.remove(c)
    s.discard.append(compasses[0])
    s.mirage[:0] = compasses[1:]  # deep in the Mirage deck
    s.touch()
    events = play(s, "collect -1,-1 by scout")
    assert s.players[0].hand[-1] == compasses[0]  # from the discard pile
    assert not of_type(events, "deck_searched")
    s2 = loot("victory_blue")
    compasses = [c for c in s2.supply if cards[c].id == "compass"]
    for c in compasses:
        s2.supply.remove(c)
    s2.mirage[:0] = compasses
    s2.touch()
    events = play(s2, "collect -1,-1 by scout")
    assert of_type(events, "deck_searched")  # the Mirage deck is searched and shuffled
    assert "compass" in hand(s2)


def test_get_a_card_nowhere_none_gained_SL58():
    s = loot("crew")
    cards = s.static.catalog.cards
    s.supply = [c for c in s.supply if cards[c].deck != "crew"]
    s.touch()
    play(s, "collect -1,-1 by scout")
    assert cargo(s) == ["crew"]  # only the one from the scenario


def test_drawn_cards_arrive_refreshed_and_usable_SL68():
    s = loot()
    play(s, "collect -1,-1 by scout")
    assert engaged(s) == ["scout"]  # the three new cards are not engaged


def test_over_the_hand_limit_on_a_shared_start_dune_discard_then_move_at_once_SL45_SL55():
    # SL §45: off the shared dune at once; SL §55: down to the hand limit before moving. So
    # discards come first, and nothing else (no token, no card action) comes before the move.
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "healer"]
        [state]
        turn = 3
        current = "p1"
        must_move = true
        [[player]]
        seat = "p1"
        hex = "0,0"
        vehicle = "hovercraft_vehicle"
        cargo = ["crew", "crew"]
        hand = ["fuel", "fuel", "fuel", "fuel", "machete", "machete", "machete", "machete", "water"]
        [[player]]
        seat = "p2"
        hex = "0,0"
        [[token]]
        hex = "1,1"
        token = "loot"
    """)
    assert hand_limit(s, s.players[0]) == 8 and len(s.players[0].hand) == 9
    assert {a.split()[0] for a in legal(s)} == {"discard"}
    assert_illegal(s, f"use {held(s, 'water')}", "SL §45")  # the move comes first, after the discards
    assert_illegal(s, "move 1,-1", "SL §55")
    play(s, find(s, "discard water"))
    assert legal(s) and all(a.startswith("move ") for a in legal(s))


def test_a_card_used_without_a_crew_action_refreshes_only_at_the_turn_start_SL65():
    # SL §65: cards not used through a crew action are refreshed only at the start of a turn.
    # The Water Desalinator takes a Water from the discard pile without a crew action; that
    # Water's refresh cannot turn the Desalinator upright again.
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scientist"]
        [state]
        discard = ["water", "axe"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["water_desalinator"]
    """)
    play(s, f"use {held(s, 'water_desalinator')}")
    assert "water_desalinator" in engaged(s) and "water" in hand(s)
    play(s, f"use {held(s, 'water')}")
    assert s.refreshes == 1 and not has(s, "refresh")  # nothing a crew engaged
    assert not has(s, "use water_desalinator")
    play(s, "end")
    while GAME.decision(s) is not None and not (decision_kind(s) == "turn" and not s.stack):
        play(s, GAME.decision(s).actions[0])
    assert engaged(s) == []  # upright again at the start of the turn


def test_the_only_card_of_the_discard_pile_can_be_taken_SL136():
    # The Desalinator takes "the top Water" of the discard pile (SL §136): also when it is the
    # pile's only card, at its bottom.
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scientist"]
        [state]
        discard = ["water"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["water_desalinator"]
    """)
    assert has(s, "use water_desalinator")
    play(s, f"use {held(s, 'water_desalinator')}")
    assert "water" in hand(s) and s.discard == []
