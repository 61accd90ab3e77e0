"""Every game's ISMCTS is guided (issue 33): a search guide with the heuristic's favourite
first, progressive widening, and an iteration budget kept at every decision."""

import pytest

from wasteland.core.search_guide import widened
from wasteland.agents.registry import make_agent
from wasteland.core.agent import Observation
from wasteland.core.registry import get_spec
from wasteland.sim.ladder import match_options


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
