"""The three phases of a turn (LO-7), species cards (LO-5), hedges (LO-6.4) and the
three decks (LO-9 to LO-11), each test naming its rule."""

from __future__ import annotations

from aottest import at, illegal, legal, play, position, seat

from wasteland.games.age_of_thirst.content import load_content
from wasteland.games.age_of_thirst.game import GAME

KINDS = load_content().kinds


# -- tactical phase (LO-7.1, LO-8.1) ----------------------------------------------------------


def test_lo_7_1_move_then_attack_then_flip_and_no_move_after_attack():
    s = position({"0,-3": ("red", "skinny"), "0,-1": ("blue", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    play(s, "move 0,-3 0,-2")
    assert set(legal(s)) >= {"attack 0,-2 0,-1", "flip 0,-2"}
    illegal(s, "move 0,-2 1,-2", "LO-7.1")  # one move per activation
    play(s, "attack 0,-2 0,-1")
    assert at(s, "0,-1") is None
    illegal(s, "move 0,-2 1,-2", "LO-7.1")  # never move after attacking


def test_lo_7_1_attack_without_moving_then_flipped():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    play(s, "attack 0,0 1,0")
    assert not [a for a in legal(s) if a.startswith(("move 0,0", "attack 0,0"))]


def test_lo_7_1_friendly_fire_on_own_troops_and_hedges():
    s = position({"0,0": ("red", "skinny"), "1,0": ("red", "skinny"), "0,1": ("red", "hedge")}, turn="red")
    assert {"attack 0,0 1,0", "attack 0,0 0,1"} <= set(legal(s))
    play(s, "attack 0,0 0,1")
    assert at(s, "0,1") is None


def test_lo_8_1_movement_range_and_blocking():
    # Skinny level 1: 2 hexes (units.toml, chosen). Tokens of any kind block passage (ruling).
    s = position({"0,0": ("red", "skinny"), "0,-1": ("blue", "hedge"), "3,3": ("blue", "skinny")}, turn="red")
    moves = {a.split()[2] for a in legal(s) if a.startswith("move 0,0")}
    assert "0,-1" not in moves  # the hedge's own hex
    assert "0,-2" not in moves  # two hexes away, but only through the hedge: round it takes 3 steps
    assert "0,-3" not in moves
    assert len(moves) == 16  # the 18 hexes within 2, less the hedge and the hex behind it
    illegal(s, "move 0,0 0,-3", "LO-8.1")


def test_lo_7_2_damage_adds_up_then_health_restored_after_the_phase():
    s = position({"0,0": ("red", "skinny"), "1,-1": ("red", "skinny"), "1,0": ("blue", "skinny"),
                  "3,3": ("blue", "skinny")}, turn="red")
    s.injections[seat(s, "blue")] = [["regen1", "skinny"]]  # blue Skinnies: 2 health
    s.touch()
    play(s, "attack 0,0 1,0")
    assert s.damage[s.board.by_name["1,0"]] == 1
    play(s, "end phase")
    assert not s.damage, "LO-7.2: full health after the tactical phase"


def test_lo_7_2_two_hits_kill_a_two_health_token():
    s = position({"0,0": ("red", "skinny"), "1,-1": ("red", "skinny"), "1,0": ("blue", "skinny"),
                  "3,3": ("blue", "skinny")}, turn="red")
    s.injections[seat(s, "blue")] = [["regen1", "skinny"]]
    s.touch()
    play(s, "attack 0,0 1,0", "attack 1,-1 1,0")
    assert at(s, "1,0") is None


def test_lo_8_2_attack_bonus_from_neuro_injection_kills_a_level_2_hedge():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "hedge"), "3,3": ("blue", "skinny")}, turn="red")
    s.levels[seat(s, "blue")][3] = 2
    s.injections[seat(s, "red")] = [["neuro1", "skinny"]]
    s.touch()
    play(s, "attack 0,0 1,0")
    assert at(s, "1,0") is None


def test_lo_6_4_hedge_health_is_its_level_and_never_boosted():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "hedge"), "3,3": ("blue", "skinny")}, turn="red")
    s.levels[seat(s, "blue")][3] = 2
    s.injections[seat(s, "blue")] = [["regen2", "skinny"]]
    s.touch()
    play(s, "attack 0,0 1,0")
    assert at(s, "1,0") == ("blue", "hedge") and s.damage[s.board.by_name["1,0"]] == 1


def test_lo_5_last_token_destroyed_resets_the_kind_to_level_1():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "handsome"), "3,3": ("blue", "skinny")}, turn="red")
    s.levels[seat(s, "blue")][1] = 3
    s.touch()
    play(s, "attack 0,0 1,0")
    assert s.level(seat(s, "blue"), "handsome") == 1


