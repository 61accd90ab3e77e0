"""A position written in the middle of a game and read back plays on as the original:
the same actions give the same events and, at the end, the same state. For every
registered game with a scenario writer, with its fewest and most players and with its
rulebook switches on; nothing here names a game."""

from __future__ import annotations

import random

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import registered_games

WRITTEN = sorted(name for name, spec in registered_games().items() if spec.scenario_writer)
BEFORE, AFTER = 40, 300  # random actions before the position is written, and after it


def _configs(spec):
    """The fewest and the most players, and the most players with every rulebook switch on
    (an expansion, a variant) where the game has any."""
    players = [{"players": n} for n in sorted({spec.min_players, spec.max_players})] if spec.option("players") else [{}]
    switches = {o.name: True for o in spec.options if o.kind == "bool" and o.rulebook}
    if switches:
        try:
            spec.validate({**players[-1], **switches})
            players.append({**players[-1], **switches})
        except RuleError:
            pass
    return players


CASES = [(name, config) for name in WRITTEN for config in _configs(registered_games()[name])]


@pytest.mark.parametrize("name,config", CASES, ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in c.items())}" for n, c in CASES])
def test_the_written_text_continues_the_same_game(name, config):
    spec = registered_games()[name]
    game = spec.engine
    state = game.new_game(config, 8)
    choose = random.Random(8)
    for _ in range(BEFORE):
        d = game.decision(state)
        if d is None:
            break
        state, _ = game.apply(state, choose.choice(d.actions))
    copy = spec.load_scenario(spec.write_scenario(state), "written")
    for _ in range(AFTER):
        d = game.decision(state)
        if d is None:
            break
        action = choose.choice(d.actions)
        state, events = game.apply(state, action)
        copy, copied = game.apply(copy, action)
        assert events == copied
    assert game.to_json(state) == game.to_json(copy)
