"""Weather, sandstorm, rumors and exploring (SL §48 to SL §53, SL §108 to SL §111)."""

from __future__ import annotations

import pytest

from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.movement import wind_strength
from wasteland.games.saltlands.world import draw_weather, weather_phase

from sltest import answer, answer_any, asked, at_table, build, decision_kind, has, held, legal, of_type, play, tokens

SOLO = """
    seed = 1
    [config]
    players = 1
    characters = ["{who}"]
    [state]
    wind = "N"
    weather = ["w01", "w02"]
    [[player]]
    seat = "p1"
    hex = "{hex}"
    hand = {hand}
"""


def solo(who="scout", hex="-1,0", hand="[]", extra=""):
    return build(SOLO.format(who=who, hex=hex, hand=hand) + extra)


# -- SL §48 to SL §52: weather ---------------------------------------------------------------------


def test_initial_wind_is_the_two_starting_weather_cards_SL41_SL52():
    s = GAME.new_game({"players": 2, "characters": ["scout", "healer"]}, 9)
    assert sorted(s.weather_drawn) == ["w01", "w02"]
    assert wind_strength(s) == 5 and len(s.weather_deck) == 8


def test_wind_strength_is_the_sum_of_the_last_two_cards_and_wind_turns_SL50_SL52():
    s = solo()
    s.weather_deck.remove("w06")
    s.weather_deck.append("w06")  # strength 4, turns the wind one sixth clockwise
    events = []
    draw_weather(s, events)
    assert s.weather_drawn[-2:] == ["w02", "w06"]
    assert wind_strength(s) == 3 + 4
    assert s.wind_dir == 1  # N -> NE
    assert of_type(events, "weather")[0]["wind_strength"] == 7


def test_storm_card_starts_a_sandstorm_until_the_next_weather_card_SL53():
    s = solo()
    for w in ("w05", "w07"):  # w07 (storm) drawn first, then w05
        s.weather_deck.remove(w)
        s.weather_deck.append(w)
    events = []
    draw_weather(s, events)
    assert s.storm is True and wind_strength(s) == 3 + 4  # it still counts as wind
    draw_weather(s, events)
    assert s.storm is False
    assert wind_strength(s) == 4 + 3  # the storm card is still one of the two wind cards


def test_empty_weather_deck_reshuffles_all_but_the_latest_SL49():
    s = solo()
    events = []
    for _ in range(8):
        draw_weather(s, events)
    assert s.weather_deck == []
    latest = s.weather_drawn[-1]
    draw_weather(s, events)
    assert of_type(events, "reshuffle")[0]["cards"] == 9
    assert s.weather_drawn[0] == latest and len(s.weather_drawn) == 2
    assert len(s.weather_deck) == 8 and latest not in s.weather_deck


def test_weather_phase_starts_a_new_round_SL48_SL52():
    s = GAME.new_game({"players": 3, "characters": ["scout", "healer", "plowman"]}, 2)
    s.revealed = {"speedster": ["d1-1"], "pickup": ["d1-2"], "truck": ["d1-3"]}
    events = []
    weather_phase(s, events)
    assert s.round == 2 and s.revealed == {"speedster": [], "pickup": [], "truck": []}
    assert [e["type"] for e in events] == ["weather", "round_end"]


# -- SL §109, SL §110, SL §111: rumors and exploring ------------------------------------------------------------


@pytest.mark.worked_example("SL §109")
def test_rumor_token_moves_markers_and_explores_SL109_SL110():
    # Seed 1: blue on start_3 (t0,-1), green on start_1 (t1,-1). Rumor card r1: top =
    # blue one tile N, onto the face-down tile t0,-2 (tile_01), which is explored.
    s = at_table(solo(extra='[[token]]\nhex = "-1,-1"\ntoken = "rumor"\n'))
    pool = len(s.token_pool)
    play(s, "collect -1,-1 by scout")
    answer(s, "r1")  # the table drew r1
    d = GAME.decision(s)
    assert (d.kind, d.actions, d.rule) == ("rumor", ("top", "bottom"), "SL §109")
    play(s, "top")
    answer(s, "tile_01")  # the tile turned up is tile_01
    events = answer_any(s)  # whatever tokens come
    move = of_type(events, "marker_move")[0]
    assert (move["marker"], move["direction"], move["to"]) == ("blue", "N", "t0,-2")
    assert s.face_up[4] and s.tiles[4] == "tile_01"
    explored = of_type(events, "explore")[0]
    assert explored["at"] == "t0,-2"
    # tile_01 has two wrecks (4,-12 and 3,-10): a pool token on each.
    placed = sorted(e["hex"] for e in of_type(events, "token_placed"))
    assert placed == ["3,-10", "3,-11", "4,-12"]
    assert len(s.token_pool) == pool - 3
    assert s.rumors_played[-1] == "r1"


