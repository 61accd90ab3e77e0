"""The terminal's set-up question places one starting troop at a time (LO-4.3): each option
names one troop ("place Skinny 4,-2"), not the species card's plural ("Skinnies 4,-2",
read by a new player as several troops at once)."""

from __future__ import annotations

from wasteland.games.age_of_thirst.terminal_help import option_labels


def test_a_starting_troop_is_named_as_one():
    labels = option_labels(["place skinny 4,-2", "place handsome 5,-4", "place smart 6,-1"], None, "en")
    assert labels == {"place skinny 4,-2": "place Skinny 4,-2", "place handsome 5,-4": "place Handsome 5,-4",
                      "place smart 6,-1": "place Smart 6,-1"}, labels
