"""The scenario keys that used to surprise, and the parts of a position that could not be
set before (docs/saltlands-scenarios.md): each test names the rule it holds the key to."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.game import GAME

from sltest import build, play

HEAD = """
    seed = 1
    [config]
    players = 2
    characters = ["scout", "healer"]
    difficulty = "{difficulty}"
"""


def scene(body: str, difficulty: str = "normal") -> str:
    return HEAD.format(difficulty=difficulty) + body


def names(s, cards) -> list[str]:
    return [s.static.catalog.card_names[c] for c in cards]


def ids(s, cards) -> list[str]:
    return [s.static.catalog.cards[c].id for c in cards]


def every_card(s) -> Counter:
    held = [c for p in s.players for c in p.cards()]
    return Counter([*s.supply, *s.mirage, *s.raider_deck, *s.discard, *held])


def refused(text: str, rule: str, words: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        build(text)
    assert caught.value.rule == rule, caught.value
    assert words in str(caught.value)
    return caught.value


# -- a player's cards (SL §54) ----------------------------------------------------------


def test_naming_the_hand_alone_keeps_the_vehicle_and_the_cargo_SL54():
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,0"
        hand = ["axe"]
        [[player]]
        seat = "p2"
        hex = "1,0"
        cargo = ["crew"]
    """))
    p1, p2 = s.players
    assert ids(s, p1.hand) == ["axe"] and ids(s, [p1.vehicle]) == ["sailer"]  # the Sailer stays (SL §44)
    assert ids(s, p2.cargo) == ["crew"] and sorted(ids(s, p2.hand)) == ["bag_of_herbs", "spear", "water"]


def test_an_empty_vehicle_slot_is_said_with_an_empty_name_SL54():
    s = build(scene('[[player]]\nseat = "p1"\nhex = "0,0"\nvehicle = ""\n'))
    assert s.players[0].vehicle is None
    assert every_card(s) == every_card(build(scene("")))  # the Sailer went back to the supply


def test_cards_are_never_made_or_lost_and_each_copy_is_named_once():
    s = build(scene("""
        [state]
        mirage = ["axe#2", "axe"]
        [[player]]
        seat = "p1"
        hex = "0,0"
        hand = ["axe"]
    """))
    # zones take their copies in the order the scenario lists them: the Mirage deck first
    assert names(s, s.mirage[::-1]) == ["axe#2", "axe#1"] and names(s, s.players[0].hand) == ["axe#3"]
    plain = build(scene(""))
    assert len(s.discard) == len(plain.mirage) - 3  # the Mirage cards not named were drawn and discarded
    assert sorted(every_card(s)) == sorted(every_card(build(scene(""))))
    refused(scene('[state]\nmirage = ["axe#2", "axe#2"]\n'), "scenario", "axe#2 is named twice")


def test_a_card_with_nowhere_to_go_must_be_placed_by_the_scenario():
    # The Mirage deck is named without the cards the discard pile would take back
    refused(scene('[state]\nmirage = ["axe"]\ndiscard = []\n'), "scenario", "is in no zone any more")


def test_cargo_and_vehicle_slots_hold_their_own_cards_SL54():
    refused(scene('[[player]]\nseat = "p1"\nhex = "0,0"\ncargo = ["axe"]\n'), "SL §54", "not a cargo card")
    refused(scene('[[player]]\nseat = "p1"\nhex = "0,0"\ncargo = ["crew", "crew", "crew"]\n'), "SL §54",
            "the cargo holds 2")


# -- tokens (SL §37) -------------------------------------------------------------------------


def test_a_vehicle_or_cargo_card_is_never_held_in_the_hand_SL54():
    refused(scene('[[player]]\nseat = "p1"\nhex = "0,0"\nhand = ["axe", "bulldozer_vehicle"]\n'), "SL §54",
            "never held in the hand")
    refused(scene('[[player]]\nseat = "p1"\nhex = "0,0"\nhand = ["crew"]\n'), "SL §54", "crew#1 is a cargo card")


def test_a_token_list_keeps_start_tokens_out_of_the_random_pool_SL37():
    plain = build(scene(""))
    s = build(scene('[[token]]\nhex = "2,0"\ntoken = "loot"\n'))
    cat = s.static.catalog
    assert not [t for t in s.token_pool if cat.tokens[t].start]
    assert len(s.token_pool) == len(plain.token_pool) - 1  # only the loot token left the pool
    assert {s.static.geo.names[h]: cat.token_names[t] for h, t in s.tokens.items()} == {"2,0": "loot#1"}


