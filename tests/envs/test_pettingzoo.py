"""PettingZoo's own checks for every game and a range of options."""

from __future__ import annotations

import functools
import types

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

from wasteland.core.protocol import RuleError
from wasteland.envs import pettingzoo as pz
from wasteland.envs.base import env_name

from .conftest import CASES, GAMES, IDS


@pytest.mark.parametrize("game,options", CASES, ids=IDS)
def test_api(game: str, options: dict) -> None:
    api_test(pz.env(game, **options), num_cycles=60)


@pytest.mark.parametrize("game,options", CASES, ids=IDS)
def test_seed(game: str, options: dict) -> None:
    seed_test(functools.partial(pz.env, game, **options), num_cycles=40)


@pytest.mark.parametrize("game", GAMES)
def test_max_cycles(game: str) -> None:
    mod = types.SimpleNamespace(env=functools.partial(pz.env, game, turns="cycle"),
                                parallel_env=functools.partial(pz.parallel_env, game))
    max_cycles_test(mod)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_api(game: str) -> None:
    parallel_api_test(pz.parallel_env(game), num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_a_masked_random_game_ends_with_the_outcome(game: str) -> None:
    e = pz.env(game, render_mode="ansi")
    e.reset(seed=3)
    assert e.metadata["name"] == env_name(game) and env_name(game) in pz.names()
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=20000):
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        others = [a for a in e.agents if a != agent]
        assert all(not e.observe(a)["action_mask"].any() for a in others)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        for a, r in e.rewards.items():
            totals[a] += r
        if e.terminations[agent]:
            text = e.render()
            assert isinstance(text, str) and text.strip()
    table = e.unwrapped.table
    assert table.outcome() is not None and not e.agents
    assert list(totals.values()) == table.returns()


def test_illegal_indices_cost_or_lose() -> None:
    game = GAMES[0]
    e = pz.raw_env(game)
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = e.table.engine.to_json(e.table.state)
    e.step(bad)
    assert e.rewards[agent] == -1.0 and e.table.engine.to_json(e.table.state) == before
    e = pz.raw_env(game, illegal="lose")
    e.reset(seed=1)
    e.step(bad)
    assert all(e.terminations.values())


def test_bad_options_are_refused() -> None:
    game = GAMES[0]
    for kwargs, field in (({"turns": "sometimes"}, "turns"), ({"illegal": "shrug"}, "illegal"),
                          ({"max_cycles": 0}, "max_cycles"), ({"reward": "gold"}, "reward"),
                          ({"players": 99}, "players")):
        with pytest.raises(RuleError, match=field):
            pz.raw_env(game, **kwargs)


def test_an_unoffered_render_mode_falls_back_with_a_warning(capsys) -> None:
    """As PettingZoo's own environments do: a warning, then nothing rendered; ``human`` prints
    the board that ``ansi`` returns."""
    with pytest.warns(UserWarning, match="rgb_array"):
        e = pz.env(GAMES[0], render_mode="rgb_array")
    e.reset(seed=1)
    assert e.unwrapped.render_mode is None
    with pytest.warns(UserWarning, match="render_mode"):
        assert e.render() is None
    shown = pz.env(GAMES[0], render_mode="ansi")
    shown.reset(seed=1)
    text = shown.render()
    human = pz.env(GAMES[0], render_mode="human")
    human.reset(seed=1)
    capsys.readouterr()
    assert human.render() is None
    assert capsys.readouterr().out.strip() == text.strip() != ""


def test_saltlands_survival_reward_is_dense() -> None:
    """The dense reward a game declares: rewards arrive before the end (Saltlands survival)."""
    dense = [g for g in GAMES if "survival" in (pz.raw_env(g).table.observer.rewards or {})]
    assert dense
    e = pz.raw_env(dense[0], reward="survival", players=2)
    e.reset(seed=0)
    seen = []
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(max_iter=400):
        obs, reward, term, trunc, _ = e.last()
        seen.append(reward)
        if term or trunc:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert any(r != 0 for r in seen[:-2])


def test_the_order_checks_hold_before_reset_and_between_agents() -> None:
    """``env`` keeps PettingZoo's order checks (OrderEnforcingWrapper's) with the hot attributes
    read directly: nothing is read, observed or stepped before ``reset``, and ``agent_iter``
    wants a step between two agents."""
    e = pz.env(GAMES[0])
    for name in ("agents", "num_agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    for call in (lambda: e.step(0), lambda: e.last(), lambda: e.observe("player_0")):
        with pytest.raises(AssertionError, match="reset"):
            call()
    e.reset(seed=0)
    assert e.agents == e.unwrapped.agents and e.agent_selection == e.unwrapped.agent_selection
    assert e.num_agents == len(e.unwrapped.agents) and e.rewards is e.unwrapped.rewards
    it = iter(e.agent_iter())
    next(it)
    with pytest.raises(AssertionError, match="step"):
        next(it)
