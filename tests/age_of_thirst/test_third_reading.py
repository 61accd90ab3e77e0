"""Third reading of the Age of Thirst rulebook: the limits at their edge (the last token a
colour may have, the last troop a turn, the exact price), a pump and a water pocket
alone, and the refusal each step past a limit gets, naming its rule."""

from __future__ import annotations

import pytest
from aottest import illegal, legal, play, position, seat

from wasteland.core.protocol import RuleError
from wasteland.games.age_of_thirst.content import KINDS as KIND_ORDER, load_content
from wasteland.games.age_of_thirst.game import GAME

KINDS = load_content().kinds
# Ordinary hexes (no source, bunker, ray tower, centre; off black's landing hexes) on the
# west of the map, where the tests put the tokens a colour already has.
SPARE = ["-6,1", "-6,2", "-6,3", "-6,4", "-6,5", "-5,1", "-5,2", "-5,3", "-5,4", "-5,5", "-4,1", "-4,2",
         "-4,3", "-3,3", "-3,4"]
CONFIG = {"colours": ["black", "yellow"]}
BLACK_LANDING = ["1,-6", "2,-6", "3,-6", "4,-6", "5,-6"]


def _economic(pieces, water):
    return position({**pieces, "3,3": ("yellow", "skinny")}, turn="black", phase="economic", water={"black": water},
                    config=CONFIG)


def test_lo_6_1_the_tenth_skinny_is_bought_the_eleventh_is_not():
    s = _economic({h: ("black", "skinny") for h in SPARE[:9]}, 20)
    play(s, "buy skinny 1,-6")
    assert s.count(seat(s, "black"), "skinny") == 10
    assert not [a for a in legal(s) if a.startswith("buy skinny")]
    assert [a for a in legal(s) if a.startswith("buy handsome")], "another kind may still be bought"
    illegal(s, "buy skinny 2,-6", "LO-6.1")


def test_lo_6_2_the_seventh_handsome_is_bought_the_eighth_is_not():
    s = _economic({h: ("black", "handsome") for h in SPARE[:6]}, 20)
    play(s, "buy handsome 1,-6")
    illegal(s, "buy handsome 2,-6", "LO-6.2")


def test_lo_6_4_the_fifteenth_hedge_grows_the_sixteenth_does_not():
    hedges = {h: ("black", "hedge") for h in SPARE[:14]}
    s = _economic({**hedges, "3,-5": ("black", "skinny")}, 10)
    play(s, "grow 3,-4")
    assert s.count(seat(s, "black"), "hedge") == 15
    assert not [a for a in legal(s) if a.startswith("grow")]
    illegal(s, "grow 4,-5", "LO-6.4")
    with pytest.raises(RuleError, match="at most 15 hedges"):
        GAME.apply_in_place(s, "grow 4,-5")


def test_lo_7_4_a_sixth_troop_is_not_bought_even_with_a_landing_hex_freed():
    # Five troops fill the five landing hexes; a psychic strike on one of them frees a hex,
    # but five a turn is the limit, not the hexes (LO-7.4: "не більше 5 за хід").
    s = _economic({}, 30)
    black = seat(s, "black")
    s.tower_deck.remove("strike")
    s.hands[black] = ["strike"]
    s.touch()
    for h in BLACK_LANDING:
        play(s, f"buy skinny {h}")
    play(s, "play strike 1,-6")
    assert "1,-6" not in {s.board.names[h] for h in s.pieces}
    assert not [a for a in legal(s) if a.startswith("buy ")]
    illegal(s, "buy skinny 1,-6", "LO-7.4")


def test_lo_7_4_the_last_gallons_buy_at_the_exact_price():
    cost = KINDS["skinny"].levels[0].cost
    s = _economic({}, cost)
    play(s, "buy skinny 1,-6")
    assert s.water[seat(s, "black")] == 0
    illegal(s, "buy skinny 2,-6", "LO-7.4")


