"""Every worked example of the rulebook, with the rulebook's own numbers.

Where the content data chose a value the example does not need (or contradicts), the
position is set up by a scenario so that the example's numbers hold, and a comment says so.
"""

from __future__ import annotations

import pytest

from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.movement import sail_step_options, wind_strength
from wasteland.games.saltlands.zones import hand_limit, permanent_armor

from sltest import (
    SL107_EXAMPLE,
    act,
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
    raiders,
    repeat,
    damage_card,
    set_damage_card,
    tokens,
    vehicle,
    where,
)


# -- SL §55: hand limit -------------------------------------------------------------------


@pytest.mark.worked_example("SL §55")
def test_hand_limit_example_4_plus_5_plus_2_is_11_SL55():
    # Plowman: hovercraft (4) in the vehicle slot, one crew card (2) and one empty
    # cargo slot (5). The character card shows no hand-limit symbol (data: 0).
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["plowman"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        vehicle = "hovercraft_vehicle"
        cargo = ["crew"]
        hand = ["fuel", "fuel", "fuel", "fuel", "fuel", "machete", "machete", "machete", "machete", "axe", "axe"]
    """)
    p = s.players[0]
    assert hand_limit(s, p) == 4 + 5 + 2 == 11
    assert GAME.view(s, 0)["players"][0]["hand_limit"] == 11
    assert len(p.hand) == 11
    assert has(s, "move ")  # at the limit: may move
    assert "end" in legal(s)  # and may end the turn


# -- SL §64: a new crew member acts at once -------------------------------------------------


def test_crew_token_gives_crew_that_collects_at_once_SL64():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        [[token]]
        hex = "-1,-1"
        token = "crew"
        [[token]]
        hex = "-2,1"
        token = "loot"
    """)
    play(s, "collect -1,-1 by scout")
    assert cargo(s) == ["crew"]
    assert engaged(s) == ["scout"]
    new_crew = held(s, "crew")
    # The only fresh crew member is the new one; it collects the second token now.
    assert find_all(s, "collect") == [f"collect -2,1 by {new_crew}"]
    events = play(s, f"collect -2,1 by {new_crew}")
    assert len([e for e in of_type(events, "gain") if e["how"] == "loot token"]) == 3
    assert tokens(s) == {}
    assert engaged(s) == ["crew", "scout"]


@pytest.mark.worked_example("SL §123")
def test_scout_beside_two_tokens_and_a_raider_collects_crew_then_loot_with_it_SL123_SL64():
    """SL §123's picture: the Scout ends his move next to two tokens and a raider. His first
    crew action collects the Crew token and gives him a Crew card, which he uses at once to
    collect the Loot token as well (the raider beside him changes nothing in his turn)."""
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        [[token]]
        hex = "-1,-1"
        token = "crew"
        [[token]]
        hex = "-2,1"
        token = "loot"
        [[raider]]
        type = "pickup"
        hex = "0,-1"
    """)
    assert engaged(s) == [] and cargo(s) == []
    play(s, "collect -1,-1 by scout")  # the first crew action: the Crew token
    assert cargo(s) == ["crew"] and engaged(s) == ["scout"]
    new_crew = held(s, "crew")
    events = play(s, f"collect -2,1 by {new_crew}")  # the new crew member, at once
    assert len([e for e in of_type(events, "gain") if e["how"] == "loot token"]) == 3  # SL §74: 3 Mirage cards
    assert tokens(s) == {}
    assert engaged(s) == ["crew", "scout"]
    assert raiders(s) == [("pickup", "0,-1", 2)]


# -- SL §65: Water refreshes a crew member and the last card it engaged -------------------------


@pytest.mark.worked_example("SL §64", "SL §65")
def test_healer_water_refreshes_crew_and_pickaxe_SL65():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["healer"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["pickaxe", "water"]
        [[raider]]
        type = "pickup"
        hex = "-1,-1"
    """)
    pickaxe = held(s, "pickaxe")
    play(s, f"use {pickaxe} by healer at -1,-1")  # 1 AP: the Pickup loses 1 of 2 crew
    assert raiders(s) == [("pickup", "-1,-1", 1)]
    assert engaged(s) == ["healer", "pickaxe"]
    assert not has(s, "use pickaxe")
    play(s, find(s, "use water"))  # a one-time action, no crew needed (ruling SL §65)
    assert "water" not in hand(s)
    events = play(s, "refresh healer")
    assert of_type(events, "refresh")[0]["card"] == pickaxe
    assert engaged(s) == []
    events = play(s, f"use {pickaxe} by healer at -1,-1")
    assert of_type(events, "raider_destroyed")
    assert raiders(s) == []


# -- SL §73 to SL §77: the Scout collects two tokens with two crew -------------------------------


