"""Every game's ISMCTS is guided (issue 33): a search guide with the heuristic's favourite
first, progressive widening, and an iteration budget kept at every decision."""

import pytest

from wasteland.core.search_guide import widened
from wasteland.agents.registry import make_agent
from wasteland.core.agent import Observation
from wasteland.core.registry import get_spec
from wasteland.sim.ladder import match_options, play_match


def test_widening_weighs_more_candidates_as_iterations_accrue():
    assert [widened(100, n, (2.0, 0.5)) for n in (0, 3, 24, 99, 10_000)] == [2, 4, 10, 20, 100]
    assert widened(7, 0, None) == 7


@pytest.mark.parametrize("game, players", [("fallout", 2), ("quest", 1), ("age-of-thirst", 2)])
def test_a_guided_search_keeps_its_budget_and_answers_legally(game, players):
    spec = get_spec(game)
    assert spec.capabilities.search_guide and spec.make_guide(0) is not None
    engine = spec.engine
    state = engine.new_game(spec.validate(match_options(game, {"players": players})), 4)
    bot = make_agent("ismcts:6", 1, spec=spec)
    searched = 0
    for _ in range(200):
        d = engine.decision(state)
        if d is None or searched == 3:
            break
        obs = Observation(engine, state, d)
        if len(d.actions) > 1:
            action = bot.search(obs)
            assert action in d.actions
            assert bot.last_iterations == 6
            searched += 1
        else:
            action = d.actions[0]
        engine.apply_in_place(state, action)
    assert searched == 3


@pytest.mark.parametrize("game, players", [("fallout", 1), ("quest", 1), ("saltlands", 1), ("age-of-thirst", 2)])
def test_a_search_too_small_to_tell_plays_its_heuristics_own_game(game, players):
    # Ten iterations are five paired samples, fewer than a challenger needs to replace the
    # favourite (min_samples): the search must then play the heuristic's game move for move
    # (its guide's bot is the heuristic with the agent's seed, its play-ons draw elsewhere).
    opts = match_options(game, {"players": players})
    for seed in (0, 1):
        heuristic = play_match(game, ["heuristic"] * players, seed, opts)
        searched = play_match(game, ["ismcts:10"] * players, seed, opts)
        assert [s["action_str"] for s in searched.trace] == [s["action_str"] for s in heuristic.trace]
