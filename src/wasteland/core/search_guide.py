"""A search guide made of a game's heuristic bot and its value estimate (issue 33).

A game may write a guide of its own; the others build theirs from this one, each with its
own settings (``games.<game>.guide``):

* **which decisions are searched** (``kinds``; every decision with a choice when empty);
* **the candidates**, the heuristic's favourite first and the others after it in an order
  drawn per decision; the search widens progressively (``widening``: after ``n``
  iterations it weighs the first ``ceil(c * (n + 1) ** alpha)`` of them), so a decision of
  a hundred options (a war game's activation) spends its budget on a few before it
  tries the rest;
* **the play-on, a turn at a time** (a macro-action): after the searched action the game
  is played on, by the heuristic bots of every seat (``policy = "heuristic"``) or at
  random (``"random"``, where the heuristic is too slow to play on with), until the
  searching seat has made ``horizon`` more decisions, the game is over, or ``max_actions``
  were played. A turn of several actions (move, fight, then a task) is thus judged whole: the
  searched first action followed by the rest of the turn as the bot would play it;
* **the value**: the game's ``evaluate`` (per seat in [0, 1], a finished game its result).

Every sample is the searching seat's determinization (``Observation.sample``): the guide
never reads the true state.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from wasteland.core.agent import Observation
from wasteland.core.protocol import Action
from wasteland.core.rng import Rng


class PlayOnGuide:
    kinds: tuple[str, ...] = ()  # decision kinds searched (empty: all with a choice)
    horizon = 4  # the searching seat's decisions played on after the searched one
    max_actions = 80  # actions a play-on plays at most
    policy = "heuristic"  # who plays on: the heuristic bots, or "random"
    widening: tuple[float, float] | None = (2.0, 0.5)  # progressive widening (c, alpha)

    def __init__(self, seed: int, make_bot: Callable[[int], Any]) -> None:
        self.rng = Rng(seed)
        self.bot = make_bot(seed)
        self.game: Any = None

    def searched(self, obs: Observation) -> bool:
        self.game = obs.game
        return len(obs.decision.actions) > 1 and (not self.kinds or obs.decision.kind in self.kinds)

    def fallback(self, obs: Observation) -> Action:
        return self.bot.choose(obs)

    def candidates(self, obs: Observation) -> list[Action]:
        self.game = obs.game
        favourite = self.bot.choose(obs)
        others = [a for a in obs.decision.actions if a != favourite]
        for k in range(len(others) - 1, 0, -1):  # an order drawn per decision (Fisher-Yates)
            j = self.rng.below(k + 1)
            others[k], others[j] = others[j], others[k]
        return [favourite] + others

    def iteration_cost(self, obs: Observation) -> int:
        return 1

    def context(self, state: Any) -> Any:
        return None

    def play_on(self, state: Any, seat: int, ctx: Any) -> None:
        game = self.game
        own = 0
        for _ in range(self.max_actions):
            d = game.decision(state)
            if d is None:
                return
            if d.seat == seat:
                own += 1
                if own > self.horizon:
                    return
            if len(d.actions) == 1:
                a = d.actions[0]
            elif self.policy == "random":
                a = d.actions[self.rng.below(len(d.actions))]
            else:
                a = self.bot.choose(Observation(game, state, d))
            game.apply_in_place(state, a)

    def values(self, state: Any, ctx: Any) -> list[float]:
        return self.game.evaluate(state)


def widened(count: int, done: int, widening: tuple[float, float] | None) -> int:
    """How many candidates the search weighs after ``done`` iterations."""
    if widening is None:
        return count
    c, alpha = widening
    return max(1, min(count, math.ceil(c * (done + 1) ** alpha)))


__all__ = ["PlayOnGuide", "widened"]
