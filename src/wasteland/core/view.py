"""The part of a view that every game writes the same way.

Every game's view starts with the same keys, written the same way, so a front end can
read whose turn it is and whether the game is over without knowing the game:

* ``game``: the game's registered name;
* ``seat``: the viewing seat (0-based, as :class:`~wasteland.core.protocol.Decision`
  numbers seats), None for a spectator;
* ``current``: the seat whose turn it is (None once the game is over, in a game that
  has no turn order left then);
* ``over``, ``winners`` (0-based seats, as in :class:`~wasteland.core.protocol.Outcome`),
  ``end_reason``;
* ``decision``: the pending decision (:func:`decision_block`), None once the game is over.

Seats are numbers everywhere in a view; "p1" and the like are labels a front end draws.
The game adds its own keys after these.
"""

from __future__ import annotations

from typing import Any, Iterable

from .protocol import Decision


def decision_block(decision: Decision | None, seat: int | None) -> dict[str, Any] | None:
    """The pending decision as ``seat`` sees it: who must choose, what and by which rule;
    the legal actions only for the seat that decides (another seat's options can reveal
    its hidden cards)."""
    if decision is None:
        return None
    return {"seat": decision.seat, "kind": decision.kind, "prompt": decision.prompt, "rule": decision.rule,
            "actions": list(decision.actions) if seat == decision.seat else []}


def view_head(game: str, seat: int | None, current: int | None, over: bool, winners: Iterable[int], end_reason: str | None,
              decision: Decision | None) -> dict[str, Any]:
    """The keys every game's view starts with (see the module docstring)."""
    return {"game": game, "seat": seat, "current": current, "over": over, "winners": list(winners),
            "end_reason": end_reason, "decision": decision_block(decision, seat)}
