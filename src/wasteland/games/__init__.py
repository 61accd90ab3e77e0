"""The games shipped with wasteland; each registers itself through its ``spec`` module
(the ``wasteland.games`` entry points in ``pyproject.toml``). Front ends find games
through ``wasteland.core.registry``."""

from __future__ import annotations

from wasteland.core.registry import get_game, registered_games

__all__ = ["get_game", "registered_games"]
