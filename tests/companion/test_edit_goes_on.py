"""A correction leaves a position the game can go on from (issue 32, point 4): every value
of a written position set to a wrong one (``edit set procedure.1.event.from -1``) is either
refused with the field it names, or gives a position whose every offered action applies
or is refused by a rule: never one whose next step fails (it answered 500 every time).
Every game with a scenario writer; ``WASTELAND_FUZZ_LONG=1`` tries more positions."""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import registered_games
from wasteland.server.companion_edit import EditError, apply_edit, scenario_data

WRITERS = sorted(name for name, spec in registered_games().items() if spec.scenario_writer)
LONG = bool(os.environ.get("WASTELAND_FUZZ_LONG"))
POSITIONS = 12 if LONG else 5
WRONG = (-1, 0, 10**6, "", "x", True, [])


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, path + (k,))]
    if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
        return [p for i, v in enumerate(value) for p in _leaves(v, path + (i,))]
    return [path] if path else []


def _positions(spec: Any, seed: int) -> list[Any]:
    game = spec.engine
    at_table = getattr(game, "new_game_at_table", None)
    config = spec.validate({})
    state = at_table(config, seed)[0] if at_table else game.new_game(config, seed)
    rnd, out = random.Random(seed), []
    for step in range(POSITIONS * 15):
        if step % 15 == 7:
            out.append(state)
        d = game.decision(state)
        if d is None:
            break
        state, _ = game.apply(state, rnd.choice(d.actions))
    return out


@pytest.mark.parametrize("name", WRITERS)
def test_a_correction_is_refused_or_leaves_a_position_that_goes_on(name):
    spec = registered_games()[name]
    game = spec.engine
    rnd = random.Random(3)
    tried = accepted = 0
    for state in _positions(spec, 5):
        data = scenario_data(spec, state)
        paths = _leaves(data)
        # every part of the procedures (where the wedges were), and a sample of the rest
        procedure = [p for p in paths if p[0] == "procedure"]
        rest = [p for p in paths if p[0] != "procedure"]
        for path, value in [(p, v) for p in procedure for v in rnd.sample(WRONG, 3)] + \
                [(p, rnd.choice(WRONG)) for p in rnd.sample(rest, min(15, len(rest)))]:
            where = ".".join(str(p) for p in path)
            step = f"edit set {where} {json.dumps(value)}"
            tried += 1
            try:
                nxt, _event = apply_edit(spec, state, step)
            except EditError as exc:
                assert exc.field and exc.message, step
                continue
            except RuleError as exc:
                assert exc.rule and exc.message, step
                continue
            accepted += 1
            d = game.decision(nxt)
            if d is None:
                continue
            for action in d.actions[:20]:
                try:
                    game.apply(nxt, action, d.seat)
                except RuleError:
                    pass
    assert tried and accepted, (tried, accepted)
