"""Events as one seat may see them, with their words.

A Saltlands event can name a card drawn from a hidden deck into a hand; only that card's
owner may read its name, everybody else reads "a card" (the same rule as the terminal
front end's). Age of Thirst's events name no hidden card (a ray-tower draw is a count).
A game may offer ``event_view(event, seat)`` to decide this itself, which then wins.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import Event, Game

#: gain events whose card comes from a hidden deck (SL: draws, loot, respawn cards).
HIDDEN_GAINS = ("draw", "loot", "loot token", "respawn", "reconstruction")


def event_for(game: Game, event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may see it (None: a spectator)."""
    custom = getattr(game, "event_view", None)
    if custom is not None:
        return custom(event, seat)
    if (game.name == "saltlands" and event.get("type") == "gain" and event.get("seat") != seat
            and event.get("how") in HIDDEN_GAINS):
        return {**event, "card": "a card"}
    return event


def events_json(game: Game, events: list[Event], seat: int | None) -> list[dict[str, Any]]:
    out = []
    for event in events:
        seen = event_for(game, event, seat)
        out.append({**seen, "text": game.describe(seen)})
    return out
