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


class SeatEvents:
    """One action's events as each seat may see them (``events_json``), for an update that
    goes to every seat: an event a seat sees as it is (its ``event_view`` gives it back)
    is worded once, and that one dict serves every such seat; an event rewritten for a
    seat (a hidden card) is worded for that seat alone."""

    def __init__(self, game: Game, events: list[Event]) -> None:
        self.game = game
        self.events = events
        self._as_is: dict[int, dict[str, Any]] = {}  # by the event's place in ``events``

    def __call__(self, seat: int | None) -> list[dict[str, Any]]:
        out = []
        for number, event in enumerate(self.events):
            seen = self.game.event_view(event, seat)
            if seen is event:
                worded = self._as_is.get(number)
                if worded is None:
                    worded = self._as_is[number] = {**event, "text": self.game.describe(event)}
                out.append(worded)
            else:
                out.append({**seen, "text": self.game.describe(seen)})
        return out

