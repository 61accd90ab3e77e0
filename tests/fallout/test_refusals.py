"""Every decision kind of the Fallout round end, with options its rules forbid: each refusal
names the rule that forbids the option (a verb of another decision: the rule of its own
decision, not of the waiting one) and changes nothing."""

from __future__ import annotations

import random

import pytest

from wasteland.core.protocol import NotationError, RuleError
from wasteland.games.fallout.engine import DECISION_INFO
from wasteland.games.fallout.game import GAME

from .conftest import play, position

FRESH = {"space": "vault_gate", "health": 10, "radiation": 0}


def turn():
    """Survivor 1 at the vault gate: a face-down ghoul there, a marauder at the crossroads."""
    return position([FRESH], [("marauder", "crossroads", "up"), ("ghoul", "vault_gate", "down")], turn=1)


def turn_full_health():
    s = position([{**FRESH, "space": "crossroads"}], [("ghoul", "crossroads", "up")], turn=1)
    s.health[0] = s.content.turn.track
    s.markers = ["crossroads"]
    s.touch()
    return s


def order():
    s = position([FRESH, {**FRESH, "space": "crater"}],
                 [("radroach", "drumlin_diner", "up"), ("radroach", "raider_camp", "up"), ("ghoul", "crater", "up"),
                  ("radroach", "robco_factory", "down")], icons=["radroach"], first=2)
    s, _ = play(s, "resolve")
    return s


def step():
    s = position([FRESH, {**FRESH, "space": "crater"}], [("marauder", "crossroads", "up")], icons=["marauder"],
                 first=2)
    s, _ = play(s, "resolve")
    return s


def fight():
    s = position([FRESH], [("marauder", "vault_gate", "up")], turn=1)
    s, _ = play(s, "fight marauder#1")
    return s


def ret():
    s = position([{**FRESH, "space": "super_duper_mart", "hand": ["a01", "a02", "a03", "a04"]},
                  {**FRESH}], turn=1, seed=4)
    s, _ = play(s, "quest")
    return s


def reveal():
    return position([FRESH], icons=["marauder"])


def share():
    """FO-13.5: survivor 1 reaches the target; survivor 2, also past it, may share the victory."""
    return position([{**FRESH, "quests": 4, "hand": ["a07", "a13", "a05"]},
                     {**FRESH, "hand": ["a15", "a17", "a09"]}, {**FRESH, "hand": ["a02"]}], turn=1)


POSITIONS = {"turn": turn, "order": order, "step": step, "fight": fight, "return": ret, "reveal": reveal,
             "share": share}

CASES = {
    "turn": [
        (turn, "move crater", "FO-13.1"),  # not adjacent
        (turn, "fight marauder#1", "FO-13.1"),  # not in the survivor's space
        (turn, "fight ghoul#1", "FO-13.2"),  # face down: inactive
        (turn, "quest", "FO-13.5"),  # no quest marker here
        (turn_full_health, "quest", "FO-13.5"),  # a face-up ghoul stops the quest
        (turn_full_health, "rest", "FO-13.1"),
    ],
    "order": [
        (order, "activate ghoul#1", "FO-13.2"),  # not of the activating type
        (order, "activate radroach#3", "FO-13.2"),  # face down: it does not act this time
    ],
    "step": [
        (step, "step marauder#1 robco_factory", "FO-13.3"),  # not on a shortest route
        (step, "step radroach#1 red_rocket", "FO-13.3"),  # not the enemy moving
    ],
    "fight": [
        (fight, "result 99 0 stands", "FO-13.2"),
    ],
    "return": [
        (ret, "return a09", "FO-13.5"),
    ],
    "reveal": [(reveal, "resolve now", "notation")],  # 'resolve' is its only option: only its form is wrong
    # the game is over but for the shared victory: no turn goes on, and the waiting decision's own rule says so
    "share": [(share, "end", "FO-13.5")],
}
HOME = {"move": "FO-13.1", "fight": "FO-13.1", "quest": "FO-13.5", "rest": "FO-13.1", "end": "FO-13.1",
        "activate": "FO-13.2", "step": "FO-13.3", "result": "FO-13.2", "resolve": "FO-13.1", "return": "FO-13.5",
        "discard": "FO-13.5", "share": "FO-13.5", "decline": "FO-13.5"}
SAMPLE = {"move": "move red_rocket", "fight": "fight marauder#1", "quest": "quest", "rest": "rest", "end": "end",
          "activate": "activate radroach#1", "step": "step marauder#1 red_rocket", "result": "result 5 1 stands",
          "resolve": "resolve", "return": "return a01", "discard": "discard a01",
          "share": "share", "decline": "decline"}
# The survivor's turn actions; a decision other than the turn is settled first, and its own
# rule forbids them while it waits (a fifth agenda card: FO-13.5, not the turn's FO-13.1).
TURN_VERBS = {"move", "fight", "quest", "rest", "end"}


def refusal(s, action: str) -> RuleError:
    d = GAME.decision(s)
    assert action not in d.actions, f"{action!r} is legal here"
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, action)
    assert GAME.to_json(s) == before, "a refusal changes nothing"
    return err.value


def test_every_decision_kind_has_a_position_and_refusal_cases():
    assert set(POSITIONS) == set(DECISION_INFO) == set(CASES)
    for kind, make in POSITIONS.items():
        assert GAME.decision(make()).kind == kind, kind
    for kind, cases in CASES.items():
        assert cases, f"no refusal case for the {kind} decision"


_ALL = [(kind, case) for kind, cases in CASES.items() for case in cases]


