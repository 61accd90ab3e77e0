"""The event table: 1D12, results 1 to 12 (WQ-40.4)."""

from __future__ import annotations

import pytest

from qtest import GAME, act, answer, asked, kind, legal, of_type, play, pos

from wasteland.core.protocol import RuleError
from wasteland.games.quest.events_table import EVENTS

ALLEY = [{"tile": "gatehouse"}, {"tile": "alley", "at": [2, 0]}]
GATES = {"open": [[1, 0, "E"]], "closed": [4, 0, "E"]}


def event_step(players=1, heroes=None, enemies=None, **state):
    return pos(players=players, tiles=ALLEY, gates=GATES, heroes=heroes, state={"step": "event", **state},
               enemies=enemies)


def test_the_die_is_a_d12_and_every_result_has_an_event():
    """WQ-40.4 ruling: results 1 to 12, so 1D12."""
    assert sorted(EVENTS) == list(range(1, 13))
    s = event_step()  # a position at its event step: the table throws the die at once
    d = GAME.decision(s)
    assert (d.kind, d.rule, d.actions) == ("chance", "WQ-40.4", tuple(f"chance {n}" for n in range(1, 13)))
    assert asked(s) == "event_die" and GAME.chance_pending(s).action == ""  # no action behind it


@pytest.mark.parametrize("bad", ["chance 13", "chance 0", "chance -1", "roll 7", "end"])
def test_a_result_the_die_cannot_show(bad):
    s = event_step()
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply(s, bad)
    assert err.value.rule == "WQ-40.4" and GAME.to_json(s) == before


def test_generator_rolls_the_event_die_in_digital_play():
    s, ev = GAME.new_game_with_events({"players": 1}, 5)
    s, ev = play(s, "end")
    (roll,) = of_type(ev, "event_roll")
    assert 1 <= roll["roll"] <= 12 and ["event", roll["roll"]] in s.rolls


def test_1_destiny_denied():
    """WQ-40.4 result 1: no destiny roll at the start of the next round."""
    s = event_step(destiny=[3], airship=2, spent=0)
    s, ev = answer(s, "1")
    assert of_type(ev, "destiny_denied") and not of_type(ev, "destiny_roll")
    assert s.destiny_rolled == [3] and s.airship == 2


@pytest.mark.parametrize("roll", [2, 3, 4])
def test_2_to_4_masters_will_the_furthest_group_moves(roll):
    """WQ-40.4 result 2-4: the group furthest from any hero (ruling: by its closest model)
    makes a Move: group 1 in alley.c is three zone steps away, group 2 in alley.a one."""
    s = event_step(heroes=[{"zone": "gatehouse.b"}], slots=["e_pack", "e_mob"],
                   enemies=[{"enemy": "ghoul", "group": 1, "zone": "alley.c"},
                            {"enemy": "zombie", "group": 2, "zone": "alley.a"}])
    s, ev = answer(s, roll)
    assert of_type(ev, "masters_will")[0]["group"] == 1
    assert of_type(ev, "enemy_move")[0]["from"] == "alley.c" and of_type(ev, "enemy_move")[0]["rule"] == "WQ-40.4"


def test_masters_will_ties_are_the_leaders_choice():
    s = event_step(heroes=[{"zone": "gatehouse.b"}], slots=["e_pack", "e_mob"],
                   enemies=[{"enemy": "ghoul", "group": 1, "zone": "alley.c"},
                            {"enemy": "zombie", "group": 2, "zone": "alley.c"}])
    s, _ = answer(s, "3")
    d = GAME.decision(s)
    assert (d.kind, d.seat, d.actions) == ("master", 0, ("master g1", "master g2"))
    s, ev = act(s, "master g2")
    assert of_type(ev, "masters_will")[0]["group"] == 2


def test_masters_will_without_enemies_does_nothing():
    s = event_step()
    s, ev = answer(s, "2")
    assert of_type(ev, "no_effect")[0]["reason"] == "no enemy groups"