@pytest.mark.worked_example("SL §73")
def test_scout_two_crew_collect_victory_and_loot_SL73_SL77():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        cargo = ["crew"]
        hand = []
        vehicle = "sailer"
        [[token]]
        hex = "-1,-1"
        token = "victory_blue"
        [[token]]
        hex = "0,-1"
        token = "loot"
    """)
    crew = held(s, "crew")
    mirage_before = len(s.mirage)
    play(s, "collect -1,-1 by scout", f"collect 0,-1 by {crew}")
    assert hand(s).count("compass") == 1  # the blue Victory card (data: compass = blue)
    assert len(hand(s)) == 1 + 3  # + 3 Mirage cards (SL §74)
    assert len(s.mirage) == mirage_before - 3
    assert engaged(s) == ["crew", "scout"]
    assert tokens(s) == {}  # token actions are one-time: the tokens leave the game
    assert not has(s, "collect")


# -- SL §80: passing through a raider, a player and a token --------------------------------


@pytest.mark.worked_example("SL §80")
def test_route_through_raider_player_and_token_ends_on_spawn_point_SL80():
    # The only 4-hex route (a Speedster-type vehicle avoids dunes) from 1,-2 to the
    # spawn point A at -2,2 is 0,-1 (raider), -1,0 (player), -2,1 (token).
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["healer", "scout"]
        [[player]]
        seat = "p1"
        hex = "1,-2"
        vehicle = "speedster_vehicle"
        hand = []
        [[player]]
        seat = "p2"
        hex = "-1,0"
        [[raider]]
        type = "truck"
        hex = "0,-1"
        [[token]]
        hex = "-2,1"
        token = "loot"
    """)
    assert s.terrain.spawn[s.static.geo.index[(-2, 2)]] == "A"
    events = play(s, "move -2,2")
    assert of_type(events, "move")[0]["to"] == "-2,2"
    assert where(s) == "-2,2"  # players may stand on spawn points
    assert not has(s, "move")
    play(s, "collect -2,1 by healer")  # the loot token next to the final hex
    assert len(hand(s)) == 3


# -- SL §81: sailing ---------------------------------------------------------------------


SAIL = """
    seed = 1
    [config]
    players = 1
    characters = ["scout"]
    [state]
    wind = "N"
    weather = ["w01", "w02"]
    [[player]]
    seat = "p1"
    hex = "{hex}"
    vehicle = "sailer"
    hand = []
"""


@pytest.mark.worked_example("SL §81")
def test_sail_wind_strength_5_double_steps_in_two_directions_SL81():
    s = build(SAIL.format(hex="-2,2"))
    assert wind_strength(s) == 2 + 3 == 5  # the two starting weather cards
    # Wind blowing north: N single, NE double, SE single, S (upwind) none, SW single,
    # NW double: double steps in exactly two directions.
    assert sail_step_options(s) == (1, 2, 1, 0, 1, 2)
    moves = {a.split()[1] for a in find_all(s, "move")}
    # 7 hexes NE in 4 steps (3 double + 1 single): more hexes than steps.
    assert "5,-5" in moves
    # Straight NE needs 5 steps for 9 hexes, and 6,-6 is on a face-down tile.
    assert "6,-6" not in moves


@pytest.mark.worked_example("SL §81")
def test_sail_at_most_wind_strength_steps_SL81():
    five = build(SAIL.format(hex="0,2"))
    six = build(SAIL.format(hex="0,2").replace('["w01", "w02"]', '["w02", "w05"]'))
    assert wind_strength(five) == 5 and wind_strength(six) == 6
    m5 = {a.split()[1] for a in find_all(five, "move")}
    m6 = {a.split()[1] for a in find_all(six, "move")}
    assert m5 < m6
    # Due north the best is one row per step (N single, or NE double + NW double):
    # 0,-3 is 5 steps away, 2,-5 needs a sixth step.
    assert "0,-3" in m5
    assert "2,-5" not in m5 and "2,-5" in m6


@pytest.mark.worked_example("SL §81")
def test_sail_cannot_cross_mountains_goes_round_SL81():
    # 2,0 is a mountain of the compass tile: a Sailer can never end there (SL §79).
    s = build(SAIL.format(hex="1,1"))
    moves = {a.split()[1] for a in find_all(s, "move")}
    assert "2,0" not in moves
    assert "2,-1" in moves  # beyond the mountain, reached round it


def test_sail_upwind_step_forbidden_SL81():
    # 5,-5 on start_1: its SE neighbour 6,-5 (dunes) is straight upwind when the wind
    # blows NW. The two tacking hexes (5,-4 mountains, 6,-6 face down) are closed, so
    # with strength 2 (w03 + w10) it cannot be reached at all. With the wind blowing N,
    # SE is a single-arrow direction and one step does it.
    text = """
        seed = 1
        [config]
        players = 1
        characters = ["healer"]
        [state]
        wind = "{wind}"
        weather = ["w03", "w10"]
        [[player]]
        seat = "p1"
        hex = "5,-5"
        vehicle = "sailer"
        hand = []
    """
    upwind = build(text.format(wind="NW"))
    assert wind_strength(upwind) == 2
    assert sail_step_options(upwind)[2] == 0  # SE is straight against the wind
    assert "move 6,-5" not in legal(upwind)
    across = build(text.format(wind="N"))
    assert sail_step_options(across)[2] == 1
    assert "move 6,-5" in legal(across)


