"""Game options on the command line, read from the spec (cli/options.py)."""

from __future__ import annotations

import pytest

from wasteland.cli.options import game_config, read_options, summary
from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec

SL = get_spec("saltlands")
AOT = get_spec("age-of-thirst")


@pytest.mark.parametrize("spec, pairs, extra, expected", [
    (SL, [], ["--mode", "coop", "--difficulty", "hard"], {"mode": "coop", "difficulty": "hard"}),
    (SL, ["characters=scout,healer"], [], {"characters": ["scout", "healer"]}),
    (SL, [], ["--expansion", "--variant", "epic", "--variant", "overkill"],
     {"expansion": True, "variants": ["epic", "overkill"]}),
    (SL, [], ["--variants=epic+overkill"], {"variants": ["epic", "overkill"]}),
    (SL, [], ["--expansion", "no"], {"expansion": False}),
    (SL, [], ["--no-expansion"], {"expansion": False}),
    (SL, ["expansion"], [], {"expansion": True}),
    (SL, [], ["--first-player", "1", "--respawn-step", "starting_cards"],
     {"first_player": 1, "respawn_step": "starting_cards"}),
    (AOT, [], ["--teams", "none", "--turn-limit", "40"], {"teams": None, "turn_limit": 40}),
    (AOT, [], ["--colours", "red,blue", "--draw"], {"colours": ["red", "blue"], "draw": True}),
    (AOT, ["mode=BLITZ"], [], {"mode": "blitz"}),
])
def test_options_are_read_by_their_kind(spec, pairs, extra, expected):
    assert read_options(spec, pairs, extra) == expected


@pytest.mark.parametrize("spec, pairs, extra, words", [
    (SL, [], ["--mode"], "--mode: a value is missing"),
    (SL, [], ["--mode", "--difficulty", "hard"], "--mode: a value is missing"),
    (SL, [], ["--expansion=maybe"], "'maybe' is not yes or no"),
    (SL, [], ["--no-mode"], "--no-mode: not an option of Saltlands"),
    (SL, [], ["--characters", "scout,robot"], "'robot' is not allowed"),
    (SL, ["colours=red"], [], "--option colours=red: not an option of Saltlands"),
    (SL, [], ["coop"], "unexpected argument 'coop'"),
    (AOT, [], ["--turn-limit", "0"], "--turn-limit: 0 is out of range; it takes a whole number, at least 1"),
    (AOT, [], ["--stall-turns", "ten"], "'ten' is not a whole number"),
])
def test_a_bad_option_names_the_option(spec, pairs, extra, words):
    with pytest.raises(RuleError) as err:
        read_options(spec, pairs, extra)
    assert words in str(err.value)


def test_the_player_count_follows_the_seats_or_a_per_seat_option():
    assert game_config(SL, {"characters": ["scout", "healer", "plowman"]})["players"] == 3
    assert game_config(SL, {}, seats=2) == {"players": 2}
    assert game_config(SL, {}, players=4) == {"players": 4}
    assert "players" not in game_config(AOT, {"teams": "3x3"})  # the game derives 6 from the team format
    assert AOT.validate(game_config(AOT, {"teams": "3x3"}))["players"] == 6
    with pytest.raises(RuleError) as err:
        game_config(AOT, {"teams": "2x2"}, players=3)
    assert err.value.rule == "LO-13.4"


def test_the_title_summary_shows_what_was_chosen():
    assert summary(SL, {"players": 2, "mode": "coop"}) == "mode coop, difficulty normal, 2 players"
    assert summary(AOT, {"teams": "2x2"}) == "mode normal, teams 2x2, 4 players"
    assert summary(SL, {"expansion": True, "variants": ["epic"]}) == \
        "mode solo, difficulty normal, expansion, variants epic, 1 player"
