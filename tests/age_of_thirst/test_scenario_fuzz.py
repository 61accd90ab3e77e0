"""A written Age of Thirst position with any one key set to any value of the game's own
words (a hex, a colour, a kind, a card, a phase, a procedure, a number) or taken away is
refused with one RuleError, or it is a position the engine plays on: its decision and view
are given, it writes back to the same state, and random play from it raises nothing but
refusals. Positions come from random games with the table's chance, in every moment of
play; the changes are drawn by a seeded generator, so a failure repeats."""

from __future__ import annotations

import copy
import random
import tomllib

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.toml_text import dumps
from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.scenario import scenario_from_text
from wasteland.games.age_of_thirst.scenario_write import to_text

ATOMS = [0, 1, 2, 3, 5, 6, 10, 11, -1, 99, True, False, "0,0", "-1,-2", "2,0", "6,-5", "0,4", "9,9", "red", "blue",
         "white", "skinny", "hedge", "smart", "strike", "paralysis", "pump", "regen1", "neuro1", "setup", "tactical",
         "economic", "first", "place", "begin", "towers", "inject", "hand", "bonus", "", "x"]
CONFIGS = [{"players": 2}, {"players": 3, "mode": "long"}, {"players": 5, "teams": "2x3"}]


def _value(pick: random.Random):
    roll = pick.random()
    if roll < 0.6:
        return pick.choice(ATOMS)
    if roll < 0.9:
        return [pick.choice(ATOMS) for _ in range(pick.randrange(4))]
    return {pick.choice(["skinny", "handsome", "a"]): pick.choice(ATOMS)}


def _paths(node, prefix=()):
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, value in items:
        yield prefix + (key,)
        yield from _paths(value, prefix + (key,))


def _positions(config, seed):
    state = GAME.with_table_chance(GAME.new_game(config, seed))
    choose = random.Random(seed)
    out = []
    for step in range(300):
        d = GAME.decision(state)
        if d is None:
            break
        if step % 23 == 0 or d.kind not in ("tactical", "economic"):
            out.append(state)
        state, _ = GAME.apply(state, choose.choice(d.actions))
    return out[::3]


@pytest.mark.parametrize("number", range(len(CONFIGS)))
def test_any_one_change_is_refused_or_plays_on(number):
    pick = random.Random(100 + number)
    accepted = tried = 0
    for state in _positions(CONFIGS[number], 20 + number):
        data = tomllib.loads(to_text(state))
        paths = [p for p in _paths(data) if p[0] not in ("game", "seed")]
        for _ in range(40):
            changed = copy.deepcopy(data)
            path = pick.choice(paths)
            node = changed
            for key in path[:-1]:
                node = node[key]
            if pick.random() < 0.15:
                del node[path[-1]]
            else:
                node[path[-1]] = _value(pick)
            tried += 1
            try:
                text = dumps(changed)
            except ValueError:
                continue
            try:
                s = scenario_from_text(text, "fuzz")
            except RuleError:
                continue
            accepted += 1
            GAME.view(s, None)
            back = scenario_from_text(to_text(s), "again")
            assert GAME.to_json(back) == GAME.to_json(s), (path, text)
            play = random.Random(tried)
            for _ in range(6):
                d = GAME.decision(s)
                if d is None:
                    break
                try:
                    s, _ = GAME.apply(s, play.choice(d.actions))
                except RuleError:
                    break
    assert tried > 500 and accepted > 20, (tried, accepted)
