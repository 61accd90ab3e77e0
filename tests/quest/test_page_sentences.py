"""Sentences of the Quest pages that a sentence-by-sentence reading found implemented but
not checked by any test (docs/traceability/quest-reading.md lists every sentence)."""

from __future__ import annotations

from qtest import GAME, act, answer, legal, of_type, play, pos

from wasteland.games.quest.conditions import condition_on_model

ALLEY = [{"tile": "gatehouse"}, {"tile": "alley", "at": [2, 0]}]
GATES = {"open": [[1, 0, "E"]], "closed": [4, 0, "E"]}


def event_step(players=1, heroes=None, enemies=None, **state):
    return pos(players=players, tiles=ALLEY, gates=GATES, heroes=heroes, state={"step": "event", **state},
               enemies=enemies)


def test_wq_40_3_an_enemy_stunned_again_takes_1_damage():
    """WQ-40.3 Stunned: an enemy already stunned (its group is) who is stunned again takes
    1 damage; the group stays stunned, nothing else changes."""
    s = pos(heroes=[{"zone": "gatehouse.b"}], state={"slots": ["e_lone"], "stunned_groups": [1]},
            enemies=[{"enemy": "wraith", "group": 1, "zone": "gatehouse.d"}])
    before = s.models["g1.1"]["wounds"]
    assert before > 1
    ev: list = []
    condition_on_model(s, "g1.1", "stunned", ev)
    assert of_type(ev, "enemy_hurt")[0]["amount"] == 1
    assert s.models["g1.1"]["wounds"] == before - 1 and s.groups["1"]["stunned"]
    # a group not yet stunned is stunned, without damage
    s = pos(heroes=[{"zone": "gatehouse.b"}], state={"slots": ["e_lone"]},
            enemies=[{"enemy": "wraith", "group": 1, "zone": "gatehouse.d"}])
    ev = []
    condition_on_model(s, "g1.1", "stunned", ev)
    assert s.groups["1"]["stunned"] and not of_type(ev, "enemy_hurt")


def test_wq_40_3_a_trapped_hero_frees_itself_with_its_own_4_plus_die():
    """WQ-40.3 Trapped: the trapped hero itself (not only an adjacent one) may spend a 4+
    activation die to remove the token; a 3 is not enough, and Run (3+) is barred too."""
    s = pos(heroes=[{"zone": "gatehouse.b", "tokens": ["trapped"], "dice": [3, 4]}])
    options = legal(s)
    assert "free 1 a4" in options and "free 1 a3" not in options
    assert not [a for a in options if a.startswith(("move ", "run "))]
    s, ev = play(s, "free 1 a4")
    assert of_type(ev, "freed")[0] == {"type": "freed", "seat": 0, "hero": 0, "die": 4, "rule": "WQ-40.3"}
    assert "trapped" not in s.heroes[0]["tokens"] and s.heroes[0]["dice"] == [3]
    assert any(a.startswith("move ") for a in legal(s))  # free again: Move (1+) is offered


def test_wq_40_3_a_trapped_enemy_makes_no_move_for_masters_will():
    """WQ-40.3 Trapped with WQ-40.4 results 2-4: Master's will comes in the event phase,
    before the enemies' trapped tokens go, so a trapped group called to Move stays put;
    its token goes after the event roll."""
    s = event_step(heroes=[{"zone": "gatehouse.b"}], slots=["e_pack"],
                   enemies=[{"enemy": "ghoul", "group": 1, "zone": "alley.c", "tokens": ["trapped"]}])
    s, ev = answer(s, "2")  # on to the next decision: hero 1, first on the track
    assert of_type(ev, "masters_will")[0]["group"] == 1
    assert of_type(ev, "enemy_held")[0]["rule"] == "WQ-40.3" and not of_type(ev, "enemy_move")
    types = [e["type"] for e in ev]
    assert types.index("enemy_held") < types.index("traps_cleared")
    assert s.models["g1.1"]["zone"] == "alley.c" and s.models["g1.1"]["tokens"] == []


def test_wq_40_4_a_destiny_die_given_up_to_a_stun_is_spent():
    """WQ-40.3 Stunned with WQ-40.4 result 12: a destiny die a stunned hero gives up is one
    of the spent destiny dice that Destiny fulfilled returns to the airship."""
    s = pos(heroes=[{"zone": "gatehouse.b", "tokens": ["stunned"]}],
            state={"step": "event", "destiny": [4], "airship": 0, "spent": 2, "destiny_denied": True})
    s, _ = answer(s, "11", "2", "5", "6")
    s, _ = play(s, "give d4")
    assert s.destiny_spent == 3 and s.destiny_rolled == []


def test_wq_40_4_heroic_rebirth_the_leader_picks_which_hero_out_of_action():
    """WQ-40.4 results 9-10: with two heroes out of action the leader (seat 1) chooses
    which returns; a hero on the battlefield is not offered while one is out."""
    s = event_step(players=3, heroes=[{"zone": "gatehouse.a"}, {"zone": "", "wounds": 0},
                                      {"zone": "", "wounds": 0}])
    s, _ = answer(s, "9")
    d = GAME.decision(s)
    assert (d.kind, d.seat, d.rule, d.actions) == ("rebirth", 0, "WQ-40.4", ("rebirth 2", "rebirth 3"))
    s, ev = act(s, "rebirth 3")
    s, ev = act(s, legal(s)[0]) if GAME.decision(s).kind == "rebirth_zone" else (s, ev)
    assert s.heroes[2]["zone"] is not None and s.heroes[1]["zone"] is None


def test_wq_40_4_inspiring_effort_any_hero_even_one_out_of_action():
    """WQ-40.4 result 11, ruling: "the leader picks a hero" names no limit, so a hero out
    of action may be picked too."""
    s = event_step(players=2, heroes=[{"zone": "gatehouse.a"}, {"zone": "", "wounds": 0}])
    s, _ = answer(s, "11")
    assert legal(s) == ["inspiration 1", "inspiration 2"]
    s, ev = act(s, "inspiration 2")
    assert s.heroes[1]["inspiration"] == 1


def test_wq_40_4_heroic_rebirth_with_no_empty_zone_does_nothing():
    """WQ-40.4 results 9-10, ruling: the hero returns to an empty zone, "then" Recovers or
    is cured; with every zone of the battlefield taken there is nowhere to return, and
    nothing happens (the hero stays out of action, nothing is healed)."""
    s = pos(players=2, heroes=[{"zone": "gatehouse.a"}, {"zone": "", "wounds": 0}],
            state={"step": "event", "slots": ["e_pack"]},
            enemies=[{"enemy": "ghoul", "group": 1, "zone": z} for z in ("gatehouse.b", "gatehouse.c", "gatehouse.d")])
    s, ev = answer(s, "9")
    assert of_type(ev, "no_effect")[0] == {"type": "no_effect", "reason": "no empty zone", "rule": "WQ-40.4"}
    assert s.heroes[1]["zone"] is None and not of_type(ev, "recover") and not of_type(ev, "hero_returns")
