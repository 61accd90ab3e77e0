"""Positions in the middle of a procedure, written by hand in the game's words
(docs/saltlands-scenarios.md, ``[[procedure]]``): one for every kind the engine has (and
every stage of a raider activation and of a lure). Each is read, asks the player the
procedure names, and plays on with ``wasteland apply`` as that seat; a value the rules
forbid is refused with the field and the rule."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.scenario import scenario_from_text
from wasteland.games.saltlands.scenario_write import to_text

# Two players on the compass tile (tests/saltlands/conftest.py draws it): p1 (Scout) on
# the start dune 0,0, p2 (Healer) on 1,0; p1's turn. With seed 1 the speedster stack's
# top card is d1-2 (1 normal damage).
HEAD = """\
game = "saltlands"
seed = 1
{top}
[config]
players = 2
characters = ["scout", "healer"]
{config}
[state]
turn = 3
current = "p1"
{state}
[[player]]
seat = "p1"
hex = "{hex}"
{p1}
[[player]]
seat = "p2"
hex = "1,0"
{p2}
"""

# p1's turn has ended and the speedsters are activating (SL §100): what a raider
# activation's position always holds beneath it.
END_OF_TURN = """
[[procedure]]
kind = "after_turn"
seat = "p1"
weather = false
"""


def position(rest: str = "", top: str = 'raider = []', config: str = "", state: str = "", p1: str = "",
             p2: str = "", hex: str = "0,0") -> str:
    # each line of ``rest`` without its indentation (its parts are indented differently)
    rest = "\n".join(line.strip() for line in rest.splitlines()) + "\n"
    return HEAD.format(top=top, config=config, state=state, p1=p1, p2=p2, hex=hex) + rest


SPEEDSTER_AT = """
[[raider]]
id = {id}
type = "speedster"
hex = "{hex}"
"""


def speedsters(*hexes: str) -> str:
    return "".join(SPEEDSTER_AT.format(id=i + 1, hex=h) for i, h in enumerate(hexes))


def activation(stage: str, fields: str) -> str:
    return END_OF_TURN + f"""
