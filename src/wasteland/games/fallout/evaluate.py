"""A heuristic value of a position for each seat, in [0, 1], for search bots.

A finished game scores 1 per winner. Otherwise the value is the share of the influence
target a survivor holds (FO-13.5), a little for cards whose requirement is close, for
health above radiation and for standing near an open quest; it stays below 0.5 so that
a real win outweighs any position.
"""

from __future__ import annotations

from .influence import influence
from .state import State


def evaluate(s: State) -> list[float]:
    n = s.rules.players
    if s.over:
        return [1.0 if q in s.winners else 0.0 for q in range(n)]
    target = s.rules.target
    g = s.board.graph
    track = s.content.turn.track
    out = []
    for q in range(n):
        x = min(1.0, influence(s, q) / target)
        x += 0.02 * len(s.hands[q])
        gap = s.health[q] - s.radiation[q]
        x += 0.05 * gap / track
        if s.markers:
            d = min(g.distance(s.space[q], m) for m in s.markers)
            x += 0.04 / (1 + d)
        out.append(0.45 * min(1.0, x))
    return out
