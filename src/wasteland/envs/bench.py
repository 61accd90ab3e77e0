"""PettingZoo's ``performance_benchmark`` figure for a game (``wasteland bench`` prints it
beside the raw engine's random-play figure and the ratio of the two)."""

from __future__ import annotations

import contextlib
import io
import re

from .base import env_games


def pettingzoo_rate(game: str, players: int) -> float | None:
    """Steps per second of PettingZoo's own benchmark (random masked actions for about five
    seconds, every step observed), or None if the game has no environment."""
    if game not in env_games():
        return None
    from pettingzoo.test import performance_benchmark

    from .pettingzoo import env

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        performance_benchmark(env(game, players=players))
    found = re.search(r"([0-9.]+) turns per second", out.getvalue())
    return float(found.group(1)) if found else None