def test_no_token_lies_on_a_spawn_point_SL107_SL110():
    # -2,2 is the compass tile's spawn point A: tokens go on wrecks (SL §110), and one there
    # would keep the raiders from appearing (SL §107).
    refused(scene('[[token]]\nhex = "-2,2"\ntoken = "loot"\n'), "SL §110", "spawn point (A)")
    assert build(scene('[[token]]\nhex = "-1,2"\ntoken = "loot"\n')).tokens


def test_the_token_pool_is_set_top_first_and_takes_no_start_token_SL37():
    s = build(scene('[state]\ntoken_pool = ["rumor", "loot#4"]\n'))
    assert [s.static.catalog.token_names[t] for t in s.token_pool[::-1]] == ["rumor#1", "loot#4"]
    refused(scene('[state]\ntoken_pool = ["loot_start"]\n'), "SL §37", "never in the pool")


# -- standing: dead, out, respawned (SL §90 to SL §96) -----------------------------------------


def test_dead_is_refused_on_hard_where_nobody_respawns_SL96():
    refused(scene('[[player]]\nseat = "p2"\nstatus = "dead"\n', "hard"), "SL §96", "on Hard nobody respawns")
    # The current player too: her turn starts after the reading, and that start must not
    # first respawn her and then complain of the respawn.
    err = refused(scene('[[player]]\nseat = "p1"\nstatus = "dead"\n', "hard"), "SL §96", "status: dead means")
    assert str(err).count("SL §96") == 1, err  # the anchor is written once


def test_dead_is_refused_on_normal_after_the_one_respawn_SL93_SL96():
    refused(scene('[[player]]\nseat = "p2"\nstatus = "dead"\nrespawned = 1\n'), "SL §96", "respawns once")
    refused(scene('[[player]]\nseat = "p2"\nrespawned = 2\nhex = "1,0"\n'), "SL §93", "respawns once")


def test_solo_on_easy_counts_a_respawn_a_turn_over_all_its_rounds_SL90_SL121():
    """Solo plays a round a turn, nine rounds and a final turn (SL §121): on Easy a player
    may have respawned more often than the six rounds of the other modes allow."""
    solo = 'seed = 1\n[config]\nplayers = 1\nmode = "solo"\ndifficulty = "easy"\ncharacters = ["scout"]\n' \
           '[[player]]\nseat = "p1"\nhex = "0,0"\nrespawned = {n}\n'
    assert build(solo.format(n=8)).players[0].respawned == 8
    refused(solo.format(n=12), "scenario", "from 0 to 11")


def test_the_extra_final_turn_is_solo_only_even_for_a_one_player_tutorial_SL121():
    tutorial = 'seed = 1\n[config]\nplayers = 1\nmode = "tutorial"\ncharacters = ["scout"]\n' \
               '[state]\nfinal_turn = true\n'
    refused(tutorial, "SL §121", "only solo has an extra final turn")
    solo = tutorial.replace('"tutorial"', '"solo"')
    assert build(solo).final_turn


def test_a_dead_player_respawns_when_the_turn_starts_SL90_SL91():
    s = build(scene("""
        [state]
        current = "p2"
        [[player]]
        seat = "p1"
        hex = "0,0"
        [[player]]
        seat = "p2"
        status = "dead"
    """, "easy"))
    p2 = s.players[1]
    d = GAME.decision(s)
    assert p2.status == "active" and p2.respawned == 1
    assert (d.seat, d.kind) == (1, "discard")  # 8 Mirage cards drawn, 4 to discard (SL §91)
    assert len(p2.hand) + len(p2.cargo) + (p2.vehicle is not None) >= 8 - 2  # cards without a slot wait


def test_an_eliminated_player_holds_no_cards_and_is_off_the_board_SL96():
    s = build(scene('[[player]]\nseat = "p2"\nstatus = "out"\n'))
    assert s.players[1].cards() == [] and s.players[1].hex is None
    refused(scene('[[player]]\nseat = "p2"\nstatus = "out"\nhand = ["axe"]\n'), "SL §96", "discarded every card")
    refused(scene('[[player]]\nseat = "p2"\nstatus = "dead"\nhex = "1,0"\n', "easy"), "SL §90", "off the board")


# -- the turn that starts (SL §45, SL §46) ------------------------------------------------------


def test_current_starts_that_players_turn_and_a_player_off_the_board_enters_SL45_SL46():
    s = build(scene('[state]\ncurrent = "p2"\n[[player]]\nseat = "p1"\nhex = "0,0"\n'))
    d = GAME.decision(s)
    assert (s.current, d.seat, d.kind, d.rule) == (1, 1, "enter", "SL §45")


