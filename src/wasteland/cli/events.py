"""Events in words for the terminal: the game's own wording in the renderer's language
(``renderer.event_text``, ``game.describe`` in English), styled by its renderer, and hidden
cards kept from the people at the keyboard."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from wasteland.core.protocol import Event, Game
from wasteland.core.spec import TerminalRenderer


def public_event(game: Game, event: Event, viewers: set[int] | None) -> Event:
    """The event as the people at the keyboard may see it (None: everything, as in a
    replay of a finished game); which events hide a card is the game's rule."""
    if viewers is None:
        return event
    seat = event.get("seat")
    return game.event_view(event, seat if seat in viewers else None)


def event_lines(game: Game, renderer: TerminalRenderer, events: list[Event], viewers: set[int] | None) -> list[Any]:
    """The events in words, one renderable each; the event that starts a turn is a rule."""
    out: list[Any] = []
    for e in events:
        kind = e.get("type")
        text = renderer.event_text(game, public_event(game, e, viewers))
        if kind == renderer.turn_event:
            out.append(Rule(Text(text), style="cyan"))
            continue
        out.append(Text("  " + text, style=renderer.event_style(kind)))
    return out


def print_events(console: Console, game: Game, renderer: TerminalRenderer, events: list[Event], viewers: set[int] | None) -> None:
    for line in event_lines(game, renderer, events, viewers):
        console.print(line)