[[procedure]]
kind = "activation"
seat = "p1"
left = 1
stage = "{stage}"
type = "speedster"
""" + fields


ACTIVATED = 'activated = ["speedster"]'

# name -> (scenario, the procedure's seat and kind, an action of that seat, an event it makes)
POSITIONS: dict[str, tuple[str, str, str, str, str]] = {
    "soak: a speedster's attack, one point to stop (SL §85, SL §88)": (position(
        speedsters("-1,0") + activation("raider", "queue = []\nraider = 1\nstart = \"-2,1\"\ntarget = \"p1\"\n") + """
        [[procedure]]
        kind = "soak"
        seat = "p1"
        left = 1
        damage_type = "normal"
        source = "speedster"
        none = ["robbery_by"]
        """, top="", state=ACTIVATED, p1='hand = ["helmet", "medkit"]'),
        "p1", "soak", "armor helmet#1", "soaked"),
    "soak: a robbery in competitive mode (SL §122)": (position("""
        [[procedure]]
        kind = "soak"
        seat = "p2"
        left = 1
        damage_type = "normal"
        source = "p1"
        robbery_by = "p1"
        """, config='mode = "competitive"', p2='hand = ["compass"]\ncargo = ["crew"]'),
        "p2", "soak", "yield compass#1", "robbed"),
    "discard: one card of a reconstruction": (position("""
        [[procedure]]
        kind = "discard"
        seat = "p1"
        count = 1
        reason = "reconstruction"
        """, p1='hand = ["axe", "water"]'), "p1", "discard", "discard axe#1", "discard"),
    "storm: a tile crossed in the sandstorm (SL §53)": (position("""
        [[procedure]]
        kind = "storm"
        seat = "p1"
        count = 1
        """, state="storm = true\nmoved = true", p1='hand = ["axe", "water"]'), "p1", "storm", "discard water#1",
        "discard"),
    "place: a vehicle gained with the vehicle slot full (SL §54)": (position("""
        [[procedure]]
        kind = "place"
        seat = "p1"
        card = "pickup_vehicle"
        """), "p1", "place", "replace sailer#1", "discard"),
    "rumor: a rumor card drawn, its option not chosen (SL §109)": (position("""
        [[procedure]]
        kind = "rumor"
        seat = "p1"
        card = "r5"
        """), "p1", "rumor", "top", "marker_move"),
    "trade: the partner gives cards (SL §72)": (position("""
        [[procedure]]
        kind = "trade"
        seat = "p2"
        active = "p1"
        """, p2='hand = ["axe"]'), "p2", "trade", "give axe#1", "trade"),
    "offer: the current player offers a card (SL §72)": (position("""
        [[procedure]]
        kind = "offer"
        seat = "p2"
        from = "p1"
        card = "axe"
        """, p1='hand = ["axe"]'), "p2", "offer", "accept", "trade"),
    "orient: Explorer's luck turns the tile just flipped (SL §152)": (position("""
        [[tile]]
        at = "t0,-2"
        tile = "tile_01"
        face_up = true
        [[procedure]]
        kind = "orient"
        seat = "p1"
        pos = "t0,-2"
        """, config='variants = ["explorers_luck"]'), "p1", "orient", "orient NE", "orient"),
    "enter: a figure not on the board enters (SL §45)": (position("""
        [[procedure]]
        kind = "enter"
        seat = "p1"
        none = ["respawn"]
        """, hex="off"), "p1", "enter", "enter 0,1", "enter"),
    "after_turn: every type has activated, the weather phase and the next turn follow (SL §48)": (position("""
        [[procedure]]
        kind = "after_turn"
        seat = "p1"
        weather = true
        """, state='activated = ["speedster", "pickup", "truck", "bulldozer"]'), "p2", "turn", "end", "turn_end"),
    "activation type: which raider type activates (SL §100)": (position(END_OF_TURN + """
        [[procedure]]
        kind = "activation"
        seat = "p1"
        left = 2
        stage = "type"
        """), "p1", "activation", "activate truck", "damage_card"),
    "activation raider: which speedster acts first (SL §101)": (position(
        speedsters("-2,1", "2,-2") + activation("raider", "queue = [1, 2]\n"), top="", state=ACTIVATED),
        "p1", "activation", "raider 2,-2", "raider_move"),
    "activation target: the chase of one of two players (SL §105)": (position(
        speedsters("2,-5") + activation("target", 'queue = []\nraider = 1\nstart = "2,-5"\ntargets = ["p1", "p2"]\n'),
        top="", state=ACTIVATED), "p1", "activation", "chase p2", "raider_move"),
    "activation goto: one of two end hexes (SL §105)": (position(
        speedsters("-1,-1") + activation("goto", 'queue = []\nraider = 1\nstart = "-1,-1"\ntarget = "p1"\n'
                                         'ends = ["-1,0", "0,-1"]\n'), top="", state=ACTIVATED),
        "p1", "activation", "goto 0,-1", "raider_move"),
    "activation attack: which adjacent player is attacked (SL §103)": (position(
        speedsters("1,-1") + activation("attack", 'queue = []\nraider = 1\nstart = "1,-1"\ntargets = ["p1", "p2"]\n'),
        top="", state=ACTIVATED), "p1", "activation", "attack p2", "attacked"),
    "activation spawn: the last figure's spawn point (SL §107)": (position(
        speedsters("-2,0", "-1,-1", "0,-2", "1,-2", "2,-1")  # five of the six figures on the board
        + activation("spawn", 'figures = 1\npoints = ["2,-7", "1,-3"]\nchoices = ["2,-7", "1,-3"]\n'), top="",
        state=ACTIVATED),
        "p1", "activation", "spawn 1,-3", "spawn"),
    "lure raider: which raider of the tile moves first (SL §142)": (position(
        speedsters("-2,2") + """
        [[raider]]
        id = 2
        type = "pickup"
        hex = "2,-2"
        [[procedure]]
        kind = "lure"
        seat = "p1"
        stage = "raider"
        queue = [1, 2]
        amount = 2
        """, top="", config="expansion = true"), "p1", "lure", "raider 2,-2", "raider_move"),
    "lure goto: one of two end hexes (SL §142)": (position(speedsters("-2,2") + """
        [[procedure]]
        kind = "lure"
        seat = "p1"
        stage = "goto"
        queue = []
        amount = 2
        raider = 1
        ends = ["-1,1", "-2,1"]
        """, top="", config="expansion = true"), "p1", "lure", "goto -2,1", "raider_move"),
    "fuel_drain: a fuel card from the discard pile (SL §135)": (position("""
        [[procedure]]
        kind = "fuel_drain"
        seat = "p1"
        """, state='discard = ["fuel"]'), "p1", "fuel_drain", "take fuel#1", "gain"),
    "respawn_kit: a dead player's respawn, then her entry (SL §90)": (position("""
        [[procedure]]
        kind = "enter"
        seat = "p1"
        respawn = "starting_tiles"
        [[procedure]]
        kind = "respawn_kit"
        seat = "p1"
        """, hex="off", p1='hand = []\nvehicle = ""'), "p1", "enter", "enter 0,1", "enter"),
    "streak: Born Killer adds her attack to the one before or not (SL §146)": (position("""
        [[raider]]
        id = 1
        type = "truck"
        hex = "0,-1"
        [[procedure]]
        kind = "streak"
        seat = "p1"
        raider = 1
        damage = 1
        loot = true
        """, top="", config="expansion = true", state="streak = [[1, 1]]").replace('"scout", "healer"', '"huntress", "healer"'),
        "p1", "streak", "alone", "attack_raider"),
    "character and after_setup: the characters are chosen first (SL §44)": ("""\