def test_lo_11_paralysis_blindness_madness():
    s = position({"0,0": ("red", "skinny"), "2,0": ("red", "handsome"), "-3,0": ("red", "smart"),
                  "1,0": ("blue", "skinny"), "-1,0": ("blue", "skinny")}, turn="red")
    s.statuses[seat(s, "red")] = ["paralysis", "blindness", "madness"]
    s.touch()
    acts = legal(s)
    assert not [a for a in acts if a.startswith(("move 0,0", "attack 2,0", "move -3,0", "attack -3,0"))]
    assert "attack 0,0 1,0" in acts, "paralysed Skinnies still attack"
    assert any(a.startswith("move 2,0") for a in acts), "blind Handsomes still move"


# -- extraction phase (LO-7.3, LO-9, LO-10, LO-11, LO-12) ---------------------------------------


def test_lo_9_exhausted_source_deck_takes_every_pump_back():
    s = position({"1,-3": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.pumps[seat(s, "blue")] = 2
    s.source_deck = []
    s.source_discard = ["dry"] * 43 + ["generous"] * 5  # 48 cards + 2 pumps in play = 50
    play(s, "end phase")
    assert s.pumps[seat(s, "blue")] == 0
    assert len(s.source_deck) + len(s.source_discard) + sum(s.pumps) == 50


def test_lo_9_pumps_leave_the_moment_the_source_deck_runs_out():
    s = position({"1,-3": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    red, blue = seat(s, "red"), seat(s, "blue")
    s.pumps[red], s.pumps[blue] = 1, 1
    s.source_deck = ["wet"]  # the last card
    s.source_discard = ["dry"] * 3
    events = play(s, "end phase")
    # The pumps went and the pile became the new deck when the last card was taken, not at
    # a later draw: nobody's pump pays next turn.
    assert s.pumps == [0, 0]
    assert sorted(s.source_deck) == ["dry", "dry", "dry", "pump", "pump"]
    assert s.source_discard == ["wet"], "the card just exchanged starts the new discard pile"
    assert s.water[red] == 2 + 1, "the wet day, and the pump red had when the phase started"
    assert [e["type"] for e in events if e["type"] in ("pumps_lost", "reshuffle")] == \
        ["pumps_lost", "pumps_lost", "reshuffle"]


def test_lo_9_a_pump_drawn_as_the_last_card_stays():
    s = position({"1,-3": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.source_deck = ["pump"]
    s.source_discard = ["dry"] * 2
    play(s, "end phase")
    assert s.pumps[red] == 1 and sorted(s.source_deck) == ["dry", "dry"]
    assert s.water[red] == 1


def test_lo_10_1_bunker_discard_becomes_the_deck_when_the_deck_runs_out():
    s = position({"0,-4": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red", water={"red": 10})
    s.bunker_deck = ["regen1"]
    s.bunker_discard = ["neuro2", "anabolic"]
    play(s, "end phase", "inject regen1 skinny")
    assert sorted(s.bunker_deck) == ["anabolic", "neuro2"] and s.bunker_discard == []
    # LO-10.2: the black market looks through the discard pile, which is now empty.
    assert not [a for a in legal(s) if a.startswith("market ")]


def test_lo_11_ray_tower_discard_becomes_the_deck_when_the_deck_runs_out():
    s = position({"0,-2": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.tower_deck = ["strike"]
    s.tower_discard = ["strike", "paralysis"]
    play(s, "end phase")
    assert sorted(s.tower_deck) == ["paralysis", "strike"] and s.tower_discard == []


def test_lo_10_1_a_bunker_card_is_laid_before_any_ray_tower_card():
    s = position({"0,-4": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.hands[seat(s, "red")] = ["strike"]
    s.bunker_deck = ["regen1"] * 3
    play(s, "end phase")
    d = GAME.decision(s)
    assert d.kind == "inject" and not [a for a in d.actions if a.startswith("play ")]
    illegal(s, "play strike 3,3", "LO-10.1")
    play(s, "inject regen1 skinny")
    assert "play strike 3,3" in legal(s), "at any other moment of the turn (LO-11)"


def test_lo_12_last_oasis_bonus_draws_one_card_per_opponent():
    s = position({"0,0": ("red", "skinny"), "3,3": ("white", "skinny"), "-3,-3": ("violet", "skinny")},
                 players=3, turn="red")  # default colours for 3: red, white, violet
    s.source_deck = ["dry"] * 10
    play(s, "end phase")
    assert s.water[seat(s, "red")] == 2


def test_lo_10_1_bunker_card_laid_on_a_troop_kind_until_next_extraction():
    s = position({"0,-4": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.bunker_deck = ["regen1"] * 5 + ["anabolic"]
    play(s, "end phase")
    d = GAME.decision(s)
    assert d.kind == "inject" and set(d.actions) == {"inject anabolic skinny", "inject anabolic handsome",
                                                     "inject anabolic smart"}, "never on hedges (LO-10.1)"
    play(s, "inject anabolic skinny")
    red = seat(s, "red")
    assert s.injections[red] == [["anabolic", "skinny"]]
    play(s, "end turn", "end phase", "end turn")
    s.bunker_deck = []
    s.bunker_discard = []  # nothing to draw: the old card still expires (ruling LO-10.1)
    s.pieces.pop(s.board.by_name["0,-4"])
    s.pieces[s.board.by_name["1,-5"]] = (red, "skinny")
    s.touch()
    play(s, "end phase")
    assert s.injections[red] == [] and s.bunker_discard == ["anabolic"]


def test_lo_11_ray_cards_hidden_hand_limit_five():
    s = position({"0,-2": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.hands[red] = ["strike"] * 5
    s.tower_deck = ["madness"]
    play(s, "end phase")
    d = GAME.decision(s)
    assert d.kind == "hand" and "discard madness" in d.actions and "play strike 3,3" in d.actions
    assert "hand" not in GAME.view(s, seat(s, "blue"))["players"][red]
    play(s, "play strike 3,3")
    assert at(s, "3,3") is None and GAME.decision(s).kind == "economic"


def test_lo_11_status_card_expires_at_the_targets_extraction():
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red", phase="economic")
    s.hands[seat(s, "red")] = ["paralysis"]
    s.touch()
    assert "play paralysis red" not in legal(s), "only on an opponent"
    play(s, "play paralysis blue", "end turn")
    assert not [a for a in legal(s) if a.startswith("move 3,3")]
    play(s, "end phase")
    assert s.statuses[seat(s, "blue")] == [] and "paralysis" in s.tower_discard


# -- economic phase (LO-7.4, LO-5, LO-6.4, LO-10.2) ---------------------------------------------


def test_lo_7_4_buy_on_empty_landing_hexes_at_most_five():
    s = position({"3,3": ("yellow", "skinny")}, turn="black", phase="economic", water={"black": 100},
                 config={"colours": ["black", "yellow"]}, players=2)
    buys = [a for a in legal(s) if a.startswith("buy skinny")]
    assert len(buys) == 5
    for h in ("1,-6", "2,-6", "3,-6", "4,-6", "5,-6"):
        play(s, f"buy skinny {h}")
    # LO-7.4 worked reasoning: "at most 5 a turn, as there are only 5 landing hexes".
    assert not [a for a in legal(s) if a.startswith("buy")]
    assert s.water[seat(s, "black")] == 100 - 5 * KINDS["skinny"].levels[0].cost


def test_lo_6_token_limits_per_colour():
    pieces = {f"{q},{r}": ("black", "smart") for q, r in ((0, 0), (1, 0), (2, 0), (-1, 0), (-2, 0))}
    s = position({**pieces, "3,3": ("yellow", "skinny")}, turn="black", phase="economic", water={"black": 50},
                 config={"colours": ["black", "yellow"]})
    assert not [a for a in legal(s) if a.startswith("buy smart")], "at most 5 Brainiacs"
    illegal(s, "buy smart 1,-6", "LO-6")


def test_lo_5_upgrade_several_levels_in_one_turn_paying_each():
    s = position({"3,3": ("blue", "skinny")}, turn="red", phase="economic", water={"red": 20})
    up = KINDS["handsome"].levels
    play(s, "upgrade handsome", "upgrade handsome")
    red = seat(s, "red")
    assert s.level(red, "handsome") == 3 and s.water[red] == 20 - up[1].upgrade - up[2].upgrade
    illegal(s, "upgrade handsome", "LO-5")


def test_lo_6_4_hedges_next_to_own_troops_never_on_special_hexes():
    s = position({"1,-2": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red", phase="economic",
                 water={"red": 10})
    grows = {a.split()[1] for a in legal(s) if a.startswith("grow")}
    # Neighbours of 1,-2: 1,-3 and 2,-3 are sources, 0,-2 and 2,-2 ray towers.
    assert grows == {"0,-1", "1,-1"}
    illegal(s, "grow 1,-3", "LO-6.4")
    illegal(s, "grow 3,2", "LO-6.4")


def test_lo_10_2_black_market_once_a_turn_from_the_discard_pile():
    s = position({"3,3": ("blue", "skinny")}, turn="red", phase="economic", water={"red": 25})
    s.bunker_discard = ["neuro2", "regen1"]
    s.touch()
    play(s, "market neuro2 handsome")
    red = seat(s, "red")
    assert s.water[red] == 15 and s.injections[red] == [["neuro2", "handsome"]]
    illegal(s, "market regen1 skinny", "LO-10.2")
