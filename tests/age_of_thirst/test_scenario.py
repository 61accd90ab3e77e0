"""Age of Thirst scenarios (games/age_of_thirst/scenario.py): every documented part of a
position is set by name, the game's card counts hold, and each mistake is one error
naming the field; ``wasteland apply`` plays on from a scenario."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.games.age_of_thirst import scenario as scenario_module
from wasteland.games.age_of_thirst.content import BUNKER_COUNTS, SOURCE_COUNTS, TOWER_COUNTS
from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.scenario import scenario_from_text

SPEC = get_spec("age-of-thirst")

POSITION = """
game = "age-of-thirst"
seed = 3
[config]
players = 2

[state]
turn = 4
current = "red"
phase = "tactical"
quiet = 2

[[clan]]
colour = "red"
water = 12
pumps = 1
levels = { skinny = 2, hedge = 3 }
injections = [["regen1", "skinny"]]
hand = ["strike", "collapse"]
eye = 1

[[clan]]
colour = "blue"
water = 4
statuses = ["blindness"]

[[piece]]
hex = "0,-1"
colour = "red"
kind = "skinny"
damage = 1

[[piece]]
hex = "1,-1"
colour = "red"
kind = "handsome"
acted = true

[[piece]]
hex = "0,1"
colour = "blue"
kind = "handsome"

[[piece]]
hex = "-1,2"
colour = "blue"
kind = "hedge"

