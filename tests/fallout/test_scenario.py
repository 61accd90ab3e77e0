"""The position format (scenario.py): what a table writes down, and bad input refused."""

import json
import textwrap

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec

from .conftest import of, play

POSITION = textwrap.dedent("""
    game = "fallout"
    seed = 7
    fight = "table"
    first = 2

    [[survivor]]
    space = "super_duper_mart"
    health = 9
    radiation = 2
    hand = ["a03", "a07"]

    [[survivor]]
    space = "raider_camp"
    health = 6
    radiation = 1

    [[enemy]]
    type = "mole_rat"
    space = "super_duper_mart"

    [[enemy]]
    type = "marauder"
    space = "robco_factory"
    side = "down"

    [[enemy]]
    type = "super_mutant"
    space = "radio_tower"

    [agenda]
    revealed = "a10"
    discard = ["a11"]

    [track]
    brotherhood = 2
""")


def load(text):
    return get_spec("fallout").load_scenario(text, "pos.toml")


def test_a_position_loads_through_the_spec_and_resolves_with_reasons(game):
    s = load(POSITION)
    assert s.first == 1 and s.revealed == "a10" and s.factions == [2, 0]
    assert s.enemies["marauder#1"] == ("marauder", "robco_factory", False)
    d = game.decision(s)
    assert d.kind == "reveal" and d.actions == ("resolve",) and d.seat == 1
    s, events = play(s, "resolve")
    # a10: marauder, super_mutant. No marauder is face up: the face-down one flips.
    assert of(events, "flipped")[0]["enemies"] == ["marauder#1"]
    # The super mutant (ranged) at the radio tower has nobody adjacent; both survivors are
    # 2 spaces away, survivor 2 has the smaller gap (5 < 7); robco factory and the crater are
    # both on a shortest route to the raider camp: the first player (survivor 2) chooses.
    d = game.decision(s)
    assert d.kind == "step" and d.seat == 1
    assert set(d.actions) == {"step super_mutant#1 robco_factory", "step super_mutant#1 crater"}
    s, events = play(s, "step super_mutant#1 crater")
    act = of(events, "enemy_moves")[0]
    assert act["enemy"] == "super_mutant#1" and act["target"] == 1 and act["distance"] == 2
    assert act["tie_break"] == "smallest gap between health and radiation" and act["to"] == "crater"
    assert {"target", "distance", "tie_break", "reason", "step", "routes"} <= set(act)


def test_a_position_round_trips_through_json(game):
    s = load(POSITION)
    j = game.to_json(s)
    assert game.to_json(game.from_json(json.loads(json.dumps(j)))) == j


def test_a_map_of_the_tables_own(game):
    text = textwrap.dedent("""
        game = "fallout"
        [map]
        name = "kitchen table"
        start = "a"
        [[map.space]]
        id = "a"
        adjacent = ["b", "c"]
        [[map.space]]
        id = "b"
        adjacent = ["d"]
        [[map.space]]
        id = "c"
        adjacent = ["d"]
        [[map.space]]
        id = "d"
        [[survivor]]
        space = "a"
        health = 5
        [[enemy]]
        type = "ghoul"
        space = "d"
        [agenda]
        icons = ["ghoul", "ghoul"]
    """)
    s = load(text)
    s, events = play(s, "resolve")
    assert game.decision(s).kind == "step"  # b and c are both on a shortest route to a
    s, events = play(s, "step ghoul#1 c")
    s2 = game.from_json(game.to_json(s))
    assert s2.board.graph.names == ("a", "b", "c", "d")
    assert [e["to"] for e in of(events, "enemy_moves")] == ["c", "a"] or s.enemies["ghoul#1"][1] == "a"


BAD = [
    ('[[enemy]]\ntype = "mole_rat"\nspace = "diamond_city"\n', "enemy 4.space", "diamond_city"),
    ('', "survivor 1.health", "off the track", {"health = 9": "health = 13"}),
    ('', "survivor 2.radiation", "off the track", {"radiation = 1": "radiation = -1"}),
    ('', "survivor 1.hand", "at most 4", {'hand = ["a03", "a07"]': 'hand = ["a03", "a07", "a01", "a02", "a04"]'}),
    ('', "survivor 1.hand", "at most 4",
     {'hand = ["a03", "a07"]': 'hand = ["a03", "a07", "a01", "a02", "a04", "a05"]'}),
    ('', "agenda.icons 2", "names no enemy type", {'revealed = "a10"': 'icons = ["ghoul", "deathclaw"]'}),
    ('[[enemy]]\ntype = "deathclaw"\nspace = "crater"\n', "enemy 4.type", "not an enemy type"),
    ('', "agenda.discard 1", "already in survivor 1.hand", {'discard = ["a11"]': 'discard = ["a03"]'}),
    ('', "survivor 1", "unknown field", {"radiation = 2": "radiation = 2\nrads = 1"}),
    ('', "first", "does not exist", {"first = 2": "first = 3"}),
    ('', "track.enclave", "not a faction", {"brotherhood = 2": "enclave = 2"}),
    ('', "survivor 2.health", "knocked out", {"health = 6": "health = 1"}),
]


@pytest.mark.parametrize("case", BAD, ids=[c[1] + " " + c[2] for c in BAD])
def test_bad_input_is_one_error_naming_the_field(case):
    extra, field, words, *swap = case
    text = POSITION
    for old, new in (swap[0] if swap else {}).items():
        assert old in text
        text = text.replace(old, new)
    text = text.replace("[agenda]", extra + "\n[agenda]")
    with pytest.raises(RuleError) as err:
        load(text)
    msg = str(err.value)
    assert field in msg and words in msg, msg


def test_garbage_is_one_clear_error():
    with pytest.raises(RuleError, match="not valid TOML"):
        load("game = fallout [[[")
    with pytest.raises(RuleError, match="game"):
        load('game = "saltlands"\n')


def test_the_smallest_position_is_one_survivor_at_the_start_on_their_turn(game):
    s = load('game = "fallout"\n')
    assert s.space == [s.board.start] and s.current == 0 and game.decision(s).kind == "turn"
    assert not s.enemies and len(s.deck) == len(s.content.cards)
