"""Malformed scenario files: one clear error naming the field, never a traceback, nothing
accepted that the rules forbid (issue 15 item 4) — and hypothesis over every registered
game's scenario parser."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wasteland.core.protocol import RuleError
from wasteland.core.registry import registered_games
from wasteland.games.saltlands.scenario import load_scenario, scenario_from_text

BASE = """
game = "saltlands"
seed = 7
[config]
players = 2
mode = "classic"
characters = ["scout", "healer"]
"""

PLAYER = """
[[player]]
seat = "p1"
hex = "0,0"
"""


@pytest.mark.parametrize("text, field", [
    # a number where a list is expected, text where a number is expected, a table for an array
    ('[state]\nweather = 5', "weather"),
    ('[state]\nexplore = 5', "explore"),
    ('[state]\nround = "two"', "round"),
    ('[state]\nrumor_deck = "x"', "rumor_deck"),
    ('[player]\nseat = "p1"', "player"),
    ('[raider]\ntype = "pickup"', "raider"),
    ('[token]\nhex = "1,0"', "token"),
    ('[[player]]\nseat = "p1"\nhand = "axe"', "hand"),
    ('[[player]]\nseat = 1', "seat"),
    ('[[raider]]\ntype = "pickup"\nhex = "1,0"\ncrew = "two"', "crew"),
    ('[[raider]]\ntype = 5\nhex = "1,0"', "type"),
    ('[[raider]]\ntype = "pickup"\nhex = 5', "hex"),
    ('[[token]]\nhex = "1,0"\ntoken = 5', "token"),
    ("seed = \"x\"", "seed"),
    # out of range, or what the rules forbid
    ('[state]\nwind = 5', "wind"),
    ('[state]\nrumor_deck = -1', "rumor_deck"),
    ('[state]\nround = -5', "round"),
    ('[state]\ncurrent = "p9"', "current"),
    ('[state]\ncurrent = 2', "current"),
    ('[state]\nweather = ["w01", "w01"]', "weather"),
    ('[state]\nstorm = "no"', "storm"),
    ('[state]\nmoved = 1', "moved"),
    ('[state]\nwhatever = 1', "whatever"),
    ('[[token]]\nhex = "2,0"\ntoken = "loot"\n[[token]]\nhex = "2,0"\ntoken = "crew"', "one raider or token per hex"),
    ('[[raider]]\ntype = "pickup"\nhex = "1,0"\n[[raider]]\ntype = "truck"\nhex = "1,0"', "one raider or token"),
    ('[[raider]]\ntype = "pickup"\nhex = "0,0"\n' + PLAYER, "stands there"),
    ('[[raider]]\ntype = "pickup"\nhex = "1,0"\ncrew = -3', "crew"),
    ('[[raider]]\ntype = "pickup"\nhex = "1,0"\ncrew = 99', "crew"),
    ('[[raider]]\ntype = "dragon"\nhex = "1,0"', "type"),
    (PLAYER + 'vehicle = "axe"', "vehicle"),
    (PLAYER + 'cargo = ["axe"]', "cargo"),
    (PLAYER + 'status = "god"', "status"),
    (PLAYER + 'respawned = -5', "respawned"),
    (PLAYER + 'hand = ["no_such_card"]', "no_such_card"),
    (PLAYER + 'engaged = ["axe"]', "engaged"),
    (PLAYER + 'raider = []', "raider"),
    (PLAYER + '[[player]]\nseat = "p1"', "twice"),
])
def test_a_malformed_saltlands_scenario_is_one_error_naming_the_field(text, field):
    with pytest.raises(RuleError) as info:
        scenario_from_text(BASE + text)
    assert field in str(info.value), str(info.value)


@pytest.mark.parametrize("config, field", [
    ("characters = [[1]]", "characters"),
    ("players = \"two\"", "players"),
    ("expansion = \"yes\"", "expansion"),
    ("variants = 5", "variants"),
])
def test_a_badly_typed_config_is_one_error(config, field):
    with pytest.raises(RuleError) as info:
        scenario_from_text(f'game = "saltlands"\n[config]\n{config}\n')
    assert field in str(info.value) and "[config]" in str(info.value)


def test_a_file_that_is_not_utf8_is_one_error(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_bytes(b'game = "saltlands"\n# \xff\xfe\n')
    with pytest.raises(RuleError) as info:
        load_scenario(path)
    assert "UTF-8" in str(info.value)


def test_a_good_scenario_still_loads():
    s = scenario_from_text(BASE + PLAYER + 'vehicle = "speedster_vehicle"\nhand = ["axe"]\nstatus = "active"\n'
                           'respawned = 1\n[state]\nround = 2\nstorm = true\ncurrent = "p2"\nrumor_deck = 0\n'
                           'weather = ["w01", "w02"]\n[[raider]]\ntype = "pickup"\nhex = "1,0"\ncrew = 2\n')
    assert s.round == 2 and s.storm is True and s.current == 1 and s.players[0].respawned == 1
    assert s.weather_drawn == ["w01", "w02"] and not s.rumor_deck


# -- hypothesis: every registered game's scenario parser ----------------------------------

toml_scalars = st.one_of(st.integers(-10**6, 10**6), st.booleans(), st.text(max_size=8),
                         st.floats(allow_nan=False, allow_infinity=False), st.sampled_from(["p1", "p9", "0,0", "1,0"]))
toml_values = st.recursive(toml_scalars, lambda inner: st.lists(inner, max_size=4), max_leaves=8)
KEYS = ["game", "seed", "round", "wind", "weather", "storm", "explore", "rumor_deck", "current", "moved", "seat",
        "hex", "hand", "cargo", "vehicle", "engaged", "status", "respawned", "type", "crew", "token", "players",
        "characters", "mode", "colours", "draw", "x"]
TABLES = ["", "[config]", "[state]", "[[player]]", "[[raider]]", "[[token]]", "[player]", "[[config]]"]


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return "[" + ", ".join(_toml(v) for v in value) + "]"


@st.composite
def scenario_texts(draw, game: str):
    lines = [f'game = "{game}"'] if draw(st.booleans()) else []
    for _ in range(draw(st.integers(0, 6))):
        header = draw(st.sampled_from(TABLES))
        if header:
            lines.append(header)
        for _ in range(draw(st.integers(0, 4))):
            lines.append(f"{draw(st.sampled_from(KEYS))} = {_toml(draw(toml_values))}")
    text = "\n".join(lines) + "\n"
    if draw(st.integers(0, 9)) == 0:  # now and then, plain garbage
        text = draw(st.text(max_size=60))
    return text


def _load_or_refuse(spec, text):
    try:
        spec.load_scenario(text, "fuzz")
    except RuleError as exc:
        assert str(exc)
    # Anything else (TypeError, KeyError, IndexError...) is a traceback: the test fails.


@pytest.mark.parametrize("name", sorted(n for n, s in registered_games().items() if s.scenario))
def test_every_scenario_parser_refuses_garbage_with_one_clear_error(name):
    spec = registered_games()[name]

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(scenario_texts(name))
    def check(text):
        _load_or_refuse(spec, text)

    check()
