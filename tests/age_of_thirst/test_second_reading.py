"""A second reading of the Ukrainian rulebook, sentence by sentence: the situations a careful
referee would try that the other files do not play (a team member barred and the centre
crossed, the order of the extraction's stages, a bunker deck running out while last turn's
cards lie on a species card, two water pockets, the black market's extra cards in every game
form, a full hand, a piece at its last health, the last token of a kind, the moment of
victory in each form, the level-3 skills at their limits), each through the engine and each
naming its rule."""

from __future__ import annotations

import pytest
from aottest import at, illegal, legal, play, position, seat

from wasteland.core import rules_reference as rr
from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.spec import SPEC

# -- LO-13.4: knocked off the centre after circle 1 -------------------------------------------


def _barred_black(mode: str = "normal"):
    """Black's Eye on circle 1 and black barred, a black Skinny (2 steps) at 0,-1, the
    centre empty, black to play."""
    s = position({"0,-1": ("black", "skinny"), "3,3": ("white", "skinny")},
                 players=4, turn="black", config={"teams": "2x2", "mode": mode})
    black = seat(s, "black")
    s.eye[black] = 1
    s.barred[black] = True
    s.touch()
    return s


def test_lo_13_4_a_barred_player_may_pass_over_the_empty_centre_but_never_stop_on_it():
    # "цей гравець більше не може зайняти центральний гекс": occupying, not crossing. From
    # 0,-1 the only two-step way to 0,1 is over the centre.
    s = _barred_black()
    assert "move 0,-1 0,1" in legal(s)
    illegal(s, "move 0,-1 0,0", "LO-13.4")
    play(s, "move 0,-1 0,1")
    assert at(s, "0,1") == ("black", "skinny") and at(s, "0,0") is None


def test_lo_13_4_without_the_bar_the_same_troop_may_stop_on_the_centre():
    s = _barred_black()
    s.barred[seat(s, "black")] = False
    s.touch()
    assert {"move 0,-1 0,0", "move 0,-1 0,1"} <= set(legal(s))


def test_lo_13_4_a_ray_tower_card_knocks_a_troop_off_the_centre_and_bars_its_player():
    # Knocked off by a psychic strike in the economic phase, not only by an attack.
    s = position({"0,0": ("black", "skinny"), "3,3": ("white", "skinny")},
                 players=4, turn="white", phase="economic", config={"teams": "2x2"})
    black = seat(s, "black")
    s.eye[black] = 1
    s.hands[seat(s, "white")] = ["strike"]
    s.touch()
    events = play(s, "play strike 0,0")
    assert at(s, "0,0") is None and s.barred[black]
    assert [e for e in events if e["type"] == "barred"] == [{"type": "barred", "seat": black}]


def test_lo_13_4_a_troop_knocked_off_before_circle_1_bars_nobody():
    s = position({"0,0": ("black", "skinny"), "1,0": ("white", "skinny")},
                 players=4, turn="white", config={"teams": "2x2"})
    play(s, "attack 1,0 0,0")
    assert not s.barred[seat(s, "black")], "the Eye was still on circle 0"


def test_lo_13_4_the_rules_reference_bars_only_a_troop_knocked_off():
    # The reference said any departure from the centre bars; the original (вибитий) and the
    # engine bar only a troop knocked off it.
    words = {"en": "knocked off", "ru": "выбили", "uk": "вибили"}
    for lang, word in words.items():
        text = rr.rule_text(SPEC, "LO-13.4", lang).text
        assert word in text, (lang, text)


# -- LO-7.3: the three stages of the extraction, in order -----------------------------------


