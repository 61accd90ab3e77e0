"""Each game's heuristic reads its weights from data/bot_weights.toml (issue 33)."""

import pytest

from wasteland.core import bot_weights as weights
from wasteland.core.registry import get_spec
from wasteland.sim import ladder

GAMES = ["saltlands", "fallout", "quest", "age-of-thirst"]


@pytest.mark.parametrize("game", GAMES)
def test_every_heuristic_plays_by_its_table_and_the_tuner_searches_inside_it(game):
    package = get_spec(game).package
    table = weights.table(package)
    ranges = weights.ranges(package)
    assert ranges and set(ranges) <= set(table)
    for name, (low, high) in ranges.items():
        assert low <= table[name] <= high, name  # the file's numbers are a candidate the tuner can propose
    bot = ladder.make_bot("heuristic", 0, game, {})
    assert weights.resolve(package) == weights.table(package)
    assert bot is not None


def test_a_candidate_overrides_the_file_and_a_misspelt_weight_is_refused():
    bot = ladder.make_bot("heuristic?crew_value=3,explore_until=4.6", 0, "saltlands", {})
    assert bot.CREW_VALUE == 3.0 and bot.EXPLORE_UNTIL == 5 and isinstance(bot.EXPLORE_UNTIL, int)
    with pytest.raises(weights.WeightsError, match="crew_valu"):
        ladder.make_bot("heuristic?crew_valu=3", 0, "saltlands", {})
    with pytest.raises(ValueError, match="name=number"):
        ladder.make_bot("heuristic?crew_value", 0, "saltlands", {})


def test_a_candidates_weights_change_its_play():
    """Fallout's heuristic that never rests plays another game than the file's on the same seed."""
    opts = ladder.match_options("fallout", {"players": 1})
    own = ladder.play_match("fallout", ["heuristic"], 5, opts)
    reckless = ladder.play_match("fallout", ["heuristic?safe_gap=-50,rest_gap=-50,fight_margin=-50"], 5, opts)
    assert [s["action_str"] for s in own.trace] != [s["action_str"] for s in reckless.trace]
