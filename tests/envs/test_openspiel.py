"""OpenSpiel: every game loads by name with its parameters, plays out at random, and
OpenSpiel's own IS-MCTS and MCTS bots choose legal moves; IS-MCTS against our ISMCTS."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import wasteland.envs.openspiel as wo
from wasteland.envs.base import env_games

from .conftest import GAMES

# bounded games: each game's simulation bound (a hidden, non-rulebook option) keeps the
# playthroughs short
BOUNDS = {"turn_limit": 6, "round_limit": 3}


def bounded(game: str) -> dict:
    spec = env_games()[game]
    return {o.name: BOUNDS[o.name] for o in spec.options if o.name in BOUNDS}


@pytest.mark.parametrize("game", GAMES)
def test_registered_with_the_spec(game: str) -> None:
    spec = env_games()[game]
    g = pyspiel.load_game(wo.short_name(game))
    t = g.get_type()
    assert t.short_name in pyspiel.registered_names()
    assert t.information == (pyspiel.GameType.Information.IMPERFECT_INFORMATION
                             if spec.capabilities.hidden_information else pyspiel.GameType.Information.PERFECT_INFORMATION)
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert g.max_chance_outcomes() == spec.action_space.chance > 0
    assert set(t.parameter_specification) == {o.name for o in spec.options} | {"seed"}
    assert g.num_distinct_actions() == spec.action_space.size
    assert g.observation_tensor_size() == spec.observer.size


@pytest.mark.parametrize("game", GAMES)
def test_random_playthrough(game: str) -> None:
    spec = env_games()[game]
    params = {"players": spec.max_players if spec.max_players <= 3 else 3, "seed": 7, **bounded(game)}
    g = pyspiel.load_game(wo.short_name(game), params)
    assert g.num_players() == params["players"]
    state, rng, steps = g.new_initial_state(), np.random.default_rng(7), 0
    chance_nodes = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if state.is_chance_node():
            chance_nodes += 1
            outcomes = state.chance_outcomes()
            assert [a for a, _p in outcomes] == legal and all(p > 0 for _a, p in outcomes)
            assert abs(sum(p for _a, p in outcomes) - 1) < 1e-9 and max(legal) < g.max_chance_outcomes()
        assert legal and state.legal_actions(1 - player if player == 0 else 0) in ([], legal)
        assert len(state.observation_tensor(max(player, 0))) == g.observation_tensor_size()
        action = int(rng.choice(legal))
        assert state.action_to_string(player, action) in spec.engine.decision(state.engine_state).actions
        state.apply_action(action)
        steps += 1
    assert sum(state.returns()) >= 0 and len(state.history()) == steps and chance_nodes > 0
    # the same seed gives the same game
    assert pyspiel.load_game(wo.short_name(game), params).new_initial_state().observation_string(0) == \
        pyspiel.load_game(wo.short_name(game), params).new_initial_state().observation_string(0)


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_bots_choose_legal_moves(game: str) -> None:
    g = wo.load(game, seed=2, **bounded(game))
    random.seed(2)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(2))
    is_bot = ismcts.ISMCTSBot(g, evaluator, 1.0, 12, random_state=np.random.RandomState(2))
    mcts_bot = mcts.MCTSBot(g, 1.0, 12, evaluator, random_state=np.random.RandomState(2))
    state, chance = g.new_initial_state(), np.random.RandomState(3)
    for k in range(4):
        while state.is_chance_node():  # the bots leave chance to the caller
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(chance.choice(outcomes, p=probabilities)))
        if state.is_terminal():
            break
        bot = is_bot if k % 2 == 0 else mcts_bot
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_resampling_keeps_the_information_state() -> None:
    game = GAMES[0]
    g = wo.load(game, seed=4)
    state = g.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    p = state.current_player()
    samples = [state.resample_from_infostate(p, None) for _ in range(4)]
    assert all(s.information_state_string(p) == state.information_state_string(p) for s in samples)
    assert all(s.history() == state.history() for s in samples)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game(wo.short_name(GAMES[0]), {"no_such_option": 1})
    with pytest.raises(Exception, match="players"):
        wo.load(GAMES[0], players=99)


@pytest.mark.parametrize("game", GAMES)
def test_states_that_share_an_engine_state_never_change_each_other(game: str) -> None:
    """A clone shares the engine state, a state made from an environment's too: each action
    of either applies to a copy first, so neither sees the other's moves."""
    spec = env_games()[game]
    g = wo.load(game, seed=6, **bounded(game))
    state = g.new_initial_state()
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    before = spec.engine.to_json(state.engine_state)
    clone = state.clone()
    for _ in range(3):
        if clone.is_terminal():
            break
        clone.apply_action(clone.legal_actions()[-1])
    assert spec.engine.to_json(state.engine_state) == before and len(state.history()) == 3
    state.apply_action(state.legal_actions()[0])  # the original moves on: the clone is unchanged
    assert len(clone.history()) > 3 and clone.history()[:3] == state.history()[:3]
    engine_state = spec.engine.new_game(spec.validate(bounded(game)), 2)
    shown = spec.engine.to_json(engine_state)
    borrowed = wo.state_of(g, engine_state)
    borrowed.apply_action(borrowed.legal_actions()[0])
    assert spec.engine.to_json(engine_state) == shown


@pytest.mark.parametrize("game", GAMES)
def test_chance_points_fit_the_bound(game: str) -> None:
    """Every chance point of random games (table mode, every option set's first few) has
    at most the game's bound of outcomes (OpenSpiel's ``max_chance_outcomes``), each with
    a positive probability; answering with the outcomes' weights plays the game to its end."""
    from .conftest import option_sets

    spec = env_games()[game]
    engine, bound = spec.engine, spec.action_space.chance
    for options in option_sets(game)[:3]:
        config = spec.validate({**spec.simulation, **options})
        for seed in range(2):
            state, rng, steps = engine.with_table_chance(engine.new_game(config, seed)), random.Random(seed), 0
            while (d := engine.decision(state)) is not None and steps < 2000:
                if d.seat == -1:
                    point = engine.chance_pending(state).point
                    assert 0 < len(point.outcomes) <= bound and all(w > 0 for w in point.weights), point.what
                    action = rng.choices(d.actions, point.weights)[0]
                else:
                    action = rng.choice(d.actions)
                engine.apply_in_place(state, action)
                steps += 1