def test_plowman_tacks_zigzag_against_the_wind_SL81_SL82():
    # SL §81: the Plowman's Sailer may never step straight upwind, but zigzags against
    # it (SL §82: tacking). With the wind blowing N, S is upwind and SE, SW are single
    # steps: each hex won straight south costs two steps, SE then SW.
    text = """
        seed = 1
        [config]
        players = 1
        characters = ["plowman"]
        [state]
        wind = "N"
        weather = {weather}
        [[player]]
        seat = "p1"
        hex = "0,-2"
        vehicle = "sailer"
        hand = []
    """
    two = build(text.format(weather='["w03", "w10"]'))
    five = build(text.format(weather='["w01", "w02"]'))
    assert (wind_strength(two), wind_strength(five)) == (2, 5)
    assert sail_step_options(two)[3] == 0  # never a step due south
    reach2 = {a.split()[1] for a in find_all(two, "move")}
    reach5 = {a.split()[1] for a in find_all(five, "move")}
    assert "0,-1" in reach2  # one hex upwind: 2 steps
    assert "0,0" not in reach2 and "0,0" in reach5  # two hexes upwind: 4 steps
    assert "0,1" not in reach5  # three hexes upwind: 6 steps, one more than the wind gives


# -- SL §84: Fuel ------------------------------------------------------------------------


@pytest.mark.worked_example("SL §84")
def test_arsonist_speedster_4_plus_3_plus_3_moves_8_with_2_fuel_SL84():
    # The Arsonist's Speedster moves 4 and skirts dunes (data: salt and mountains).
    # 4,-7 is 8 hexes away by a dune-free route: 4 + 3 = 7 is short, 4 + 3 + 3 = 10 is
    # enough. From there she reaches the loot token in the mountains (4,-6) and the
    # blue Victory token (3,-7).
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["arsonist"]
        [[player]]
        seat = "p1"
        hex = "-2,1"
        vehicle = "speedster_vehicle"
        hand = ["fuel", "fuel"]
        [[token]]
        hex = "4,-6"
        token = "loot"
        [[token]]
        hex = "3,-7"
        token = "victory_blue"
    """)
    assert s.terrain.terrain[s.static.geo.index[(4, -6)]] == 2  # mountains
    assert "move 2,-2" in legal(s)  # 4 hexes: no Fuel
    assert "move 2,-1 fuel 1" in legal(s)  # 5 hexes: one Fuel
    assert "move 4,-7 fuel 2" in legal(s)  # 8 hexes: two Fuel
    assert not any(a.endswith("fuel 3") for a in legal(s))
    events = play(s, "move 4,-7 fuel 2")
    move = of_type(events, "move")[0]
    assert (move["fuel"], move["bonus"]) == (2, 6)  # 4 + 3 + 3 = 10
    assert hand(s) == []
    assert discard_ids(s)[-2:] == ["fuel", "fuel"]
    assert set(find_all(s, "collect")) == {"collect 4,-6 by arsonist", "collect 3,-7 by arsonist"}


# -- SL §86 to SL §89: combat ------------------------------------------------------------------


@pytest.mark.worked_example("SL §86")
def test_machete_destroys_hovercraft_axe_then_water_destroys_pickup_SL86():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        cargo = ["crew"]
        hand = ["machete", "axe", "water"]
        vehicle = ""
        [[raider]]
        type = "hovercraft"
        hex = "-1,-1"
        [[raider]]
        type = "pickup"
        hex = "-2,1"
    """)
    crew = held(s, "crew")
    events = play(s, f"use {held(s, 'machete')} by {crew} at -1,-1")
    hit = of_type(events, "attack_raider")[0]
    assert (hit["damage"], hit["damage_type"], hit["armor"], hit["hits"]) == (1, "normal", 0, 1)
    assert of_type(events, "raider_destroyed")[0]["raider"] == "hovercraft"
    assert "machete" in discard_ids(s)  # a one-time weapon
    axe = held(s, "axe")
    events = play(s, f"use {axe} by scout at -2,1")
    hit = of_type(events, "attack_raider")[0]
    assert (hit["damage"], hit["armor"], hit["hits"]) == (2, 1, 1)  # armor 1 absorbs 1
    assert raiders(s) == [("pickup", "-2,1", 1)]  # 1 of 2 crew lost
    assert "axe" in hand(s) and "axe" in engaged(s)  # the Axe stays, engaged
    play(s, find(s, "use water"), "refresh scout")
    events = play(s, f"use {axe} by scout at -2,1")
    assert of_type(events, "raider_destroyed")[0]["raider"] == "pickup"
    assert raiders(s) == []


