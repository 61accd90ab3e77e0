"""Raider activation, movement, attacks and spawning (SL §97 to SL §107)."""

from __future__ import annotations

from wasteland.games.saltlands.game import GAME

from wasteland.games.saltlands.raiders import figures_in_box

from sltest import SL107_EXAMPLE, autoplay, build, decision_kind, of_type, play, raiders, repeat, damage_card, set_damage_card

TWO = """
    seed = 1
    [config]
    players = 2
    characters = ["scout", "healer"]
    difficulty = "{difficulty}"
    [[player]]
    seat = "p1"
    hex = "{p1}"
    hand = []
    cargo = ["crew", "crew"]
    [[player]]
    seat = "p2"
    hex = "{p2}"
    hand = []
    cargo = ["crew", "crew"]
"""


def two(p1="-1,0", p2="5,-1", difficulty="normal", extra="raider = []\n"):
    text = TWO.format(p1=p1, p2=p2, difficulty=difficulty)
    return build(extra + text if not extra.startswith("[[") else text + extra)


def test_current_player_chooses_which_type_to_activate_SL100():
    s = GAME.new_game({"players": 3, "characters": ["scout", "healer", "plowman"]}, 1)
    play(s, "enter 0,0")
    while decision_kind(s) != "turn":
        play(s, GAME.decision(s).actions[0])
    play(s, "end")
    d = GAME.decision(s)
    assert (d.seat, d.kind, d.rule) == (0, "activation", "SL §100")
    assert set(d.actions) == {"activate speedster", "activate pickup", "activate truck"}
    events = play(s, "activate truck")
    assert of_type(events, "damage_card")[0]["raider"] == "truck"
    assert s.revealed["truck"] and not s.revealed["speedster"]


def test_last_unactivated_type_is_revealed_without_a_choice_SL100():
    s = two(extra="raider = []\n")
    s.revealed = {"speedster": ["d1-1"], "pickup": ["d1-2"], "truck": ["d1-3"], "bulldozer": []}
    s.touch()
    events = play(s, "end")
    assert [e["raider"] for e in of_type(events, "damage_card")] == ["bulldozer"]


def test_damage_cards_stay_revealed_until_the_weather_phase_SL61():
    s = two()
    events = play(s, "end", "activate speedster")
    events += repeat(s, "activate")
    assert sum(1 for v in s.revealed.values() if v) == 2
    assert all(len(s.damage_stacks[t]) == (5 if s.revealed[t] else 6) for t in s.damage_stacks)


def test_raider_moves_then_attacks_in_the_same_activation_SL103():
    # The Speedster at 1,-2 drives one hex to 0,-1, next to the Scout at -1,0, and attacks (d1-1).
    s = two(extra='[[raider]]\ntype = "speedster"\nhex = "1,-2"\n')
    set_damage_card(s, "speedster", damage_card(damage=1))
    events = play(s, "end", "activate speedster")
    move = of_type(events, "raider_move")[0]
    assert move["target"] == "p1" and move["distance"] == 1
    assert move["path"] == ["1,-2", "0,-1"]
    attacked = of_type(events, "attacked")[0]
    assert (attacked["seat"], attacked["damage"], attacked["source"]) == (0, 1, "speedster")


def test_plus_three_movement_moves_further_but_no_attack_SL106():
    # 6,-3 is 7 hexes from a hex next to the Scout at -2,1: unreachable with 4, reached
    # with 4 + 3; the card gives movement instead of damage, so no attack.
    s = two(p1="-2,1", p2="off", extra='[[raider]]\ntype = "speedster"\nhex = "6,-3"\n')
    set_damage_card(s, "speedster", damage_card(move_bonus=3))
    events = play(s, "end", "activate speedster")
    events += repeat(s, "goto")
    move = of_type(events, "raider_move")[0]
    assert move["distance"] == 7 and len(move["path"]) == 8
    assert not of_type(events, "attacked")


def test_adjacent_raider_does_not_move_SL106():
    s = two(extra='[[raider]]\ntype = "speedster"\nhex = "-1,-1"\n')
    set_damage_card(s, "speedster", damage_card(move_bonus=3))
    events = play(s, "end", "activate speedster")
    assert not of_type(events, "raider_move")
    assert ("speedster", "-1,-1", 1) in raiders(s)


def test_current_player_chooses_the_raider_order_and_attack_target_SL102_SL103():
    s = two(p1="-1,0", p2="-2,1", extra='[[raider]]\ntype = "truck"\nhex = "-2,0"\n'
            '[[raider]]\ntype = "truck"\nhex = "2,-2"\n')
    set_damage_card(s, "truck", damage_card(damage=1))
    play(s, "end", "activate truck")
    d = GAME.decision(s)
    assert set(d.actions) == {"raider -2,0", "raider 2,-2"}
    play(s, "raider -2,0")
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (0, "activation")
    assert set(d.actions) == {"attack p1", "attack p2"}  # both players are adjacent
    events = play(s, "attack p2")
    assert of_type(events, "attacked")[0]["seat"] == 1


