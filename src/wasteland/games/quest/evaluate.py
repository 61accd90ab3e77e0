"""A heuristic value of a position, the same for every seat (the heroes win or lose
together), in [0, 1]; a finished quest scores its result.

It grows with the tiles laid (the way to the quest symbol), nearness to the quest
symbol's zone once it is on the battlefield, the heroes' wounds left and the time left
before night; it stays below 0.9 so that success outweighs any position.
"""

from __future__ import annotations

from .deploy import hero_distance
from .state import State


def evaluate(s: State) -> list[float]:
    n = s.players
    if s.over:
        return [1.0 if s.winners else 0.0] * n
    q = s.quest
    tiles = (len(s.placements) - 1) / max(1, len(q.deck))
    goal = 0.0
    if s.quest_zone:
        d = hero_distance(s, s.quest_zone)
        goal = 1.0 / (1 + d)
    else:
        gate = s.closed_gate_zone()
        if gate is not None:
            goal = 0.3 / (1 + hero_distance(s, gate))
    alive = [h for h in s.heroes if h["zone"] is not None]
    health = sum(h["wounds"] / s.content.heroes[i].vitality for i, h in enumerate(s.heroes)) / n
    night = min(q.night_zones)
    time_left = max(0, night - s.dusk) / night
    value = 0.25 * tiles + 0.3 * goal + 0.2 * health + 0.1 * time_left + 0.05 * len(alive) / n
    return [min(0.89, value)] * n
