"""What the three environments share: a game from the registry, its fixed action space and
observation encoder, the legal mask, the outcome's rewards and the terminal rendering."""

from __future__ import annotations

import io
import random
from typing import Any

import numpy as np

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec, registered_games
from wasteland.core.spec import GameSpec

#: how a reward is computed: the outcome (1 for each winner, 0 for the others, at the end),
#: or outcome plus a dense reward the game declares (``OBSERVATION.rewards``: a potential of
#: the seat's view; the reward of a step is its change, so the best policy stays the same)
OUTCOME = "outcome"
#: the observation Box's bound: the tensors hold flags, counts and scaled counters, never
#: negative and far below this
OBS_HIGH = 1000.0


def env_games() -> dict[str, GameSpec]:
    """The registered games that declare an action space and an observation encoder."""
    return {n: s for n, s in registered_games().items() if s.actions and s.observation}


def env_name(game: str) -> str:
    """The versioned environment name: ``dry-well`` -> ``dry_well_v0``."""
    return game.replace("-", "_") + "_v0"


class Table:
    """One game of the registry, set up for an environment."""

    def __init__(self, game: str, reward: str = OUTCOME, **options: Any) -> None:
        self.spec = get_spec(game)
        if not self.spec.actions or not self.spec.observation:
            raise RuleError("actions", f"{self.spec.title} declares no fixed action space or observation")
        self.engine = self.spec.engine
        self.actions = self.spec.action_space
        self.observer = self.spec.observer
        self.config = self.spec.validate(dict(options))
        self.players = int(self.config.get("players", self.spec.min_players))
        potentials = getattr(self.observer, "rewards", {}) or {}
        if reward != OUTCOME and reward not in potentials:
            raise RuleError("reward", f"reward must be one of {', '.join([OUTCOME, *potentials])}, not {reward!r}")
        self.reward = reward
        self.potential = potentials.get(reward)
        self.state: Any = None

    # -- a game ------------------------------------------------------------------

    def new(self, seed: int | None) -> None:
        self.seed = random.randrange(2**31) if seed is None else int(seed)
        self.state = self.engine.new_game(self.config, self.seed)
        self._potentials = self.potentials()

    def decision(self):
        return self.engine.decision(self.state)

    def outcome(self):
        return self.engine.outcome(self.state)

    def legal(self, seat: int) -> list[int]:
        d = self.decision()
        if d is None or d.seat != seat:
            return []
        return sorted(self.actions.encode(a, self.state) for a in d.actions)

    def mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(self.actions.size, dtype=np.int8)
        legal = self.legal(seat)
        if legal:
            mask[legal] = 1
        return mask

    def view(self, seat: int) -> dict[str, Any]:
        return self.engine.view(self.state, seat)

    def tensor(self, seat: int) -> np.ndarray:
        return np.asarray(self.observer.encode(self.view(seat)), dtype=np.float32)

    def play(self, index: int) -> dict[int, float]:
        """Apply the acting seat's action ``index``; the rewards of the step per seat.
        A :class:`RuleError` (state unchanged) if the index is not legal now."""
        d = self.decision()
        if d is None:
            raise RuleError("over", "the game is over")
        action = self.actions.decode(int(index), self.state)
        if action not in d.actions:
            raise RuleError(d.rule or "actions", f"{action!r} (index {index}) is not legal now")
        self.state, _ = self.engine.apply(self.state, action)
        return self.step_rewards()

    def step_rewards(self) -> dict[int, float]:
        rewards = dict.fromkeys(range(self.players), 0.0)
        if self.potential is not None:
            now = self.potentials()
            for seat in rewards:
                rewards[seat] += now[seat] - self._potentials[seat]
            self._potentials = now
        outcome = self.outcome()
        if outcome is not None:
            for seat in outcome.winners:
                rewards[seat] += 1.0
        return rewards

    def potentials(self) -> dict[int, float]:
        if self.potential is None:
            return {}
        return {seat: float(self.potential(self.view(seat))) for seat in range(self.players)}

    def returns(self) -> list[float]:
        """1 for each winner, 0 for the others (OpenSpiel's returns at the end)."""
        outcome = self.outcome()
        won = set(outcome.winners) if outcome else set()
        return [1.0 if seat in won else 0.0 for seat in range(self.players)]

    # -- the terminal rendering ----------------------------------------------------

    def ansi(self, seat: int | None = None, width: int = 100) -> str:
        """The board as the terminal draws it (``spec.terminal``), as plain text."""
        from rich.console import Console

        view = self.engine.view(self.state, seat)
        console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
        renderer = self.spec.renderer
        if renderer is None:
            console.print(self.observer.string(view))
        else:
            console.print(renderer.render_board(view, width))
            console.print(renderer.render_status(view))
        return console.file.getvalue()  # type: ignore[attr-defined]
