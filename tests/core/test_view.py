"""One view shape: every registered game's view starts with the same keys and numbers
seats from 0, as ``Decision.seat`` and ``Outcome.winners`` do."""

from __future__ import annotations

import pytest

from wasteland.core.protocol import Decision
from wasteland.core.registry import get_game, registered_games
from wasteland.core.view import decision_block

HEAD = ("game", "seat", "current", "over", "winners", "end_reason", "decision")


def _play_to_end(game, config, seed, limit=4000):
    state = game.new_game(config, seed)
    for i in range(limit):
        d = game.decision(state)
        if d is None:
            return state
        game.apply_in_place(state, d.actions[(i * 7919) % len(d.actions)])
    return state


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_view_starts_with_the_same_keys_and_numbers_seats(name):
    game = get_game(name)
    state = game.new_game({"players": max(2, game.min_players)}, 3)
    d = game.decision(state)
    for seat in (None, 0, 1):
        view = game.view(state, seat)
        assert tuple(view)[: len(HEAD)] == HEAD
        assert view["game"] == name and view["seat"] == seat
        assert isinstance(view["current"], int) and view["over"] is False and view["winners"] == []
        assert view["decision"]["seat"] == d.seat
        assert view["decision"]["actions"] == (list(d.actions) if seat == d.seat else [])
        for p in view.get("players", []):
            assert isinstance(p["seat"], int)


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_a_finished_games_view_has_no_decision_and_numbered_winners(name):
    game = get_game(name)
    config = {"players": max(2, game.min_players)}
    if game.spec.option("turn_limit") is not None:  # a game of many turns is cut short
        config["turn_limit"] = 12
    state = _play_to_end(game, config, 11)
    assert game.decision(state) is None
    view = game.view(state, None)
    assert view["over"] is True and view["decision"] is None
    assert view["winners"] == list(game.outcome(state).winners)
    assert view["current"] is None or isinstance(view["current"], int)


def test_decision_block_hides_the_actions_from_other_seats():
    d = Decision(1, "turn", ("end", "move 0,1"), "your turn", "SL §30")
    assert decision_block(d, 1) == {"seat": 1, "kind": "turn", "prompt": "your turn", "rule": "SL §30",
                                    "actions": ["end", "move 0,1"]}
    assert decision_block(d, 0)["actions"] == [] and decision_block(d, None)["actions"] == []
    assert decision_block(None, 0) is None
