"""Every decision kind of Age of Thirst, with options its rules forbid: each refusal names
the rule that forbids that option (not the waiting decision's rule when a narrower one
applies, never a generic one) and changes nothing.

``POSITIONS`` reaches each decision kind; ``CASES`` lists, per kind, wrong answers to it and
the anchor each must name; ``HOME`` says, for every verb, which rule says when its decision
comes: a verb given while another decision waits names that rule.
"""

from __future__ import annotations

import random
from typing import Callable

import pytest

from wasteland.core.protocol import NotationError, RuleError
from wasteland.games.age_of_thirst.engine import DECISION_INFO
from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.state import State

from aottest import play, position, seat

# Red's base is the wedge at q = 4..6 (landing hexes 6,-5 to 6,-1, nearest the centre 4,-2);
# ray towers lie on ring 2 (2,-2 ...), bunkers on ring 4 (4,-4 ...), the Last Oasis at 0,0.


def first() -> State:
    return GAME.new_game({"players": 2}, 1)


def place() -> State:
    s = first()
    play(s, "first red")
    return s


def place_no_brainiacs_left() -> State:
    s = place()
    play(s, "place smart 6,-5", "place smart 6,-4")
    return s


def tactical() -> State:
    """Red's tactical phase: Skinnies at 0,-2 and 1,-1, a Brainiac at 2,-1, a Handsome at
    -2,1 with a red hedge at -1,1 on its line east, blue Skinnies at 0,-1 and 3,3."""
    return position({"0,-2": ("red", "skinny"), "1,-1": ("red", "skinny"), "2,-1": ("red", "smart"),
                     "-2,1": ("red", "handsome"), "-1,1": ("red", "hedge"), "0,1": ("blue", "skinny"),
                     "0,-1": ("blue", "skinny"), "3,3": ("blue", "skinny")}, turn="red")


def tactical_acting() -> State:
    s = tactical()
    play(s, "move 1,-1 1,0")
    return s


def tactical_paralysed() -> State:
    s = tactical()
    s.statuses[seat(s, "red")] = ["paralysis"]
    s.hands[seat(s, "red")] = ["strike", "paralysis"]
    s.touch()
    return s


def tactical_barred() -> State:
    s = position({"1,-1": ("black", "skinny"), "3,3": ("white", "skinny")},
                 players=4, config={"teams": "2x2"}, turn="black")
    s.barred[seat(s, "black")] = True  # knocked off the centre after circle 1
    s.touch()
    return s


def economic(water: int = 40) -> State:
    return position({"0,-2": ("red", "skinny"), "3,3": ("blue", "skinny"), "6,-5": ("blue", "skinny")},
                    turn="red", phase="economic", water={"red": water})


def economic_poor() -> State:
    s = economic(water=1)
    s.bunker_discard = ["regen1"]
    s.touch()
    return s


def economic_market_used() -> State:
    s = economic()
    s.bunker_discard = ["regen1", "neuro1"]
    s.touch()
    play(s, "market regen1 skinny")
    return s


def economic_top_level() -> State:
    s = economic()
    s.levels[seat(s, "red")][0] = 3
    s.bunker_discard = ["neuro1"]
    s.touch()
    return s