@pytest.mark.worked_example("SL §87")
def test_crossbow_then_spear_ap_destroy_pickup_SL87():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["little_girl"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        cargo = ["crew"]
        hand = ["crossbow", "spear"]
        [[raider]]
        type = "pickup"
        hex = "-1,-1"
    """)
    events = play(s, f"use {held(s, 'crossbow')} by little_girl at -1,-1")
    hit = of_type(events, "attack_raider")[0]
    assert (hit["damage"], hit["damage_type"], hit["armor"], hit["hits"]) == (1, "ap", 0, 1)
    assert raiders(s) == [("pickup", "-1,-1", 1)]
    events = play(s, f"use {held(s, 'spear')} by {held(s, 'crew')} at -1,-1")
    assert of_type(events, "raider_destroyed")
    assert sorted(discard_ids(s)) == ["crossbow", "spear"]


def _bulldozers_attack_armored_sailer():
    # Two Bulldozers next to the Arsonist on her Armored Sailer (armor 1). The damage
    # card d1-7 shows 2 normal damage (the example's Bulldozer attack).
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "arsonist"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = []
        [[player]]
        seat = "p2"
        hex = "2,-2"
        vehicle = "armored_sailer"
        hand = ["helmet"]
        cargo = ["crew"]
        [[raider]]
        type = "bulldozer"
        hex = "2,-1"
        [[raider]]
        type = "bulldozer"
        hex = "1,-2"
    """)
    set_damage_card(s, "bulldozer", damage_card(damage=2))
    play(s, "end", "activate bulldozer", "raider 1,-2")
    return s


@pytest.mark.worked_example("SL §88")
def test_armored_sailer_helmet_and_crew_against_two_bulldozers_SL88():
    s = _bulldozers_attack_armored_sailer()
    assert permanent_armor(s, s.players[1]) == 1
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "soak")
    assert s.stack[-1]["left"] == 1  # 2 normal - armor 1
    helmet = held(s, "helmet", 1)
    crew = held(s, "crew", 1)
    assert set(d.actions) == {f"armor {helmet}", f"lose {crew}"}
    events = play(s, f"armor {helmet}")  # the Helmet stops the first attack's last point
    assert of_type(events, "soaked")[0]["how"] == "armor"
    # The second Bulldozer (the only one left, so it acts by itself): armor 1 absorbs
    # 1 again (permanent armor is never used up); the Helmet is gone, so the last
    # point costs a crew member.
    second = of_type(events, "attacked")
    assert [(a["damage"], a["armor"], a["left"]) for a in second] == [(2, 1, 1)]
    d = GAME.decision(s)
    assert (d.seat, d.kind, d.actions) == (1, "soak", (f"lose {crew}",))
    events = play(s, f"lose {crew}")
    assert of_type(events, "soaked")[0]["how"] == "lose"
    assert cargo(s, 1) == []
    assert s.players[1].status == "active"
    assert vehicle(s, 1) == "armored_sailer"


@pytest.mark.worked_example("SL §85")
def test_two_normal_damage_stopped_by_one_armor_and_one_medkit_SL85():
    # SL §85: every attack is stopped on its own, but several cards may stop one attack:
    # 2 normal damage avoided with 1 armor (a Helmet) and 1 Medkit. The Healer has no
    # crew card and no armor on her board, so without both she would die.
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "healer"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = []
        [[player]]
        seat = "p2"
        hex = "2,-2"
        hand = ["helmet", "medkit"]
        cargo = []
        [[raider]]
        type = "speedster"
        hex = "2,-1"
    """)
    set_damage_card(s, "speedster", damage_card(damage=2))
    events = play(s, "end", "activate speedster")
    attacked = of_type(events, "attacked")[0]
    assert (attacked["seat"], attacked["damage"], attacked["damage_type"], attacked["left"]) == (1, 2, "normal", 2)
    helmet, medkit = held(s, "helmet", 1), held(s, "medkit", 1)
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "soak") and set(d.actions) == {f"armor {helmet}", f"heal {medkit}"}
    events = play(s, f"armor {helmet}", f"heal {medkit}")
    assert [(e["how"], e["points"]) for e in of_type(events, "soaked")] == [("armor", 1), ("heal", 1)]
    assert s.players[1].status == "active" and not of_type(events, "death")
    assert hand(s, 1) == [] and {"helmet", "medkit"} <= set(discard_ids(s))


@pytest.mark.worked_example("SL §89")
def test_apc_and_tough_armor_do_not_stop_truck_ap_SL89():
    # The Plowman drives an APC (armor 2) and is Tough (+1): armor 3 in all. A Truck
    # attacks with 1 AP (damage card d1-6): armor does not help; he must heal or lose
    # a crew member.
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "plowman"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = []
        [[player]]
        seat = "p2"
        hex = "2,-2"
        vehicle = "apc_vehicle"
        hand = ["medkit"]
        cargo = ["crew"]
        [[raider]]
        type = "truck"
        hex = "2,-1"
    """)
    assert permanent_armor(s, s.players[1]) == 2 + 1
    set_damage_card(s, "truck", damage_card(damage=1, damage_type="ap"))
    events = play(s, "end", "activate truck")
    attacked = of_type(events, "attacked")[0]
    assert (attacked["damage"], attacked["damage_type"], attacked["armor"], attacked["left"]) == (1, "ap", 0, 1)
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "soak")
    assert set(d.actions) == {f"heal {held(s, 'medkit', 1)}", f"lose {held(s, 'crew', 1)}"}
    play(s, f"heal {held(s, 'medkit', 1)}")
    assert cargo(s, 1) == ["crew"] and hand(s, 1) == []


