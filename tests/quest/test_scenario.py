"""Positions (scenario.py) and ``wasteland apply`` on them; bad input gets one clear error."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from qtest import GAME, act, asked, legal, of_type, play

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.games.quest import scenario

SPEC = get_spec("quest")


def example() -> str:
    doc = scenario.__doc__
    block = doc[doc.index("Example::") + len("Example::"):doc.index("Decks not named")]
    return "\n".join(line[4:] for line in block.splitlines())


def test_the_documented_example_loads_and_plays():
    s = SPEC.load_scenario(example(), "example")
    assert s.players == 2 and s.heroes[0]["zone"] == "graveyard.d" and s.heroes[0]["tokens"] == ["disease"]
    assert s.models["g1.1"]["zone"] == "graveyard.a" and s.track == ["h1", "h2", "g1"]
    assert legal(s) == ["place w", "place e", "place n", "place s"]
    assert GAME.chance_pending(s) is None and s.chance is not None  # the table's chance
    s, ev = act(s, "place w")
    assert of_type(ev, "tile_placed")[0]["squares"] == [[5, 1], [6, 1], [7, 1]]
    assert of_type(ev, "closed_gate")[0]["edge"] == [[7, 1], "E"]


def with_(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize("change, where, words", [
    (('tile = "graveyard"\nat = [2, 0]', 'tile = "graveyard"\nat = [1, 0]'), "tile[2]", "overlaps tile gatehouse at square 1,0"),
    (('zone = "graveyard.d"', 'zone = "graveyard.z"'), "hero[1].zone", "no zone 'graveyard.z'"),
    (('zone = "graveyard.a"', 'zone = "crypt.a"'), "enemy[1].zone", "no zone 'crypt.a'"),
    (('drawn = "x_alley"', 'drawn = "x_moon"'), "exploration.drawn", "unknown exploration card"),
    (('closed = [4, 1, "E"]', 'closed = [3, 1, "E"]'), "gates.closed", "border of a laid tile"),
    (('closed = [4, 1, "E"]', 'closed = [4, 1, "Q"]'), "gates.closed", "side one of N E S W"),
    (('tile = "graveyard"\nat = [2, 0]', 'tile = "tower"\nat = [2, 0]'), "tile[2]", "unknown tile 'tower'"),
    (('group = 1 ', 'group = 4 '), "enemy[1].group", "no encounter card in slot 4"),
    (('dusk = 3 ', 'dusk = 16 '), "state.dusk", "0 to 15"),
    (('step = "explore"', 'step = "lunch"'), "state.step", "one of hero, explore, event"),
    (('round = 2', 'round = 2\nluck = 3'), "state", "unknown key(s) 'luck'; known: "),
    (('game = "quest"', 'game = "saltlands"'), "game", "not 'saltlands'"),
    (('tokens = ["disease"]', 'tokens = ["sleepy"]'), "hero[1].tokens", "unknown condition 'sleepy' (WQ-40.3)"),
])
def test_bad_positions_get_one_error_naming_the_field(change, where, words):
    with pytest.raises(RuleError) as err:
        SPEC.load_scenario(with_(example(), *change), "pos.toml")
    assert err.value.rule == "scenario"
    assert str(err.value).startswith(f"{where}: ") and words in str(err.value), str(err.value)


def test_not_toml():
    with pytest.raises(RuleError, match="pos.toml: not valid TOML"):
        SPEC.load_scenario("[[tile]\n", "pos.toml")


def run_apply(tmp_path, text: str, *actions: str):
    path = tmp_path / "pos.toml"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "apply", str(path), *actions],
                         capture_output=True, text=True, timeout=120)
    return out.returncode, json.loads(out.stdout)


def test_apply_says_where_the_tile_goes_the_gate_and_each_enemy(tmp_path):
    """``wasteland apply`` on a position with the exploration card just drawn: the events
    say where the tile lies, which gate opened and which is now closed, where each enemy
    stands and why (WQ-38.3, WQ-39.1, WQ-39.3)."""
    text = with_(example(), 'drawn = "x_alley"', 'drawn = "x_chapel"')
    code, out = run_apply(tmp_path, text, "place n", "chance e_grasp", "chance e_lone", "deploy g2.1 chapel.c")
    assert code == 0, out
    events = out["events"]
    placed = of_type(events, "tile_placed")[0]
    assert placed["opened"] == [[4, 1], "E"] and placed["turns"] == 3
    assert of_type(events, "closed_gate")[0]["steps"] == 2
    stands = {e["model"]: (e["zone"], e["why"]) for e in of_type(events, "enemy_deployed")}
    assert set(stands) == {"g2.1", "g2.2", "g3.1"}
    assert all(why and zone.startswith("chapel.") for zone, why in stands.values())
    assert [e["group"] for e in of_type(events, "initiative_card")] == [2, 3]
    assert all(e["text"] for e in events)


def test_apply_an_event_result_and_a_13(tmp_path):
    """At the event step the position waits on the event die with no action behind it
    (the table throws it); the answer plays on to the next round's destiny and activation
    dice, which the table throws too; the events come when the round reaches a hero."""
    text = with_(example(), 'step = "explore"', 'step = "event"')
    code, out = run_apply(tmp_path, text)
    assert code == 0 and out["decision"]["kind"] == "chance" and out["decision"]["rule"] == "WQ-40.4"
    assert out["decision"]["actions"] == [f"chance {n}" for n in range(1, 13)]
    code, out = run_apply(tmp_path, text, "chance 8")
    assert code == 0 and out["events"] == [] and out["decision"]["rule"] == "WQ-40.2"  # a destiny die
    code, out = run_apply(tmp_path, text, "chance 8", *["chance 3"] * 8)  # 2 destiny, 2 x 3 activation dice
    assert code == 0 and of_type(out["events"], "dusk")[0]["zone"] == 4 and out["decision"]["kind"] == "hero"
    code, out = run_apply(tmp_path, text, "chance 13")
    assert code == 1 and out["rule"] == "WQ-40.4" and "the event die" in out["error"]
    code, out = run_apply(tmp_path, text, "roll 8")
    assert code == 1 and out["rule"] == "WQ-40.4" and "the table must answer first" in out["error"]


def test_apply_a_gate_position_the_card_lacks(tmp_path):
    code, out = run_apply(tmp_path, example(), "place q")
    assert code == 1 and out["rule"] == "WQ-38.3" and "no gate position 'q'" in out["error"]


def test_the_companion_option_is_gone():
    """The table's draws and throws are chance answers now: a position still naming the old
    option is refused by its [config] table."""
    with pytest.raises(RuleError) as err:
        SPEC.load_scenario('game = "quest"\n[config]\ncompanion = true\n', "old.toml")
    assert str(err.value).startswith("config: unknown config keys: companion"), str(err.value)
    with pytest.raises(RuleError):
        SPEC.validate({"companion": True})


def test_issue_32_a_position_refuses_unknown_keys_and_unbounded_numbers_by_name():
    """Issue 32: a quest position's unknown key (a procedure's too) is an error naming it;
    round_limit and the round have a stated bound; players cannot be null."""
    from wasteland.core.protocol import RuleError
    from wasteland.core.registry import get_spec

    spec = get_spec("quest")
    game = spec.engine
    written = spec.write_scenario(game.new_game({"players": 2}, 3))
    cases = {
        written.replace('kind = "hero"\n', 'kind = "hero"\nbogus = 1\n', 1): "bogus",
        'game = "quest"\n[config]\nround_limit = 1000000000000000000000000000000\n': "round_limit",
        'game = "quest"\n[config]\nplayers = 2\n[state]\nround = 100000\n': "state.round",
    }
    for text, field in cases.items():
        with pytest.raises(RuleError) as refused:
            spec.load_scenario(text, "position")
        assert field in str(refused.value), str(refused.value)
    for bad in ({"players": None}, {"round_limit": 10**30}):
        with pytest.raises(RuleError) as refused:
            spec.validate(bad)
        assert next(iter(bad)) in str(refused.value)
    data = game.to_json(game.new_game({"players": 2}, 3))
    data["bogus"] = 1
    with pytest.raises(RuleError, match="bogus"):
        game.from_json(data)
