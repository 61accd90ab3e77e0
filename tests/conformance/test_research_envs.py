"""The research environments' own conformance tests, for every registered game and id:
OpenSpiel's ``random_sim_test`` (serialization on), PettingZoo's ``api_test``, ``seed_test``
and ``render_test``, Gymnasium's ``check_env``; and the OpenSpiel states' contract (they
pickle, deep-copy and round-trip ``serialize()``; one root; perfect-recall information
states).

A bounded slice runs every time: one simulation a game, its hidden length bound (an option
named ``*_limit``) at a few turns. A deeper run: ``WASTELAND_RESEARCH_SIMS=20`` (simulations
a game, unbounded). The games come from the registry only: nothing here names a game.
"""

from __future__ import annotations

import copy
import functools
import os
import pickle
from collections import defaultdict

import gymnasium
import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

import wasteland.envs.gymnasium as wg
import wasteland.envs.openspiel as wo
import wasteland.envs.pettingzoo as pz
from wasteland.envs.base import env_games

GAMES = sorted(env_games())
IDS = sorted(wg.env_ids())
SIMS = int(os.environ.get("WASTELAND_RESEARCH_SIMS", "0"))  # 0: the bounded slice
LIMIT = 4  # turns or rounds of the bounded slice


def bounded(game: str) -> dict:
    """The game's hidden length bounds at ``LIMIT`` (none on a deep run)."""
    if SIMS:
        return {}
    spec = env_games()[game]
    return {o.name: LIMIT for o in spec.options if o.hidden and o.kind == "int" and o.name.endswith("_limit")}


def play(state, rng, steps: int):
    """``state`` after up to ``steps`` random actions (chance by its probabilities)."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_random_sim_test_with_serialization(game: str) -> None:
    g = wo.load(game, **bounded(game))
    pyspiel.random_sim_test(g, num_sims=SIMS or 1, serialize=True, verbose=False)


def fingerprint(state) -> tuple:
    """What a state shows through OpenSpiel's API."""
    p = state.current_player()
    seats = range(state.num_players())
    return (state.history(), str(state), p, state.legal_actions(), state.returns(),
            [state.information_state_string(q) for q in seats] if p >= 0 else [],
            [list(state.observation_tensor(q)) for q in seats] if p >= 0 else [])


@pytest.mark.parametrize("game", GAMES)
def test_states_pickle_deep_copy_and_serialize(game: str) -> None:
    g = wo.load(game, **bounded(game))
    rng = np.random.RandomState(5)
    state = g.new_initial_state()
    for _ in range(6):
        state = play(state, rng, 15)
        for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), g.deserialize_state(state.serialize()),
                      state.clone()):
            assert fingerprint(other) == fingerprint(state)
        # a copy's future is its own: an action on the copy leaves the state as it was
        if not state.is_terminal():
            before = fingerprint(state)
            play(copy.deepcopy(state), rng, 3)
            play(state.clone(), rng, 3)
            play(g.deserialize_state(state.serialize()), rng, 3)
            assert fingerprint(state) == before


@pytest.mark.parametrize("game", GAMES)
def test_one_root_whose_set_up_is_dealt_by_chance(game: str) -> None:
    g = wo.load(game, **bounded(game))
    assert g.new_initial_state().serialize() == g.new_initial_state().serialize()
    root = g.new_initial_state()
    assert root.is_chance_node() and root.history() == []
    # two ways through the set-up's chance nodes: two deals
    deals = set()
    for seed in (1, 2):
        state = play(g.new_initial_state(), np.random.RandomState(seed), g.setup_digits)
        assert not state.is_chance_node() or state.engine_state is not None
        deals.add(pickle.dumps(state.engine_state))  # (what differs may be hidden from every seat)
    assert len(deals) == 2
    # a fixed seed: its set-up is the root, the same every time
    fixed = wo.load(game, seed=4, **bounded(game))
    assert str(fixed.new_initial_state()) == str(fixed.new_initial_state()) != wo.SETTING_UP


@pytest.mark.parametrize("game", GAMES)
def test_information_states_are_perfect_recall(game: str) -> None:
    """The same information-state string never comes from two own-action histories, nor
    from two different sequences of what the seat saw when it chose."""
    g = wo.load(game, **bounded(game))
    own: dict[str, tuple] = {}
    rng = np.random.RandomState(3)
    for _ in range(4):
        state = g.new_initial_state()
        seen: dict[int, list] = defaultdict(list)
        while not state.is_terminal():
            if state.is_chance_node():
                play(state, rng, 1)
                continue
            p = state.current_player()
            key = state.information_state_string(p)
            mine = (tuple(seen[p]), state.observation_string(p))
            assert own.setdefault(key, mine) == mine
            action = int(rng.choice(state.legal_actions()))
            seen[p].append((state.observation_string(p), action))
            state.apply_action(action)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_test(game: str) -> None:
    api_test(pz.env(game, **bounded(game)), num_cycles=40)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game: str) -> None:
    seed_test(functools.partial(pz.env, game, **bounded(game)), num_cycles=20)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render_test(game: str, capsys) -> None:
    render_test(functools.partial(pz.env, game, **bounded(game)))
    assert capsys.readouterr().out  # the human mode printed the board


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasium_check_env(env_id: str) -> None:
    game = wg.env_ids()[env_id]["game"]
    env = gymnasium.make(env_id, render_mode="ansi", max_steps=100, **bounded(game))
    check_env(env.unwrapped)