def test_apc_armor_stops_normal_damage_SL88_SL89():
    # Contrast with SL §89: 2 normal damage (d1-7) against armor 3 does nothing.
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "plowman"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = []
        [[player]]
        seat = "p2"
        hex = "2,-2"
        vehicle = "apc_vehicle"
        hand = []
        [[raider]]
        type = "truck"
        hex = "2,-1"
    """)
    set_damage_card(s, "truck", damage_card(damage=2))
    events = play(s, "end", "activate truck")
    attacked = of_type(events, "attacked")[0]
    assert (attacked["damage"], attacked["armor"], attacked["left"]) == (2, 2, 0)
    assert not of_type(events, "death")


# -- SL §106: raider movement ------------------------------------------------------------


RAIDERS_2P = """
    seed = 1
    [config]
    players = 2
    characters = ["scout", "scientist"]
    [[player]]
    seat = "p1"
    hex = "{scout}"
    hand = []
    cargo = ["crew"]
    [[player]]
    seat = "p2"
    hex = "{scientist}"
    hand = []
    cargo = ["crew"]
"""


@pytest.mark.worked_example("SL §106")
def test_equidistant_speedster_sent_to_scientist_by_current_player_SL106():
    # The Speedster at 0,-2 is 2 hexes from both players (it cannot cross the dunes of
    # 1,-1); the Scout, whose turn it is, sends it to the Scientist: 2 normal damage.
    s = build(RAIDERS_2P.format(scout="-2,1", scientist="2,-1") + """
        [[raider]]
        type = "speedster"
        hex = "0,-2"
        [[raider]]
        type = "pickup"
        hex = "-1,2"
    """)
    set_damage_card(s, "speedster", damage_card(damage=2))
    play(s, "end", "activate speedster")
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (0, "activation")
    assert set(d.actions) == {"chase p1", "chase p2"}
    events = play(s, "chase p2")
    if decision_kind(s) == "activation" and has(s, "goto"):
        events += act(s, "goto")
    move = of_type(events, "raider_move")[0]
    assert move["target"] == "p2" and move["distance"] == 2
    attacked = of_type(events, "attacked")[0]
    assert (attacked["seat"], attacked["damage"], attacked["damage_type"]) == (1, 2, "normal")
    assert ("pickup", "-1,2", 2) in raiders(s)  # other types stay put


@pytest.mark.worked_example("SL §106")
def test_speedster_goes_round_dunes_SL106():
    # From -1,0 the Scout at 1,1 is 2 hexes away across the dunes -1,1 / 0,1; a
    # Speedster may not enter dunes and drives round by -2,1 -2,2 -1,2 to 0,2: 4 hexes,
    # its full movement (data: 4), then attacks.
    s = build(RAIDERS_2P.format(scout="1,1", scientist="5,-1") + """
        [[raider]]
        type = "speedster"
        hex = "-1,0"
    """)
    set_damage_card(s, "speedster", damage_card(damage=1))
    events = play(s, "end", "activate speedster")
    move = of_type(events, "raider_move")[0]
    assert (move["from"], move["to"], move["distance"]) == ("-1,0", "0,2", 4)
    assert of_type(events, "attacked")[0]["seat"] == 0


@pytest.mark.worked_example("SL §106")
def test_speedster_stops_short_because_it_may_not_end_on_a_token_SL106():
    # The Speedster at 6,-3 cannot reach the Scout at -2,1 this activation; its best
    # 4-hex end would be 2,-2, but a token lies there, so it stops after 3 hexes at
    # 3,-2 and gets no closer.
    text = """
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "-2,1"
        hand = []
        [[raider]]
        type = "speedster"
        hex = "6,-3"
        {token}
    """
    free = build(text.format(token=""))
    set_damage_card(free, "speedster", damage_card(damage=1))
    play(free, "end", "activate speedster")
    assert ("speedster", "2,-2", 1) in raiders(free)
    blocked = build(text.format(token='[[token]]\nhex = "2,-2"\ntoken = "loot"'))
    set_damage_card(blocked, "speedster", damage_card(damage=1))
    events = play(blocked, "end", "activate speedster")
    move = of_type(events, "raider_move")[0]
    assert (move["from"], move["to"]) == ("6,-3", "3,-2")
    assert ("speedster", "3,-2", 1) in raiders(blocked)


# -- SL §107: spawning with too few figures ---------------------------------------------------


@pytest.mark.worked_example("SL §107")
def test_spawn_too_few_figures_raider_free_tile_first_then_choice_SL107():
    # Normal difficulty. The damage card shows B, M and H (+3 movement, no attack), as in
    # the example; H is inactive on Normal. The book's numbers: five free B/M points,
    # 6,-2 (B), 1,-3 (M), 0,-6 (M), 5,-9 (M) and 8,-6 (M) (11,-8, a B, is taken by a
    # Truck), and 3 of the 6 Speedsters left, as 3 are on the board. Only tile t0,-2
    # (5,-9) has no raiders: it gets one first; the Scout places the other two where he
    # likes and takes the points farthest away.
    s = build(SL107_EXAMPLE)
    assert (s.tiles[4], s.tiles[5]) == ("tile_01", "tile_07")
    set_damage_card(s, "speedster", damage_card(move_bonus=3, letters="BMH"))
    events = play(s, "end", "activate speedster")
    events += repeat(s, "raider ")  # the order of the three Speedsters does not matter here
    # The adjacent Speedsters do not move (ruling 7.5) and, on a +3 card, do not attack.
    assert not of_type(events, "raider_move") and not of_type(events, "attacked")
    check = of_type(events, "spawn_check")[0]
    assert (check["letters"], check["points"], check["figures"]) == ("BM", 5, 3)  # H is off on Normal
    assert [e["hex"] for e in of_type(events, "spawn")] == ["5,-9"]  # the raider-free tile
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (0, "activation")
    assert set(d.actions) == {"spawn 6,-2", "spawn 1,-3", "spawn 0,-6", "spawn 8,-6"}
    play(s, "spawn 8,-6", "spawn 6,-2")  # the two points farthest away
    spawned = sorted(r[1] for r in raiders(s) if r[0] == "speedster")
    assert spawned == sorted(["-1,-1", "-2,1", "-1,-8", "5,-9", "8,-6", "6,-2"])
    assert all(r[2] == 1 for r in raiders(s) if r[0] == "speedster")  # full crew


# -- SL §124: the Scout, Water, Spear and a Bulldozer ------------------------------------------


@pytest.mark.worked_example("SL §124")
def test_scout_water_then_spear_destroys_bulldozer_loot_SL124():
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "healer"]
        [[player]]
        seat = "p1"
        hex = "-1,0"
        vehicle = "sailer"
        hand = ["spear", "water"]
        engaged = ["scout"]
        [[player]]
        seat = "p2"
        hex = "5,-1"
        [[raider]]
        type = "bulldozer"
        hex = "-1,-1"
    """)
    assert not has(s, "use spear")  # no active crew
    raider_deck = len(s.raider_deck)
    play(s, find(s, "use water"), "refresh scout")
    events = play(s, f"use {held(s, 'spear')} by scout at -1,-1")
    hit = of_type(events, "attack_raider")[0]
    assert (hit["damage"], hit["damage_type"], hit["hits"]) == (1, "ap", 1)
    assert of_type(events, "raider_destroyed")[0]["raider"] == "bulldozer"
    loot = [e["card"] for e in of_type(events, "gain") if e["how"] == "loot"]
    assert len(loot) == 2 and loot[-1].startswith("bulldozer_vehicle#")
    assert len(s.raider_deck) == raider_deck - 1  # one Raider card (data: loot_raider = 1)
    # He takes the Bulldozer as his vehicle in place of the Sailer (SL §54).
    d = GAME.decision(s)
    assert d.kind == "place"
    play(s, find(s, "replace sailer"))
    assert vehicle(s) == "bulldozer_vehicle"
    assert "sailer" in discard_ids(s)
    assert raiders(s) == []


