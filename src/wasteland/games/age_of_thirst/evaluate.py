"""A heuristic value of a position for each seat, in [0, 1], for search bots.

A finished game scores 1 per winner. Otherwise the value grows with the Eye track
(the way to win, LO-13), presence on and near the Last Oasis, troops, water income
(sources held) and levels; it stays below 0.5 so that a real win outweighs any position.
"""

from __future__ import annotations

import math

from wasteland.core import hexgrid

from .state import State


def evaluate(s: State) -> list[float]:
    n = s.rules.players
    if s.over:
        return [1.0 if q in s.winners else 0.0 for q in range(n)]
    b = s.board
    goal = 1 if (s.rules.team_game or s.rules.mode == "blitz") else 3
    score = [0.0] * n
    for h, (owner, kind) in s.pieces.items():
        if kind == "hedge":
            score[owner] += 0.05
            continue
        d = hexgrid.distance(b.coords[h], (0, 0))
        score[owner] += 0.4 + 0.15 * max(0, 4 - d)
        if h == b.centre:
            score[owner] += 1.5
        if h in b.sources:
            score[owner] += 0.3
        if h in b.bunkers or h in b.ray_towers:
            score[owner] += 0.2
    out = []
    for q in range(n):
        x = score[q] + 0.1 * s.water[q] + 0.3 * s.pumps[q] + 0.2 * (sum(s.levels[q]) - 4) + 0.1 * len(s.hands[q])
        x += 4.0 * s.eye[q] / goal
        out.append(0.45 * (1.0 - math.exp(-x / 8.0)))
    return out
