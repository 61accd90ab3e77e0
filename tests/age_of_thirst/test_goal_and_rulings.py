"""The goal (LO-1) and the list of our rulings (LO-C), each checked where it shows."""

from __future__ import annotations

import pytest
from aottest import legal, play, position, seat

from wasteland.games.age_of_thirst.game import GAME


@pytest.mark.parametrize("mode", ["normal", "long", "blitz"])
def test_holding_the_centre_long_enough_for_the_game_form_wins_LO_1(mode):
    """LO-1: take the central hex and hold it long enough for the game form (LO-13): the
    same position, red on the Last Oasis, ends with red's victory in every form, and a
    clan off the centre never wins."""
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red", config={"mode": mode})
    red, blue = seat(s, "red"), seat(s, "blue")
    for _ in range(40):
        if s.over:
            break
        d = GAME.decision(s)
        # everybody ends each phase at once: nobody fights, red just holds the centre
        play(s, "end phase" if "end phase" in d.actions else "end turn" if "end turn" in d.actions
             else d.actions[0])
    assert s.over and s.winners == [red]
    assert s.eye[blue] == 0


def test_our_rulings_no_starting_water_and_one_attack_per_troop_LO_C():
    """LO-C, two of the rulings it lists: every clan starts with 0 water, and a troop
    attacks once a turn (its flip ends what it may do)."""
    s = GAME.new_game({"players": 4}, 1)
    assert s.water == [0, 0, 0, 0]
    s = position({"0,-2": ("red", "skinny"), "0,-1": ("blue", "skinny"), "1,-2": ("blue", "skinny"),
                  "3,3": ("blue", "skinny")}, turn="red")
    assert {"attack 0,-2 0,-1", "attack 0,-2 1,-2"} <= set(legal(s))
    play(s, "attack 0,-2 0,-1")
    assert "attack 0,-2 1,-2" not in legal(s)  # the other blue troop stands beside it still
