"""Information-set Monte-Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Works for any game on the engine protocol. Each iteration draws a determinization of
the searching seat's observation (``obs.sample``: hidden cards, decks and tiles dealt
anew consistently with its view), walks one shared tree of actions with UCB on the
actions legal in that sample (availability counts), expands one action, plays on with
random actions for a bounded depth, and scores the end with the game's ``evaluate``
(its heuristic value, or the true result when the game is over). It never reads the
true state.
"""

from __future__ import annotations

import math
import time
from typing import Any

from wasteland.agents.base import Observation
from wasteland.core.protocol import Action
from wasteland.core.rng import Rng


class Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # summed value for the seat that chose the action leading here


class ISMCTSAgent:
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 400,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 8,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("ISMCTS needs an iteration or a time budget")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.last_iterations = 0

    def choose(self, obs: Observation) -> Action:
        actions = obs.decision.actions
        if len(actions) == 1:
            return actions[0]
        root = Node()
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(obs, root)
            done += 1
        self.last_iterations = done
        # The most visited action among those legal here (ties: higher mean value).
        best = max(
            (a for a in actions if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].total / max(1, root.children[a].visits)),
            default=None,
        )
        return best if best is not None else self.rng.choice(list(actions))

    def _iterate(self, obs: Observation, root: Node) -> None:
        game = obs.game
        state = obs.sample(self.rng)
        rng = self.rng
        node = root
        path: list[tuple[Node, int]] = []
        c = self.exploration
        # Selection and expansion.
        while True:
            d = game.decision(state)
            if d is None:
                break
            legal = d.actions
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                a = untried[rng.below(len(untried))]
                child = children[a] = Node()
                child.avail = 1
                game.apply_in_place(state, a)
                path.append((child, d.seat))
                break
            log_n = 0.0
            best_a = legal[0]
            best_u = -math.inf
            for a in legal:
                child = children[a]
                log_n = math.log(child.avail)
                u = child.total / child.visits + c * math.sqrt(log_n / child.visits)
                if u > best_u:
                    best_u, best_a = u, a
            node = children[best_a]
            game.apply_in_place(state, best_a)
            path.append((node, d.seat))
        # Simulation: random play for a bounded depth.
        for _ in range(self.rollout_depth):
            d = game.decision(state)
            if d is None:
                break
            game.apply_in_place(state, d.actions[rng.below(len(d.actions))])
        values = _evaluate(game, state)
        # Backpropagation: each node scores for the seat that chose its action.
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.total += values[seat]


def _evaluate(game: Any, state: Any) -> list[float]:
    evaluate = getattr(game, "evaluate", None)
    if evaluate is not None:
        return evaluate(state)
    return game.returns(state)
