"""Enemy ties are the leader's (WQ-40.1, stand-in path and target): where a Move has
several zones equally near the heroes, or a weapon use several heroes equally near, the
leader chooses; with one option there is no question."""

from __future__ import annotations

import pytest

from qtest import GAME, act, answer, asked, kind, legal, of_type, play, pos

from wasteland.core.protocol import RuleError
from wasteland.games.quest import ties

GATEHOUSE = [{"tile": "gatehouse"}]


def _enemy_turn(heroes, zone, *, track=None, **more):
    """The position just after the last hero ends: group 1's ghoul in ``zone`` acts."""
    s = pos(len(heroes), tiles=GATEHOUSE, heroes=heroes, enemies=[{"enemy": "ghoul", "group": 1, "zone": zone}],
            state={"slots": ["e_pack"], "track": track or [f"h{q + 1}" for q in range(len(heroes))] + ["g1"]},
            **more)
    events = []
    for _ in heroes:
        s, ev = play(s, "end")
        events += ev
    return s, events


def test_a_move_with_two_equally_near_zones_is_the_leaders_step():
    """gatehouse.d is two steps from the hero in gatehouse.a by b and by c: the leader picks."""
    s, ev = _enemy_turn([{"zone": "gatehouse.a"}], "gatehouse.d")
    d = GAME.decision(s)
    assert (d.kind, d.seat, d.rule, d.actions) == ("step", 0, "WQ-40.1", ("step g1.1 gatehouse.b", "step g1.1 gatehouse.c"))
    assert of_type(ev, "enemy_action")[0]["action"] == "advance" and not of_type(ev, "enemy_move")
    s, ev = play(s, "step g1.1 gatehouse.c")  # not the first by name
    assert asked(s) == "weapon_die"  # then its weapon use on the hero (the table throws the die)
    s, ev = answer(s, 3)
    assert [(e["from"], e["to"]) for e in of_type(ev, "enemy_move")] == [("gatehouse.d", "gatehouse.c")]
    assert of_type(ev, "enemy_attack")[0]["roll"] == 3 and s.models["g1.1"]["zone"] == "gatehouse.c"


def test_a_strike_with_two_equally_near_heroes_is_the_leaders():
    """Heroes 1 and 2 fill gatehouse.b next to the ghoul in gatehouse.d: its Advance's Move
    finds no room nearer them, and the leader picks which of the two it strikes."""
    s, _ = _enemy_turn([{"zone": "gatehouse.b"}, {"zone": "gatehouse.b"}], "gatehouse.d")
    d = GAME.decision(s)
    assert (d.kind, d.seat, d.rule, d.actions) == ("strike", 0, "WQ-40.1", ("strike g1.1 1", "strike g1.1 2"))
    s, _ = play(s, "strike g1.1 2")
    assert asked(s) == "weapon_die"
    s, ev = answer(s, "6")
    attack = of_type(ev, "enemy_attack")[0]
    assert (attack["seat"], attack["hit"]) == (1, True)
    assert s.heroes[1]["wounds"] < s.content.heroes[1].vitality and s.heroes[0]["wounds"] == s.content.heroes[0].vitality


def test_a_hero_in_the_enemys_own_zone_is_struck_without_a_question():
    """Hero 2 shares the ghoul's zone, hero 1 is only next to it: the nearer one is struck."""
    s, _ = _enemy_turn([{"zone": "gatehouse.b"}, {"zone": "gatehouse.d"}], "gatehouse.d")
    assert asked(s) == "weapon_die"
    s, ev = answer(s, "6")
    assert of_type(ev, "enemy_attack")[0]["seat"] == 1


def test_the_options_are_the_equally_near_zones_only():
    """From gatehouse.c (two steps from the hero in gatehouse.b) a and d are both one step
    from the hero: those two, and no other zone."""
    s, _ = _enemy_turn([{"zone": "gatehouse.b"}], "gatehouse.c")
    assert legal(s) == ["step g1.1 gatehouse.a", "step g1.1 gatehouse.d"]


