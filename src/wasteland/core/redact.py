"""An action's text as a seat may read it, by the same rule as its events.

An action's notation can name what its events hide: a survivor who shuffles an agenda
card back into the deck plays ``return a02``, and the game's ``event_view`` takes the card
out of the event for everybody else. Whatever an event view removes or rewrites is
hidden from that seat, so the action's text hides it too: each word of the notation that
is such a value reads :data:`HIDDEN`. Nothing here names a game; the game's event view
decides, and a game with no hidden events shows every action as it was played.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from .protocol import Event

#: what a seat reads in place of a word of an action that names something hidden from it
HIDDEN = "?"

# a word of a notation: what lies between spaces and the separators notations use
_WORD = re.compile(r"[^\s,;:()\[\]{}=]+")


def hidden_values(events: Iterable[Event], seen: Iterable[Event]) -> set[str]:
    """The texts that ``events`` show and their views ``seen`` (pairwise) do not."""
    out: set[str] = set()
    for event, view in zip(events, seen):
        if view is event or view == event:
            continue
        for key, value in event.items():
            if key not in view or view[key] != value:
                out.update(_texts(value))
    return out


def redact_action(action: str, hidden: set[str]) -> str:
    """``action`` with every word that is one of ``hidden`` replaced by :data:`HIDDEN`."""
    if not hidden:
        return action
    return _WORD.sub(lambda m: HIDDEN if m.group(0) in hidden else m.group(0), action)


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [t for v in value for t in _texts(v)]
    return []  # a number or a flag names no card; hiding every "2" of a notation would hide its hexes
