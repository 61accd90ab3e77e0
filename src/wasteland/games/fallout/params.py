"""The Fallout demo's tunable numbers (``wasteland.core.params``): the influence a
survivor needs to win, by the number of players (FO-13.5).

A tuned set is part of a game's config: ``config.Rules`` carries it and answers
``Rules.target`` from it, so the set holds for that game alone and ``config.TARGETS``
stays the rulebook's.
"""

from __future__ import annotations

from wasteland.core.params import GameParams, Param

from .config import TARGETS

PARAMS_LIST = tuple(
    Param(f"target_{n}p", f"influence a survivor needs to win with {n} player{'' if n == 1 else 's'}", TARGETS[n], 4, 16, "FO-13.5")
    for n in sorted(TARGETS)
)

PARAMS = GameParams(PARAMS_LIST)