# -- SL §113 to SL §121: victory ----------------------------------------------------------------


FOUR = """
    seed = 3
    [config]
    players = 4
    mode = "{mode}"
    characters = ["arsonist", "scientist", "healer", "scout"]
    [state]
    rumor_deck = {rumors}
    wind = "N"
    weather = ["w01", "w02"]
    [[player]]
    seat = "p1"
    hex = "{p1}"
    vehicle = "sailer"
    hand = {h1}
    [[player]]
    seat = "p2"
    hex = "{p2}"
    hand = {h2}
    [[player]]
    seat = "p3"
    hex = "{p3}"
    hand = {h3}
    [[player]]
    seat = "p4"
    hex = "{p4}"
    hand = {h4}
"""


def four(mode="classic", rumors=0, p1="2,-2", p2="3,-5", p3="-1,0", p4="-2,1",
         h1="[]", h2="[]", h3="[]", h4="[]", extra="raider = []\n"):
    # With seed 3 the blue marker lies on start_3 (tile t0,-1, centre 2,-5), green on
    # start_1 (t1,-1) and red on start_2 (t-1,0). Compass = blue, Plants = green,
    # Tools = red (data).
    text = FOUR.format(mode=mode, rumors=rumors, p1=p1, p2=p2, p3=p3, p4=p4, h1=h1, h2=h2, h3=h3, h4=h4)
    # Top-level keys go first, [[tables]] last.
    s = build(extra + text if not extra.startswith("[[") else text + extra)
    assert s.markers["blue"] == 2 and s.tiles[2] == "start_3"
    return s


@pytest.mark.worked_example("SL §113")
def test_classic_two_players_five_victory_cards_three_matching_win_SL113():
    # Six rumor cards played (4 players), no raider on the tile. The Arsonist moves onto
    # the blue marker's tile where the Scientist waits: 5 cards, 3 of them blue.
    s = four(h1='["compass", "compass", "plants"]', h2='["compass", "tools"]')
    assert len(s.rumors_played) == 6 and not s.over
    events = play(s, "move 3,-4")
    over = of_type(events, "game_over")[0]
    assert over["winners"] == ["p1", "p2"]
    assert s.over and s.winners == [0, 1]
    assert GAME.outcome(s).winners == (0, 1)
    assert GAME.returns(s) == [1.0, 1.0, 0.0, 0.0]  # the Healer is left behind