def test_current_starts_a_fresh_turn_but_keeps_the_cards_named_as_used_SL46_SL63():
    s = build(scene("""
        [state]
        current = "p2"
        moved = true
        [[player]]
        seat = "p1"
        hex = "0,0"
        engaged = ["spear"]
        [[player]]
        seat = "p2"
        hex = "1,0"
        engaged = ["water"]
    """))
    assert s.moved and s.turn == 2 and GAME.decision(s).kind == "turn"
    assert ids(s, s.players[1].engaged) == ["water"] and ids(s, s.players[0].engaged) == ["spear"]


def test_a_full_position_names_turn_and_starts_nothing():
    s = build(scene("""
        [state]
        turn = 5
        current = "p2"
        [[player]]
        seat = "p2"
        status = "dead"
    """, "easy"))
    assert s.turn == 5 and s.players[1].status == "dead" and s.stack == []


def test_the_current_player_is_not_out_of_the_game_SL96():
    refused(scene('[state]\ncurrent = "p2"\n[[player]]\nseat = "p2"\nstatus = "out"\n'), "SL §96", "out of the game")


# -- damage stacks and activations (SL §30, SL §61, SL §100) ------------------------------------


def test_the_damage_card_on_top_of_each_stack_and_the_types_activated_this_round_SL61_SL100():
    s = build(scene("""
        [state]
        activated = ["speedster", "truck"]
        [damage.pickup]
        stack = ["d3-6", "d1-8"]
        [[player]]
        seat = "p1"
        hex = "0,0"
    """))
    assert s.damage_stacks["pickup"] == ["d1-8", "d3-6"]  # stored bottom first
    assert s.revealed["speedster"] and s.revealed["truck"] and not s.revealed["pickup"]
    play(s, "end")
    d = GAME.decision(s)
    assert set(d.actions) == {"activate pickup", "activate bulldozer"}
    play(s, "activate pickup")
    assert s.revealed["pickup"] == ["d3-6"]


def test_a_damage_card_lies_in_one_place_SL30():
    refused(scene('[state]\ndamage_discard = ["d1-2"]\n'), "SL §30", "d1-2 is both")


# -- decks: Mirage, Raider, weather, rumor (SL §41, SL §42, SL §57) ------------------------------


def test_the_weather_deck_order_and_the_cards_drawn_SL41_SL48():
    s = build(scene('[state]\nweather_drawn = ["w01", "w02", "w07"]\n'
                    'weather_deck = ["w05", "w03", "w04", "w06", "w08", "w09", "w10"]\n'))
    assert s.weather_drawn == ["w01", "w02", "w07"] and s.weather_deck[-1] == "w05"
    assert sorted(s.weather_drawn + s.weather_deck) == sorted(s.static.content.weather)
    refused(scene('[state]\nweather_drawn = ["w01", "w02"]\nweather_deck = ["w05"]\n'), "SL §41", "missing")


def test_the_weather_cards_named_say_whether_the_sandstorm_rages_SL53():
    """w07 is a sandstorm card: the storm rages from it until the next weather card, so
    the newest card of the pair decides, unless ``storm`` itself is named."""
    assert build(scene('[state]\nweather = ["w01", "w07"]\n')).storm is True
    assert build(scene('[state]\nweather = ["w07", "w01"]\n')).storm is False
    assert build(scene('[state]\nweather_drawn = ["w02", "w10"]\n')).storm is True
    assert build(scene('[state]\nweather = ["w01", "w07"]\nstorm = false\n')).storm is False


def test_must_move_holds_only_while_the_entered_hex_is_shared_and_she_has_not_moved_SL45():
    full = scene("""
        [state]
        turn = 3
        current = "p1"
        must_move = true
        [[player]]
        seat = "p1"
        hex = "0,0"
        [[player]]
        seat = "p2"
        hex = "{other}"
    """)
    s = build(full.format(other="0,0"))
    assert s.must_move and all(a.startswith("move ") for a in GAME.decision(s).actions)  # at once (SL §45)
    refused(full.format(other="1,0"), "SL §45", "[state] must_move")
    refused(full.format(other="0,0").replace("must_move = true", "must_move = true\nmoved = true"), "SL §45",
            "has not moved yet")


