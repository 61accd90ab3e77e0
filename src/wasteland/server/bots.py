"""Bots think in worker processes, never on the event loop.

A bot's move is a pure function of (game, state, seat, bot name, seed): the worker gets the
state as JSON, rebuilds it and asks a fresh agent from the registry. Workers keep nothing
between moves, so any worker can serve any game and a crashed pool is simply replaced.

Bots run in two lanes of processes: ``fast`` for the cheap bots (random, heuristic) and
``slow`` for the searching ones (ISMCTS, anything unknown), so a bot that thinks for
seconds delays only other searching bots, never the quick ones nor the people.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

FAST_BOTS = ("random", "heuristic")


def all_bot_names() -> list[str]:
    """Every bot some installed game accepts."""
    from wasteland.agents.registry import bot_names as game_bots
    from wasteland.core.registry import registered_games

    names: dict[str, None] = {}
    for spec in registered_games().values():
        names.update(dict.fromkeys(game_bots(spec)))
    return list(names)


def bot_seed(game_seed: int, index: int, seat: int) -> int:
    """A bot's seed for one move: the same game replays the same bot moves."""
    return (game_seed * 1_000_003 + index * 7_919 + seat) % (2**31 - 1)


def choose_action(game_name: str, state_json: dict[str, Any], seat: int, bot: str, seed: int,
                  options: dict[str, Any]) -> str:
    """Runs in a worker process."""
    from wasteland.core.agent import Observation
    from wasteland.agents.registry import make_agent
    from wasteland.games import get_game

    game = get_game(game_name)
    state = game.from_json(state_json)
    decision = game.decision(state)
    if decision is None or decision.seat != seat:
        raise ValueError("the position no longer waits on this bot")
    # "game" picks the game's own heuristic bot; the other bots ignore it.
    return make_agent(bot, seed, game=game_name, **options).choose(Observation(game, state, decision))


def die_with_parent(signum: int) -> None:
    """Have the kernel send ``signum`` to this process when the process (strictly: the
    thread) that started it dies, however it dies (Linux; elsewhere nothing happens)."""
    import signal

    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signum)  # PR_SET_PDEATHSIG
    if os.getppid() == 1:  # already orphaned before the call
        os.kill(os.getpid(), signal.SIGTERM)


def _worker_start() -> None:
    """A bot worker dies with its server, even one killed with SIGKILL. Ctrl+C in a terminal
    reaches every process of its group: a worker leaves it to the server, which stops its
    pools itself (else each worker printed its own KeyboardInterrupt traceback)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(signal.SIGKILL)
    _warm_up()


def _warm_up() -> None:
    from wasteland.core.registry import registered_games

    for spec in registered_games().values():
        spec.engine


class BotPool:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(2, os.cpu_count() or 2)
        self._pools: dict[str, ProcessPoolExecutor] = {}

    def _pool(self, lane: str) -> ProcessPoolExecutor:
        pool = self._pools.get(lane)
        if pool is None:
            # spawn: a fork of a process with running threads (the store, the event loop) is unsafe.
            pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_worker_start)
            self._pools[lane] = pool
        return pool

    def start(self) -> None:
        """Start the fast lane's workers now, so the first bot move is not slowed by start-up."""
        pool = self._pool("fast")
        for _ in range(self.workers):
            pool.submit(_warm_up)

    async def choose(self, game_name: str, state_json: dict[str, Any], seat: int, bot: str, seed: int,
                     options: dict[str, Any] | None = None) -> str:
        lane = "fast" if bot in FAST_BOTS else "slow"
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = self._pool(lane)
            try:
                return await loop.run_in_executor(pool, choose_action, game_name, state_json, seat, bot, seed,
                                                  options or {})
            except BrokenProcessPool:
                if self._pools.get(lane) is pool:
                    del self._pools[lane]
                pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the workers: queued moves are dropped, a move being thought out is awaited."""
        for pool in self._pools.values():
            pool.shutdown(wait=True, cancel_futures=True)
        self._pools.clear()