def test_lo_10_2_ten_gallons_buy_the_card_nine_do_not():
    s = _economic({}, 10)
    s.bunker_deck.remove("neuro1")
    s.bunker_discard = ["neuro1"]
    s.touch()
    assert "market neuro1 skinny" in legal(s)
    s9 = _economic({}, 9)
    s9.bunker_deck.remove("neuro1")
    s9.bunker_discard = ["neuro1"]
    s9.touch()
    illegal(s9, "market neuro1 skinny", "LO-10.2")
    play(s, "market neuro1 skinny")
    assert s.water[seat(s, "black")] == 0 and s.injections[seat(s, "black")] == [["neuro1", "skinny"]]


def test_lo_9_a_pump_pays_without_a_source_hex_and_a_pocket_alone_doubles_it():
    s = position({"5,-5": ("black", "skinny"), "3,3": ("yellow", "skinny")}, turn="black", config=CONFIG)
    black = seat(s, "black")
    s.pumps[black] = 1
    s.source_deck.remove("pump")
    s.touch()
    play(s, "end phase")
    assert s.water[black] == 1, "a pump in front of the clan pays every turn, no source hex needed"
    # On a source hex, a water pocket drawn doubles the pump's gallon (it gives none itself).
    s = position({"1,-3": ("black", "skinny"), "3,3": ("yellow", "skinny")}, turn="black", config=CONFIG)
    black = seat(s, "black")
    s.pumps[black] = 1
    s.source_deck.remove("pump")
    s.source_deck.remove("pocket")
    s.source_deck.append("pocket")  # the next card drawn
    s.touch()
    play(s, "end phase")
    assert s.water[black] == 2 and s.source_discard[-1] == "pocket"


def test_lo_10_1_bunker_cards_stack_on_one_kind():
    # Two neuro-stimulants on the Skinnies: attack 3, enough for a level-3 hedge in one blow.
    s = position({"3,-5": ("black", "skinny"), "3,-4": ("yellow", "hedge"), "3,3": ("yellow", "skinny")},
                 turn="black", config=CONFIG)
    black, yellow = seat(s, "black"), seat(s, "yellow")
    s.levels[yellow][KIND_ORDER.index("hedge")] = 3
    for card in ("neuro1", "neuro1"):
        s.bunker_deck.remove(card)
    s.injections[black] = [["neuro1", "skinny"], ["neuro1", "skinny"]]
    s.touch()
    play(s, "attack 3,-5 3,-4")
    assert s.board.by_name["3,-4"] not in s.pieces


def test_lo_11_a_status_card_goes_on_an_enemy_never_a_team_mate_a_damage_card_on_any_troop():
    # 2x2: black-red against white-blue (LO-13.4). The status cards strike "ворожих" troops.
    s = position({"3,-5": ("black", "skinny"), "5,-3": ("red", "skinny"), "-3,5": ("white", "skinny"),
                  "-5,3": ("blue", "skinny")}, players=4, turn="black", config={"teams": "2x2"})
    black = seat(s, "black")
    for card in ("paralysis", "strike"):
        s.tower_deck.remove(card)
    s.hands[black] = ["paralysis", "strike"]
    s.touch()
    acts = legal(s)
    assert {"play paralysis white", "play paralysis blue"} <= set(acts)
    assert "play paralysis red" not in acts and "play paralysis black" not in acts
    illegal(s, "play paralysis red", "LO-13.4")
    illegal(s, "play paralysis black", "LO-11")
    assert "play strike 5,-3" in acts, "a damage card hits any troop token, a team-mate's too (ruling)"


def test_lo_7_4_a_troop_bought_moves_from_the_next_tactical_phase_on():
    s = _economic({"3,-5": ("black", "skinny")}, 10)
    play(s, "buy skinny 1,-6")
    assert not [a for a in legal(s) if a.startswith(("move", "attack"))], "the economic phase moves nothing"
    play(s, "end turn")
    assert GAME.decision(s).seat == seat(s, "yellow")
    play(s, "end phase", "end turn")
    assert [a for a in legal(s) if a.startswith("move 1,-6 ")], "in black's next tactical phase it moves"
