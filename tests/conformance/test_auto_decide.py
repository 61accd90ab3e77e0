"""``GameSpec.auto_decide`` ("decide ties for me"), checked on every registered game that
declares a policy: in seeded random games, each answer of the policy is one of the
decision's legal actions (``decide_for`` raises otherwise), and its key has words in
English, Russian and Ukrainian (``policy_text`` beside the policy). Nothing names a game."""

from __future__ import annotations

import random

import pytest

from wasteland.core.registry import registered_games
from wasteland.core.spec import load_ref

WITH_POLICY = sorted(name for name, spec in registered_games().items() if spec.auto_decide)


def test_some_game_declares_a_policy():
    assert WITH_POLICY


@pytest.mark.parametrize("name", WITH_POLICY)
def test_policy_answers_are_legal_and_worded(name):
    spec = registered_games()[name]
    module = spec.auto_decide.partition(":")[0]
    policy_text = load_ref(f"{module}:policy_text")
    engine = spec.engine
    rng = random.Random(11)
    keys = set()
    for seed in range(3):
        players = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        state = engine.new_game({"players": players, **spec.simulation}, seed)
        for _ in range(2000):
            d = engine.decision(state)
            if d is None:
                break
            answer = spec.decide_for(state, d)
            if answer is None:
                action = rng.choice(d.actions)
            else:
                action, key = answer
                keys.add(key)
            engine.apply_in_place(state, action)
    assert keys, f"{name}: the policy answered no decision in three games"
    for key in keys:
        words = {lang: policy_text(key, lang) for lang in ("en", "ru", "uk")}
        assert all(w and w != key for w in words.values()), (key, words)
        assert len(set(words.values())) == 3, (key, words)
