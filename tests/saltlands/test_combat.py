"""Combat, death and respawn (SL §85 to SL §96, SL §99)."""

from __future__ import annotations

from wasteland.games.saltlands.game import GAME

from sltest import (
    answer,
    assert_illegal,
    at_table,
    build,
    cargo,
    decision_kind,
    hand,
    has,
    held,
    of_type,
    play,
    raiders,
    repeat,
    damage_card,
    set_damage_card,
    vehicle,
    where,
)


def dying_scout(difficulty="easy", mode="solo", hand='["axe", "fuel"]', respawned=0, card=None):
    """The Scout, with no armor, heal or crew card, next to a Speedster whose damage card
    deals 2 normal damage: the attack kills him (SL §85, SL §90)."""
    s = build(f"""
        seed = 1
        [config]
        players = 1
        mode = "{mode}"
        characters = ["scout"]
        difficulty = "{difficulty}"
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = {hand}
        vehicle = "sailer"
        respawned = {respawned}
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
    """)
    set_damage_card(s, "speedster", card or damage_card(damage=2))
    events = play(s, "end") if mode == "solo" else play(s, "end")
    if has(s, "activate speedster"):
        events += play(s, "activate speedster")
    events += repeat(s, "activate")
    return s, events


# -- SL §85 to SL §89: damage against players ---------------------------------------------------


def test_attack_not_avoidable_kills_the_character_SL85_SL90():
    s, events = dying_scout()
    death = of_type(events, "death")[0]
    assert death["cause"] == "speedster" and death["respawn"] == "easy"


def test_defender_cannot_choose_to_die_while_crew_remains_SL85():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["axe"]
        cargo = ["crew", "crew"]
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
    """)
    s = at_table(s)
    play(s, "end", "activate speedster")
    # No round-1 card of the data attacks for 2: the table's own card does (SL §100).
    answer(s, "custom letters=B damage=2")
    d = GAME.decision(s)
    assert d.kind == "soak" and all(a.startswith("lose crew#") for a in d.actions)
    play(s, d.actions[0])
    d = GAME.decision(s)
    assert d.kind == "soak"  # the second point: the other crew member
    play(s, d.actions[0])
    assert cargo(s) == [] and s.players[0].status == "active"


def test_attacks_never_add_up_each_resolved_alone_SL85():
    # 1 normal (d1-1) from each of two Trucks against armor 1: both are stopped.
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "healer"]
        [[player]]
        seat = "p1"
        hex = "5,-1"
        [[player]]
        seat = "p2"
        hex = "-1,0"
        vehicle = "armored_sailer"
        hand = []
        [[raider]]
        type = "truck"
        hex = "-1,-1"
        [[raider]]
        type = "truck"
        hex = "-2,1"
    """)
    set_damage_card(s, "truck", damage_card(damage=1))
    events = play(s, "end", "activate truck")
    events += repeat(s, "raider ")
    attacked = of_type(events, "attacked")
    assert [(a["damage"], a["armor"], a["left"]) for a in attacked] == [(1, 1, 0), (1, 1, 0)]
    assert s.players[1].status == "active"


def test_medkit_heal_prevents_crew_loss_SL89():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["medkit", "stimpack"]
        cargo = ["crew"]
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
    """)
    set_damage_card(s, "speedster", damage_card(damage=2))
    play(s, "end", "activate speedster")
    d = GAME.decision(s)
    assert set(d.actions) == {f"heal {held(s, 'medkit')}", f"heal {held(s, 'stimpack')}",
                              f"lose {held(s, 'crew')}"}
    play(s, f"heal {held(s, 'stimpack')}")  # a heal of 2 stops both points
    assert hand(s) == ["medkit"] and cargo(s) == ["crew"]


def test_plants_victory_card_heals_SL89_SL112():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["plants"]
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
    """)
    set_damage_card(s, "speedster", damage_card(damage=1))
    play(s, "end", "activate speedster")
    assert GAME.decision(s).actions == (f"heal {held(s, 'plants')}",)


