"""Why an action is not legal now: one clear error naming the rule it breaks.

A verb of another decision than the waiting one names the rule that says when its own
decision comes (an enemy's step during a survivor's turn: FO-13.3), except an action of the
turn while a decision inside the round waits (a fifth agenda card to give back, an enemy to
order or step, a fight's result): that decision is settled first, and its own rule is what
forbids the action now. A verb of the waiting decision names the rule that filters its
options. Every action is read for its form first (``notation.parse``): a malformed one is
notation, the error naming the field. The survivor's turn is a stand-in of our own (turn.py)
and cites FO-13.1, the page's only words on turns.
"""

from __future__ import annotations

from typing import Callable

from wasteland.core.notation import Action, ActionTextError, Chance, Notation, W
from wasteland.core.protocol import Decision, NotationError, RuleError

from .notation import Activate, Fight, Move, Result, Return, Step, parse
from .state import State
from .turn import quest_open

VERBS = {
    "move": ("FO-13.1", "a survivor moves to an adjacent space (stand-in turn)"),
    "fight": ("FO-13.1", "a survivor fights a face-up enemy in their own space (stand-in turn)"),
    "quest": ("FO-13.5", "a quest needs a quest marker and no face-up enemy in the space"),
    "rest": ("FO-13.1", "resting needs health below the top of the track (stand-in turn)"),
    "end": ("FO-13.1", "only the survivor taking a turn can end it"),
    "activate": ("FO-13.2", "the first player picks one of the face-up enemies of the type still to act"),
    "step": ("FO-13.3", "an enemy steps onto a space on a shortest route to its target"),
    "result": ("FO-13.2", "a fight result is entered only while a fight waits on the table"),
    "resolve": ("FO-13.1", "a revealed card written into a position is resolved by the first player"),
    "return": ("FO-13.5", "only a card in the hand of a survivor holding five can go back"),
    # Not an action of the game but the word a table reaches for: an agenda card over the
    # limit is never discarded, it is shuffled back into the agenda deck (FO-13.5).
    "discard": ("FO-13.5", "agenda cards are never discarded: a survivor holding five gives one back into "
                "the agenda deck ('return CARD')"),
    "share": ("FO-13.5", "only a survivor also at the influence target shares the victory, when asked"),
    "decline": ("FO-13.5", "only a survivor also at the influence target declines to share the victory, when asked"),
}
# Decisions settled at once, before the turn (or the round end) goes on: why each comes first.
AT_ONCE = {
    "order": "the first player orders the enemies of the activating type first",
    "step": "the enemy's step is chosen first",
    "fight": "the fight's result is entered first",
    "return": "a survivor holding five agenda cards gives one back first",
    "reveal": "the revealed agenda card is resolved first",
    "share": "each survivor also at the influence target says first whether to share the victory",
}
# The verbs each decision kind offers (engine.py OPTIONS and turn.py).
KIND_VERBS = {
    "turn": frozenset({"move", "fight", "quest", "rest", "end"}), "order": frozenset({"activate"}),
    "step": frozenset({"step"}), "fight": frozenset({"result"}), "return": frozenset({"return"}),
    "reveal": frozenset({"resolve"}), "share": frozenset({"share", "decline"}),
}


def why_illegal(s: State, d: Decision, action: object) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError(f"an action is text such as {d.actions[0]!r}, not {action!r}")
    try:
        a = read(action)
    except ActionTextError as exc:  # not an action's form: the error names the word at fault
        return exc
    if isinstance(a, Chance):
        return RuleError(d.rule, f"{action!r}: nothing is drawn or rolled now; the {d.kind} decision of survivor "
                         f"{d.seat + 1} waits ({_sample(d)})")
    rule, what = VERBS[a.VERB]
    if a.VERB not in KIND_VERBS[d.kind]:
        if d.kind in AT_ONCE and a.VERB in KIND_VERBS["turn"]:
            return RuleError(d.rule, f"{action!r} waits: {AT_ONCE[d.kind]}; the {d.kind} decision of survivor "
                             f"{d.seat + 1} ({_sample(d)})")
        return RuleError(rule, f"{action!r}: {what}; now the {d.kind} decision of survivor {d.seat + 1} waits "
                         f"[{d.rule}] ({_sample(d)})")
    why = _WHY.get(a.VERB, _none)(s, d, a)
    if why is not None:
        return why
    return RuleError(rule, f"{action!r} is not legal now ({what}); legal: {_sample(d, a.VERB)}")


