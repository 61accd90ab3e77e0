"""PettingZoo environments for every registered game.

``env(game, **options)`` (wrapped) and ``raw_env`` give an AEC environment named
``<game>_v<layout>`` (hyphens as underscores; the version of the game's action space layout,
raised whenever an index changes meaning); ``parallel_env`` its parallel
form. Agents are ``player_0``.. one per seat. Each observation is
``{"observation": Box(float32, the game's tensor), "action_mask": Box(int8)}``: the tensor is
built from the seat's own view only, and the mask marks the legal indices of the game's
fixed action space for the seat to act (all zero for the others).

Options besides the game's own (``spec.options``):

* ``reward``: ``"outcome"`` (default: at the end 1 for each winner, 0 for the others) or a
  dense reward the game declares (a name from the game's ``OBSERVATION.rewards``);
* ``max_cycles``: truncate after this many steps (``turns="decision"``) or cycles;
* ``turns``: ``"decision"`` (default: the agent to act is the seat the game waits on, as a
  board game is played) or ``"cycle"`` (every live agent in seat order once a cycle, the
  others' actions ignored: PettingZoo's cycle semantics, which ``max_cycles_test`` checks);
* ``illegal``: ``"penalty"`` (default: an index that is not legal costs the seat 1 and changes
  nothing) or ``"lose"`` (the game ends: -1 for the seat, 0 for the others);
* ``render_mode``: ``"ansi"`` (``render()`` returns the board as the terminal draws it) or
  ``"human"`` (prints it); any other mode falls back to none, with a warning.
"""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from wasteland.core.protocol import RuleError

from .base import (OBS_HIGH, OUTCOME, RENDER_MODES, Table, env_games, env_name, render, render_mode_of,
                   start_episode)

TURNS = ("decision", "cycle")
ILLEGAL = ("penalty", "lose")