@pytest.mark.parametrize("kind,case", _ALL, ids=[f"{k}:{c[1]}" for k, c in _ALL])
def test_a_forbidden_option_names_the_rule_that_forbids_it(kind, case):
    make, action, rule = case
    s = make()
    assert GAME.decision(s).kind == kind
    err = refusal(s, action)
    assert err.rule == rule, (action, str(err))
    assert "is not legal now" not in err.message, "a generic answer"


@pytest.mark.parametrize("kind", sorted(POSITIONS))
def test_a_verb_of_another_decision_names_the_rule_of_its_own_decision(kind):
    from wasteland.games.fallout.diagnose import KIND_VERBS

    s = POSITIONS[kind]()
    d = GAME.decision(s)
    for verb, action in SAMPLE.items():
        if verb in KIND_VERBS[d.kind]:
            continue
        err = refusal(s, action)
        expected = d.rule if d.kind != "turn" and verb in TURN_VERBS else HOME[verb]
        assert err.rule == expected, (kind, action, str(err))
        assert f"{d.kind} decision" in err.message


def test_every_verb_the_engine_offers_is_explained():
    from wasteland.games.fallout.diagnose import KIND_VERBS

    rnd = random.Random(2)
    for seed, config in enumerate([{"players": 1}, {"players": 3}, {"players": 2, "fight": "table"}]):
        s = GAME.new_game(config, seed)
        for _ in range(300):
            d = GAME.decision(s)
            if d is None:
                break
            for verb in {a.split()[0] for a in d.actions}:
                assert verb in KIND_VERBS[d.kind], (d.kind, verb)
            GAME.apply_in_place(s, rnd.choice(d.actions))


def test_playing_on_or_discarding_while_a_fifth_agenda_card_must_go_back_names_FO_13_5():
    """FO-13.5: a survivor over the hand limit gives a card back into the agenda deck before
    anything else; a turn action then, or a 'discard' of the card, is refused by FO-13.5
    (it was FO-13.1, and notation)."""
    s = ret()
    assert GAME.decision(s).kind == "return"
    card = GAME.decision(s).actions[0].split()[1]
    for action in ("end", "rest", "move red_rocket", f"discard {card}"):
        err = refusal(s, action)
        assert err.rule == "FO-13.5" and not isinstance(err, NotationError), (action, str(err))
    assert isinstance(refusal(s, "discard"), NotationError)  # read for its form first
    assert isinstance(refusal(s, "move"), NotationError)


def test_a_chance_answer_when_nothing_is_drawn_names_the_waiting_decision():
    for make in POSITIONS.values():
        s = make()
        err = refusal(s, "chance a01")
        assert err.rule == GAME.decision(s).rule and not isinstance(err, NotationError), str(err)


def test_verbs_of_other_decisions_over_random_positions():
    """Over random games, at every decision, a well-formed action of another decision (one
    the same games offered elsewhere) is refused by the rule that forbids it there: the
    waiting decision's own for a turn action while a decision inside the round waits, else
    the rule of the verb's decision; never as notation."""
    from wasteland.games.fallout.diagnose import KIND_VERBS

    rnd = random.Random(6)
    legal: dict[str, str] = {}
    tried: dict[str, int] = {}
    for seed, config in enumerate([{"players": 1}, {"players": 3}, {"players": 2, "fight": "table"},
                                   {"players": 4}]):
        s = GAME.new_game(config, seed)
        for _ in range(300):
            d = GAME.decision(s)
            if d is None:
                break
            for a in d.actions:
                legal.setdefault(a.split()[0], a)
            for verb, action in legal.items():
                if verb in KIND_VERBS[d.kind] or action in d.actions:
                    continue
                err = refusal(s, action)
                expected = d.rule if d.kind != "turn" and verb in TURN_VERBS else HOME[verb]
                assert err.rule == expected, (d.kind, action, str(err))
                tried[d.kind] = tried.get(d.kind, 0) + 1
            GAME.apply_in_place(s, rnd.choice(d.actions))
    assert {"turn", "order", "step", "fight"} <= set(tried), tried

def test_malformed_actions_are_notation_errors():
    s = turn()
    for action in ("move", "move nowhere", "fight", "fight nobody#9", "quest now", "end now"):
        assert isinstance(refusal(s, action), NotationError), action
    assert isinstance(refusal(fight(), "result 5 1"), NotationError)


def test_options_with_a_word_swapped_are_explained_over_random_games():
    """A legal action with one word swapped for another thing of the game is refused with a
    rule of the game or as notation, never with the generic answer, and changes nothing."""
    from wasteland.core.registry import spec_of

    anchors = set(spec_of(GAME).anchors)
    rnd = random.Random(8)
    for seed, config in enumerate([{"players": 2}, {"players": 3, "fight": "table"}]):
        s = GAME.new_game(config, seed)
        things = sorted(s.board.graph.names)[:4] + sorted(s.enemies)[:3] + ["a01", "7", "stands"]
        for _ in range(150):
            d = GAME.decision(s)
            if d is None:
                break
            for action in rnd.sample(d.actions, min(2, len(d.actions))):
                words = action.split()
                for i in range(1, len(words)):
                    for thing in rnd.sample(things, 3):
                        wrong = " ".join(words[:i] + [thing] + words[i + 1:])
                        if wrong in d.actions:
                            continue
                        err = refusal(s, wrong)
                        assert err.rule == "notation" or err.rule in anchors, (wrong, str(err))
                        assert "is not legal now" not in err.message, (d.kind, wrong, str(err))
            GAME.apply_in_place(s, rnd.choice(d.actions))