def test_a_single_nearer_zone_is_no_question():
    """In the alley the ghoul in alley.c has one zone nearer the hero: it Moves there itself."""
    s = pos(tiles=[*GATEHOUSE, {"tile": "alley", "at": [2, 0]}], gates={"open": [[1, 0, "E"]], "closed": [4, 0, "E"]},
            heroes=[{"zone": "gatehouse.b"}], enemies=[{"enemy": "ghoul", "group": 1, "zone": "alley.c"}],
            state={"slots": ["e_pack"], "track": ["h1", "g1"]})
    s, _ = play(s, "end")
    assert asked(s) == "weapon_die"  # no question before it
    s, ev = answer(s, 1)
    assert [e["to"] for e in of_type(ev, "enemy_move")] == ["alley.b", "alley.a"]


def test_generator_play_asks_the_same_ties():
    """Without the table's dice (generator chance), the tie still waits on the leader, and
    the weapon die is then the generator's."""
    s, _ = _enemy_turn([{"zone": "gatehouse.b"}, {"zone": "gatehouse.b"}], "gatehouse.d", table=False)
    assert kind(s) == "strike"
    s, ev = play(s, "strike g1.1 1")
    assert of_type(ev, "enemy_attack")[0]["seat"] == 0


def test_decide_for_us_picks_by_its_documented_rules():
    s, _ = _enemy_turn([{"zone": "gatehouse.a"}], "gatehouse.d")
    assert ties.decide(s, GAME.decision(s)) == ("step g1.1 gatehouse.b", "ties.step")
    s, _ = _enemy_turn([{"zone": "gatehouse.b"}, {"zone": "gatehouse.b"}], "gatehouse.d")
    assert ties.decide(s, GAME.decision(s)) == ("strike g1.1 1", "ties.strike")
    for key in ("ties.step", "ties.strike"):
        assert {ties.policy_text(key, lang) for lang in ties.LANGS} == set(ties.POLICY_TEXTS[key].values())
        assert len(set(ties.POLICY_TEXTS[key].values())) == 3


def test_masters_will_moves_ask_the_leader_too():
    """WQ-40.4 result 2-4: the group Moves; a Move with two equally near zones waits on the leader."""
    s = pos(tiles=GATEHOUSE, heroes=[{"zone": "gatehouse.a"}],
            enemies=[{"enemy": "ghoul", "group": 1, "zone": "gatehouse.d"}],
            state={"step": "event", "slots": ["e_pack"], "track": ["h1", "g1"]})
    s, ev = answer(s, "2")
    assert of_type(ev, "masters_will") and kind(s) == "step"
    s, ev = act(s, "step g1.1 gatehouse.b")
    assert of_type(ev, "enemy_move")[0]["rule"] == "WQ-40.4" and s.models["g1.1"]["zone"] == "gatehouse.b"


def test_the_refusal_names_the_rule():
    s, _ = _enemy_turn([{"zone": "gatehouse.a"}], "gatehouse.d")
    before = GAME.to_json(s)
    for wrong, words in (("step g1.1 gatehouse.a", "equally near"), ("step g2.1 gatehouse.b", "acting now is №1.1"),
                         ("step gatehouse.b", "zone is missing")):
        with pytest.raises(RuleError) as err:
            GAME.apply_in_place(s, wrong)
        assert err.value.rule in ("WQ-40.1", "notation") and words in err.value.message, str(err.value)
        assert GAME.to_json(s) == before


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_options_and_prompts_are_said_in_every_language(lang):
    """The terminal's (and the page's) words name the enemy, the zone or the hero, and the prompt."""
    from wasteland.games.quest.terminal_words import QuestWords

    words = QuestWords(lang)
    step, strike = words.action("step g1.1 gatehouse.c"), words.action("strike g1.1 2")
    # the model by the page's tag ("№1.1"), never its id; the zone in words
    assert "№1.1" in step and "g1.1" not in step and "{" not in step and "gatehouse.c" not in step, step
    assert "№1.1" in strike and "g1.1" not in strike and "2" in strike and "{" not in strike, strike
    s, _ = _enemy_turn([{"zone": "gatehouse.a"}], "gatehouse.d")
    prompt = words.prompt(GAME.decision(s))
    assert prompt and (lang == "en" or prompt != GAME.decision(s).prompt), prompt
