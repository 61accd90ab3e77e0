"""What a player program sees and how it answers.

An agent gets an :class:`Observation`: the decision it must make, its seat's view, and
``sample`` — a full game state drawn at random among those consistent with that view
(hidden cards, deck orders and face-down tiles re-dealt; the game decides how). An
agent never holds the true state, so it cannot peek.
"""

from __future__ import annotations

from typing import Any, Protocol

from .bot_weights import resolve
from .protocol import Action, Decision, Game
from .rng import Rng


class Observation:
    __slots__ = ("game", "decision", "_state", "_view")

    def __init__(self, game: Game, state: Any, decision: Decision) -> None:
        self.game = game
        self.decision = decision
        self._state = state
        self._view: dict[str, Any] | None = None

    @property
    def seat(self) -> int:
        return self.decision.seat

    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self.game.view(self._state, self.decision.seat)
        return self._view

    def sample(self, rng: Rng) -> Any:
        """A full state consistent with this seat's view (a determinization)."""
        return self.game.determinize(self._state, self.decision.seat, rng)


class Agent(Protocol):
    name: str

    def choose(self, obs: Observation) -> Action: ...


class WeightedBot:
    """A game's bot of its own: its generator, its weights (``package``'s
    data/bot_weights.toml [heuristic], tuned by scripts/tune_bot.py, or the ``weights``
    given), and a decision of one option answered at once; ``decide`` chooses among several."""

    name = "heuristic"
    #: the game's package, whose bot_weights.toml holds the weights
    package = ""

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None) -> None:
        self.rng = Rng(seed)
        self.w = resolve(self.package, weights)

    def choose(self, obs: Observation) -> Action:
        actions = list(obs.decision.actions)
        if len(actions) == 1:
            return actions[0]
        return self.decide(obs, actions)

    def decide(self, obs: Observation, actions: list[Action]) -> Action:  # pragma: no cover - each bot writes its own
        raise NotImplementedError