def test_lo_7_3_sources_then_bunkers_then_ray_towers():
    # Red holds a source (1,-3), a bunker (0,-4) and a ray tower (0,-2).
    s = position({"1,-3": ("red", "skinny"), "0,-4": ("red", "skinny"), "0,-2": ("red", "skinny"),
                  "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.source_deck, s.bunker_deck, s.tower_deck = ["wet"], ["neuro1"], ["strike"]
    events = play(s, "end phase")
    kinds = [e["type"] for e in events]
    assert kinds.index("water") < kinds.index("bunker_drawn")
    assert "tower_drawn" not in kinds and s.hands[red] == [], "the bunker card is laid first"
    assert s.water[red] == 2
    events = play(s, "inject neuro1 handsome")
    assert [e["type"] for e in events][-1] == "tower_drawn" and s.hands[red] == ["strike"]
    assert GAME.decision(s).kind == "economic"


# -- LO-10.1: last turn's bunker cards go to the discard pile after the new ones are taken -----


def test_lo_10_1_last_turns_bunker_cards_are_not_reshuffled_into_this_turns_draw():
    # Red holds two bunker hexes; one card is left in the deck and none in the discard pile,
    # and red's Skinnies carry last turn's concentrated regenerative injection. The first
    # draw empties the deck; the old card is discarded only after the new ones are taken,
    # so the second draw finds nothing (the digest's order, expiry first, drew it again).
    s = position({"0,-4": ("red", "skinny"), "4,-4": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.bunker_deck, s.bunker_discard = ["neuro1"], []
    s.injections[red] = [["regen2", "skinny"]]
    s.touch()
    events = play(s, "end phase")
    drawn = [e["cards"] for e in events if e["type"] == "bunker_drawn"]
    assert drawn == [["neuro1"]]
    assert any(e["type"] == "deck_empty" and e["deck"] == "bunker" for e in events)
    assert s.injections[red] == [] and s.bunker_discard == ["regen2"]
    play(s, "inject neuro1 skinny")
    assert s.injections[red] == [["neuro1", "skinny"]]


# -- LO-9: water pockets ----------------------------------------------------------------------


def test_lo_9_two_water_pockets_double_twice():
    s = position({"1,-3": ("red", "skinny"), "2,-3": ("red", "skinny"), "0,0": ("red", "skinny"),
                  "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.source_deck = ["dry"] * 5 + ["wet", "pocket", "pocket"]  # the last is drawn first
    play(s, "end phase")
    assert s.water[red] == 2 * 2 * 2, "a wet day, doubled by each pocket (ruling LO-9)"


# -- LO-10.2: the black market's extra cards ---------------------------------------------------


def _market(mode: str, teams: str | None = None, eye: int = 1):
    config = {"mode": mode, **({"teams": teams} if teams else {})}
    players = 4 if teams else 2
    colour = "black" if teams else "red"
    s = position({"0,0": (colour, "skinny"), "3,3": ("white" if teams else "blue", "skinny")}, players=players,
                 turn=colour, phase="economic", config=config, water={colour: 10})
    q = seat(s, colour)
    s.eye[q] = eye
    s.bunker_discard = ["regen1", "neuro2", "anabolic"]
    s.touch()
    return s, q


def test_lo_10_2_team_long_game_gives_the_extra_card_on_circle_1():
    s, q = _market("long", "2x2")
    play(s, "market neuro2 skinny")
    d = GAME.decision(s)
    assert d.kind == "bonus" and d.seat == q
    assert "take anabolic skinny" in d.actions
    play(s, "take anabolic skinny")
    assert GAME.decision(s).kind == "economic" and sorted(c for c, _ in s.injections[q]) == ["anabolic", "neuro2"]


def test_lo_10_2_team_normal_game_gives_none():
    s, q = _market("normal", "2x2")
    play(s, "market neuro2 skinny")
    assert GAME.decision(s).kind == "economic" and len(s.injections[q]) == 1


def test_lo_10_2_blitz_names_the_bonus_but_the_eye_is_on_circle_0():
    # A troop holding the centre at the start of a blitz turn wins at once (LO-13.3), so in
    # an economic phase the holder walked in this turn and its Eye is still on circle 0.
    s = position({"0,-1": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red", config={"mode": "blitz"},
                 water={"red": 10})
    q = seat(s, "red")
    play(s, "move 0,-1 0,0", "flip 0,0", "end phase")
    s.bunker_discard = ["regen1", "neuro2", "anabolic"]
    s.touch()
    assert GAME.decision(s).kind == "economic" and s.eye[q] == 0
    play(s, "market neuro2 skinny")
    assert GAME.decision(s).kind == "economic" and len(s.injections[q]) == 1


def test_lo_10_2_the_extra_cards_stop_when_the_discard_pile_is_empty():
    s, q = _market("long", eye=2)
    s.bunker_discard = ["regen1", "neuro2"]
    s.touch()
    play(s, "market neuro2 skinny", "take regen1 smart")
    assert GAME.decision(s).kind == "economic", "circle 2 asks for two, one was left"
    assert s.bunker_discard == []


# -- LO-11: the hand limit, a full hand ----------------------------------------------------------


def test_lo_11_a_full_hand_and_two_drawn_keeps_five_the_player_chooses_which():
    s = position({"0,-2": ("red", "skinny"), "2,-2": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.hands[red] = ["strike", "strike", "blast", "paralysis", "madness"]
    s.tower_deck = ["collapse", "blindness"]
    s.touch()
    play(s, "end phase")
    d = GAME.decision(s)
    assert d.kind == "hand" and d.seat == red
    assert {"discard collapse", "discard strike", "play blindness blue", "play collapse 3,3"} <= set(d.actions)
    play(s, "play collapse 3,3")  # used at once: the blue Skinny is gone
    assert at(s, "3,3") is None and GAME.decision(s).kind == "hand"
    play(s, "discard strike")
    assert GAME.decision(s).kind == "economic" and len(s.hands[red]) == 5


# -- LO-8.2, LO-7.2: a piece at its last health -------------------------------------------------


def test_lo_7_2_a_ray_tower_hit_in_the_economic_phase_lasts_into_the_next_tactical_phase():
    # Blue's Skinnies hold a concentrated regenerative injection: 3 health. Red's blast
    # (-2) in its economic phase leaves 1; it is not healed before blue's tactical phase
    # ends, and a strike then finishes it.
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny"), "3,2": ("blue", "skinny")},
                 turn="red", phase="economic")
    red, blue = seat(s, "red"), seat(s, "blue")
    s.injections[blue] = [["regen2", "skinny"]]
    s.hands[red] = ["blast"]
    s.hands[blue] = ["strike"]
    s.touch()
    play(s, "play blast 3,3")
    assert at(s, "3,3") == ("blue", "skinny") and s.damage[s.board.by_name["3,3"]] == 2
    play(s, "end turn")
    assert GAME.decision(s).seat == blue and s.damage[s.board.by_name["3,3"]] == 2
    play(s, "play strike 3,3")  # blue's own card on its own troop: 2 + 1 >= 3
    assert at(s, "3,3") is None


def test_lo_8_2_an_attack_equal_to_the_health_left_removes_the_token():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.injections[seat(s, "blue")] = [["regen1", "skinny"]]  # 2 health
    s.injections[seat(s, "red")] = [["neuro1", "skinny"]]  # attack 2
    s.touch()
    play(s, "attack 0,0 1,0")
    assert at(s, "1,0") is None


# -- LO-5: the last token of a kind -----------------------------------------------------------


def test_lo_5_the_last_hedge_destroyed_drops_hedges_to_level_1():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "hedge"), "3,3": ("blue", "skinny")}, turn="red")
    blue = seat(s, "blue")
    s.levels[blue][3] = 2
    s.injections[seat(s, "red")] = [["neuro1", "skinny"]]
    s.touch()
    events = play(s, "attack 0,0 1,0")
    assert s.level(blue, "hedge") == 1
    assert {"type": "level_reset", "seat": blue, "kind": "hedge"} in events


def test_lo_5_a_kind_keeps_its_level_while_one_token_is_left():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "handsome"), "3,3": ("blue", "handsome")}, turn="red")
    blue = seat(s, "blue")
    s.levels[blue][1] = 3
    s.touch()
    play(s, "attack 0,0 1,0")
    assert s.level(blue, "handsome") == 3


@pytest.mark.parametrize("card", ["strike", "blast", "collapse"])
def test_lo_11_a_damage_card_kills_the_last_troop_of_a_kind_and_resets_it(card):
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "smart"), "3,2": ("blue", "skinny")},
                 turn="red", phase="economic")
    blue = seat(s, "blue")
    s.levels[blue][2] = 2
    s.hands[seat(s, "red")] = [card]
    s.touch()
    play(s, f"play {card} 3,3")
    assert at(s, "3,3") is None and s.level(blue, "smart") == 1


