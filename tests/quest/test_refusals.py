"""Every decision kind of the Quest exploration, with options its rules forbid: each refusal
names the rule that forbids the option (a legal action of another decision kind: the rule
of that kind, not of the waiting one) and changes nothing. Positions are reached by seeded
play (what is drawn and thrown is chance's: the table's answers are checked in
test_table.py)."""

from __future__ import annotations

import random
from typing import Callable

import pytest

from wasteland.core.protocol import NotationError, RuleError
from wasteland.games.quest.engine import DECISION_INFO
from wasteland.games.quest.game import GAME

CONFIGS = ({}, {"players": 2}, {"players": 3}, {"players": 4})


def _search():
    """For each decision kind, the first position of seeded games where it waits, and some
    legal actions of every kind seen on the way."""
    found, legal = {}, {}
    for seed in range(12):
        for config in CONFIGS:
            s = GAME.new_game(config, seed)
            rnd = random.Random(seed)
            for _ in range(800):
                d = GAME.decision(s)
                if d is None:
                    break
                found.setdefault(d.kind, GAME.to_json(s))
                legal.setdefault(d.kind, d.actions[0])
                GAME.apply_in_place(s, rnd.choice(d.actions))
        if len(found) == len(DECISION_INFO):
            break
    return found, legal


FOUND, LEGAL = _search()


def at(kind: str):
    return GAME.from_json(FOUND[kind])


def _not_offered(s, verb: str, options: list[str]) -> str:
    offered = set(GAME.decision(s).actions)
    return next(f"{verb} {o}" for o in options if f"{verb} {o}" not in offered)


def _hero_die_not_held(s) -> str:
    words = next(a for a in GAME.decision(s).actions if a.startswith(("move ", "recover ", "run ", "attack "))).split()
    return " ".join(words[:-1] + ["a9"])


def _deploy_elsewhere(s) -> str:
    mid = GAME.decision(s).actions[0].split()[1]
    return _not_offered(s, f"deploy {mid}", sorted(s.board.capacity))


Wrong = Callable[[object], str]
CASES: dict[str, tuple[Wrong, str]] = {
    "hero": (_hero_die_not_held, "WQ-40.2"),  # no such die to spend
    "stun": (lambda s: "give a9", "WQ-40.3"),
    "place": (lambda s: "place q", "WQ-38.3"),  # no such gate position
    "close": (lambda s: _not_offered(s, "close", ["n", "e", "s", "w", "q"]), "WQ-38.3"),
    "anchor": (lambda s: _not_offered(s, "anchor", sorted(s.board.capacity)), "WQ-39.1"),
    "deploy": (_deploy_elsewhere, "WQ-39.1"),
    "beside": (lambda s: _not_offered(s, "beside", sorted(s.content.enemies)), "WQ-39.1"),  # not among the tied
    "master": (lambda s: "master g9", "WQ-40.4"),
    "rebirth": (lambda s: "rebirth 9", "WQ-40.4"),
    "rebirth_zone": (lambda s: _not_offered(s, "rebirth_zone", sorted(s.board.capacity)), "WQ-40.4"),
    "effect": (lambda s: "effect fly", "WQ-40.4"),
    "inspiration": (lambda s: "inspiration 9", "WQ-40.4"),
    "step": (lambda s: _not_offered(s, f"step {GAME.decision(s).actions[0].split()[1]}", sorted(s.board.capacity)),
             "WQ-40.1"),
    "strike": (lambda s: f"strike {GAME.decision(s).actions[0].split()[1]} 9", "WQ-40.1"),
}


def refusal(s, action: str) -> RuleError:
    d = GAME.decision(s)
    assert action not in d.actions, f"{action!r} is legal here"
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, action)
    assert GAME.to_json(s) == before, "a refusal changes nothing"
    return err.value


def test_every_decision_kind_is_reached_and_has_a_refusal_case():
    """A new decision kind fails here until seeded play reaches it and it has a case."""
    assert set(FOUND) == set(DECISION_INFO) == set(CASES), set(DECISION_INFO) ^ set(FOUND)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_forbidden_option_names_the_rule_that_forbids_it(kind):
    s = at(kind)
    assert GAME.decision(s).kind == kind
    wrong, rule = CASES[kind]
    err = refusal(s, wrong(s))
    assert err.rule == rule, str(err)
    assert "is not possible now" not in err.message, "a generic answer"


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_legal_action_of_another_kind_names_the_rule_of_its_own_kind(kind):
    from wasteland.games.quest.diagnose import VERB_KIND

    s = at(kind)
    for other, action in LEGAL.items():
        if VERB_KIND[action.split()[0]] == kind or action in GAME.decision(s).actions:
            continue
        err = refusal(s, action)
        # A hero's action waits for a procedure: the procedure's own rule forbids it now.
        expected = DECISION_INFO[kind][0] if other == "hero" else DECISION_INFO[other][0]
        assert err.rule == expected, (kind, action, str(err))
        assert f"{kind} decision" in err.message


