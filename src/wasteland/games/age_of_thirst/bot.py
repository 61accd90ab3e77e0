"""A heuristic Age of Thirst bot: one-ply greedy on a determinized sample.

Each legal action is tried on a sample of the hidden information (``obs.sample``: the
bot never reads the true state) and scored by the seat's share of :func:`evaluate`
minus the best opponent's, plus small pushes: kill enemies, never hit its own troops or
team-mates, keep enough water to buy. ``prefer`` makes it buy only one troop kind (used
by the balance study to pit openings against each other).
"""

from __future__ import annotations

from wasteland.agents.base import Observation
from wasteland.core.protocol import Action, RuleError
from wasteland.core.rng import Rng

from .evaluate import evaluate

MAX_TRIED = 160  # actions simulated per decision (the rest are sampled away)


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0, prefer: str | None = None) -> None:
        self.rng = Rng(seed)
        self.prefer = prefer

    def choose(self, obs: Observation) -> Action:
        d = obs.decision
        actions = list(d.actions)
        if len(actions) == 1:
            return actions[0]
        if d.kind == "first":
            return actions[0]
        if d.kind == "place":
            return self._place(obs, actions)
        if self.prefer:
            # An opening that buys only one troop kind (the balance study's lever).
            actions = [a for a in actions if not a.startswith("buy ") or a.split(" ")[1] == self.prefer] or actions
        sample = obs.sample(self.rng)
        game = obs.game
        seat = d.seat
        if len(actions) > MAX_TRIED:
            keep = [a for a in actions if not a.startswith(("grow", "play"))]
            rest = [a for a in actions if a.startswith(("grow", "play"))]
            while rest and len(keep) < MAX_TRIED:
                keep.append(rest.pop(self.rng.below(len(rest))))
            actions = keep[:MAX_TRIED] if len(keep) > MAX_TRIED else keep
        best, best_score = actions[0], float("-inf")
        for a in actions:
            try:
                nxt, _events = game.apply(sample, a)
            except RuleError:  # pragma: no cover - legal in the sample by construction
                continue
            score = self._score(nxt, seat) + self._bias(a) + self.rng.below(1000) * 1e-7
            if score > best_score:
                best, best_score = a, score
        return best

    def _score(self, s, seat: int) -> float:
        values = evaluate(s)
        mates = set(s.team_seats(seat))
        mine = sum(values[q] for q in mates) / len(mates)
        others = [values[q] for q in range(len(values)) if q not in mates]
        return mine - (max(others) if others else 0.0)

    def _bias(self, action: str) -> float:
        words = action.split(" ")
        if words[0] == "buy":
            return 0.004
        if words[0] == "grow":
            return -0.003  # hedges are cheap but block its own way too
        if words[0] == "end":
            return -0.0005  # act before ending when the value is equal
        return 0.0

    def _place(self, obs: Observation, actions: list[str]) -> str:
        # Melee troops in front (nearest the centre), shooters behind them.
        order = {"skinny": 0, "handsome": 1, "smart": 2}

        def key(a: str):
            _v, kind, where = a.split(" ")
            q, r = (int(x) for x in where.split(","))
            dist = max(abs(q), abs(r), abs(q + r))
            return (order[kind], dist) if kind == "skinny" else (order[kind], -dist)

        return min(actions, key=key)