def test_the_rumor_deck_its_order_and_the_cards_played_SL42_SL109():
    s = build(scene('[state]\nrumor_deck = ["r2", "r3"]\nrumors_played = ["r4", "r6"]\n'))
    assert s.rumor_deck == ["r3", "r2"] and s.rumors_played == ["r4", "r6"]
    refused(scene('[state]\nrumor_deck = ["r2"]\nrumors_played = []\n'), "SL §42", "deals 4 rumor cards")


def test_the_rumor_markers_lie_on_named_tiles_SL43_SL108():
    s = build(scene('[state]\nexplore = ["t0,-2"]\nmarkers = {blue = "t0,-2", green = "t1,-1"}\n'))
    geo = s.static.geo
    assert s.markers == {"blue": geo.pos_index[(0, -2)], "green": geo.pos_index[(1, -1)]}
    refused(scene('[state]\nmarkers = {red = "t0,-2"}\n'), "SL §43", "no red marker")
    # A marker reaches a tile only by a rumor card, which explores a face-down tile (SL §109).
    refused(scene('[state]\nmarkers = {blue = "t0,-2"}\n'), "SL §109", "t0,-2 is face down")


def test_no_more_raiders_of_a_type_than_its_figures_SL98_SL107():
    hexes = ["1,-2", "2,-2", "0,-1", "1,1", "-1,2", "0,2", "-2,2"]
    six = "".join(f'[[raider]]\ntype = "speedster"\nhex = "{h}"\n' for h in hexes[:6])
    assert len(build(scene(six)).raiders) == 6
    refused(scene(six + f'[[raider]]\ntype = "speedster"\nhex = "{hexes[6]}"\n'), "SL §98",
            "only 6 speedster figures")


# -- tiles (SL §34 to SL §36, SL §110) -------------------------------------------------------------


def test_which_tile_lies_where_and_how_it_is_turned_SL35_SL110():
    before = build(scene(""))
    s = build(scene('[[tile]]\nat = "t0,-2"\ntile = "tile_05"\nface_up = true\nrotation = 0\n'))
    pos = s.static.geo.pos_index[(0, -2)]
    assert (s.tiles[pos], s.face_up[pos], s.rotation[pos]) == ("tile_05", True, 0)
    assert sorted(s.tiles) != sorted(before.tiles) or s.tiles != before.tiles
    assert len(set(s.tiles)) == len(s.tiles)  # each tile lies once
    refused(scene('[[tile]]\nat = "t0,-2"\ntile = "start_2"\n'), "SL §35", "cannot lie at t0,-2")
    refused(scene('[[tile]]\nat = "t1,-1"\nface_up = false\n'), "SL §34", "lie face up")


def test_a_tile_lies_north_by_its_arrow_or_a_sixth_either_way_with_explorers_luck_SL110_SL152():
    tile = '[[tile]]\nat = "t0,-2"\ntile = "tile_05"\nface_up = true\nrotation = {turn}\n'
    refused(scene(tile.format(turn=2)), "SL §110", "north by the arrow")
    refused(scene(tile.format(turn=1)), "SL §110", "north by the arrow")  # no Explorer's luck
    refused(scene('[[tile]]\nat = "t1,-1"\nrotation = 1\n'), "SL §110", "north by the arrow")  # a starting tile
    lucky = HEAD.format(difficulty="normal").replace('characters = ["scout", "healer"]',
                                                      'characters = ["scout", "healer"]\n    expansion = true\n'
                                                      '    variants = ["explorers_luck"]')
    for turn in (1, 5):
        s = build(lucky + tile.format(turn=turn))
        assert s.rotation[s.static.geo.pos_index[(0, -2)]] == turn
    refused(lucky + tile.format(turn=3), "SL §152", "Explorer's luck")


def test_nothing_stands_on_a_face_down_tile_SL78():
    refused(scene('[[raider]]\ntype = "truck"\nhex = "-3,-6"\n'), "SL §78", "face-down tile")
    refused(scene('[[player]]\nseat = "p1"\nhex = "-3,-6"\n'), "SL §78", "face-down tile")


# -- the seat that acts (wasteland apply --seat) ---------------------------------------------------


def test_apply_acts_as_the_seat_it_is_told(tmp_path):
    path = tmp_path / "two.toml"
    path.write_text('game = "saltlands"\n' + scene("""
        [[player]]
        seat = "p1"
        hex = "0,0"
        [[player]]
        seat = "p2"
        hex = "1,0"
    """).replace("\n    ", "\n"))
    run = [sys.executable, "-m", "wasteland.cli.main", "apply", str(path)]
    wrong = subprocess.run([*run, "--seat", "p2", "end"], capture_output=True, text=True, timeout=120)
    assert wrong.returncode == 1 and "p1's" in json.loads(wrong.stdout)["error"]
    right = subprocess.run([*run, "--seat", "p1", "end"], capture_output=True, text=True, timeout=120)
    assert right.returncode == 0, right.stdout
    out = json.loads(right.stdout)
    assert out["view"]["players"] and out["decision"]["seat"] in ("p1", "p2")


