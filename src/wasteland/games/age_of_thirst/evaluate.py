"""A heuristic value of a position for each seat, in [0, 1], for search bots.

A finished game scores 1 per winner. Otherwise the value grows with the Eye track
(the way to win, LO-13), presence on and near the Last Oasis, troops, water income
(sources held), levels and ray-tower cards in hand; it stays below 0.5 so that a real win
outweighs any position.

Every hex nearer the centre is worth a little, from the edge in (not only the last few
rings): a troop that stays on its base keeps its clan's landing hexes blocked and buys
nothing (LO-7.4). A damage card in hand is worth more than a troop on its base, so it is
kept for a troop that threatens the centre rather than spent on the first one in sight.
A level is worth more the more tokens of its kind are on the board (LO-5: it lifts them
all at once), so upgrades compete with buying.
"""

from __future__ import annotations

import math

from wasteland.core import hexgrid

from .content import KINDS
from .state import State

HELD_DAMAGE = 0.55  # a psychic strike in hand (LO-11): more than a troop 4 or more hexes out


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
        score[owner] += 0.4 + 0.04 * max(0, 6 - d) + 0.15 * max(0, 4 - d)
        if h == b.centre:
            score[owner] += 1.5
        if h in b.sources:
            score[owner] += 0.3
        if h in b.bunkers or h in b.ray_towers:
            score[owner] += 0.2
    # A level is worth more the more tokens of the kind it lifts (LO-5: all of them at once).
    counts = [[0] * len(KINDS) for _ in range(n)]
    for owner, kind in s.pieces.values():
        counts[owner][KINDS.index(kind)] += 1
    levels = [sum((lv - 1) * (0.1 + 0.1 * c) for lv, c in zip(s.levels[q], counts[q])) for q in range(n)]
    towers = s.static.content.towers
    out = []
    for q in range(n):
        hand = sum(HELD_DAMAGE + 0.05 * towers[c].damage if towers[c].damage else 0.1 for c in s.hands[q])
        x = score[q] + 0.1 * s.water[q] + 0.3 * s.pumps[q] + levels[q] + hand
        x += 4.0 * s.eye[q] / goal
        out.append(0.45 * (1.0 - math.exp(-x / 8.0)))
    return out
