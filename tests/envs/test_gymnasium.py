"""Gymnasium's env_checker for every registered id, and a seat against bots played out."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import wasteland.envs.gymnasium as wg
from wasteland.core.protocol import RuleError

from .conftest import GAMES

IDS = list(wg.env_ids())


def test_every_game_is_registered() -> None:
    assert {kw["game"] for kw in wg.env_ids().values()} == set(GAMES)
    assert all(i in gymnasium.registry for i in IDS)


@pytest.mark.parametrize("env_id", IDS)
def test_check_env(env_id: str) -> None:
    env = gymnasium.make(env_id, render_mode="ansi", max_steps=200)
    check_env(env.unwrapped)


@pytest.mark.parametrize("env_id", IDS)
def test_masked_random_play_ends_or_truncates(env_id: str) -> None:
    env = gymnasium.make(env_id, bot="random", max_steps=400)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    total, done = 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, _ = env.step(action)
        total += reward
        done = terminated or truncated
    table = env.unwrapped.table
    if terminated:
        assert total == table.returns()[env.unwrapped.seat]
    else:
        assert env.unwrapped.steps == 400


def test_the_module_id_form_needs_no_import() -> None:
    env = gymnasium.make(f"wasteland.envs.gymnasium:{IDS[0]}")
    assert env.unwrapped.table.spec.name == wg.env_ids()[IDS[0]]["game"]


def test_bad_options_are_refused() -> None:
    for kwargs, field in (({"seat": 7}, "seat"), ({"illegal": "x"}, "illegal"), ({"max_steps": 0}, "max_steps")):
        with pytest.raises(RuleError, match=field):
            gymnasium.make(IDS[0], **kwargs)
    with pytest.raises(ValueError, match="unknown bot"):
        gymnasium.make(IDS[0], bot="nobody")


def test_an_unoffered_render_mode_falls_back_with_a_warning() -> None:
    with pytest.warns(UserWarning, match="rgb_array"):
        env = gymnasium.make(IDS[0], render_mode="rgb_array")
    assert env.unwrapped.render_mode is None
