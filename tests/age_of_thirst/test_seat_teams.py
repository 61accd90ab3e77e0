"""Each seat's team for every list of the seats (issue 25, LO-13.4, LO-13.5): from the config
alone (the lobby lists stored games without loading them) and from a state, the same."""

from __future__ import annotations

import pytest

from wasteland.core.registry import get_spec
from wasteland.games.age_of_thirst.game import GAME

SPEC = get_spec("age-of-thirst")


@pytest.mark.parametrize("config, teams", [
    ({"players": 4, "teams": "2x2"}, [0, 0, 1, 1]),  # black red | white blue
    ({"players": 5}, None),  # five players play 2x3: checked below
    ({"players": 6, "teams": "3x3"}, None),
    ({"players": 6, "teams": "2x2x2"}, None),
    ({"players": 3}, None),
    ({"players": 2}, None),
])
def test_each_seat_s_team_from_the_config_and_from_the_state(config, teams):
    from_config = SPEC.teams_of(config)
    state = GAME.new_game(config, 1)
    assert SPEC.teams_of(config, state) == from_config
    rules = state.rules
    if not rules.team_game:
        assert from_config is None
        return
    if teams is not None:
        assert from_config == teams
    # every seat in the team its colour is lined up in, and each team as large as the format says
    assert from_config == [rules.team_of(c) for c in rules.colours]
    assert sorted(len(t) for t in rules.lineup) == sorted(from_config.count(i) for i in range(len(rules.lineup)))


def test_a_game_without_teams_tells_none():
    assert get_spec("saltlands").teams_of({"players": 1}) is None