def test_classic_four_cards_are_not_enough_for_two_SL116():
    s = four(h1='["compass", "compass"]', h2='["compass", "tools"]')
    play(s, "move 3,-4")
    assert not s.over  # 3 matching but 4 < 3 + 2


def test_no_win_while_a_raider_is_on_the_tile_SL113():
    s = four(h1='["compass", "compass", "plants"]', h2='["compass", "tools"]',
             extra='[[raider]]\ntype = "truck"\nhex = "4,-5"\n')
    play(s, "move 3,-4")
    assert not s.over


def test_no_win_before_every_rumor_card_is_played_SL111_SL113():
    s = four(rumors=1, h1='["compass", "compass", "plants"]', h2='["compass", "tools"]')
    play(s, "move 3,-4")
    assert not s.over


def test_classic_recheck_without_cardless_players_SL116():
    # Three players on the tile: 3 + 3 = 6 cards needed, only 5. Without the card-less
    # Healer, 3 + 2 = 5 is enough: the Arsonist and the Scientist win; the Healer, on
    # the very tile, is left behind.
    s = four(p3="2,-4", h1='["compass", "compass", "plants"]', h2='["compass", "tools"]')
    assert not s.over
    events = play(s, "move 3,-4")
    assert of_type(events, "game_over")[0]["winners"] == ["p1", "p2"]
    assert s.players[2].status != "won"


def test_coop_needs_every_surviving_player_on_the_tile_SL117():
    # 3 + 4 = 7 Victory cards for four players, 3 of them blue.
    hands = dict(h1='["compass", "compass"]', h2='["compass", "tools"]', h3='["plants"]', h4='["plants", "tools"]')
    s = four(mode="coop", p3="2,-4", p4="-2,1", **hands)
    play(s, "move 3,-4")
    assert not s.over  # the Scout is still on the compass tile
    s = four(mode="coop", p3="2,-4", p4="4,-5", **hands)
    events = play(s, "move 3,-4")
    assert of_type(events, "game_over")[0]["winners"] == ["p1", "p2", "p3", "p4"]


def test_coop_dead_player_blocks_eliminated_player_does_not_SL117():
    hands = dict(h1='["compass", "compass"]', h2='["compass", "tools"]', h3='["plants", "plants"]')
    s = four(mode="coop", p3="2,-4", p4="-2,1", **hands)
    s.players[3].hex = None
    s.players[3].status = "dead"  # waiting to respawn: still in the game
    s.touch()
    play(s, "move 3,-4")
    assert not s.over
    s = four(mode="coop", p3="2,-4", p4="-2,1", **hands)
    s.players[3].hex = None
    s.players[3].status = "out"  # eliminated (SL §96): left out; 3 + 3 = 6 cards
    s.touch()
    events = play(s, "move 3,-4")
    assert of_type(events, "game_over")[0]["winners"] == ["p1", "p2", "p3"]


def test_competitive_one_matching_plus_one_any_alone_SL118():
    s = four(mode="competitive", h1='["compass", "plants"]', h2='["tools"]')
    events = play(s, "move 3,-4")
    # Each player alone with their own cards: the Scientist's single card is not enough.
    assert of_type(events, "game_over")[0]["winners"] == ["p1"]


def test_competitive_tie_break_counts_card_symbols_SL121():
    # Both players qualify through the same event: the Arsonist destroys the Bulldozer on
    # the escape tile with her Spear. Tie-break totals (damage + armor + heals + crew +
    # refreshes over all cards): Arsonist = character card 1 (crew) + Plants 1 (heal) +
    # Rifle 1 (loot, 1 AP) + Bulldozer vehicle 1 (armor) = 4; Scientist = character 1 +
    # Plants 1 + Axe 2 + Helmet 1 = 5.
    s = four(mode="competitive", p1="3,-4", p2="2,-4",
             h1='["compass", "plants", "spear"]', h2='["compass", "plants", "axe", "helmet"]',
             extra='[[raider]]\ntype = "bulldozer"\nhex = "4,-5"\n')
    s.players[0].vehicle = None  # the loot vehicle goes straight into the empty slot
    rifle = next(i for i, c in enumerate(s.raider_deck) if s.static.catalog.cards[c].id == "rifle")
    s.raider_deck.append(s.raider_deck.pop(rifle))  # the Raider card drawn as loot
    spear = held(s, "spear")
    events = play(s, f"use {spear} by arsonist at 4,-5")
    tie = of_type(events, "tie_break")[0]
    assert tie["scores"] == {"p1": 4, "p2": 5}
    assert of_type(events, "game_over")[0]["winners"] == ["p2"]


