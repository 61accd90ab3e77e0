"""Target choice and tie-break (FO-13.3)."""

import pytest

from wasteland.core.protocol import RuleError

from .conftest import of, play, position


def _target(events):
    acts = [e for e in events if e["type"] in ("enemy_moves", "enemy_fights")]
    return acts[0]


def test_fo_13_3_nearest_survivor_by_spaces(game):
    s = position([{"space": "raider_camp", "health": 4, "radiation": 3},  # 2 spaces, closest to death
                  {"space": "red_rocket", "health": 12, "radiation": 0}],  # 1 space
                 [("marauder", "crossroads", "up")], icons=["marauder"])
    s, events = play(s, "resolve")
    e = _target(events)
    assert (e["target"], e["distance"], e["tie_break"]) == (1, 1, "only survivor that near")
    assert e["to"] == "red_rocket"


def test_fo_13_3_equally_near_the_smallest_health_radiation_gap(game):
    s = position([{"space": "red_rocket", "health": 10, "radiation": 0},
                  {"space": "drumlin_diner", "health": 6, "radiation": 2}],
                 [("marauder", "crossroads", "up")], icons=["marauder"])
    s, events = play(s, "resolve")
    e = _target(events)
    assert e["target"] == 1 and e["tie_break"] == "smallest gap between health and radiation"
    assert e["candidates"] == [0, 1] and e["to"] == "drumlin_diner"


@pytest.mark.parametrize("first, target", [(1, 0), (2, 1)])
def test_fo_13_3_then_who_plays_earlier_in_the_next_round(game, first, target):
    s = position([{"space": "red_rocket", "health": 8, "radiation": 2},
                  {"space": "drumlin_diner", "health": 7, "radiation": 1}],
                 [("marauder", "crossroads", "up")], icons=["marauder"], first=first)
    s, events = play(s, "resolve")
    e = _target(events)
    assert e["target"] == target and e["tie_break"] == "plays earlier in the next round"


def test_fo_13_3_same_space_fight_target_uses_the_same_tie_break(game):
    s = position([{"space": "crossroads", "health": 10, "radiation": 0},
                  {"space": "crossroads", "health": 5, "radiation": 2},
                  {"space": "red_rocket", "health": 1, "radiation": 0}],
                 [("ghoul", "crossroads", "up")], icons=["ghoul"])
    s, events = play(s, "resolve")
    e = of(events, "enemy_fights")[0]
    assert e["target"] == 1 and e["distance"] == 0 and e["candidates"] == [0, 1]


def test_fo_13_3_two_equally_short_routes_are_the_first_players_choice(game):
    s = position([{"space": "vault_gate", "health": 10, "radiation": 0},
                  {"space": "crater", "health": 10, "radiation": 0}],
                 [("marauder", "crossroads", "up")], icons=["marauder"], first=2)
    s, events = play(s, "resolve")
    assert not of(events, "enemy_moves")
    d = game.decision(s)
    assert d.kind == "step" and d.seat == 1 and d.rule == "FO-13.3"
    assert d.actions == ("step marauder#1 red_rocket", "step marauder#1 drumlin_diner")
    with pytest.raises(RuleError):
        game.apply(s, "step marauder#1 robco_factory")  # not on a shortest route
    s, events = play(s, "step marauder#1 drumlin_diner")
    e = of(events, "enemy_moves")[0]
    assert e["to"] == "drumlin_diner" and e["target"] == 0 and e["step"] == "first player chose among shortest routes"
    assert s.enemies["marauder#1"][1] == "drumlin_diner"


def test_fo_13_3_next_round_counts_from_who_plays_next_when_the_reveal_runs_the_deck_out(game):
    """The deck runs out at this very reveal: the deck (first player) passes to survivor 2,
    but survivor 1 takes the next turn (FO-13.4). The original says "who plays earlier in
    the next round": survivor 1; the digest's ruling would count from survivor 2."""
    others = [c for c in game.new_game({}, 0).content.cards if c != "a11"]
    s = position([{"space": "red_rocket", "health": 8, "radiation": 0},
                  {"space": "drumlin_diner", "health": 8, "radiation": 0}],
                 [("ghoul", "crossroads", "up")], turn=2, agenda={"deck": ["a11"], "discard": others})
    s, events = play(s, "end")
    ran = of(events, "deck_ran_out")[0]
    assert ran["first"] == 1
    e = of(events, "enemy_moves")[0]
    assert e["target"] == 0 and e["tie_break"] == "plays earlier in the next round"
    assert s.current == 0


@pytest.mark.parametrize("crater, first, target, tie",
                         [((9, 5), 1, 1, "smallest gap between health and radiation"),
                          ((9, 3), 1, 0, "plays earlier in the next round"),
                          ((9, 3), 2, 1, "plays earlier in the next round")])
def test_fo_13_3_a_ranged_enemy_between_two_adjacent_survivors(game, crater, first, target, tie):
    """FO-13.3 "moves toward (or attacks) the one ...": the ranged super mutant on the
    radio tower has a survivor on each side, robco_factory (8 - 2: gap 6) and the crater;
    the attack goes by the gap, then by who plays earlier in the next round."""
    s = position([{"space": "robco_factory", "health": 8, "radiation": 2},
                  {"space": "crater", "health": crater[0], "radiation": crater[1]}],
                 [("super_mutant", "radio_tower", "up")], icons=["super_mutant"], first=first)
    s, events = play(s, "resolve")
    e = of(events, "enemy_fights")[0]
    assert (e["target"], e["distance"], e["tie_break"], e["candidates"]) == (target, 1, tie, [0, 1])
    assert e["reason"] == "ranged icon, survivor adjacent" and s.enemies["super_mutant#1"][1] == "radio_tower"
