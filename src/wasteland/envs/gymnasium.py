"""Gymnasium environments: one seat of a game, the other seats played by a bot.

Importing this module registers, for every registered game with a fixed action space,
``wasteland/<Name>-vs-bots-v0`` (``Name`` the game's name in CamelCase: ``DryWell`` for
``dry-well``; the version is the action space's layout's, as in the PettingZoo names) and,
for a game one person can play, ``wasteland/<Name>-solo-v0``::

    import gymnasium, wasteland.envs.gymnasium
    env = gymnasium.make("wasteland/DryWell-solo-v0")

or, without the import, Gymnasium's own ``module:id`` form
``gymnasium.make("wasteland.envs.gymnasium:wasteland/DryWell-solo-v0")``. (Gymnasium 1.x
reads no entry-point group of plugins any more; the ``module:id`` form is how it finds
environments of another package.)

The observation and action spaces are the PettingZoo environment's (``observation`` and
``action_mask``; ``Discrete`` over the game's fixed action space). Options: the game's own,
``seat`` (the learner's, default 0), ``bot`` (the others': ``random``, ``ismcts[:budget]`` or a
game bot; default the game's ``default_bot``), ``reward`` (``outcome`` or the game's dense
reward), ``max_steps`` (truncate after this many of the learner's steps), ``illegal``
(``penalty``: -1 and nothing changes, the default; ``lose``: the game ends), ``render_mode``
``"ansi"`` or ``"human"`` (another falls back to none, with a warning).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from wasteland.agents.registry import make_agent
from wasteland.core.agent import Observation
from wasteland.core.protocol import RuleError

from .base import OBS_HIGH, OUTCOME, RENDER_MODES, Table, env_games, render, render_mode_of

NAMESPACE = "wasteland"


def camel(game: str) -> str:
    return "".join(part.capitalize() for part in game.replace("_", "-").split("-"))


class WastelandEnv(gymnasium.Env):
    """One seat of a game against bots (see the module doc)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(self, game: str, seat: int = 0, bot: str | None = None, reward: str = OUTCOME,
                 max_steps: int | None = None, illegal: str = "penalty", render_mode: str | None = None,
                 **options: Any) -> None:
        self.table = Table(game, reward=reward, **options)
        if not isinstance(seat, int) or not 0 <= seat < self.table.players:
            raise RuleError("seat", f"seat must be a whole number from 0 to {self.table.players - 1}, not {seat!r}")
        if illegal not in ("penalty", "lose"):
            raise RuleError("illegal", f"illegal must be penalty or lose, not {illegal!r}")
        render_mode = render_mode_of(render_mode)
        if max_steps is not None and (not isinstance(max_steps, int) or max_steps < 1):
            raise RuleError("max_steps", f"max_steps must be a whole number from 1, not {max_steps!r}")
        self.seat, self.illegal, self.max_steps, self.render_mode = seat, illegal, max_steps, render_mode
        self.bot = bot or self.table.spec.default_bot
        make_agent(self.bot, 0, spec=self.table.spec)  # refuse an unknown bot now
        t = self.table
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, OBS_HIGH, (t.observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (t.actions.size,), np.int8),
        })
        self.action_space = spaces.Discrete(t.actions.size)

    def _obs(self) -> dict[str, np.ndarray]:
        return {"observation": self.table.tensor(self.seat), "action_mask": self.table.mask(self.seat)}

    def _bots_play(self) -> float:
        """The bots play until the learner's turn or the end; the learner's rewards meanwhile."""
        total = 0.0
        t = self.table
        while t.outcome() is None:
            d = t.decision()
            if d.seat == self.seat:
                break
            bot = self._bots[d.seat]
            action = bot.choose(Observation(t.engine, t.state, d))
            total += t.play(t.actions.encode(action, t.state))[self.seat]
        return total

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.table.new(game_seed)
        self._bots = {s: make_agent(self.bot, game_seed + 1 + s, spec=self.table.spec)
                      for s in range(self.table.players) if s != self.seat}
        self.steps = 0
        self._bots_play()
        return self._obs(), {}

    def step(self, action: Any):
        t = self.table
        self.steps += 1
        terminated = False
        try:
            reward = t.play(int(action))[self.seat]
            reward += self._bots_play()
            terminated = t.outcome() is not None
        except (RuleError, TypeError, ValueError):
            reward = -1.0
            terminated = self.illegal == "lose"
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        return self._obs(), float(reward), terminated, truncated, {}

    def render(self) -> str | None:
        return render(self.table, self.render_mode, self.seat)


def env_ids() -> dict[str, dict[str, Any]]:
    """Every id this module registers, with its keyword arguments."""
    out: dict[str, dict[str, Any]] = {}
    for name, spec in env_games().items():
        v = spec.action_space.version  # the layout's version (as PettingZoo's names carry it)
        if spec.min_players <= 1:
            out[f"{NAMESPACE}/{camel(name)}-solo-v{v}"] = {"game": name, "players": 1}
        out[f"{NAMESPACE}/{camel(name)}-vs-bots-v{v}"] = {"game": name, "players": max(2, spec.min_players)}
    return out


def register() -> None:
    for env_id, kwargs in env_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=WastelandEnv, kwargs=kwargs)


register()
