"""Victory conditions by mode (SL §111 to SL §121)."""

from __future__ import annotations

from wasteland.games.saltlands.game import GAME

from sltest import build, held, of_type, play

SOLO = """
    seed = 1
    [config]
    players = 1
    characters = ["scout"]
    [state]
    rumor_deck = 0
    wind = "N"
    weather = ["w01", "w02"]
    [[player]]
    seat = "p1"
    hex = "2,-2"
    vehicle = "sailer"
    hand = {hand}
"""


def solo(hand):
    # Tools (red) stay in the box in the small area. Seed 1: the blue marker is on start_3 (t0,-1), green on start_1 (t1,-1).
    s = build(SOLO.format(hand=hand))
    assert s.markers == {"blue": 2, "green": 1}
    return s


def test_solo_one_matching_plus_one_any_SL119():
    s = solo('["compass", "plants"]')
    events = play(s, "move 2,-3")  # onto start_3
    assert of_type(events, "game_over")[0]["winners"] == ["p1"]
    assert GAME.returns(s) == [1.0]


def test_solo_any_card_may_be_a_matching_one_ruling_2_4():
    s = solo('["compass", "compass"]')
    play(s, "move 2,-3")
    assert s.over and s.winners == [0]


def test_solo_one_card_is_not_enough_SL119():
    s = solo('["compass"]')
    play(s, "move 2,-3")
    assert not s.over


def test_solo_matching_means_the_marker_colour_of_the_tile_SL115():
    s = solo('["plants", "plants"]')  # green cards on the blue tile
    play(s, "move 2,-3")
    assert not s.over
    s = solo('["plants", "compass"]')
    play(s, "move 3,-3")  # 2,-2 -> 3,-3 (NE)  # onto start_1, the green tile
    assert s.over


def test_tile_with_two_markers_either_colour_counts_SL115():
    s = solo('["plants", "plants"]')
    s.markers["green"] = 2  # both markers on start_3
    s.touch()
    play(s, "move 2,-3")
    assert s.over and s.winners == [0]


def test_only_hand_victory_cards_on_the_tile_count_SL115():
    s = solo('["compass", "plants"]')
    play(s, "move 1,-2")  # still on the compass tile: no marker
    assert not s.over


def test_tutorial_one_matching_plus_one_per_player_SL120():
    text = """
        seed = 1
        [config]
        players = 2
        mode = "tutorial"
        characters = ["scout", "healer"]
        [state]
        rumor_deck = 0
        wind = "N"
        weather = ["w01", "w02"]
        [[player]]
        seat = "p1"
        hex = "2,-2"
        vehicle = "sailer"
        hand = {h1}
        [[player]]
        seat = "p2"
        hex = "3,-5"
        hand = {h2}
    """
    s = build(text.format(h1='["compass"]', h2='["plants"]'))
    assert s.markers["blue"] == 2
    play(s, "move 2,-3")
    assert not s.over  # 1 + 2 = 3 cards for two players
    s = build(text.format(h1='["compass", "plants"]', h2='["plants"]'))
    events = play(s, "move 2,-3")
    assert of_type(events, "game_over")[0]["winners"] == ["p1", "p2"]


def test_two_groups_on_different_markers_win_together_SL113():
    # Classic, 3 players. The Scout waits on the blue tile with 3 blue + 1, the Healer
    # on the green tile with 3 green + 1; the last rumor card (r4, bottom: red is not in
    # play and green cannot leave the area) is played: both groups escape at once.
    s = build("""
        seed = 1
        raider = []
        [config]
        players = 3
        characters = ["scout", "healer", "plowman"]
        [state]
        rumor_deck = 1
        [[player]]
        seat = "p1"
        hex = "2,-4"
        hand = ["compass", "compass", "compass", "plants"]
        [[player]]
        seat = "p2"
        hex = "5,-2"
        hand = ["plants", "plants", "plants", "compass"]
        [[player]]
        seat = "p3"
        hex = "-1,0"
        [[token]]
        hex = "2,-3"
        token = "rumor"
    """)
    assert s.markers == {"blue": 2, "green": 1} and not s.over
    s.rumor_deck = ["r4"]
    if "r4" in s.rumors_played:
        s.rumors_played.remove("r4")
    s.touch()
    play(s, "collect 2,-3 by scout")
    events = play(s, "bottom")
    assert of_type(events, "game_over")[0]["winners"] == ["p1", "p2"]
    assert s.players[2].status != "won"


def test_victory_checked_when_the_last_raider_leaves_the_tile_SL113():
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
        hand = ["compass", "plants", "spear"]
        [[raider]]
        type = "speedster"
        hex = "2,-4"
    """)
    assert not s.over
    events = play(s, f"use {held(s, 'spear')} by scout at 2,-4")
    assert of_type(events, "raider_destroyed") and of_type(events, "game_over")
    assert s.winners == [0]
