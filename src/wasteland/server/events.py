"""Events and actions as one seat may see them, with their words: which events name a
hidden card is the game's to say (``game.event_view``), the same rule the terminal uses;
an action's text hides what its events hide (``game.action_view``)."""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import Event, Game

def event_for(game: Game, event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may see it (None: a spectator)."""
    return game.event_view(event, seat)


def events_json(game: Game, events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    out = []
    for event in events:
        seen = event_for(game, event, seat)
        out.append({**seen, "text": game.describe(seen)})
    return out


def action_for(game: Game, action: str, events: list[Event], seat: int | None) -> str:
    """The text of ``action`` as ``seat`` may read it, given the events it produced."""
    return game.action_view(action, events, seat)