game = "saltlands"
seed = 1
[config]
players = 2
[state]
turn = 0
[[procedure]]
kind = "after_setup"
seat = "p1"
[[procedure]]
kind = "character"
seat = "p2"
[[procedure]]
kind = "character"
seat = "p1"
""", "p1", "character", "character scout", "character"),
}


def test_every_kind_of_procedure_has_a_hand_written_position():
    from wasteland.games.saltlands.engine import OPTIONS
    from wasteland.games.saltlands.scenario_procedures import FORMS, NEEDS

    written = {(f["kind"], f.get("stage")) for text, *_ in POSITIONS.values()
               for f in tomllib.loads(text)["procedure"]}
    assert set(FORMS) == set(OPTIONS)
    assert {k for k, _ in written} == set(FORMS)
    assert {(k, st) for k, st in NEEDS if st} <= written


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_hand_written_procedure_asks_its_player_and_writes_back_the_same(name):
    text, seat, kind, action, event = POSITIONS[name]
    s = scenario_from_text(text)
    d = GAME.decision(s)
    assert (f"p{d.seat + 1}", d.kind) == (seat, kind) and action in d.actions, d
    assert GAME.to_json(scenario_from_text(to_text(s))) == GAME.to_json(s)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_hand_written_procedure_plays_on_with_wasteland_apply(name, tmp_path):
    text, seat, _kind, action, event = POSITIONS[name]
    path = tmp_path / "position.toml"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "apply", str(path), action, "--seat", seat],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    out = json.loads(run.stdout)
    assert event in [e["type"] for e in out["events"]], out["events"]
    assert out["decision"] is not None and out["view"]


def test_the_writer_names_every_procedure_field_in_the_games_words():
    """No hex, tile, seat or card is written as the engine's number: a raider activation's
    ends are hexes, a card waiting for a slot is its copy's name."""
    text, *_ = POSITIONS["activation goto: one of two end hexes (SL §105)"]
    written = to_text(scenario_from_text(text))
    assert 'ends = ["-1,0", "0,-1"]' in written and 'target = "p1"' in written and 'start = "-1,-1"' in written
    place, *_ = POSITIONS["place: a vehicle gained with the vehicle slot full (SL §54)"]
    s = scenario_from_text(place)
    assert 'card = "pickup_vehicle#1"' in to_text(s)
    card = s.stack[-1]["card"]
    assert card not in s.supply and all(card not in p.cards() for p in s.players)  # it lies in no zone (SL §54)