def test_competitive_equal_tie_break_totals_share_the_win_SL121():
    # Same event as above, but the Scientist's cards also total 4 (character 1 + Plants 1
    # + Rifle 1 + Helmet 1): equal totals share the win (ruling SL §121).
    s = four(mode="competitive", p1="3,-4", p2="2,-4",
             h1='["compass", "plants", "spear"]', h2='["compass", "plants", "rifle", "helmet"]',
             extra='[[raider]]\ntype = "bulldozer"\nhex = "4,-5"\n')
    s.players[0].vehicle = None
    rifle = next(i for i, c in enumerate(s.raider_deck) if s.static.catalog.cards[c].id == "rifle")
    s.raider_deck.append(s.raider_deck.pop(rifle))
    s.touch()
    events = play(s, f"use {held(s, 'spear')} by arsonist at 4,-5")
    tie = of_type(events, "tie_break")[0]
    assert tie["scores"] == {"p1": 4, "p2": 4}
    assert of_type(events, "game_over")[0]["winners"] == ["p1", "p2"]


def test_tie_break_counts_the_armor_printed_on_a_character_card_SL121_SL135():
    # SL §121 adds up the armor values "on their cards": the Plowman's card gives one
    # permanent armor (Tough, SL §135), so his total has one more than the same cards held
    # by the Arsonist; on Normal after his respawn its black side gives none (SL §93).
    from wasteland.games.saltlands.world import tie_break_score

    text = FOUR.format(mode="competitive", rumors=0, p1="2,-2", p2="3,-5", p3="-1,0", p4="-2,1",
                       h1='["axe"]', h2='["axe"]', h3="[]", h4="[]")
    s = build("raider = []\n" + text.replace('"arsonist", "scientist"', '"plowman", "scientist"'))
    # character 1 (crew) + Axe 2 + Sailer 0, and Tough's 1 armor for the Plowman
    assert tie_break_score(s, s.players[0]) == tie_break_score(s, s.players[1]) + 1 == 4
    black = build("raider = []\n" + text.replace('"arsonist", "scientist"', '"plowman", "scientist"')
                  .replace('seat = "p1"\n', 'seat = "p1"\nrespawned = 1\n'))
    assert tie_break_score(black, black.players[0]) == 3


def test_robbery_armor_works_no_heals_victory_cards_handed_over_SL122():
    # Competitive: the Arsonist hits the Scientist (Armored Sailer, armor 1) with an Axe
    # (2 normal): 1 point after armor = 1 Victory card, chosen by the victim. Healing
    # cannot be used against robbery and no crew is lost.
    s = four(mode="competitive", rumors=2, p1="2,-2", p2="2,-1",
             h1='["axe"]', h2='["compass", "plants", "medkit"]')
    # The Scientist's board: an Armored Sailer and a crew card.
    armored = next(i for i, c in enumerate(s.mirage) if s.static.catalog.cards[c].id == "armored_sailer")
    s.players[1].vehicle = s.mirage.pop(armored)
    s.players[1].cargo.append(next(c for c in s.supply if s.static.catalog.cards[c].id == "crew"))
    s.supply.remove(s.players[1].cargo[-1])
    s.touch()
    events = play(s, f"use {held(s, 'axe')} by arsonist at 2,-1")
    attacked = of_type(events, "attacked")[0]
    assert (attacked["damage"], attacked["armor"], attacked["left"], attacked["robbery"]) == (2, 1, 1, True)
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (1, "soak")
    assert set(d.actions) == {f"yield {held(s, 'compass', 1)}", f"yield {held(s, 'plants', 1)}"}
    events = play(s, f"yield {held(s, 'plants', 1)}")
    assert of_type(events, "robbed")[0]["by"] == 0
    assert hand(s, 0) == ["axe", "plants"]
    assert hand(s, 1) == ["compass", "medkit"]
    assert cargo(s, 1) == ["crew"]
    assert GAME.decision(s).kind == "turn" and GAME.decision(s).seat == 0


def test_robbery_of_a_player_without_victory_cards_takes_nothing_SL122():
    s = four(mode="competitive", rumors=2, p1="2,-2", p2="2,-1", h1='["spear"]', h2='["medkit"]')
    events = play(s, f"use {held(s, 'spear')} by arsonist at 2,-1")
    assert of_type(events, "robbery_empty")
    assert hand(s, 1) == ["medkit"] and s.players[1].status == "active"


def test_no_player_attacks_outside_competitive_SL85():
    s = four(mode="classic", rumors=2, p1="2,-2", p2="2,-1", h1='["axe"]')
    assert not has(s, "use")


def test_robbery_victim_without_victory_cards_keeps_a_helmet_SL122():
    # Nothing can be taken from a victim with no Victory card, so she need not spend a
    # one-time armor card either.
    s = four(mode="competitive", rumors=2, p1="2,-2", p2="2,-1", h1='["axe"]', h2='["helmet"]')
    events = play(s, f"use {held(s, 'axe')} by arsonist at 2,-1")
    assert of_type(events, "robbery_empty")
    assert hand(s, 1) == ["helmet"]
    assert GAME.decision(s).kind == "turn" and GAME.decision(s).seat == 0