# -- SL §86, SL §87, SL §88: damage against raiders ---------------------------------------------------


def test_raider_armor_applies_in_full_every_attack_and_raiders_never_heal_SL88():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["machete", "axe"]
        cargo = ["crew"]
        [[raider]]
        type = "truck"
        hex = "-1,-1"
    """)
    events = play(s, f"use {held(s, 'machete')} by scout at -1,-1")
    assert of_type(events, "attack_raider")[0]["hits"] == 0  # 1 normal - armor 1
    events = play(s, f"use {held(s, 'axe')} by {held(s, 'crew')} at -1,-1")
    assert raiders(s) == [("truck", "-1,-1", 1)]
    set_damage_card(s, "truck", damage_card(move_bonus=3))  # +3 movement, no attack
    play(s, "end")
    while GAME.decision(s) is not None and decision_kind(s) != "turn":
        play(s, GAME.decision(s).actions[0])
    assert s.round == 2  # a whole round later (solo: activations and weather each turn)
    assert ("truck", "-1,-1", 1) in raiders(s)  # the lost crew stays lost


def test_surplus_damage_has_no_effect_and_loot_goes_to_destroyer_SL99():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["molotov"]
        vehicle = ""
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
    """)
    mirage = len(s.mirage)
    events = play(s, f"use {held(s, 'molotov')} by scout at -1,-1")
    assert of_type(events, "raider_destroyed")
    assert len(s.mirage) == mirage - 1  # Speedster loot: 1 Mirage card (data)
    assert "speedster_vehicle" in hand(s) + [vehicle(s)]


def test_no_raider_vehicle_left_none_gained_SL99():
    # both Bulldozer vehicles sit in other players' vehicle slots (never in a hand, SL §54)
    s = build("""
        seed = 1
        [config]
        players = 4
        characters = ["scout", "healer", "plowman", "arsonist"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["spear"]
        vehicle = ""
        [[player]]
        seat = "p2"
        hex = "1,0"
        vehicle = "bulldozer_vehicle"
        [[player]]
        seat = "p3"
        hex = "0,1"
        vehicle = "bulldozer_vehicle"
        [[raider]]
        type = "bulldozer"
        hex = "-1,-1"
    """)
    events = play(s, f"use {held(s, 'spear')} by scout at -1,-1")
    assert of_type(events, "no_vehicle_left")
    assert vehicle(s) is None