def _check(turns: str, illegal: str, max_cycles: int | None) -> None:
    if turns not in TURNS:
        raise RuleError("turns", f"turns must be one of {', '.join(TURNS)}, not {turns!r}")
    if illegal not in ILLEGAL:
        raise RuleError("illegal", f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
    if max_cycles is not None and (not isinstance(max_cycles, int) or max_cycles < 1):
        raise RuleError("max_cycles", f"max_cycles must be a whole number from 1, not {max_cycles!r}")


class _Spaces:
    def _make_spaces(self) -> None:
        t = self.table
        obs = spaces.Dict({
            "observation": spaces.Box(0.0, OBS_HIGH, (t.observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (t.actions.size,), np.int8),
        })
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(t.actions.size) for a in self.possible_agents}
        # one space object per agent (PettingZoo seeds each)
        self.observation_spaces = {a: spaces.Dict(dict(obs.spaces)) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": self.table.tensor(seat), "action_mask": self.table.mask(seat)}

    def _render_text(self) -> str | None:
        return render(self.table, self.render_mode)


class raw_env(_Spaces, AECEnv):
    """The AEC environment of one game (see the module doc)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "wasteland_v0", "is_parallelizable": True}

    def __init__(self, game: str, render_mode: str | None = None, max_cycles: int | None = None,
                 reward: str = OUTCOME, turns: str = "decision", illegal: str = "penalty", **options: Any) -> None:
        super().__init__()
        _check(turns, illegal, max_cycles)
        render_mode = render_mode_of(render_mode)
        self.table = Table(game, reward=reward, **options)
        self.metadata = {**self.metadata, "name": env_name(self.table.spec.name)}
        self.render_mode, self.max_cycles, self.turns, self.illegal = render_mode, max_cycles, turns, illegal
        self.possible_agents = [f"player_{k}" for k in range(self.table.players)]
        self._seat_of = {a: k for k, a in enumerate(self.possible_agents)}
        self._make_spaces()

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.table.new(seed)
        start_episode(self)
        self.agent_selection = self._acting() if self.turns == "decision" else self.agents[0]

    def _acting(self) -> str:
        d = self.table.decision()
        return self.possible_agents[d.seat] if d is not None else self.agent_selection

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._observe(self._seat_of[agent])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        agent = self.agent_selection  # AECEnv.last, read straight from the attributes
        return (self._observe(self._seat_of[agent]) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards = dict.fromkeys(self.agents, 0.0)
        table = self.table
        d = table.decision()
        if d is not None and d.seat == seat:
            try:
                table.apply(int(action))
            except (RuleError, TypeError, ValueError):
                rewards[agent] = -1.0
                if self.illegal == "lose":
                    self.terminations = dict.fromkeys(self.agents, True)
            else:
                if table.rewarded():  # else every reward is the 0 set above
                    agents = self.possible_agents
                    for s, r in table.step_rewards().items():
                        rewards[agents[s]] = r
        last_of_cycle = self.turns == "decision" or seat == len(self.agents) - 1
        self.steps += last_of_cycle
        if table.outcome() is not None:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self.steps >= self.max_cycles and last_of_cycle:
            self.truncations = dict.fromkeys(self.agents, True)
        if self.turns == "decision":
            self.agent_selection = self._acting()
        else:
            self.agent_selection = self.agents[(seat + 1) % len(self.agents)]
        self._accumulate_rewards()

    def render(self) -> str | None:
        return self._render_text()

    def close(self) -> None:
        pass


class parallel_raw_env(_Spaces, ParallelEnv):
    """The parallel form: every live agent gives an action each step; only the seat the game
    waits on has legal indices (the others' masks are zero and their actions ignored)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "wasteland_v0"}

    def __init__(self, game: str, render_mode: str | None = None, max_cycles: int | None = None,
                 reward: str = OUTCOME, illegal: str = "penalty", **options: Any) -> None:
        _check("decision", illegal, max_cycles)
        render_mode = render_mode_of(render_mode)
        self.table = Table(game, reward=reward, **options)
        self.metadata = {**self.metadata, "name": env_name(self.table.spec.name)}
        self.render_mode, self.max_cycles, self.illegal = render_mode, max_cycles, illegal
        self.possible_agents = [f"player_{k}" for k in range(self.table.players)]
        self._make_spaces()

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.table.new(seed)
        self.agents = self.possible_agents[:]
        self.steps = 0
        return {a: self._observe(k) for k, a in enumerate(self.agents)}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]):
        rewards = dict.fromkeys(self.agents, 0.0)
        over = False
        d = self.table.decision()
        acting = self.possible_agents[d.seat] if d is not None else None
        if acting in actions and actions[acting] is not None:
            try:
                for s, r in self.table.play(int(actions[acting])).items():
                    rewards[self.possible_agents[s]] = r
            except (RuleError, TypeError, ValueError):
                rewards[acting] = -1.0
                over = self.illegal == "lose"
        self.steps += 1
        over = over or self.table.outcome() is not None
        cut = not over and self.max_cycles is not None and self.steps >= self.max_cycles
        observations = {a: self._observe(self.possible_agents.index(a)) for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        infos = {a: {} for a in self.agents}
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self._render_text()

    def close(self) -> None:
        pass


def _before_reset(name: str) -> property:
    def read(self: Ordered) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)
    return property(read)


class Ordered(wrappers.OrderEnforcingWrapper):
    """PettingZoo's order checks (``OrderEnforcingWrapper``: nothing is read or stepped
    before ``reset``, ``agent_iter`` wants a step between two agents) at a fraction of their
    cost: the wrapper answers every attribute through ``__getattr__``, called only after a
    failed lookup (a dozen times a step, as much as the tensor); here the attributes read
    every step are properties, and ``last``/``step`` go to the environment directly."""

    agents = _before_reset("agents")
    agent_selection = _before_reset("agent_selection")
    rewards = _before_reset("rewards")
    terminations = _before_reset("terminations")
    truncations = _before_reset("truncations")
    infos = _before_reset("infos")
    _cumulative_rewards = _before_reset("_cumulative_rewards")
    possible_agents = property(lambda self: self.env.possible_agents)

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    def agent_iter(self, max_iter: int = 2**63) -> "Turns":
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return Turns(self, max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        self._has_updated = True
        if self.env.agents:
            self.env.step(action)
        else:
            EnvLogger.warn_step_after_terminated_truncated()


class Turns:
    """``agent_iter`` of :class:`Ordered`: PettingZoo's ``AECOrderEnforcingIterable`` (the
    agent to act while any is live, at most ``max_iter`` times, a step wanted between two)
    as one generator, not an iterator object whose ``__next__`` calls its parent's and reads
    the wrapper's attributes: a loop of one agent makes a new one every step, about 1 µs
    where PettingZoo's costs 4 to 5 (timeit, one agent, one turn)."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: Ordered, max_iter: int) -> None:
        self.env, self.max_iter = env, max_iter

    def __iter__(self) -> Iterator[str]:
        wrapper, left = self.env, self.max_iter
        game = wrapper.env
        while game.agents and left > 0:
            left -= 1
            assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
            wrapper._has_updated = False
            yield game.agent_selection


def env(game: str, **kwargs: Any) -> AECEnv:
    """The AEC environment of ``game`` with PettingZoo's order checks (:class:`Ordered`)."""
    return Ordered(raw_env(game, **kwargs))


def parallel_env(game: str, **kwargs: Any) -> ParallelEnv:
    return parallel_raw_env(game, **kwargs)


def names() -> dict[str, str]:
    """Versioned environment name -> game: ``{"dry_well_v0": "dry-well", ...}``."""
    return {env_name(n): n for n in env_games()}
