"""A refusal names seats as the rest of the game does: Fallout's survivors and Quest's
heroes ("survivor 2", "hero 2", as their events and pages say), never "seat 2"."""

from __future__ import annotations

import re

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec

SEAT_WORD = {"fallout": "survivor", "quest": "hero"}


def waiting(game_name: str):
    game = get_spec(game_name).engine
    config = game.normalize_config({"players": 2}) if hasattr(game, "normalize_config") else {"players": 2}
    state = game.new_game(config, 3)
    for _ in range(200):  # until a person's decision
        d = game.decision(state)
        if d.seat is not None and d.seat >= 0 and d.kind != "chance":
            return game, state, d
        state, _ = game.apply(state, d.actions[0])
    raise AssertionError("no seat's decision came up")


@pytest.mark.parametrize("game_name", SEAT_WORD)
def test_a_wrong_seat_is_refused_in_the_games_own_words(game_name):
    game, state, d = waiting(game_name)
    other = 1 - d.seat
    with pytest.raises(RuleError) as refused:
        game.apply(state, d.actions[0], other)
    message = str(refused.value)
    word = SEAT_WORD[game_name]
    assert f"{word} {d.seat + 1}'s decision" in message and f"not {word} {other + 1}'s" in message, message
    assert not re.search(r"\bseat \d", message), message


def test_fallout_names_the_survivor_whose_decision_waits_when_a_verb_is_out_of_place():
    game, state, d = waiting("fallout")
    wrong = next(verb for verb in ("resolve", "fight", "move", "end", "order") if not any(
        a.split(" ")[0] == verb for a in d.actions))
    with pytest.raises(Exception) as refused:
        game.apply(state, wrong)
    assert f"survivor {d.seat + 1} waits" in str(refused.value), str(refused.value)
