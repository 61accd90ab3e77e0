"""A position with any one value of the wrong form (a number for a list, a list for a
name, a table for a flag...) is refused with one error naming the rule or the field; it
never fails inside the reader or later, when the game asks for its decision or its view.

For every registered game with a scenario writer, every key the writer writes is tried,
in a position in the middle of a game played with the table's chance (the companion's
corrections run through these positions). Nothing here names a game."""

from __future__ import annotations

import copy
import random
import tomllib

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import registered_games
from wasteland.core.toml_text import dumps

WRITTEN = sorted(name for name, spec in registered_games().items() if spec.scenario_writer)
WRONG = [5, "x", [], ["x"], {"a": 1}, True]
STEPS = 60  # random actions before the position is written: the middle of a first round


def _paths(node, prefix=()):
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield prefix + (key,)
        yield from _paths(value, prefix + (key,))


def _position(spec):
    game = spec.engine
    players = {"players": 2} if spec.option("players") and spec.min_players <= 2 <= spec.max_players else {}
    state = game.with_table_chance(game.new_game(players, 3))
    choose = random.Random(3)
    for _ in range(STEPS):
        d = game.decision(state)
        if d is None:
            break
        state, _ = game.apply(state, choose.choice(d.actions))
    return tomllib.loads(spec.write_scenario(state))


def test_the_games_with_writers_are_checked():
    assert len(WRITTEN) >= 3, WRITTEN


@pytest.mark.parametrize("wrong", WRONG, ids=repr)
@pytest.mark.parametrize("name", WRITTEN)
def test_a_value_of_the_wrong_form_is_one_clear_refusal(name, wrong):
    spec = registered_games()[name]
    game = spec.engine
    data = _position(spec)
    tried = 0
    for path in _paths(data):
        changed = copy.deepcopy(data)
        node = changed
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = wrong
        try:
            state = spec.load_scenario(dumps(changed), "garbage")
            game.decision(state)
            game.view(state, None)
        except RuleError:
            pass  # refused, by name
        tried += 1
    assert tried > 50