# -- LO-13: the moment of victory ------------------------------------------------------------


def test_lo_13_1_the_third_circle_ends_the_game_before_the_extraction():
    # Red holds the centre and a source: the game is over after the tactical phase, so no
    # source card is drawn.
    s = position({"0,0": ("red", "skinny"), "1,-3": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.eye[red] = 2
    deck = list(s.source_deck)
    play(s, "end phase")
    assert s.over and s.winners == [red] and s.eye[red] == 3
    assert s.source_deck == deck and s.water[red] == 0


def test_lo_13_2_long_game_won_at_the_start_of_a_turn_before_any_move():
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="blue", phase="economic",
                 config={"mode": "long"})
    red = seat(s, "red")
    s.eye[red] = 2
    s.touch()
    events = play(s, "end turn")
    assert s.over and s.winners == [red] and s.eye[red] == 3
    assert [e["type"] for e in events][-3:] == ["turn", "eye", "game_over"]


def test_lo_13_4_team_long_a_team_of_three_wins_when_its_last_eye_reaches_circle_1():
    s = position({"0,0": ("yellow", "skinny"), "3,-3": ("blue", "skinny")}, players=6, turn="red",
                 phase="economic", config={"teams": "3x3", "mode": "long",
                                           "lineup": [["black", "red", "yellow"], ["white", "blue", "violet"]]})
    black, red, yellow = seat(s, "black"), seat(s, "red"), seat(s, "yellow")
    s.eye[black] = 1
    s.touch()
    play(s, "end turn")  # red -> yellow (clockwise), whose troop holds the centre
    assert not s.over and s.eye[yellow] == 1, "red's Eye is still on circle 0"
    s = position({"0,0": ("yellow", "skinny"), "3,-3": ("blue", "skinny")}, players=6, turn="red",
                 phase="economic", config={"teams": "3x3", "mode": "long",
                                           "lineup": [["black", "red", "yellow"], ["white", "blue", "violet"]]})
    s.eye[black] = s.eye[red] = 1
    s.touch()
    play(s, "end turn")
    assert s.over and s.winners == sorted([black, red, yellow])


def test_lo_13_4_an_eye_already_on_circle_1_stays_there_in_a_team_game():
    s = position({"0,0": ("black", "skinny"), "3,3": ("white", "skinny")}, players=4, turn="black",
                 config={"teams": "2x2"})
    black = seat(s, "black")
    s.eye[black] = 1
    s.touch()
    play(s, "end phase")
    assert s.eye[black] == 1 and not s.over, "red, black's team-mate, is still on circle 0"


# -- LO-6.4: hedges next to your own troops --------------------------------------------------


def test_lo_6_4_a_team_mates_troop_does_not_let_you_grow_a_hedge():
    # Black and red are team-mates (2x2); only black's own troops count for black's hedges.
    s = position({"-3,-1": ("red", "skinny"), "3,3": ("white", "skinny")}, players=4, turn="black",
                 phase="economic", config={"teams": "2x2"}, water={"black": 5})
    assert not [a for a in legal(s) if a.startswith("grow ")]
    illegal(s, "grow -3,0", "LO-6.4")


def test_lo_6_4_without_a_troop_on_the_board_no_hedge_grows_but_troops_are_bought():
    s = position({"3,3": ("blue", "skinny")}, turn="red", phase="economic", water={"red": 5})
    acts = legal(s)
    assert not [a for a in acts if a.startswith("grow ")]
    assert "buy skinny 6,-3" in acts  # red's landing hexes: 6,-5 .. 6,-1


# -- LO-6.2, LO-6.3: the level-3 skills at their limits -----------------------------------------


def test_lo_6_2_lob_shot_over_two_troops_at_a_hedge():
    # Level-3 Handsome at 0,-2, range 4: two troops between, the target a hedge: it may be hit.
    s = position({"0,-2": ("red", "handsome"), "0,-1": ("blue", "skinny"), "0,0": ("red", "skinny"),
                  "0,1": ("blue", "hedge")}, turn="red")
    s.levels[seat(s, "red")][1] = 3
    s.touch()
    assert "attack 0,-2 0,1" in legal(s)
    s.pieces[s.board.by_name["0,1"]] = (seat(s, "red"), "skinny")
    s.pieces[s.board.by_name["0,2"]] = (seat(s, "blue"), "skinny")
    s.touch()
    illegal(s, "attack 0,-2 0,2", "LO-6.2")  # three troops between


def test_lo_6_3_the_beam_passes_hedges_but_never_hits_one():
    s = position({"0,-2": ("red", "smart"), "0,-1": ("blue", "hedge"), "0,0": ("blue", "hedge"),
                  "0,1": ("blue", "skinny")}, turn="red")
    s.levels[seat(s, "red")][2] = 3  # range 3, straight through hedges
    s.touch()
    attacks = {a for a in legal(s) if a.startswith("attack 0,-2 ")}
    assert attacks == {"attack 0,-2 0,1"}
    illegal(s, "attack 0,-2 0,0", "LO-6.3")


def test_lo_6_3_around_a_hedge_at_exactly_the_range():
    # A Smart at 0,-2 and a troop at 0,0, two hexes apart: the one two-step way is over
    # 0,-1. With a hedge there, the way round (over 1,-2 and 1,-1, or -1,-1 and -1,0) takes
    # 3 steps: out of a level-1 Smart's range 2, exactly a level-2 Smart's range 3.
    s = position({"0,-2": ("red", "smart"), "0,-1": ("blue", "hedge"), "0,0": ("blue", "skinny")}, turn="red")
    assert "attack 0,-2 0,0" not in legal(s)
    illegal(s, "attack 0,-2 0,0", "LO-6.3")
    s.levels[seat(s, "red")][2] = 2
    s.touch()
    assert "attack 0,-2 0,0" in legal(s)
    for h in ("1,-2", "-1,-1"):  # hedge both ways round: 4 steps or more
        s.pieces[s.board.by_name[h]] = (seat(s, "blue"), "hedge")
    s.touch()
    assert "attack 0,-2 0,0" not in legal(s)


def test_lo_13_the_eye_circle_text_names_the_winning_circle_of_every_game_form():
    # The component text said "reaching 3 wins", but blitz (LO-13.3) and team games (LO-13.4,
    # LO-13.5) are won on circle 1.
    from wasteland.games.age_of_thirst.texts import TEXTS

    for lang, words in {"en": ("circle 3", "circle 1"), "ru": ("круг 3", "круге 1"),
                        "uk": ("коло 3", "колі 1")}.items():
        text = TEXTS.text("hex:eye_circle", lang)
        assert all(w in text for w in words), (lang, text)


# -- LO-11: "at any moment of your turn" -------------------------------------------------------


def test_lo_11_a_card_may_be_played_between_a_troops_move_and_its_attack():
    s = position({"0,-3": ("red", "skinny"), "0,-1": ("blue", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.hands[seat(s, "red")] = ["strike"]
    s.touch()
    play(s, "move 0,-3 0,-2")
    assert "play strike 3,3" in legal(s) and s.acting == s.board.by_name["0,-2"]
    play(s, "play strike 3,3")
    assert at(s, "3,3") is None
    assert "attack 0,-2 0,-1" in legal(s), "the troop still attacks after the card"


def test_lo_11_a_card_drawn_this_turn_is_played_in_the_same_economic_phase():
    s = position({"0,-2": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.tower_deck = ["strike"] * 3 + ["blast"]
    play(s, "end phase")
    assert "play blast 3,3" in legal(s)


def test_lo_11_four_in_hand_and_one_drawn_is_five_no_card_goes():
    s = position({"0,-2": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.hands[red] = ["strike", "strike", "blast", "madness"]
    s.tower_deck = ["collapse"]
    s.touch()
    play(s, "end phase")
    assert GAME.decision(s).kind == "economic" and len(s.hands[red]) == 5