def _named(start: str) -> str:
    return next(k for k in POSITIONS if k.startswith(start))


# p1 plays the Trader and p2 stands two hexes away: a trade with a far player (SL §146)
TRADER = [('characters = ["scout", "healer"]', 'characters = ["trader", "healer"]\nexpansion = true'),
          ('hex = "1,0"', 'hex = "2,-2"'), ('current = "p1"\n', 'current = "p1"\ntrades_used = 1\ntrade_partner = "p2"\n')]


def test_the_trader_offers_a_hand_item_to_a_far_player_SL146():
    text = POSITIONS[_named("offer:")][0]
    for old, new in TRADER:
        text = text.replace(old, new, 1)
    s = scenario_from_text(text)
    assert GAME.decision(s).actions == ("accept", "decline") and s.players[1].hex == s.static.geo.by_name["2,-2"]


# (the position, what changes in it, the rule, words of the refusal); "scenario": no rule
# forbids it, the value is of the wrong form and the error names the field.
REFUSALS = [
    ("soak: a speedster", [("left = 1\ndamage_type", "left = 2\ndamage_type")], "SL §85", "#3 left: 2 points left"),
    ("soak: a speedster", [('damage_type = "normal"', 'damage_type = "ap"')], "SL §86", "#3 damage_type"),
    ("soak: a speedster", [('source = "speedster"', 'source = "apc"')], "SL §85", "#3 source"),
    ("soak: a speedster", [('hex = "0,0"', 'hex = "off"\nstatus = "dead"')], "SL §85", "#3 seat: p1 is not on the board"),
    ("soak: a speedster", [('none = ["robbery_by"]', 'robbery_by = "p2"')], "SL §122", "#3 robbery_by"),
    ("soak: a speedster", [('stage = "raider"', 'stage = "type"')], "SL §103", "#3 source"),
    ("soak: a speedster", [('hand = ["helmet", "medkit"]', 'hand = ["helmet", "medkit"]\n'
                            'vehicle = "armored_sailer"')], "SL §88", "armor of 1 stops"),
    ("rumor:", [('seat = "p1"\ncard', 'seat = "p2"\ncard')], "SL §109", "#1 seat"),
    ("storm:", [('seat = "p1"\ncount', 'seat = "p2"\ncount')], "SL §53", "#1 seat"),
    ("soak: a robbery", [('mode = "competitive"', "")], "SL §122", "competitive mode only"),
    ("soak: a robbery", [('robbery_by = "p1"', 'none = ["robbery_by"]')], "SL §122", "#1 robbery_by"),
    ("soak: a robbery", [('source = "p1"', 'source = "p2"'), ('robbery_by = "p1"', 'robbery_by = "p2"')],
     "SL §122", "nobody robs herself"),
    ("activation target", [('targets = ["p1", "p2"]', 'targets = ["p1", "p3"]')], "SL §15", "#2 targets"),
    ("activation target", [('hex = "1,0"', 'hex = "off"')], "SL §105", "#2 targets: p2 is not a player on the board"),
    ("activation attack", [('hex = "1,-1"', 'hex = "2,-2"')], "SL §103", "#2 targets: p1 is not next to raider 1"),
    ("activation raider", [('queue = [1, 2]', 'queue = [1, 9]')], "SL §101", "#2 queue: no raider 9"),
    ("activation raider", [('id = 2\ntype = "speedster"', 'id = 2\ntype = "pickup"')], "SL §101", "is a pickup"),
    ("activation raider", [(END_OF_TURN, "")], "SL §100", "#1 kind"),
    ("activation raider", [(ACTIVATED, "")], "SL §100", "#2 type: no speedster damage card"),
    ("activation raider", [('type = "speedster"\nqueue', 'type = "hovercraft"\nqueue')], "SL §30", "#2 type"),
    ("activation type", [("left = 2", "left = 3")], "SL §97", "#2 left"),
    ("activation type", [('kind = "after_turn"', 'kind = "fuel_drain"\nseat = "p1"\n[[procedure]]\n'
                                                 'kind = "after_turn"')], "SL §46", "#2 seat"),
    ("after_turn:", [("weather = true", "weather = false")], "SL §100", "#1 kind: the raiders activate"),
    ("after_turn:", [('"truck", "bulldozer"', '"truck"')], "SL §48", "the bulldozers have not"),
    ("activation type", [('seat = "p1"\nleft = 2', 'seat = "p2"\nleft = 2'),
                         ('seat = "p1"\nweather', 'seat = "p2"\nweather')], "SL §46", "#1 seat"),
    ("activation goto", [('ends = ["-1,0", "0,-1"]', 'ends = ["-1,0", "1,0"]')], "SL §105", "#2 ends: 1,0"),
    ("activation goto", [('ends = ["-1,0", "0,-1"]', 'ends = ["-1,0", "-2,0"]')], "SL §105", "may end on -1,0, 0,-1"),
    ("activation target", [('hex = "2,-5"', 'hex = "-1,-1"')], "SL §105", "raider 1 has p1 nearest"),
    ("activation attack", [('hex = "1,0"\n', 'hex = "1,0"\nhidden = true\nhidden_near = []\n')],
     "SL §103", "raider 1 may attack p1:"),  # hidden, and it was not next to her when she hid (SL §147)
    ("activation goto", [('target = "p1"\n', "")], "scenario", "needs its target"),
    ("activation goto", [('ends = ["-1,0", "0,-1"]', "ends = [12, 13]")], "scenario", "#2 ends: must be a text"),
    ("activation spawn", [('choices = ["2,-7", "1,-3"]', 'choices = ["2,-7", "0,0"]')], "SL §107", "#2 choices"),
    ("activation spawn", [('points = ["2,-7", "1,-3"]', 'points = ["2,-7", "1,-3", "0,1"]')], "SL §107", "#2 points"),
    ("activation spawn", [('points = ["2,-7", "1,-3"]', 'points = ["2,-7", "-2,2"]'),
                          ('choices = ["2,-7", "1,-3"]', 'choices = ["2,-7", "-2,2"]')], "SL §107",
     "the tiles without raiders (2,-7)"),
    ("activation spawn", [("figures = 1", "figures = 9")], "SL §107", "#2 figures"),
    ("activation spawn", [("figures = 1", "figures = 2")], "SL §107", "so 1 is left to spawn, not 2"),
    ("lure raider", [("amount = 2", "amount = 5")], "SL §142", "#1 amount"),
    ("activation spawn", [('stage = "spawn"', 'stage = "respawn"')], "scenario", "not a stage of the activation"),
    ("place:", [('card = "pickup_vehicle"', 'card = "axe"')], "SL §54", "#1 card: axe#1 is a hand item"),
    ("place:", [('card = "pickup_vehicle"', 'card = "twin"')], "SL §141", "not in play"),
    ("place:", [('card = "pickup_vehicle"', 'card = "pickup_vehicle#1"'), ('hex = "1,0"\n', 'hex = "1,0"\n'
                                                                 'vehicle = "pickup_vehicle#1"\n')], None, None),
    ("offer:", [('hand = ["axe"]', 'hand = ["water"]')], "SL §72", "#1 card: p1 holds no axe"),
    ("offer:", [('card = "axe"', 'card = "axe#2"')], "SL §72", "does not hold axe#2"),
    ("offer:", [('[[player]]\nseat = "p1"', 'traded = ["axe"]\n[[player]]\nseat = "p1"')], "SL §72",
     "changed hands this turn"),
    ("offer:", [('from = "p1"', 'from = "p2"')], "SL §72", "#1 from"),
    ("trade:", [('seat = "p2"\nactive', 'seat = "p1"\nactive')], "SL §72", "with another player"),
    ("trade:", [('hex = "1,0"', 'hex = "2,-2"')], "SL §72", "p2 is not next to p1"),
    ("trade:", [('active = "p1"', 'active = "p1"\nhand_only = true')], "SL §146", "#1 hand_only"),
    ("offer:", TRADER[:2], "SL §146", "counts toward the Trader's three a turn"),
    ("offer:", TRADER + [('hand = ["axe"]', 'hand = ["axe"]\ncargo = ["crew"]'), ('card = "axe"', 'card = "crew"')],
     "SL §146", "hand items only"),
    ("orient:", [('variants = ["explorers_luck"]', "")], "SL §152", "Explorer's luck"),
    ("orient:", [("face_up = true", "face_up = false")], "SL §152", "#1 pos"),
    ("enter:", [('hex = "off"', 'hex = "0,0"')], "SL §45", "on the board already"),
    ("enter:", [('seat = "p1"\nnone', 'seat = "p2"\nnone')], "SL §45", "#1 seat: the enter procedure is the current player's"),
    ("respawn_kit:", [('hand = []', 'status = "dead"\nhand = []')], "SL §90", "#1 seat: p1 is dead, but"),
    ("storm:", [("storm = true", "storm = false")], "SL §53", "no sandstorm"),
    ("lure goto", [("expansion = true", "")], "SL §142", "Lost in the Desert"),
    ("lure raider", [('hex = "2,-2"', 'hex = "5,-3"')], "SL §142", "raider 2 is not on p1's tile"),
    ("rumor:", [('card = "r5"', 'card = "r99"')], "SL §109", "unknown rumor card"),
    ("discard:", [("count = 1", "count = 0")], "scenario", "#1 count"),
    ("discard:", [("count = 1", 'count = 1\ncolour = "red"')], "scenario", "no field 'colour'"),
    ("discard:", [("count = 1", 'count = 1\nnone = ["reason"]')], "scenario", "given a value too"),
    ("character and", [("turn = 0", 'turn = 0\n[[player]]\nseat = "p1"\ncharacter = "scout"')], "SL §44",
     "has a character already"),
]