@pytest.mark.parametrize("roll", [5, 6])
def test_5_6_emergency_one_crisis(roll):
    """WQ-40.4 result 5-6: one crisis of the quest (the table says the one it drew)."""
    s = event_step(dusk=2)
    s, _ = answer(s, roll, rest=False)
    assert asked(s) == "crisis_card" and legal(s) == ["chance ambush", "chance ambush2", "chance gloom", "chance hex"]
    s, ev = answer(s, "gloom")
    assert of_type(ev, "crisis")[0]["effect"] == "dusk" and of_type(ev, "dusk")[0]["zone"] == 3


@pytest.mark.parametrize("roll", [7, 8])
def test_7_8_time_runs_out(roll):
    """WQ-40.4 result 7-8: the dusk token one zone clockwise, unless in a night zone."""
    s = event_step(dusk=4)
    s, ev = answer(s, roll)
    assert of_type(ev, "dusk")[0] == {"type": "dusk", "zone": 5, "night": False, "rule": "WQ-40.4"}
    s = event_step(dusk=15)  # zone 16, the night zone
    s, ev = answer(s, roll)
    assert of_type(ev, "dusk_held")[0]["zone"] == 15
    assert s.over and "night" in s.end_reason  # the next dusk step finds night


def test_9_10_heroic_rebirth_in_the_nearest_empty_zone_next_to_a_hero():
    """WQ-40.4 result 9-10: the hero out of action returns in the nearest empty zone next
    to another hero (gatehouse.b and .c are both next to hero 1 in .a: the leader
    chooses), then a free Recover."""
    s = event_step(players=2, heroes=[{"zone": "gatehouse.a"}, {"zone": "", "wounds": 0}])
    s, _ = answer(s, "9")
    d = GAME.decision(s)
    assert (d.kind, d.actions) == ("rebirth_zone", ("rebirth_zone gatehouse.b", "rebirth_zone gatehouse.c"))
    s, ev = act(s, "rebirth_zone gatehouse.c")
    assert of_type(ev, "hero_returns")[0]["zone"] == "gatehouse.c"
    assert of_type(ev, "recover")[0]["free"] and s.heroes[1]["wounds"] == 3


def test_rebirth_recover_or_cure_and_with_nobody_out():
    """WQ-40.4 result 10 with no hero out of action: the leader picks a hero on the
    battlefield, who takes a free Recover or loses one disease."""
    s = event_step(players=2, heroes=[{"zone": "gatehouse.a"}, {"zone": "gatehouse.b", "tokens": ["disease"]}])
    s, _ = answer(s, "10")
    assert legal(s) == ["rebirth 1", "rebirth 2"]
    s, _ = play(s, "rebirth 2")
    assert legal(s) == ["effect recover", "effect cure"]
    s, ev = act(s, "effect cure")
    assert of_type(ev, "cured") and s.heroes[1]["tokens"] == []


def test_11_inspiring_effort():
    s = event_step(players=2)
    s, _ = answer(s, "11")
    assert kind(s) == "inspiration" and legal(s) == ["inspiration 1", "inspiration 2"]
    s, ev = act(s, "inspiration 2")
    assert s.heroes[1]["inspiration"] == 1 and of_type(ev, "inspiration")[0]["rule"] == "WQ-40.4"


def test_12_destiny_fulfilled_after_the_next_destiny_roll():
    """WQ-40.4 result 12, ruling: after the next round's destiny roll, every spent destiny
    die goes back to the airship's available dice."""
    s = event_step(destiny=[5], airship=0, spent=2)
    s, _ = answer(s, "12", rest=False)
    assert asked(s) == "destiny_die" and legal(s) == [f"chance {n}" for n in range(1, 7)]  # one die unspent
    s, _ = answer(s, "4", rest=False)
    assert asked(s) == "activation_die"  # one destiny die only: the next point is the hero's
    s, ev = answer(s)
    types = [e["type"] for e in ev]
    assert types.index("destiny_roll") < types.index("destiny_fulfilled")
    assert of_type(ev, "destiny_fulfilled")[0]["returned"] == 2
    assert s.airship == 2 and s.destiny_spent == 0 and s.destiny_rolled == [4]