[decks]
source_top = ["pump", "dry"]
bunker_discard = ["neuro1"]
ray_tower_discard = ["blast"]
"""


def load(text: str = POSITION):
    return scenario_from_text(text, "s.toml")


def cards_everywhere(s) -> Counter:
    """Every card of the game wherever it is: decks, discards, hands, laid cards, pumps."""
    out = Counter(s.source_deck + s.source_discard + s.bunker_deck + s.bunker_discard + s.tower_deck
                  + s.tower_discard)
    for q in range(s.rules.players):
        out.update(s.hands[q])
        out.update(s.statuses[q])
        out.update(card for card, _kind in s.injections[q])
        out["pump"] += s.pumps[q]
    return out


def test_every_part_of_the_position_is_set_by_name():
    s = load()
    red, blue = s.colour.index("red"), s.colour.index("blue")
    b = s.board.by_name
    assert (s.turn, s.current, s.phase, s.quiet) == (4, red, "tactical", 2)
    assert s.order == [red, blue]  # clockwise from the current colour (LO-4.5)
    assert (s.water, s.pumps, s.eye) == ([12, 4], [1, 0], [1, 0])
    assert s.level(red, "skinny") == 2 and s.level(red, "hedge") == 3 and s.level(red, "smart") == 1
    assert s.injections[red] == [["regen1", "skinny"]] and s.statuses[blue] == ["blindness"]
    assert s.hands[red] == ["collapse", "strike"] and s.hands[blue] == []
    assert s.pieces == {b["0,-1"]: (red, "skinny"), b["1,-1"]: (red, "handsome"), b["0,1"]: (blue, "handsome"),
                        b["-1,2"]: (blue, "hedge")}
    assert s.damage == {b["0,-1"]: 1} and s.done == {b["1,-1"]}
    assert s.source_deck[-2:] == ["dry", "pump"]  # the last element is drawn first
    assert s.bunker_discard == ["neuro1"] and s.tower_discard == ["blast"]
    d = GAME.decision(s)
    assert (d.seat, d.kind) == (red, "tactical")
    # the flipped Handsome offers nothing; the damaged Skinny (health 2 with regen1) moves
    assert not any(a.startswith(("move 1,-1", "attack 1,-1", "flip 1,-1")) for a in d.actions)
    assert "move 0,-1 0,0" in d.actions


def test_the_game_keeps_its_card_counts():
    """LO-A: 50 cards in each deck, whatever the scenario moved where."""
    expected = Counter({c: n for c, (n, *_rest) in {**SOURCE_COUNTS, **BUNKER_COUNTS, **TOWER_COUNTS}.items()})
    assert cards_everywhere(load()) == expected
    assert cards_everywhere(GAME.new_game({"players": 2}, 3)) == expected


def test_the_named_top_cards_are_drawn_first():
    s = load(POSITION.replace('source_top = ["pump", "dry"]', 'source_top = ["generous", "wet"]'))
    source = min(h for h in s.board.sources if h not in s.pieces)
    s.pieces[source] = (s.colour.index("red"), "smart")  # a troop on a source: one draw (LO-7.3)
    s.touch()
    events = GAME.apply_in_place(s, "end phase")
    water = next(e for e in events if e["type"] == "water")
    assert water["cards"] == ["generous"] and water["gallons"] == 3 + 1  # LO-9: 3 gal, and the pump's 1
    assert s.source_deck[-1] == "wet"  # the next card drawn


def test_the_documented_example_loads():
    doc = scenario_module.__doc__
    example = doc[doc.index('    game = "age-of-thirst"'):doc.index("Each error names")]
    text = "\n".join(line[4:] for line in example.splitlines())
    s = scenario_from_text(text, "doc")
    assert s.acting == s.board.by_name["0,-3"] and GAME.decision(s).seat == s.colour.index("red")


def test_without_a_position_it_is_the_set_up():
    s = load('game = "age-of-thirst"\nseed = 2\n[config]\nplayers = 3')
    assert GAME.decision(s).kind == "first" and s.pieces == {}


def _with(old: str, new: str) -> str:
    assert old in POSITION
    return POSITION.replace(old, new, 1)


@pytest.mark.parametrize("text, field, words, rule", [
    (_with('hex = "0,-1"', 'hex = "9,9"'), "[[piece]] #1 hex", "not a hex of the board", "scenario"),
    (_with('hex = "0,1"', 'hex = "1,-1"'), "[[piece]] #3 hex", "already holds a token", "LO-3"),
    (_with('kind = "skinny"', 'kind = "tank"'), "[[piece]] #1 kind", "not one of skinny, handsome, smart, hedge", "scenario"),
    (_with('colour = "blue"\nkind = "handsome"', 'colour = "green"\nkind = "handsome"'), "[[piece]] #3 colour",
     "not a colour in play", "scenario"),
    (_with('colour = "blue"\nwater = 4', 'colour = "white"\nwater = 4'), "[[clan]] #2 colour",
     "not a colour in play", "scenario"),
    (_with("water = 12", "water = -1"), "[[clan]] #1 water", "at least 0", "scenario"),
    (_with("skinny = 2,", "skinny = 4,"), "[[clan]] #1 levels skinny", "from 1 to 3", "LO-5"),
    (_with("eye = 1", "eye = 3"), "[[clan]] #1 eye", "from 0 to 2", "LO-13"),
    (_with("damage = 1", "damage = 2"), "[[piece]] #1 damage", "from 0 to 1", "LO-7.2"),
    (_with("pumps = 1", "pumps = 4"), "[[clan]] #1 pumps", "no 'pump' left: the game has 3", "LO-A"),
    (_with('hand = ["strike", "collapse"]', 'hand = ["paralysis", "paralysis", "paralysis"]\n'
           'statuses = ["paralysis", "paralysis", "paralysis"]'), "[[clan]] #1 statuses",
     "no 'paralysis' left: the game has 5", "LO-A"),
    (_with('hand = ["strike", "collapse"]', 'hand = ["ace"]'), "[[clan]] #1 hand", "not a ray-tower card", "scenario"),
    (_with('hand = ["strike", "collapse"]', 'hand = ["strike", "strike", "strike", "strike", "strike", "blast"]'),
     "[[clan]] #1 hand", "hand limit is 5", "LO-11"),
    (_with('statuses = ["blindness"]', 'statuses = ["strike"]'), "[[clan]] #2 statuses", "not a status card", "LO-11"),
    (_with('injections = [["regen1", "skinny"]]', 'injections = [["regen1", "hedge"]]'), "[[clan]] #1 injections",
     "troop kind", "LO-10.1"),
    (_with('phase = "tactical"', 'phase = "setup"'), "[state] phase", "tactical or economic", "LO-7"),
    (_with('current = "red"', 'current = "violet"'), "[state] current", "not a colour in play", "scenario"),
    (_with("turn = 4", "turn = 0"), "[state] turn", "at least 1", "scenario"),
    (_with('hex = "-1,2"', 'hex = "0,-2"'), "[[piece]] #4 hex", "never grows on", "LO-6.4"),
    (_with("acted = true", "acted = true\n[[piece]]\nhex = \"2,0\"\ncolour = \"blue\"\nkind = \"smart\"\n"
           "acted = true"), "[[piece]] #3 acted", "current clan's troops", "LO-7.1"),
    (_with("eye = 1", "eye = 1\nbarred = true"), "[[clan]] #1 barred", "only a team game", "LO-13.4"),
    (_with("players = 2", 'players = 4\nteams = "2x2"').replace("colour = \"blue\"\nwater = 4", "colour = \"blue\"\n"
     "water = 4\nbarred = true"), "[[clan]] #2 barred", "once its Eye has reached circle 1", "LO-13.4"),
    (_with("[decks]", "[decks]\nbunker_top = [\"anabolic\", \"anabolic\", \"anabolic\", \"anabolic\", "
           "\"anabolic\", \"anabolic\"]"), "[decks] bunker_top", "no 'anabolic' left: the game has 5", "LO-A"),
    (_with("quiet = 2", "quiet = 2\nweather = 1"), "[state]", "unknown key(s) weather", "scenario"),
    (_with("players = 2", "players = 7"), "[config]", "players must be a whole number from 2 to 6, not 7", "LO-4.1"),
    (_with("players = 2", "players = 2\nteams = [\"2x2\"]"), "[config]", "teams must be one of", "LO-13.4"),
    (_with("players = 2", 'players = 4\nteams = "2x2"\nlineup = [["red", ["x"]], ["blue", "white"]]'), "[config]",
     "the line-up is a list of teams, each a list of colours", "LO-13.4"),
    (_with('hand = ["strike", "collapse"]', 'hand = [["strike"]]'), "[[clan]] #1 hand",
     "must be a list of card names", "scenario"),
    (_with('injections = [["regen1", "skinny"]]', 'injections = [[["a"], "skinny"]]'), "[[clan]] #1 injections",
     "is not a bunker card", "scenario"),
])
def test_a_mistake_is_one_error_naming_the_field(text, field, words, rule):
    """A key of the wrong form is the key's fault ("scenario"); a position the rules forbid
    names the rule it breaks, once."""
    with pytest.raises(RuleError) as err:
        load(text)
    message = str(err.value)
    assert message.startswith(f"s.toml: {field}") and words in message, message
    assert err.value.rule == rule, message
    assert rule == "scenario" or message.count(rule) == 1, message  # the anchor is written once


def test_the_spec_names_the_scenario_format():
    assert GAME.to_json(SPEC.load_scenario(POSITION)) == GAME.to_json(load())


def run(*args):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", *args], capture_output=True, text=True,
                          timeout=120)


def test_wasteland_apply_plays_on_from_a_scenario(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(POSITION)
    out = run("apply", str(path), "move 0,-1 0,0", "attack 0,0 0,1")
    assert out.returncode == 0, out.stderr + out.stdout
    data = json.loads(out.stdout)
    assert data["game"] == "age-of-thirst"
    kinds = [e["type"] for e in data["events"]]
    assert kinds[:2] == ["move", "attack"] and "hit" in kinds  # LO-8.3: the Skinny hits the Handsome
    assert data["decision"]["seat"] == "p1" and data["decision"]["kind"] == "tactical"
    centre = GAME.new_game({"players": 2}, 3).board.by_name["0,0"]
    assert [centre, 0, "skinny"] in data["state"]["pieces"]  # the red Skinny holds the Last Oasis


def test_wasteland_apply_as_a_seat(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(POSITION)
    out = run("apply", str(path), "--seat", "p2", "end phase")
    assert out.returncode == 1
    err = json.loads(out.stdout)
    assert "p2 cannot act now" in err["error"] and err["rule"] == "LO-7.1" and err["index"] == 0
    out = run("apply", str(path), "--seat", "p1", "end phase")
    assert out.returncode == 0, out.stdout
    data = json.loads(out.stdout)
    assert data["view"]["seat"] == 0 and "hand" in data["view"]["players"][0]
    assert "hand" not in data["view"]["players"][1]  # blue's ray-tower hand stays hidden
    out = run("apply", str(path), "--seat", "p3", "end phase")
    assert out.returncode == 1 and "p1 to p2" in json.loads(out.stdout)["error"]


def test_wasteland_apply_refuses_a_bad_scenario_with_the_field(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(_with('kind = "skinny"', 'kind = "tank"'))
    out = run("apply", str(path), "end phase")
    assert out.returncode == 1
    assert "[[piece]] #1 kind" in json.loads(out.stdout)["error"]
