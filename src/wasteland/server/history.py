"""The game's log as one seat may see it: every step from the set-up on, each with the
events it produced, worded and redacted exactly as the live updates are (``events_json``
and ``action_for``: the game's ``event_view`` and ``action_view`` for that seat). A player back after a reload, a spectator and a
late joiner read the same history the players who watched it live read."""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import Game

from .events import action_fields, action_for, events_json

#: the longest log served in one answer (its last steps; a game is far shorter)
MAX_STEPS = 5000


def game_log(game: Game, config: dict[str, Any], seed: int, actions: list[str], seats: list[int],
             sources: list[str], viewer: int | None) -> list[dict[str, Any]]:
    """Step 0 (the set-up's events, no action), then one entry per action: ``index`` (the
    state before it), ``action``, ``action_seat``, ``source`` and ``events``."""
    state, events = game.new_game_with_events(config, seed)
    first = max(0, len(actions) - MAX_STEPS)
    out: list[dict[str, Any]] = []
    if first == 0:
        out.append({"index": None, "action": None, "action_seat": None, "source": None,
                    "events": events_json(game, events, viewer)})
    for number, action in enumerate(actions):
        events = game.apply_in_place(state, action)
        if number < first:
            continue
        shown = action_for(game, action, events, viewer)
        out.append({"index": number, "action": shown, "action_fields": action_fields(game, shown),
                    "action_seat": seats[number], "source": sources[number], "events": events_json(game, events, viewer)})
    return out