def test_rumor_bottom_option_SL109():
    s = at_table(solo(extra='[[token]]\nhex = "-1,-1"\ntoken = "rumor"\n'))
    play(s, "collect -1,-1 by scout")
    answer(s, "r1")
    play(s, "bottom")  # green one tile NE: t1,-1 -> t2,-2
    events = answer_any(s)  # the tile explored there, its tokens
    move = of_type(events, "marker_move")[0]
    assert (move["marker"], move["to"]) == ("green", "t2,-2")
    assert s.markers["green"] == 6 and s.face_up[6]


def test_marker_leaving_the_play_area_stays_SL109():
    # r4 bottom: red NE (not in play with 1 player), green SE from t1,-1 -> t2,-1, which
    # is not part of the small area: the marker stays.
    s = at_table(solo(extra='[[token]]\nhex = "-1,-1"\ntoken = "rumor"\n'))
    before = dict(s.markers)
    play(s, "collect -1,-1 by scout")
    answer(s, "r4")
    events = play(s, "bottom")
    assert of_type(events, "marker_stays")[0]["marker"] == "green"
    assert s.markers == before


def test_compass_victory_card_is_a_rumor_action_SL109_SL112():
    s = at_table(solo(hand='["compass"]'))
    play(s, f"use {held(s, 'compass')}")
    assert asked(s).rule == "SL §109"  # the table draws the rumor card
    answer(s, "r1")
    assert decision_kind(s) == "rumor"


def test_map_explores_without_moving_markers_SL110():
    s = solo(hand='["map"]')
    markers = dict(s.markers)
    targets = {a.split()[-1] for a in legal(s) if a.startswith("use map")}
    assert targets == {"t-1,-1", "t0,-2", "t1,-2", "t2,-2", "t0,-3"}
    events = play(s, f"use {held(s, 'map')} by scout tile t1,-2")
    assert s.face_up[5] and s.markers == markers
    assert of_type(events, "explore")[0]["at"] == "t1,-2"


def test_binoculars_explore_any_face_down_tile_SL110_SL136():
    s = solo(hand='["binoculars"]')
    targets = {a.split()[-1] for a in legal(s) if a.startswith("use binoculars")}
    assert targets == {"t-1,-1", "t0,-2", "t1,-2", "t2,-2", "t0,-3"}  # no adjacency limit
    play(s, f"use {held(s, 'binoculars')} by scout tile t0,-3")
    assert s.face_up[7]
    assert "binoculars" in [s.static.catalog.cards[c].id for c in s.players[0].hand]  # not discarded


def test_after_the_last_rumor_card_rumor_tokens_are_useless_SL111():
    s = build("""
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [state]
        rumor_deck = 0
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = ["compass"]
        [[token]]
        hex = "-1,-1"
        token = "rumor"
    """)
    assert not has(s, "use compass")  # no rumor card left to draw
    events = play(s, "collect -1,-1 by scout")
    assert of_type(events, "no_rumor_left")
    assert tokens(s) == {}
    assert decision_kind(s) == "turn"


def test_last_rumor_card_makes_escape_possible_SL111():
    s = solo(extra='[[token]]\nhex = "-1,-1"\ntoken = "rumor"\n')
    s.rumors_played.append(s.rumor_deck.pop(0))  # one card left
    s.touch()
    play(s, "collect -1,-1 by scout")
    events = play(s, "top")
    assert of_type(events, "end_of_the_road")
    assert s.rumor_deck == []
