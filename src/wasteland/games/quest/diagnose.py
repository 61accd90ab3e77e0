"""Why an action is illegal: one clear error naming the rule it breaks."""

from __future__ import annotations

from wasteland.core.protocol import Decision, NotationError, RuleError

from .explore import placement_problem
from .state import State


def why_illegal(s: State, d: Decision, action: object) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError(f"an action is text in the game's notation, not {action!r}")
    words = action.split()
    verb = words[0]
    top = s.stack[-1]
    if d.kind == "place" and verb == "place" and len(words) == 2:
        problem = placement_problem(s, top["card"], words[1])
        if problem:
            return RuleError("WQ-38.3", problem)
    if d.kind == "event" and verb == "roll" and len(words) == 2:
        return RuleError("WQ-40.4", f"the event die is a d12: enter a result from 1 to 12, not {words[1]!r}")
    if verb in ("move", "run", "deploy", "anchor", "rebirth_zone") and len(words) >= 2:
        zone = words[2] if verb == "deploy" and len(words) > 2 else words[1]
        if zone not in s.board.capacity:
            return RuleError(d.rule, f"there is no zone {zone!r} on the battlefield")
    if verb in ("move", "run") and "trapped" in s.heroes[d.seat]["tokens"]:
        return RuleError("WQ-40.3", "a trapped hero cannot Move (1+) or Run (3+)")
    if verb == "close" and d.kind == "close":
        return RuleError("WQ-38.3", f"the closed gate goes on a furthest position: {', '.join(a.split()[1] for a in d.actions)}")
    sample = ", ".join(d.actions[:8]) + (" ..." if len(d.actions) > 8 else "")
    return RuleError(d.rule, f"{action!r} is not possible now ({d.prompt}); possible: {sample}")
