"""The random player: uniform over the legal actions of its decision."""

from __future__ import annotations

from wasteland.core.agent import Observation
from wasteland.core.protocol import Action, Decision
from wasteland.core.rng import Rng


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, obs_or_decision: Observation | Decision) -> Action:
        decision = obs_or_decision if isinstance(obs_or_decision, Decision) else obs_or_decision.decision
        actions = decision.actions
        if not isinstance(actions, (tuple, list)):
            actions = list(actions)
        return self.rng.choice(actions)  # a tuple is indexed as its list copy was: the same pick


def make(seed: int = 0, spec: object = None) -> RandomAgent:
    """The random player by import path (``wasteland.agents.random_agent:make``)."""
    return RandomAgent(seed)
