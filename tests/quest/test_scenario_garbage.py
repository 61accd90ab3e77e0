"""A position with any one value of the wrong form (a number for a list, a list for a
name, a table for a flag...) is refused with one error naming the rule or the field; it
never fails inside the reader or later, when the game asks for its decision or its view.
Every key the writer writes is tried, in a position in the middle of a game played with
the table's chance (the companion's corrections run through these positions)."""

from __future__ import annotations

import copy
import random
import tomllib

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.core.toml_text import dumps

SPEC = get_spec("quest")
GAME = SPEC.engine
WRONG = [5, "x", [], ["x"], {"a": 1}, True]


def _paths(node, prefix=()):
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield prefix + (key,)
        yield from _paths(value, prefix + (key,))


def _position():
    state = GAME.with_table_chance(GAME.new_game({"players": 2}, 3))
    choose = random.Random(3)
    for _ in range(60):
        d = GAME.decision(state)
        if d is None:
            break
        state, _ = GAME.apply(state, choose.choice(d.actions))
    return tomllib.loads(SPEC.write_scenario(state))


@pytest.mark.parametrize("wrong", WRONG, ids=repr)
def test_a_value_of_the_wrong_form_is_one_clear_refusal(wrong):
    data = _position()
    tried = 0
    for path in _paths(data):
        changed = copy.deepcopy(data)
        node = changed
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = wrong
        try:
            state = SPEC.load_scenario(dumps(changed), "garbage")
            GAME.decision(state)
            GAME.view(state, None)
        except RuleError:
            pass  # refused, by name
        tried += 1
    assert tried > 50
