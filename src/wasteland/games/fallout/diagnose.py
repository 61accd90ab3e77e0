"""Why an action is not legal now: one clear error naming the rule it breaks."""

from __future__ import annotations

from wasteland.core.protocol import Decision, NotationError, RuleError

from .state import State

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
}


def why_illegal(s: State, d: Decision, action: object) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError(f"an action is text such as {d.actions[0]!r}, not {action!r}")
    verb = action.split(" ")[0]
    if verb not in VERBS:
        return NotationError(f"unknown verb {verb!r}; the verbs are {', '.join(VERBS)}")
    rule, what = VERBS[verb]
    legal = [a for a in d.actions if a.split(" ")[0] == verb]
    if legal:
        shown = ", ".join(legal[:6]) + (" ..." if len(legal) > 6 else "")
        return RuleError(rule, f"{action!r} is not legal now ({what}); legal: {shown}")
    return RuleError(d.rule, f"{action!r} is not legal now: this is a {d.kind} decision of seat {d.seat + 1} "
                     f"({what})")