def test_every_verb_the_engine_offers_is_explained():
    from wasteland.games.quest.diagnose import KIND_VERBS

    for kind in FOUND:
        s = at(kind)
        for verb in {a.split()[0] for a in GAME.decision(s).actions}:
            assert verb in KIND_VERBS[kind], (kind, verb)


def test_naming_an_encounter_card_when_the_battle_track_is_full_names_WQ_39_1():
    """WQ-39.1: no encounter card is drawn when no slot above the battle track is empty, so
    a table naming one is refused by WQ-39.1 (it was refused as notation); with room, the
    waiting decision's own rule says nothing is drawn now."""
    s = at("hero")
    card = next(iter(s.content.encounters))
    err = refusal(s, f"chance {card}")
    assert err.rule == GAME.decision(s).rule and not isinstance(err, NotationError), str(err)
    s.slots = [card] * len(s.slots)
    err = refusal(s, f"chance {card}")
    assert err.rule == "WQ-39.1" and "battle track" in err.message, str(err)


def test_verbs_of_other_decisions_over_random_positions():
    """Over random games, at every decision, a well-formed action of another decision kind
    (one the same games offered elsewhere) is refused by the rule that forbids it there: a
    hero's action by the procedure that waits, any other by its own kind's rule; never as
    notation."""
    from wasteland.games.quest.diagnose import VERB_KIND

    rnd = random.Random(7)
    legal: dict[str, str] = {}
    tried: dict[str, int] = {}
    for seed, config in enumerate(CONFIGS * 2):
        s = GAME.new_game(config, seed)
        for _ in range(400):
            d = GAME.decision(s)
            if d is None:
                break
            for a in d.actions:
                legal.setdefault(a.split()[0], a)
            for verb, action in legal.items():
                kind = VERB_KIND[verb]
                if kind == d.kind or action in d.actions:
                    continue
                err = refusal(s, action)
                expected = d.rule if kind == "hero" else DECISION_INFO[kind][0]
                assert err.rule == expected, (d.kind, action, str(err))
                tried[d.kind] = tried.get(d.kind, 0) + 1
            GAME.apply_in_place(s, rnd.choice(d.actions))
    assert len(tried) >= 5, tried

@pytest.mark.parametrize("kind", ["place", "deploy", "step"])
def test_a_malformed_action_of_another_kind_is_notation_wherever_it_comes(kind):
    """An action is read for its form before its place: a hero's action without its die,
    or a deployment without its zone, is notation during any decision."""
    s = at(kind)
    for action in ("move gatehouse.a", "recover", "attack g1.1", "deploy g1.1", "close", "give"):
        if action.split()[0] not in {a.split()[0] for a in GAME.decision(s).actions}:
            assert isinstance(refusal(s, action), NotationError), (kind, action)


def test_malformed_actions_are_notation_errors():
    s = at("hero")
    for action in ("end now", "move", "recover 5", "attack nobody a1", "fly a1"):
        assert isinstance(refusal(s, action), NotationError), action


def test_options_with_a_word_swapped_are_explained_over_random_games():
    """A legal action with one word swapped for another thing of the game is refused with a
    rule of the game or as notation, never with the generic answer, and changes nothing."""
    from wasteland.core.registry import spec_of

    anchors = set(spec_of(GAME).anchors)
    rnd = random.Random(8)
    for seed, config in enumerate([{"players": 2}, {"players": 3}]):
        s = GAME.new_game(config, seed)
        for _ in range(150):
            d = GAME.decision(s)
            if d is None:
                break
            things = sorted(s.board.capacity)[:3] + ["a1", "a6", "d2", "g1", "1", "13", "n"]
            for action in rnd.sample(d.actions, min(2, len(d.actions))):
                words = action.split()
                for i in range(1, len(words)):
                    for thing in rnd.sample(things, 3):
                        wrong = " ".join(words[:i] + [thing] + words[i + 1:])
                        if wrong in d.actions:
                            continue
                        err = refusal(s, wrong)
                        assert err.rule == "notation" or err.rule in anchors, (wrong, str(err))
                        assert "is not possible now" not in err.message, (d.kind, wrong, str(err))
            GAME.apply_in_place(s, rnd.choice(d.actions))