def inject() -> State:
    s = position({"0,-4": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.bunker_deck = ["regen1"] * 3
    s.touch()
    play(s, "end phase")
    return s


def hand() -> State:
    s = position({"0,-2": ("red", "skinny"), "3,3": ("blue", "skinny")}, turn="red")
    s.hands[seat(s, "red")] = ["blast", "strike", "strike", "strike", "strike"]
    s.tower_deck = ["madness"] * 3
    s.touch()
    play(s, "end phase")
    return s


def bonus() -> State:
    s = position({"0,0": ("red", "skinny"), "3,3": ("blue", "skinny")}, config={"mode": "long"}, turn="red",
                 phase="economic", water={"red": 20})
    s.eye[seat(s, "red")] = 1
    s.bunker_discard = ["regen1", "neuro1", "neuro1"]
    s.touch()
    play(s, "market regen1 skinny")
    return s


POSITIONS: dict[str, Callable[[], State]] = {
    "first": first, "place": place, "tactical": tactical, "economic": economic, "inject": inject,
    "hand": hand, "bonus": bonus,
}

CASES: dict[str, list[tuple[Callable[[], State], str, str]]] = {
    "first": [
        (first, "first yellow", "LO-4.5"),  # not in play
    ],
    "place": [
        (place, "place hedge 6,-5", "LO-4.3"),  # no hedges at the start
        (place, "place skinny 0,0", "LO-4.3"),  # off the base
        (place_no_brainiacs_left, "place skinny 6,-5", "LO-4.3"),  # taken
        (place_no_brainiacs_left, "place smart 6,-3", "LO-4.3"),  # both Brainiacs placed
    ],
    "tactical": [
        (tactical, "move 0,-2 0,-1", "LO-8.1"),  # occupied
        (tactical, "move 0,-2 0,-6", "LO-8.1"),  # out of range
        (tactical, "move 0,-1 0,-3", "LO-7.1"),  # blue's troop
        (tactical, "move -1,1 -1,2", "LO-6.4"),  # a hedge never moves
        (tactical, "flip -1,1", "LO-6.4"),
        (tactical_acting, "move 1,0 2,0", "LO-7.1"),  # one move per activation
        (tactical_acting, "move 0,-2 0,-3", "LO-7.1"),  # one troop at a time
        (tactical_acting, "end phase", "LO-7.1"),
        (tactical, "attack 0,-2 3,3", "LO-6.1"),  # melee only
        (tactical, "attack 2,-1 1,-1", "LO-6.3"),  # Brainiacs never hit adjacent tokens
        (tactical, "attack 2,-1 -1,1", "LO-6.3"),  # nor hedges
        (tactical, "attack -2,1 0,1", "LO-6.2"),  # the red hedge stands in the line
        (tactical, "attack -2,1 3,3", "LO-6.2"),  # not a straight hex line
        (tactical, "attack 0,-2 1,-2", "LO-8.2"),  # nothing there
        (tactical_paralysed, "move 0,-2 0,-3", "LO-11"),
        (tactical_paralysed, "play paralysis red", "LO-11"),  # on an opponent only
        (tactical_paralysed, "play strike -1,1", "LO-11"),  # never a hedge
        (tactical_paralysed, "play strike red", "LO-11"),  # a damage card names a hex
        (tactical, "play strike 3,3", "LO-11"),  # not in hand
        (tactical_barred, "move 1,-1 0,0", "LO-13.4"),
        (tactical, "end turn", "LO-7"),  # the economic phase comes first
    ],
    "economic": [
        (economic, "buy skinny 0,0", "LO-7.4"),  # not a landing hex
        (economic, "buy skinny 6,-5", "LO-7.4"),  # occupied
        (economic_poor, "buy handsome 6,-4", "LO-7.4"),  # too poor
        (economic, "buy hedge 6,-4", "LO-6.4"),  # hedges grow, they are not bought
        (economic, "grow 0,-4", "LO-6.4"),  # a bunker hex
        (economic, "grow -3,3", "LO-6.4"),  # next to no red troop
        (economic_top_level, "upgrade skinny", "LO-5"),
        (economic_poor, "upgrade handsome", "LO-5"),
        (economic, "market regen1 skinny", "LO-10.2"),  # the discard pile is empty
        (economic_poor, "market regen1 skinny", "LO-10.2"),  # 10 gal
        (economic_market_used, "market neuro1 skinny", "LO-10.2"),  # once a turn
        (economic_top_level, "market neuro1 hedge", "LO-10.1"),  # never on hedges
        (economic_top_level, "market anabolic smart", "LO-10.2"),  # not in the discard pile
        (economic, "end phase", "LO-7.4"),
    ],
    "inject": [
        (inject, "inject regen1 hedge", "LO-10.1"),
        (inject, "inject anabolic skinny", "LO-10.1"),
    ],
    "hand": [
        (hand, "discard collapse", "LO-11"),
        (hand, "play collapse 3,3", "LO-11"),
    ],
    "bonus": [
        (bonus, "take regen1 skinny", "LO-10.2"),  # bought already: no longer in the pile
        (bonus, "take neuro1 hedge", "LO-10.1"),
    ],
}

HOME = {
    "first": "LO-4.5", "place": "LO-4.3", "move": "LO-7.1", "attack": "LO-7.1", "flip": "LO-7.1",
    "buy": "LO-7.4", "upgrade": "LO-7.4", "grow": "LO-7.4", "market": "LO-10.2", "inject": "LO-10.1",
    "take": "LO-10.2", "discard": "LO-11", "play": "LO-11", "end": "LO-7",
}
SAMPLE = {
    "first": "first red", "place": "place skinny 6,-5", "move": "move 0,-2 0,-3", "attack": "attack 0,-2 0,-1",
    "flip": "flip 0,-2", "buy": "buy skinny 6,-4", "upgrade": "upgrade skinny", "grow": "grow 1,-2",
    "market": "market regen1 skinny", "inject": "inject regen1 skinny", "take": "take regen1 skinny",
    "discard": "discard strike", "play": "play strike 3,3", "end": "end phase",
}
# Decisions settled at once inside a turn: an action of the phases (a ray-tower card too:
# bunker cards are used at once, ruling in engine.py) waits for them, by their own rule.
AT_ONCE = {"inject": "LO-10.1", "bonus": "LO-10.2", "hand": "LO-11"}
TURN_VERBS = {"move", "attack", "flip", "end", "play", "buy", "upgrade", "grow", "market"}


def refusal(s: State, action: str) -> RuleError:
    d = GAME.decision(s)
    assert action not in d.actions, f"{action!r} is legal here"
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, action)
    assert GAME.to_json(s) == before, "a refusal changes nothing"
    return err.value


def test_every_decision_kind_has_a_position_and_refusal_cases():
    """A new decision kind fails here until it has a position and cases of its own."""
    kinds = set(DECISION_INFO)
    assert set(POSITIONS) == kinds == set(CASES), kinds ^ set(POSITIONS)
    for kind, make in POSITIONS.items():
        assert GAME.decision(make()).kind == kind, kind
    for kind, cases in CASES.items():
        assert cases, f"no refusal case for the {kind} decision"


_ALL = [(kind, case) for kind, cases in CASES.items() for case in cases]


@pytest.mark.parametrize("kind,case", _ALL, ids=[f"{k}:{c[1]}:{c[2]}" for k, c in _ALL])
def test_a_forbidden_option_names_the_rule_that_forbids_it(kind, case):
    make, action, rule = case
    s = make()
    d = GAME.decision(s)
    assert d.kind == kind
    err = refusal(s, action)
    assert err.rule == rule, (action, str(err))
    assert "is not one of the options" not in err.message, "a generic answer"
    assert "seat 0" not in err.message and "seat 1" not in err.message


@pytest.mark.parametrize("kind", sorted(POSITIONS))
def test_a_verb_of_another_decision_names_the_rule_of_its_own_decision(kind):
    s = POSITIONS[kind]()
    d = GAME.decision(s)
    from wasteland.games.age_of_thirst.diagnose import KIND_VERBS

    tried = 0
    for verb, action in SAMPLE.items():
        if verb in KIND_VERBS[d.kind]:
            continue
        err = refusal(s, action)
        # A decision settled at once inside a turn (a bunker card to lay, a ray-tower hand
        # over its limit) forbids every action of the phases by its own rule.
        expected = AT_ONCE[kind] if kind in AT_ONCE and verb in TURN_VERBS else HOME[verb]
        assert err.rule == expected, (kind, action, str(err))
        tried += 1
    assert tried >= 8


def test_every_verb_the_engine_offers_is_explained():
    """Over random games, every verb the engine offers is one the explainer knows for that
    decision kind, and a malformed action of it is never an unknown verb."""
    from wasteland.games.age_of_thirst.diagnose import KIND_VERBS

    rnd = random.Random(3)
    seen: dict[str, set[str]] = {}
    for seed, config in enumerate([{"players": 2}, {"players": 3}, {"players": 4, "teams": "2x2"},
                                   {"players": 2, "mode": "long"}]):
        s = GAME.new_game(config, seed)
        steps = 0
        while (d := GAME.decision(s)) is not None and steps < 400:
            steps += 1
            for verb in {a.split()[0] for a in d.actions} - seen.setdefault(d.kind, set()):
                seen[d.kind].add(verb)
                assert verb in KIND_VERBS[d.kind], (d.kind, verb)
                err = refusal(s, f"{verb} ???")
                assert "unknown verb" not in err.message, (d.kind, verb, str(err))
            GAME.apply_in_place(s, rnd.choice(d.actions))
    assert {"first", "place", "tactical", "economic"} <= set(seen)


def test_buying_or_acting_while_a_card_waits_names_the_waiting_rule():
    """A ray-tower hand over its limit (LO-11) and a bunker card to lay (LO-10.1) are settled
    before the turn goes on: buying, moving or ending the phase then is refused by their
    rule, not by the phase's LO-7.4 / LO-7 with LO-11 or LO-10.1 only in the message."""
    for make, rule in ((hand, "LO-11"), (inject, "LO-10.1"), (bonus, "LO-10.2")):
        for action in ("buy skinny 6,-4", "move 0,-2 0,-3", "end phase", "grow 1,-2", "chance strike"):
            err = refusal(make(), action)
            assert err.rule == rule and not isinstance(err, NotationError), (action, str(err))
    # Read for its form before its place: a malformed action is notation wherever it comes.
    for action in ("buy skinny", "move 0,-2", "end", "grow 9,9"):
        assert isinstance(refusal(hand(), action), NotationError), action


def test_verbs_of_other_decisions_over_random_positions():
    """Over random games, at every few decisions, a well-formed action of another decision
    (one the same games offered elsewhere) is refused by the rule that forbids it there:
    the waiting decision's own when it is settled at once, else the rule of the verb's
    decision; never as notation."""
    from wasteland.games.age_of_thirst.diagnose import KIND_VERBS

    rnd = random.Random(5)
    legal: dict[str, str] = {}
    tried: dict[str, int] = {}
    for seed, config in enumerate([{"players": 2}, {"players": 3, "mode": "long"}, {"players": 4, "teams": "2x2"}]):
        s = GAME.new_game(config, seed)
        for step in range(300):
            d = GAME.decision(s)
            if d is None:
                break
            for a in d.actions:
                legal.setdefault(a.split()[0], a)
            if step % 4 == 0:
                for verb, action in legal.items():
                    if verb in KIND_VERBS[d.kind] or action in d.actions:
                        continue
                    err = refusal(s, action)
                    expected = AT_ONCE[d.kind] if d.kind in AT_ONCE and verb in TURN_VERBS else HOME[verb]
                    assert err.rule == expected, (d.kind, action, str(err))
                    tried[d.kind] = tried.get(d.kind, 0) + 1
            GAME.apply_in_place(s, rnd.choice(d.actions))
    assert {"first", "place", "tactical", "economic"} <= set(tried), tried

def test_malformed_actions_are_notation_errors():
    s = tactical()
    for action in ("move 0,-2", "move skinny 0,-3", "attack 0,-2", "flip", "end", "play strike"):
        assert isinstance(refusal(s, action), NotationError), action
    s = economic()
    for action in ("buy skinny", "buy ogre 6,-4", "grow", "upgrade ogre", "market regen1"):
        assert isinstance(refusal(s, action), NotationError), action


def test_options_with_a_word_swapped_are_explained_over_random_games():
    """Over random games, a legal action with one word swapped for another thing of the game
    (a hex, a kind, a colour, a card) is refused with a rule of the game or as notation, never
    with the generic answer, and changes nothing."""
    from wasteland.core.registry import spec_of

    anchors = set(spec_of(GAME).anchors)
    rnd = random.Random(8)
    for seed, config in enumerate([{"players": 2}, {"players": 4, "teams": "2x2", "mode": "long"}]):
        s = GAME.new_game(config, seed)
        names = s.board.names
        things = [names[0], names[len(names) // 2], "skinny", "hedge", s.colour[-1], "strike", "regen1"]
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
                        assert "is not one of the options" not in err.message, (d.kind, wrong, str(err))
            GAME.apply_in_place(s, rnd.choice(d.actions))
