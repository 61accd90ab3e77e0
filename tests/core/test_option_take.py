"""``Option.take``: how a game's normalize reads an option by the facts its spec states
(range, values, default), so that they are written once."""

from __future__ import annotations

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.spec import Option

PLAYERS = Option("players", "int", "number of players", default=2, low=2, high=6, rule="LO-4.1")
MODE = Option("mode", "choice", "game mode", values=("classic", "solo"), rule="SL §9")


def test_the_default_or_a_derived_one_when_the_option_is_not_given():
    assert PLAYERS.take({}) == 2
    assert PLAYERS.take({"players": None}) == 2
    assert MODE.take({}, "solo") == "solo"  # the game derives this default from other options
    assert MODE.take({"mode": "classic"}, "solo") == "classic"


@pytest.mark.parametrize("config", [{"players": 7}, {"players": 1}, {"players": "2"}, {"players": True}])
def test_a_value_out_of_the_stated_range_names_the_options_rule(config):
    with pytest.raises(RuleError) as err:
        PLAYERS.take(config)
    assert err.value.rule == "LO-4.1" and "from 2 to 6" in err.value.message


def test_a_value_not_among_the_stated_values_is_refused():
    with pytest.raises(RuleError) as err:
        MODE.take({"mode": "deathmatch"})
    assert err.value.rule == "SL §9" and "classic, solo" in err.value.message