# -- synthetic maps: tiles with a terrain of their own ----------------------------------------------

WALLED = '["m m m", "m s s m", "m s dw s m", "m sA s m", "m m m"]'


def test_a_custom_tile_lays_its_own_terrain_wreck_and_spawn_point_SL38_SL107():
    s = build(scene(f'[[tile]]\nat = "t0,-2"\nterrain = {WALLED}\nface_up = true\n'))
    geo, terrain = s.static.geo, s.terrain
    centre = geo.by_name["4,-10"]  # t0,-2's middle hex
    view = {h["hex"]: h["terrain"] for h in GAME.view(s, 0)["hexes"]}
    assert view["4,-12"] == "mountain" and view["4,-10"] == "dune" and view["5,-10"] == "salt"
    assert terrain.wreck[centre]
    assert ("3,-9", "A") in [(geo.names[h], letter) for h, letter in terrain.spawn_points]


def test_a_face_down_custom_tile_is_explored_like_any_other_SL110():
    s = build(scene(f'[[tile]]\nat = "t0,-2"\nterrain = {WALLED}\nface_up = false\n[state]\nexplore = ["t0,-2"]\n'))
    assert s.static.geo.by_name["4,-10"] in s.tokens  # a pool token on its wreck


def test_a_custom_tile_is_checked_like_the_games_tiles_SL38_SL45():
    refused(scene('[[tile]]\nat = "t0,-2"\nterrain = ["m m m"]\n'), "scenario", "expected 5")
    refused(scene('[[tile]]\nat = "t0,-2"\nterrain = ["m m m", "m s s m", "m s de s m", "m s s m", "m m m"]\n'),
            "SL §45", "compass tile")
    refused(scene(f'[[tile]]\nat = "t0,0"\nterrain = {WALLED}\n'), "SL §34", "compass tile")


def test_won_goes_with_a_finished_game_and_its_winners_SL113():
    refused(scene('[[player]]\nseat = "p1"\nstatus = "won"\n'), "SL §113", "winners")
    refused(scene('[state]\nwinners = ["p1"]\n'), "SL §113", "winners")
    s = build(scene('[state]\nover = true\nwinners = ["p1"]\nend_reason = "escaped"\n'
                    '[[player]]\nseat = "p1"\nstatus = "won"\nhex = "0,0"\n'))
    assert s.over and GAME.decision(s) is None and GAME.outcome(s) is not None


# -- positions in the middle of a procedure ([[procedure]]) -------------------------------------------

MIDWAY = scene("""
    [state]
    turn = 3
    current = "p2"
    activated = ["speedster"]
    [[player]]
    seat = "p1"
    hex = "0,0"
    hand = ["helmet"]
    [[player]]
    seat = "p2"
    hex = "1,0"
    [[procedure]]
    kind = "after_turn"
    seat = "p2"
    weather = false
    [[procedure]]
    kind = "activation"
    seat = "p2"
    left = 1
    stage = "raider"
    type = "speedster"
    queue = []
    [[procedure]]
    kind = "soak"
    seat = "p1"
""")


def test_a_position_in_the_middle_of_an_attack_asks_the_defender_to_soak_SL85():
    s = build(MIDWAY + 'left = 1\ndamage_type = "normal"\nsource = "speedster"\nnone = ["robbery_by"]\n')
    d = GAME.decision(s)
    assert (d.seat, d.kind, d.rule) == (0, "soak", "SL §85") and s.current == 1
    assert any(a.startswith("use helmet") or "helmet" in a for a in d.actions)


def test_a_procedure_missing_what_the_engine_needs_is_refused_by_its_field():
    refused(MIDWAY, "scenario", "the soak procedure needs its left")
    refused(MIDWAY + 'left = 1\ndamage_type = "fire"\nsource = "speedster"\n', "SL §86", "normal or ap")
    refused(MIDWAY.replace('kind = "soak"', 'kind = "activation"') + 'left = 1\nstage = "fly"\n', "scenario",
            "not a stage of the activation")
    refused(MIDWAY.replace('kind = "soak"', 'kind = "teleport"'), "scenario", "not a procedure")
