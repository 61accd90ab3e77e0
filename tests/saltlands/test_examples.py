"""Every worked example of the rulebook, with the rulebook's own numbers.

Where the content data chose a value the example does not need (or contradicts), the
position is set up by a scenario so that the example's numbers hold, and a comment says so.
"""

from __future__ import annotations

from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.movement import sail_step_options, wind_strength
from wasteland.games.saltlands.zones import hand_limit, permanent_armor

from sltest import (
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
    set_damage_card,
    tokens,
    vehicle,
    where,
)


# -- SL §55: hand limit -------------------------------------------------------------------


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


# -- SL §65: Water refreshes a crew member and the last card it engaged -------------------------


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
    play(s, find(s, "use water"))  # a one-time action, no crew needed (ruling §65)
    assert "water" not in hand(s)
    events = play(s, "refresh healer")
    assert of_type(events, "refresh")[0]["card"] == pickaxe
    assert engaged(s) == []
    events = play(s, f"use {pickaxe} by healer at -1,-1")
    assert of_type(events, "raider_destroyed")
    assert raiders(s) == []


# -- SL §73-§77: the Scout collects two tokens with two crew -------------------------------


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