def test_spawn_letters_by_difficulty_easy_ignores_M_SL18_SL107():
    # The card shows A and M. Spawn points on the board: A at -2,2 and 2,-7, M at 1,-3.
    for difficulty, expected in (("easy", ["-2,2", "2,-7"]), ("normal", ["-2,2", "1,-3", "2,-7"])):
        s = two(difficulty=difficulty)
        set_damage_card(s, "speedster", damage_card(damage=1, letters="AM"))
        events = play(s, "end", "activate speedster")
        spawned = sorted(e["hex"] for e in of_type(events, "spawn"))
        assert spawned == expected, difficulty
        assert all(r[2] == 1 for r in raiders(s))  # full crew


def test_spawn_letter_H_only_on_hard_SL18_SL107():
    # The card shows A and H; t1,-2 (tile_07) has an H point at 7,-7.
    for difficulty, has_h in (("normal", False), ("hard", True)):
        s = build(f"""
            seed = 1
            raider = []
            [config]
            players = 2
            characters = ["scout", "healer"]
            difficulty = "{difficulty}"
            [state]
            explore = ["t1,-2"]
            [[player]]
            seat = "p1"
            hex = "-1,0"
            [[player]]
            seat = "p2"
            hex = "5,-1"
        """)
        set_damage_card(s, "speedster", damage_card(damage=1, damage_type="ap", letters="AH"))
        events = play(s, "end", "activate speedster")
        assert ("7,-7" in [e["hex"] for e in of_type(events, "spawn")]) is has_h


def test_spawn_happens_on_a_plus_three_card_and_players_block_points_SL107_SL124():
    s = two(p2="6,-2")  # the Healer stands on the B point of start_1
    set_damage_card(s, "speedster", damage_card(move_bonus=3))  # B, C, +3 movement
    events = play(s, "end", "activate speedster")
    assert of_type(events, "spawn") == []
    s = two(p2="5,-1")
    set_damage_card(s, "speedster", damage_card(move_bonus=3))
    events = play(s, "end", "activate speedster")
    assert [e["hex"] for e in of_type(events, "spawn")] == ["6,-2"]


def test_raiders_only_move_over_face_up_tiles_SL78():
    s = GAME.new_game({"players": 2, "difficulty": "easy", "characters": ["scout", "healer"]}, 3)
    events = autoplay(s)
    geo = s.static.geo
    up = {geo.names[h] for pos, ok in enumerate(s.face_up) if ok for h in geo.hexes_of(pos)}
    moves = of_type(events, "raider_move")
    assert moves
    assert all(set(m["path"]) <= up for m in moves)


def test_speedster_and_truck_never_on_dunes_SL106():
    s = GAME.new_game({"players": 3, "difficulty": "easy", "characters": ["scout", "healer", "plowman"]}, 4)
    events = autoplay(s)
    geo = s.static.geo
    terrain = s.terrain.terrain
    for m in of_type(events, "raider_move"):
        if m["raider"] in ("speedster", "truck"):
            for h in m["path"][1:]:
                q, r = map(int, h.split(","))
                assert terrain[geo.index[(q, r)]] != 1, m


def test_no_figure_of_the_type_left_nothing_spawns_SL98_SL107():
    # Every Speedster figure is on the board: the card's B and C points stay empty, and
    # nobody is asked where to put figures there are none of.
    spots = ["2,-3", "3,-4", "0,-3", "-1,2", "0,2", "4,-4"]
    extra = "".join(f'[[raider]]\ntype = "speedster"\nhex = "{h}"\n' for h in spots)
    s = two(extra=extra)
    assert len(raiders(s)) == figures_in_box(s, "speedster") == 6
    set_damage_card(s, "speedster", damage_card(move_bonus=3))  # B, C, +3 movement
    events = play(s, "end", "activate speedster")
    while (d := GAME.decision(s)).kind == "activation" and not d.actions[0].startswith("spawn "):
        events += play(s, d.actions[0])  # the Speedsters' order and ties do not matter here
        if of_type(events, "spawn_check"):
            break
    check = of_type(events, "spawn_check")[0]
    assert (check["figures"], check["points"] > 0) == (0, True)
    assert of_type(events, "spawn") == []
    d = GAME.decision(s)
    assert not (d.kind == "activation" and d.actions[0].startswith("spawn "))


def test_last_figure_goes_to_one_of_two_raider_free_tiles_the_current_player_chooses_SL107():
    # The SL §107 example's board without the Truck, and five Speedsters on the board: one
    # figure is left and two tiles (t0,-2 and t2,-2) have no raider. It must go to one
    # of their three points, the Scout's pick; the points on tiles with raiders are not offered.
    text = SL107_EXAMPLE.replace('type = "truck"\n        hex = "11,-8"', 'type = "speedster"\n        hex = "1,-1"')
    text = text.replace('explore = [', 'explore = [').rstrip() + '\n        [[raider]]\n        type = "speedster"\n        hex = "-3,-6"\n'
    s = build(text)
    assert sum(1 for r in raiders(s) if r[0] == "speedster") == 5
    set_damage_card(s, "speedster", damage_card(move_bonus=3, letters="BMH"))
    play(s, "end", "activate speedster")
    repeat(s, "raider ")
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (0, "activation")
    assert set(d.actions) == {"spawn 5,-9", "spawn 8,-6", "spawn 11,-8"}
    events = play(s, "spawn 11,-8")
    assert [e["hex"] for e in of_type(events, "spawn")] == ["11,-8"]
    assert sum(1 for r in raiders(s) if r[0] == "speedster") == 6
    d = GAME.decision(s)
    assert not (d.kind == "activation" and d.actions[0].startswith("spawn "))
