"""Events and actions as one seat may see them, with their words: which events name a
hidden card is the game's to say (``game.event_view``), the same rule the terminal uses;
an action's text hides what its events hide (``game.action_view``)."""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import Event, Game, NotationError
from wasteland.core.registry import spec_of


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


def action_fields(game: Game, text: str | None) -> dict[str, Any] | None:
    """The parsed fields of an action's text as sent (``GameSpec.action_fields``), for the
    browser to read instead of the text; None for no action, a game without a notation, or
    a text that hides a part (``action_view``) and so reads as no action."""
    if text is None:
        return None
    try:
        found = spec_of(game).action_fields([text])
    except NotationError:
        return None
    return found[0] if found else None