@pytest.mark.parametrize("number", range(len(REFUSALS)))
def test_a_procedure_value_the_rules_forbid_is_refused_with_its_field_and_rule(number):
    start, changes, rule, words = REFUSALS[number]
    text = POSITIONS[_named(start)][0]
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    if rule is None:  # the card waiting for a slot cannot lie in a zone as well (SL §54)
        rule, words = "SL §54", "waits for a slot"
    with pytest.raises(RuleError) as caught:
        scenario_from_text(text)
    assert caught.value.rule == rule, caught.value
    assert words in str(caught.value), caught.value
    assert str(caught.value).startswith("scenario: [[procedure]]") or rule in ("SL §54", "SL §44"), caught.value


def test_wasteland_apply_refuses_a_forbidden_procedure_with_one_error_naming_field_and_rule(tmp_path):
    text = POSITIONS[_named("soak: a speedster")][0].replace("left = 1\ndamage_type", "left = 2\ndamage_type", 1)
    path = tmp_path / "position.toml"
    path.write_text(text, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "apply", str(path), "--seat", "p1"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and not run.stderr.strip(), run.stderr
    out = json.loads(run.stdout)
    assert out["rule"] == "SL §85" and "[[procedure]] #3 left" in out["error"], out


def test_the_activation_of_a_player_eliminated_by_it_goes_on_with_the_next_player_SL96_SL100():
    """Ruling (SL §96, SL §100): the current player carries out the activation; once it has
    eliminated her, the next player in turn order still in the game goes on with it."""
    text = POSITIONS[_named("activation type")][0].replace('hex = "0,0"', 'hex = "off"\nstatus = "out"', 1)
    heir = text.replace('kind = "activation"\nseat = "p1"', 'kind = "activation"\nseat = "p2"')
    d = GAME.decision(scenario_from_text(heir))
    assert (d.seat, d.kind) == (1, "activation")
    with pytest.raises(RuleError) as caught:
        scenario_from_text(text)
    assert caught.value.rule == "SL §100" and "#2 seat" in str(caught.value) and "p1 is out" in str(caught.value)
