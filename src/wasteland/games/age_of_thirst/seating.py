"""Which team each seat plays in (LO-13.4, LO-13.5), for the lobby and every page that lists
the seats: a team game's line-up is in its config, and each seat's colour with it (a team
game deals no colours blind, so the config already says who sits with whom)."""

from __future__ import annotations

from typing import Any

from .config import rules_from_config


def seat_teams(config: dict[str, Any], state: Any = None) -> list[int | None] | None:
    """The team (0, 1, ...) of each seat in a team game; None outside one."""
    rules = state.rules if state is not None else rules_from_config(config)
    if not rules.team_game:
        return None
    if state is not None:
        return [rules.team_of(c) for c in state.colour]
    if rules.draw:  # colours dealt at set-up (refused in team games today): known once dealt
        return [None] * rules.players
    return [rules.team_of(c) for c in rules.colours]
