"""The research environment's figure for ``wasteland bench``: PettingZoo's
``performance_benchmark`` loop on a game's AEC environment, beside the same loop on a *null*
environment of the same spaces (its game costs nothing), so that a step's cost splits into
the engine's, PettingZoo's loop with the agent's scan of the mask, and ours.

The loop is ``pettingzoo.test.performance_benchmark``'s, step for step (every agent once a
cycle, ``last()`` observed, a random index among the mask's ones, a reset at the end), timed
like every other figure of the bench in this process's CPU seconds: PettingZoo's own times
five seconds of wall clock, which on a shared machine counts the other processes' time. The
clock is read every ``CLOCK_EVERY`` cycles, not every cycle (reading it costs a system call).
"""

from __future__ import annotations

import random
import time
from typing import Any, NamedTuple

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .base import OBS_HIGH, env_games, start_episode


#: cycles between two looks at the clock: this process's CPU clock is a system call of a
#: few microseconds, as much as a tenth of a step, which the figure must not count
CLOCK_EVERY = 32


def benchmark_loop(env: Any, seconds: float, seed: int = 0) -> float:
    """Steps per CPU second of PettingZoo's ``performance_benchmark`` loop on ``env``."""
    rng = random.Random(seed)
    turn = cycles = 0
    env.reset(seed=seed)
    started = time.process_time()
    while True:
        cycles += 1
        for agent in env.agent_iter(env.num_agents):
            obs, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                action = None
            elif isinstance(obs, dict) and "action_mask" in obs:
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            else:
                action = env.action_space(agent).sample()
            env.step(action)
            turn += 1
            if all(env.terminations.values()) or all(env.truncations.values()):
                env.reset()
        if cycles % CLOCK_EVERY:
            continue
        spent = time.process_time() - started
        if spent > seconds:
            return turn / spent


class NullEnv(AECEnv):
    """An AEC environment with a game's spaces whose game costs nothing: a fixed observation
    and mask (``legal`` ones), the seats in turn, an end every ``length`` steps. What the
    benchmark loop costs around any environment of those spaces (unwrapped: PettingZoo's
    order checks are a layer an environment adds, counted as its own)."""

    metadata = {"render_modes": [], "name": "null_v0"}

    def __init__(self, agents: int, obs_size: int, mask_size: int, legal: int = 8, length: int = 100) -> None:
        super().__init__()
        self.possible_agents = [f"player_{k}" for k in range(agents)]
        obs = spaces.Dict({"observation": spaces.Box(0.0, OBS_HIGH, (obs_size,), np.float32),
                           "action_mask": spaces.Box(0, 1, (mask_size,), np.int8)})
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(mask_size) for a in self.possible_agents}
        self._obs = np.zeros(obs_size, np.float32)
        self._mask = np.zeros(mask_size, np.int8)
        self._mask[np.linspace(0, mask_size - 1, min(legal, mask_size)).astype(int)] = 1
        self.length = length

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        start_episode(self)
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self._obs, "action_mask": self._mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.steps += 1
        if self.steps >= self.length:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
        self._accumulate_rewards()


def pettingzoo_rates(game: str, config: dict[str, Any], seconds: float = 5.0) -> tuple[float, float, int] | None:
    """(steps/s of the game's environment, steps/s of the null environment of its spaces, the
    mask's size) under the benchmark loop, or None if the game has no environment."""
    if game not in env_games():
        return None
    from .pettingzoo import env

    ours = env(game, **config)
    table = ours.unwrapped.table
    rate = benchmark_loop(ours, seconds)
    # bare: the loop and the agent's scan alone (the order checks ``env`` adds are ours)
    null = NullEnv(table.players, table.observer.size, table.actions.size)
    return rate, benchmark_loop(null, seconds), table.actions.size


class OurParts(NamedTuple):
    """µs per step, each the difference of two loops' CPU time over the same random games:
    the seat's tensor, and the decision's legal indices with the mask and the table's own
    bookkeeping (what our environment adds to the engine below PettingZoo's API)."""

    tensor: float
    legal: float


def _table_loop(game: str, config: dict[str, Any], seconds: float, tensor: bool | None) -> float:
    """CPU µs per step of random games on the game's table (``tensor``: the acting seat's
    tensor too), or on the bare engine (``tensor`` None), every seed its own game."""
    from .base import Table

    table = Table(game, **config)
    engine = table.engine
    rng = random.Random(0)
    seed = done = 0
    started = time.process_time()
    while True:
        if tensor is None:
            state = engine.new_game(table.config, seed)
            while (d := engine.decision(state)) is not None:
                engine.apply_in_place(state, rng.choice(d.actions))
                done += 1
        else:
            table.new(seed)
            while (d := table.decision()) is not None:
                if tensor:
                    table.tensor(d.seat)
                table.play(rng.choice(table.legal(d.seat)))
                done += 1
        seed += 1
        spent = time.process_time() - started
        if spent > seconds:
            return 1e6 * spent / done


def our_parts(game: str, config: dict[str, Any], seconds: float = 1.0) -> OurParts:
    """Our environment's parts (see :class:`OurParts`), the middle of three runs of each loop."""
    runs: dict[Any, list[float]] = {None: [], False: [], True: []}
    for _ in range(3):
        for tensor in runs:
            runs[tensor].append(_table_loop(game, config, seconds / 3, tensor))
    engine, table, with_tensor = (sorted(runs[k])[1] for k in (None, False, True))
    return OurParts(with_tensor - table, table - engine)
