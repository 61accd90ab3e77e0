"""Modes and victory (LO-12, LO-13), with the rulebook's worked examples (the 3x3 line-up
list and the five-player "yellow-blue, white sits out" example)."""

from __future__ import annotations

import pytest
from aottest import legal, play, position, seat

from wasteland.core.protocol import RuleError
from wasteland.games.age_of_thirst.board import board
from wasteland.games.age_of_thirst.config import rules_from_config
from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.progress import standing

B = board()


def test_lo_13_1_normal_eye_moves_after_the_tactical_phase_and_circle_3_wins():
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    s.eye[red] = 2
    play(s, "end phase")
    assert s.over and s.winners == [red]


def test_lo_13_1_eye_needs_the_centre_after_the_phase():
    s = position({"0,-1": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    play(s, "move 0,-1 0,0", "flip 0,0", "end phase")
    assert s.eye[seat(s, "red")] == 1 and not s.over


def test_lo_13_2_long_eye_moves_at_the_start_of_the_turn():
    s = position({"0,-1": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red", config={"mode": "long"})
    red = seat(s, "red")
    play(s, "move 0,-1 0,0", "flip 0,0", "end phase")
    assert s.eye[red] == 0, "long: not after the tactical phase"
    play(s, "end turn", "end phase", "end turn")
    assert s.eye[red] == 1


def test_lo_13_3_blitz_circle_1_wins_at_the_start_of_the_turn():
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="blue", config={"mode": "blitz"},
                 phase="economic")
    play(s, "end turn")
    assert s.over and s.winners == [seat(s, "red")]


def test_lo_12_eye_never_moves_back():
    s = position({"0,0": ("red", "skinny"), "1,0": ("blue", "skinny")}, turn="red")
    red = seat(s, "red")
    play(s, "end phase", "end turn")
    assert s.eye[red] == 1
    play(s, "attack 1,0 0,0", "end phase")
    assert s.eye[red] == 1


def test_lo_10_2_long_black_market_bonus_cards_per_eye_circle():
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red", config={"mode": "long"},
                 phase="economic", water={"red": 10})
    red = seat(s, "red")
    s.eye[red] = 2
    s.bunker_discard = ["regen1", "neuro1", "neuro2", "anabolic"]
    s.touch()
    play(s, "market neuro2 skinny")
    d = GAME.decision(s)
    assert d.kind == "bonus" and "take anabolic smart" in d.actions
    play(s, "take anabolic smart", "take neuro1 skinny")
    assert GAME.decision(s).kind == "economic"
    assert len(s.injections[red]) == 3


def test_lo_10_2_no_bonus_in_the_normal_game():
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red", phase="economic",
                 water={"red": 10})
    s.eye[seat(s, "red")] = 2
    s.bunker_discard = ["regen1", "neuro1"]
    s.touch()
    play(s, "market neuro1 skinny")
    assert GAME.decision(s).kind == "economic"


# -- team games (LO-13.4) ---------------------------------------------------------------------


def test_lo_13_4_the_six_3x3_line_ups_of_the_rulebook():
    lineups = [("black", "red", "yellow"), ("red", "yellow", "white"), ("yellow", "white", "blue"),
               ("white", "blue", "violet"), ("blue", "violet", "black"), ("violet", "black", "red")]
    from wasteland.games.age_of_thirst.content import COLOURS

    for team in lineups:
        other = [c for c in COLOURS if c not in team]
        rules_from_config({"players": 6, "teams": "3x3", "lineup": [list(team), other]})
    with pytest.raises(RuleError) as info:
        rules_from_config({"players": 6, "teams": "3x3",
                           "lineup": [["black", "yellow", "blue"], ["red", "white", "violet"]]})
    assert info.value.rule == "LO-13.4"


def test_lo_13_4_teams_only_of_neighbouring_colours():
    with pytest.raises(RuleError):
        rules_from_config({"players": 4, "teams": "2x2", "lineup": [["black", "white"], ["red", "blue"]]})
    with pytest.raises(RuleError):
        rules_from_config({"players": 4, "teams": "2x2", "mode": "blitz"})


def test_lo_13_4_team_normal_wins_when_every_eye_is_on_circle_1():
    s = position({"0,0": ("black", "skinny"), "3,3": ("white", "skinny")}, players=4, turn="black",
                 config={"teams": "2x2"})
    black, red = seat(s, "black"), seat(s, "red")
    play(s, "end phase")
    assert s.eye[black] == 1 and not s.over
    s2 = position({"0,0": ("red", "skinny"), "3,3": ("white", "skinny")}, players=4, turn="red",
                  config={"teams": "2x2"})
    s2.eye[s2.colour.index("black")] = 1
    play(s2, "end phase")
    assert s2.over and s2.winners == sorted([black, red])


def test_lo_13_4_centre_bonus_counts_the_opposing_team():
    s = position({"0,0": ("black", "skinny"), "3,3": ("white", "skinny")}, players=6, turn="black",
                 config={"teams": "2x2x2"})
    s.source_deck = ["dry"] * 10
    play(s, "end phase")
    assert s.water[seat(s, "black")] == 4, "2x2x2: four players in the two opposing teams"


def test_lo_13_4_knocked_off_after_circle_1_never_retakes_the_centre():
    s = position({"0,0": ("black", "skinny"), "1,0": ("white", "skinny"), "0,-2": ("black", "skinny")},
                 players=4, turn="white", config={"teams": "2x2", "mode": "long"})
    black = seat(s, "black")
    s.eye[black] = 1
    play(s, "attack 1,0 0,0", "end phase", "end turn")
    assert s.barred[black]
    # black to play (turn order black, red, white, blue is clockwise from white: blue, black...)
    while GAME.decision(s).seat != black:
        play(s, "end phase" if GAME.decision(s).kind == "tactical" else "end turn")
    assert "move 0,-2 0,0" not in legal(s)
    assert not [a for a in legal(s) if a.endswith(" 0,0") and a.startswith("move")]


def test_lo_13_4_walking_off_the_centre_does_not_bar():
    s = position({"0,0": ("black", "skinny"), "3,3": ("white", "skinny")},
                 players=4, turn="black", config={"teams": "2x2", "mode": "long"})
    black = seat(s, "black")
    s.eye[black] = 1
    move = next(a for a in legal(s) if a.startswith("move 0,0 "))
    play(s, move)
    assert not s.barred[black], "only a troop knocked off (вибитий) bars its player (LO-13.4)"


# -- five players (LO-13.5) ---------------------------------------------------------------------


@pytest.mark.worked_example("LO-13.5")
def test_lo_13_5_worked_example_yellow_blue_with_white_out():
    # The rulebook's example: team "yellow-blue"; the white faction does not play.
    r = rules_from_config({"players": 5, "teams": "2x3",
                           "lineup": [["yellow", "blue"], ["violet", "black", "red"]]})
    assert "white" not in r.colours
    with pytest.raises(RuleError) as info:
        rules_from_config({"players": 5, "teams": "2x3", "lineup": [["yellow", "white"], ["blue", "violet", "black"]]})
    assert info.value.rule in ("LO-13.5", "LO-13.4")


def test_lo_13_5_team_b_places_nine_off_the_nearest_hex():
    s = GAME.new_game({"players": 5, "teams": "2x3"}, 2)
    play(s, "first red")
    placed: dict[int, int] = {}
    while GAME.decision(s).kind == "place":
        d = GAME.decision(s)
        colour = s.colour[d.seat]
        if colour in ("violet", "black", "red"):
            assert B.names[B.nearest[colour]] not in {a.split()[2] for a in d.actions}
        play(s, d.actions[0])
        placed[d.seat] = placed.get(d.seat, 0) + 1
    for q, n in placed.items():
        assert n == (10 if s.colour[q] in ("yellow", "blue") else 9)


def test_lo_13_5_five_players_are_always_the_2x3_team_game():
    """The rulebook's five-player game is a team game of two against three, in normal or
    long form: five players without a team format get it, and no blitz is offered."""
    r = rules_from_config({"players": 5})
    assert r.teams == "2x3" and r.team_game
    assert sorted(len(t) for t in r.lineup) == [2, 3]
    s = GAME.new_game({"players": 5}, 4)
    assert s.rules.teams == "2x3"
    with pytest.raises(RuleError) as caught:
        rules_from_config({"players": 5, "mode": "blitz"})
    assert caught.value.rule == "LO-13.5"
    with pytest.raises(RuleError) as caught:
        rules_from_config({"players": 5, "teams": "2x2"})
    assert caught.value.rule == "LO-13.4"


def test_lo_13_5_centre_bonus_is_the_other_teams_size():
    s = position({"0,0": ("yellow", "skinny"), "3,-3": ("red", "skinny")}, players=5, turn="yellow",
                 config={"teams": "2x3"})
    s.source_deck = ["dry"] * 10
    play(s, "end phase")
    assert s.water[seat(s, "yellow")] == 3


# -- endings that are not the rulebook's ---------------------------------------------------------


def test_people_get_no_ending_the_rulebook_lacks_unless_they_choose_it():
    s = position({"3,3": ("blue", "hedge")}, turn="red", water={"red": 0, "blue": 0})
    play(s, "end phase", "end turn")
    assert not s.over, "a dead position is not a rulebook ending: play goes on (LO-13.1)"
    chosen = position({"3,3": ("blue", "hedge")}, turn="red", water={"red": 0, "blue": 0},
                      config={"dead_end": True})  # its first turn finds the dead position
    assert chosen.over and chosen.winners == [] and "not a rulebook ending" in chosen.end_reason
    quiet = GAME.new_game({"players": 2, "stall_turns": 3}, 1)
    assert GAME.new_game({"players": 2}, 1).rules.stall_turns == 0
    assert quiet.rules.stall_turns == 3


def test_no_progress_draw_tokens_bought_and_shot_on_old_ground_are_no_progress():
    """The no-progress draw (``stall_turns``, progress.py; not a rule): a clan that shoots its
    own troop (friendly fire, LO-7.1) and buys another on the same landing hex (LO-7.4) every
    turn changes nothing; the draw comes after ``stall_turns`` turns of it. (It used to count
    every token entering or leaving the board: such a game never ended.)"""
    s = position({"-6,1": ("blue", "skinny"), "-6,2": ("blue", "skinny"), "6,-1": ("red", "hedge")},
                 turn="blue", water={"blue": 6}, config={"stall_turns": 4})
    s.ground = standing(s)
    for _ in range(2):
        assert s.quiet >= 1 and not s.over
        events = play(s, "attack -6,2 -6,1", "end phase", "buy skinny -6,1", "end turn")
        assert {"removed", "buy"} <= {e["type"] for e in events}
        play(s, "end phase", "end turn")  # red: a hedge alone, nothing to do
    assert s.over and s.winners == [] and s.end_reason.startswith("4 turns without an Eye moving")


def test_no_progress_draw_new_ground_and_the_eye_are_progress():
    """A troop on a hex its clan has not stood on since the last Eye move is progress, and so
    is an Eye moving (LO-13.1), after which every clan's ground starts again from where its
    troops stand (progress.py)."""
    s = position({"-6,1": ("blue", "skinny"), "1,0": ("red", "skinny")}, turn="red", config={"stall_turns": 50})
    s.ground = standing(s)
    s.quiet = 7
    play(s, "move 1,0 2,0")  # new ground for red
    assert s.quiet == 0 and s.ground[seat(s, "red")] >> board().by_name["2,0"] & 1
    play(s, "flip 2,0", "end phase", "end turn", "end phase", "end turn")
    quiet = s.quiet
    play(s, "move 2,0 1,0", "flip 1,0", "end phase")  # back on old ground: no progress
    assert s.quiet == quiet == 2
    play(s, "end turn", "move -6,1 -5,1", "flip -5,1", "end phase", "end turn")  # new ground for blue
    assert s.quiet == 1
    play(s, "move 1,0 0,0", "flip 0,0", "end phase")  # the centre, then the Eye's first circle (LO-13.1)
    assert s.eye[seat(s, "red")] == 1 and s.quiet == 0
    assert s.ground == standing(s), "after an Eye move only the hexes troops stand on are ground"
