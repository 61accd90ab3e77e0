"""Playing the games of a sweep: in this process, in worker processes, or on Ray.

The unit of work is a *chunk*: a range of game numbers of one configuration. A chunk's
rows depend only on the run's seed, the configuration and the game numbers (see
``wasteland.sim.sweep``), so the backends and worker counts all give the same rows.
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
import math
import multiprocessing
from typing import Any, Callable, Iterator

from wasteland.sim.playout import MAX_ACTIONS
from wasteland.sim.sweep import Configuration, bot_seed, game_seed, make_bot, seat_bot

COLUMNS = (
    "game", "players", "mode", "difficulty", "characters", "bot", "seed", "winners", "won",
    "rounds", "actions", "deaths", "eliminated", "raiders_destroyed", "rumors_played", "end_reason",
    "variant", "order",
)
Row = tuple  # the values of COLUMNS, in that order
# Age of Thirst rows: ``difficulty`` and the Saltlands counters (deaths, eliminated,
# raiders_destroyed, rumors_played) are left empty; ``characters`` holds the seats' clan
# colours; ``variant`` the team format ("" without teams); ``rounds`` counts full rounds
# of turns (turns / players, rounded up); ``order`` the seats in turn order (``p2;p1``: p2
# moved first). Saltlands rows leave ``order`` empty.

BACKENDS = ("local", "ray")


def play_game(game_name: str, config: Configuration, seed: int, index: int) -> Row:
    """Play game ``index`` of ``config`` in a run seeded ``seed``; its CSV row.

    A game that raises (a bot or rules bug) or does not end within ``MAX_ACTIONS`` gives a
    row whose ``end_reason`` starts with ``error:``; the run goes on and reports it."""
    from wasteland.core.agent import Observation
    from wasteland.games import get_game

    game = get_game(game_name)
    gseed = game_seed(seed, config, index)
    deaths = eliminated = destroyed = rumors = 0
    actions = 0

    def count(events: list[dict[str, Any]]) -> None:
        nonlocal deaths, eliminated, destroyed, rumors
        for e in events:
            kind = e.get("type")
            if kind == "death":
                deaths += 1
            elif kind == "eliminated":
                deaths += 1
                eliminated += 1
            elif kind == "raider_destroyed":
                destroyed += 1
            elif kind == "rumor":
                rumors += 1

    winners: tuple[int, ...] = ()
    rounds = 0
    order = ""
    try:
        new_with_events = getattr(game, "new_game_with_events", None)
        if new_with_events is not None:
            state, events = new_with_events(config.game_config(), gseed)
            count(events)
        else:
            state = game.new_game(config.game_config(), gseed)
        agents = [make_bot(seat_bot(config.bot, k), bot_seed(seed, config, index, k), game.name)
                  for k in range(config.players)]
        while True:
            decision = game.decision(state)
            if decision is None:
                break
            action = agents[decision.seat].choose(Observation(game, state, decision))
            count(game.apply_in_place(state, action))
            actions += 1
            if actions >= MAX_ACTIONS:
                raise RuntimeError(f"no end within {MAX_ACTIONS} actions")
        rounds = getattr(state, "round", None)
        if rounds is None:  # a game of turns (Age of Thirst): full rounds of turns
            rounds = -(-getattr(state, "turn", 0) // config.players)
        outcome = game.outcome(state)
        assert outcome is not None
        winners = tuple(outcome.winners)
        reason = outcome.reason
        if config.game != "saltlands":
            order = ";".join(f"p{q + 1}" for q in getattr(state, "order", ()))
    except Exception as exc:  # noqa: BLE001 - reported as a row, counted in the summary
        reason = f"error: {type(exc).__name__}: {exc}"
        winners = ()
    counters: tuple = (deaths, eliminated, destroyed, rumors) if config.game == "saltlands" else ("",) * 4
    return (
        index, config.players, config.mode, config.difficulty, ";".join(config.characters), config.bot,
        gseed, ";".join(f"p{w + 1}" for w in winners), int(bool(winners)), rounds, actions,
        *counters, reason, config.variant_label(), order,
    )


@dataclass(frozen=True)
class Chunk:
    game: str
    config: Configuration
    seed: int
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


def run_chunk(chunk: Chunk) -> list[Row]:
    return [play_game(chunk.game, chunk.config, chunk.seed, i) for i in range(chunk.start, chunk.stop)]


def chunks(game: str, configurations: list[Configuration], games: int, seed: int, workers: int,
           per_chunk: int | None = None) -> list[Chunk]:
    """Split the run into chunks: small enough for every worker to get several (so the
    load evens out and the progress bar moves), big enough to keep the overhead low."""
    total = games * len(configurations)
    size = per_chunk or max(1, min(200, math.ceil(total / max(1, workers * 8))))
    out = []
    for config in configurations:
        for start in range(0, games, size):
            out.append(Chunk(game, config, seed, start, min(games, start + size)))
    return out


Progress = Callable[[int], None]  # called with the number of games just finished


def run(game: str, configurations: list[Configuration], games: int, seed: int, workers: int = 1,
        backend: str = "local", progress: Progress | None = None) -> list[Row]:
    """Play every game of the sweep; rows in sweep order (configuration, then game number)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    workers = max(1, workers)
    todo = chunks(game, configurations, games, seed, workers)
    done: list[list[Row]] = [[] for _ in todo]
    source = _ray(todo, workers) if backend == "ray" else _local(todo, workers)
    try:
        for position, rows in source:
            done[position].extend(rows)
            if progress is not None:
                progress(len(rows))
    finally:
        source.close()  # on an interrupt: stop the workers now, not after the queued chunks
    return [row for rows in done for row in rows]


def _local(todo: list[Chunk], workers: int) -> Iterator[tuple[int, list[Row]]]:
    if workers == 1 or len(todo) == 1:
        for position, chunk in enumerate(todo):
            for i in range(chunk.start, chunk.stop):
                # one game at a time, so the progress bar moves even with big chunks
                yield position, [play_game(chunk.game, chunk.config, chunk.seed, i)]
        return
    pool = ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=_context())
    try:
        futures = {pool.submit(run_chunk, chunk): position for position, chunk in enumerate(todo)}
        pending = set(futures)
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield futures[future], future.result()
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _context() -> multiprocessing.context.BaseContext:
    """Fresh worker processes: forkserver where there is one (safe with the progress
    bar's thread, and the imports are done once in the server), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["wasteland.sim.runner", "wasteland.games.saltlands.game",
                                    "wasteland.agents.registry", "wasteland.agents.random_agent"])
        return ctx
    return multiprocessing.get_context("spawn")


def _ray(todo: list[Chunk], workers: int) -> Iterator[tuple[int, list[Row]]]:
    """The same chunks as Ray tasks on a local Ray instance (started, or attached to if
    one is running); at most ``workers`` tasks run at once."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'wasteland[ray]'") from None
    started = False
    if not ray.is_initialized():
        try:
            ray.init(include_dashboard=False, log_to_driver=False)
        except Exception as exc:  # noqa: BLE001 - one clear message for the user
            raise RuntimeError(f"could not start or attach to a Ray instance: {exc}") from None
        started = True
    try:
        remote = ray.remote(num_cpus=1)(run_chunk)
        queue = list(enumerate(todo))
        queue.reverse()
        running: dict[Any, int] = {}
        while queue or running:
            while queue and len(running) < workers:
                position, chunk = queue.pop()
                running[remote.remote(chunk)] = position
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                yield running.pop(ref), ray.get(ref)
    finally:
        if started:
            ray.shutdown()
