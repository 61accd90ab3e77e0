"""What a player program sees and how it answers.

An agent gets an :class:`Observation`: the decision it must make, its seat's view, and
``sample`` — a full game state drawn at random among those consistent with that view
(hidden cards, deck orders and face-down tiles re-dealt; the game decides how). An
agent never holds the true state, so it cannot peek.
"""

from __future__ import annotations

from typing import Any, Protocol

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