def test_attack_only_adjacent_raiders_SL85():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["axe"]
        [[raider]]
        type = "truck"
        hex = "2,-2"
    """)
    assert not has(s, "use")


# -- SL §90 to SL §96: death and respawn ------------------------------------------------------------


def _finish_respawn_discards(s):
    while decision_kind(s) in ("discard", "place"):
        play(s, GAME.decision(s).actions[0])


def test_easy_respawn_discard_all_draw_8_discard_4_sailer_starting_tile_SL90_SL92():
    s, events = dying_scout("easy")
    assert s.players[0].status == "active" and where(s) is None
    turn = [e for e in events if e["type"] in ("discard", "gain") and e.get("why") == "respawn" or e.get("how") == "respawn"]
    discarded = [e["card"].split("#")[0] for e in turn if e["type"] == "discard"]
    assert sorted(discarded) == ["axe", "fuel", "sailer"]  # step 1: everything but the character
    drawn = [e for e in turn if e["type"] == "gain"]
    assert len(drawn) == 8  # step 2: 8 Mirage cards ...
    d = GAME.decision(s)
    assert (d.kind, d.seat) == ("discard", 0)
    for _ in range(4):  # ... then discard 4
        assert decision_kind(s) == "discard"
        play(s, GAME.decision(s).actions[0])
    _finish_respawn_discards(s)
    assert vehicle(s) == "sailer"  # the missing step (ruling 6.7): a Sailer
    assert len(s.players[0].hand) + len(s.players[0].cargo) <= 4
    d = GAME.decision(s)
    assert d.kind == "enter"
    geo = s.static.geo
    allowed = {geo.names[h] for pos in (0, *geo.starting_positions) for h in geo.hexes_of(pos)}
    assert {a.split()[1] for a in d.actions} <= allowed
    assert "enter 5,-3" in d.actions  # a hex of the starting tile start_1
    play(s, "enter 5,-3")
    assert where(s) == "5,-3" and decision_kind(s) == "turn"
    assert s.players[0].respawned == 1


def test_easy_respawns_are_unlimited_SL91():
    s, events = dying_scout("easy", respawned=5)
    assert of_type(events, "death")[0]["respawn"] == "easy"
    assert of_type(events, "respawn")


def test_normal_respawn_once_black_side_no_ability_SL93():
    s, events = dying_scout("normal")
    respawn = of_type(events, "respawn")[0]
    assert respawn["black_side"] is True
    _finish_respawn_discards(s)
    play(s, "enter 5,-3")
    assert s.players[0].respawned == 1
    assert GAME.view(s, 0)["players"][0]["respawns_used"] == 1
    from wasteland.games.saltlands.zones import ability

    assert ability(s, s.players[0]) is None  # Born Driver lost


def test_normal_second_death_eliminates_SL93_SL96():
    s, events = dying_scout("normal", respawned=1)
    assert of_type(events, "eliminated")
    assert s.players[0].status == "out"
    assert s.over and s.winners == []


def test_hard_no_respawn_discard_all_and_out_SL96():
    s, events = dying_scout("hard")
    assert of_type(events, "eliminated")[0]["seat"] == 0
    assert s.players[0].status == "out" and s.players[0].cards() == []
    assert sorted(e["card"].split("#")[0] for e in of_type(events, "discard")) == ["axe", "fuel", "sailer"]


def test_eliminated_player_is_skipped_others_play_on_SL96():
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "healer"]
        difficulty = "hard"
        [[player]]
        seat = "p1"
        hex = "5,-1"
        [[player]]
        seat = "p2"
        hex = "-1,0"
        hand = []
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
    """)
    set_damage_card(s, "speedster", damage_card(damage=2))
    events = play(s, "end", "activate speedster")
    events += repeat(s, "activate")
    assert of_type(events, "eliminated")[0]["seat"] == 1
    d = GAME.decision(s)
    assert d.seat == 0  # p2's turn is skipped
    assert not s.over


def test_tutorial_death_keeps_cards_and_restarts_on_start_dunes_SL121():
    s, events = dying_scout("easy", mode="tutorial", hand='["axe", "fuel"]')
    assert of_type(events, "death")[0]["respawn"] == "tutorial"
    d = GAME.decision(s)
    assert d.kind == "enter"
    assert {a.split()[1] for a in d.actions} <= {"0,0", "1,0", "0,1"}
    assert hand(s) == ["axe", "fuel"] and vehicle(s) == "sailer"
    assert not of_type(events, "discard")


def test_current_player_eliminated_by_the_activation_hands_its_choices_on_SL96_SL100():
    """Ruling (SL §96, SL §100): a current player eliminated by her own end-of-turn
    activation is out of the game; the choices left in it (here which Speedster acts
    next, and its equally short ends) are the next player's."""
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "healer"]
        difficulty = "hard"
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = []
        cargo = []
        [[player]]
        seat = "p2"
        hex = "5,-1"
        hand = []
        cargo = ["crew", "crew"]
        [[raider]]
        type = "speedster"
        hex = "-1,-1"
        [[raider]]
        type = "speedster"
        hex = "3,-3"
        [[raider]]
        type = "speedster"
        hex = "-2,2"
    """)
    set_damage_card(s, "speedster", damage_card(damage=1))
    events = play(s, "end", "activate speedster", "raider -1,-1")
    assert of_type(events, "eliminated")[0]["seat"] == 0
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "activation")
    assert set(d.actions) == {"raider -2,2", "raider 3,-3"}
    assert_illegal(s, "raider -2,2", "SL §96", seat=0)
    play(s, "raider -2,2")  # p2 orders the raiders now
    d = GAME.decision(s)
    assert d is not None and d.seat == 1