class Discard(Action, frozen=True):
    """``discard CARD``: not an action of the game but the word a table reaches for (FO-13.5
    says the card goes back, never to a discard pile): read for its form like the game's own."""

    VERB = "discard"
    WORDS = (W("card"),)
    card: str


_MISTAKES = Notation([Discard])


def read(action: str) -> Action:
    """The action ``action`` writes, or a verb the table reaches for that the game has not
    (``discard``); an :class:`ActionTextError` naming the field for anything else."""
    try:
        return parse(action)
    except ActionTextError as exc:
        if exc.field == "verb" and exc.word in _MISTAKES.types:
            return _MISTAKES.parse(action)
        raise


def _sample(d: Decision, verb: str = "") -> str:
    legal = [a for a in d.actions if parse(a).VERB == verb] or list(d.actions)
    return ", ".join(legal[:6]) + (" ..." if len(legal) > 6 else "")


def _none(s: State, d: Decision, a: Action) -> None:
    return None


def _why_move(s: State, d: Decision, a: Move) -> RuleError | None:
    if a.space not in s.board.graph:
        return NotationError(f"{a.space!r} is not a space of the map")
    return RuleError("FO-13.1", f"{a.space} is not adjacent to {s.space[d.seat]} (stand-in turn: one space a move)")


def _why_fight(s: State, d: Decision, a: Fight) -> RuleError | None:
    enemy = s.enemies.get(a.enemy)
    if enemy is None:
        return NotationError(f"{a.enemy!r} is not an enemy on the map")
    _kind, space, up = enemy
    if not up:
        return RuleError("FO-13.2", f"{a.enemy} is face down: inactive until its type has activated")
    if space != s.space[d.seat]:
        return RuleError("FO-13.1", f"{a.enemy} is not in your space (stand-in turn: fights are in one's own space)")
    return None


def _why_quest(s: State, d: Decision, a: Action) -> RuleError | None:
    here = s.space[d.seat]
    if here not in s.markers:
        return RuleError("FO-13.5", f"there is no quest marker in {here}")
    if not quest_open(s, d.seat):
        return RuleError("FO-13.5", f"a face-up enemy in {here} stops the quest")
    return None


def _why_rest(s: State, d: Decision, a: Action) -> RuleError | None:
    return RuleError("FO-13.1", "your health is already at the top of the track (stand-in turn)")


def _why_activate(s: State, d: Decision, a: Activate) -> RuleError | None:
    enemy = s.enemies.get(a.enemy)
    if enemy is None:
        return NotationError(f"{a.enemy!r} is not an enemy on the map")
    f = s.stack[-1]
    if not enemy[2]:
        return RuleError("FO-13.2", f"{a.enemy} is face down: it is flipped after the active enemies of its "
                         "type have acted, and does not act this time")
    if a.enemy not in f.get("pending", ()):
        return RuleError("FO-13.2", f"{a.enemy} is not an enemy of the activating type still to act "
                         f"({_sample(d)})")
    return None


def _why_step(s: State, d: Decision, a: Step) -> RuleError | None:
    f = s.stack[-1]
    if a.enemy != f["enemy"]:
        return RuleError("FO-13.3", f"the enemy moving now is {f['enemy']}, not {a.enemy}")
    if a.space not in s.board.graph:
        return NotationError(f"{a.space!r} is not a space of the map")
    return RuleError("FO-13.3", f"{a.space} is not on a shortest route toward the target: "
                     f"one of {', '.join(f['steps'])}")


def _why_result(s: State, d: Decision, a: Result) -> RuleError | None:
    track = s.content.turn.track
    return RuleError("FO-13.2", f"health and radiation are marks of the track, 0 to {track}")


def _why_return(s: State, d: Decision, a: Return) -> RuleError | None:
    return RuleError("FO-13.5", f"{a.card} is not one of your agenda cards: one of the five you hold goes back")


_WHY: dict[str, Callable[..., RuleError | None]] = {
    "move": _why_move, "fight": _why_fight, "quest": _why_quest, "rest": _why_rest,
    "activate": _why_activate, "step": _why_step, "result": _why_result, "return": _why_return,
}
