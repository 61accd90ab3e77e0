"""A state's future does not depend on the order of the keys in its JSON: every registered
game, loaded from JSON whose keys are sorted or shuffled, plays on exactly as the original."""

from __future__ import annotations

import json
import random

import pytest

from wasteland.core.registry import registered_games


def reorder(value, rng: random.Random | None):
    """``value`` with every object's keys sorted (rng None) or shuffled."""
    if isinstance(value, dict):
        keys = sorted(value)
        if rng is not None:
            rng.shuffle(keys)
        return {k: reorder(value[k], rng) for k in keys}
    if isinstance(value, list):
        return [reorder(v, rng) for v in value]
    return value


def configs(spec):
    yield {}
    for option in spec.options:
        if option.kind == "bool" and option.sweep:
            yield {option.name: True}


@pytest.mark.parametrize("name", sorted(registered_games()))
@pytest.mark.parametrize("order", ["sorted", "shuffled"])
def test_a_state_loaded_from_reordered_json_plays_on_identically(name, order):
    spec = registered_games()[name]
    game = spec.engine
    if not hasattr(game, "to_json") or not hasattr(game, "from_json"):
        pytest.fail(f"{name} has no JSON state")
    checked = 0
    for config in configs(spec):
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_game(spec.validate(config), seed)
            # Reload at a few points along the game, then play both on with the same actions.
            for _leg in range(4):
                for _ in range(rng.randrange(3, 60)):  # a quest of random play ends in 20 to 50 actions
                    d = game.decision(state)
                    if d is None:
                        break
                    game.apply_in_place(state, rng.choice(list(d.actions)))
                text = json.dumps(reorder(game.to_json(state), None if order == "sorted" else random.Random(seed)))
                loaded = game.from_json(json.loads(text))
                for _ in range(300):
                    d = game.decision(state)
                    if d is None:
                        break
                    assert game.decision(loaded).actions == d.actions
                    action = rng.choice(list(d.actions))
                    game.apply_in_place(state, action)
                    game.apply_in_place(loaded, action)
                    checked += 1
                # Equal as data (an object's key order is no part of a state; a list's order is).
                assert json.loads(json.dumps(game.to_json(loaded))) == json.loads(json.dumps(game.to_json(state))), \
                    f"{name} {config} seed {seed}: the reloaded state went another way"
                state = loaded
    assert checked > 0
