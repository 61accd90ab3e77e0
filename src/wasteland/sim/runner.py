"""Playing the games of a sweep: in this process, in worker processes, or on Ray.

The unit of work is a *chunk*: a range of game numbers of one configuration. A chunk's
rows depend only on the run's seed, the configuration and the game numbers (see
``wasteland.sim.sweep``), so the backends and worker counts all give the same rows.
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass
import math
import multiprocessing
from typing import Any, Callable, Iterator

from wasteland.core.agent import Observation
from wasteland.core.params import applied, as_text
from wasteland.core.spec import GameSpec
from wasteland.sim.playout import MAX_ACTIONS
from wasteland.sim.sweep import Configuration, bot_seed, cell, deal, game_seed, make_bot, seat_bot, seats_option

# The columns of ``games.csv`` around the game's own: ``game`` (the game's number in its
# configuration), then one column per option of the spec (the full config's value, see
# ``sweep.cell``), then OUTCOME, one column per tally of the spec (events counted), TAIL.
# ``seats`` is the number of seats; ``winners`` the winning seats (``p1;p3``); ``rounds``
# the game's length (``Game.rounds``); ``order`` the seats in turn order (``p2;p1``: p2
# moved first), empty when the game does not say; ``dealt`` 1 when the seats option's
# names were dealt by the game's seed (no lineup given, see ``sweep.deal``), else 0;
# ``params`` the game's tuned numbers (``wasteland.core.params.as_text``), empty for its own.
OUTCOME = ("bot", "seed", "seats", "winners", "won", "rounds", "actions")
TAIL = ("end_reason", "order", "dealt", "params")
Row = dict  # column -> value

BACKENDS = ("local", "ray")


def columns(spec: GameSpec) -> tuple[str, ...]:
    """The columns of a run's ``games.csv`` for the game of ``spec``."""
    out = ("game", *(o.name for o in spec.options), *OUTCOME, *(t.name for t in spec.tallies), *TAIL)
    if len(set(out)) != len(out):
        raise ValueError(f"{spec.name}: an option or tally shares its name with a games.csv column")
    return out


def _spec(name: str) -> GameSpec:
    from wasteland.core.registry import get_spec

    return get_spec(name)


def play_game(config: Configuration, seed: int, index: int) -> Row:
    """Play game ``index`` of ``config`` in a run seeded ``seed``; its CSV row.

    A game that raises (a bot or rules bug) or does not end within ``MAX_ACTIONS`` gives a
    row whose ``end_reason`` starts with ``error:``; the run goes on and reports it."""
    spec = _spec(config.game)
    game = spec.engine
    gseed = game_seed(seed, spec, config, index)
    counted = {e: [t.name for t in spec.tallies if e in t.events] for t in spec.tallies for e in t.events}
    tallies = {t.name: 0 for t in spec.tallies}

    def count(events: list[dict[str, Any]]) -> None:
        for e in events:
            for name in counted.get(e.get("type"), ()):
                tallies[name] += 1

    winners: tuple[int, ...] = ()
    rounds = actions = seats = 0
    order: tuple[int, ...] = ()
    values = dict(config.params)
    dealt = None
    try:
        with applied(spec, values):  # the tuned numbers, for the whole game
            game_config = config.game_config()
            dealt = deal(spec, game_config, gseed)
            if dealt is not None:
                game_config[seats_option(spec).name] = list(dealt)
            state, events = game.new_game_with_events(game_config, gseed)
            count(events)
            seats = game.seats(state)
            agents = [make_bot(seat_bot(config.bot, k), bot_seed(seed, spec, config, index, k), spec)
                      for k in range(seats)]
            while True:
                decision = game.decision(state)
                if decision is None:
                    break
                action = agents[decision.seat].choose(Observation(game, state, decision))
                count(game.apply_in_place(state, action))
                actions += 1
                if actions >= MAX_ACTIONS:
                    raise RuntimeError(f"no end within {MAX_ACTIONS} actions")
            rounds = game.rounds(state)
            order = game.turn_order(state)
            outcome = game.outcome(state)
        assert outcome is not None
        winners = tuple(outcome.winners)
        reason = outcome.reason
    except Exception as exc:  # noqa: BLE001 - reported as a row, counted in the summary
        reason = f"error: {type(exc).__name__}: {exc}"
        winners = ()
    row: Row = {"game": index}
    for o in spec.options:
        value = dealt if dealt is not None and o.kind == "seats" else config.value(o.name)
        row[o.name] = cell(o, o.default if value is None else value)
    row.update(bot=config.bot, seed=gseed, seats=seats, winners=";".join(f"p{w + 1}" for w in winners),
               won=int(bool(winners)), rounds=rounds, actions=actions)
    row.update(tallies)
    row.update(end_reason=reason, order=";".join(f"p{q + 1}" for q in order), dealt=int(dealt is not None),
               params=as_text(values))
    return row


@dataclass(frozen=True)
class Chunk:
    config: Configuration
    seed: int
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


def run_chunk(chunk: Chunk) -> list[Row]:
    return [play_game(chunk.config, chunk.seed, i) for i in range(chunk.start, chunk.stop)]


def chunks(configurations: list[Configuration], games: int, seed: int, workers: int,
           per_chunk: int | None = None) -> list[Chunk]:
    """Split the run into chunks: small enough for every worker to get several (so the
    load evens out and the progress bar moves), big enough to keep the overhead low."""
    total = games * len(configurations)
    size = per_chunk or max(1, min(200, math.ceil(total / max(1, workers * 8))))
    out = []
    for config in configurations:
        for start in range(0, games, size):
            out.append(Chunk(config, seed, start, min(games, start + size)))
    return out


Progress = Callable[[int], None]  # called with the number of games just finished


def run(configurations: list[Configuration], games: int, seed: int, workers: int = 1,
        backend: str = "local", progress: Progress | None = None) -> list[Row]:
    """Play every game of the sweep; rows in sweep order (configuration, then game number)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
    workers = max(1, workers)
    todo = chunks(configurations, games, seed, workers)
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
                yield position, [play_game(chunk.config, chunk.seed, i)]
        return
    games = sorted({chunk.config.game for chunk in todo})
    pool = ProcessPoolExecutor(max_workers=min(workers, len(todo)), mp_context=_context(games))
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


def _context(games: list[str]) -> multiprocessing.context.BaseContext:
    """Fresh worker processes: forkserver where there is one (safe with the progress
    bar's thread, and the imports, the games' rules among them, are done once in the
    server), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        rules = [_spec(g).game.partition(":")[0] for g in games]
        ctx.set_forkserver_preload(["wasteland.sim.runner", *rules, "wasteland.agents.registry",
                                    "wasteland.agents.random_agent"])
        return ctx
    return multiprocessing.get_context("spawn")


@contextmanager
def session(backend: str) -> Iterator[None]:
    """One Ray instance for several runs (a tuning's batches): each run attaches to it
    instead of starting its own. Nothing for the local backend."""
    if backend != "ray":
        yield
        return
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'wasteland[ray]'") from None
    if ray.is_initialized():
        yield
        return
    try:
        ray.init(include_dashboard=False, log_to_driver=False)
    except Exception as exc:  # noqa: BLE001 - one clear message for the user
        raise RuntimeError(f"could not start or attach to a Ray instance: {exc}") from None
    try:
        yield
    finally:
        ray.shutdown()


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
