"""Where the server's time goes on one action, by part (issue 29).

    PYTHONPATH=src python scripts/profile_server.py [--game saltlands] [--actions 3000] [--spectators 0]

Plays two-seat games through the server's own rooms in this process (a real store, on a
temporary SQLite file, or ``--db postgresql://...``), each seat with a client whose outbox
is emptied as a socket would, and prints: the engine's apply an action, the server's CPU
an action (what the server adds to the engine; the socket's write is not in it: see
``wasteland bench server``), split between the event loop's thread and the database's,
and a profile grouped by part (engine, views, events, JSON, database, the room's own
code). ``--sections`` times the parts of an action on the loop's thread instead (CPU by
``thread_time``: under cProfile the database's thread takes the GIL in the middle of
whatever the loop runs, and its waits land on random functions). Numbers vary with the
machine's load; compare the ratios of one run.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import random
import sys
import tempfile
import time
from collections import defaultdict

from wasteland.core.registry import get_game
from wasteland.server.bots import BotPool
from wasteland.server.hub import Hub
from wasteland.server.rooms import Client
from wasteland.server.store import ActionRow, action_detail, open_store

PARTS = (  # the first that matches a profiled function's file names its part
    ("json", ("msgspec", "/json/")),
    ("database", ("sqlite3", "psycopg", "store.py", "queue.py", "threading.py")),
    ("asyncio", ("asyncio/",)),
    ("events", ("server/events.py",)),
    ("room", ("server/rooms.py", "server/hub.py", "server/notify.py")),
    ("engine", ("wasteland/games/", "wasteland/core/")),
)


def part_of(filename: str) -> str:
    for part, marks in PARTS:
        if any(mark in filename for mark in marks):
            return part
    return "other"


async def play(game_name: str, actions: int, spectators: int, db: str, split: str = "") -> tuple[int, float]:
    """``split``: "" one node; "seats": seat 0 on node A, seat 1 (and the spectators) on node
    B, each node told of the other's actions as the announcement tells it; "spectators":
    both seats on A, the spectators alone on B (which relays); "replayed": the same, B
    replaying each action instead. Two hubs in this process on
    one store, so that what is measured is the nodes' own work, not the machine's load."""
    store = await open_store(db)
    hub = Hub(store, BotPool(1), peers=bool(split))
    other = Hub(store, BotPool(1), peers=True) if split else hub
    rng = random.Random(1)
    done = 0
    cpu0, main0 = time.process_time(), time.thread_time()
    try:
        while done < actions:
            room, _seat, _token = await hub.create({"game": game_name, "players": 2, "seed": rng.randrange(10**6)})
            await room.join(0, "a")
            await room.join(1, "b")
            copy = await other.room(room.id)
            if split == "replayed":  # the spectators alone on B, which replays (as before relaying)
                copy.relaying = lambda: False  # type: ignore[method-assign]
            rooms = [room, copy if split == "seats" else room]
            clients = [Client(0), Client(1)] + [Client(None) for _ in range(spectators)]
            for number, client in enumerate(clients):
                await (rooms[min(number, 1)] if client.seat is not None else copy).subscribe(client)
            if split == "spectators":
                room.row.watched_until = time.time() + 3600  # as node B's mark announces it
            while not room.over and done < actions:
                acting = rooms[room.game.decision(room.state).seat]  # node A's copy is always current
                d = acting.game.decision(acting.state)
                action = rng.choice(d.actions)
                index = acting.index
                await acting.act(d.seat, action, index, client=clients[d.seat])
                if split:  # the announcement, to both nodes (the acting one hears its own echo)
                    detail = action_detail(index, ActionRow(action, d.seat, "human", time.time()), None)
                    for each in (hub, other):
                        each.changed(room.id, acting.seq, detail)
                    while hub.tasks or other.tasks:
                        await asyncio.gather(*list(hub.tasks | other.tasks))
                for client in clients:  # what the socket's pump does
                    while not client.outbox.empty():
                        client.outbox.get_nowait()
                done += 1
            hub.rooms.pop(room.id, None)
            other.rooms.pop(room.id, None)
        spent = time.process_time() - cpu0  # this process's CPU, the store's thread included
        play.main_thread = time.thread_time() - main0  # type: ignore[attr-defined]  # the event loop's share
    finally:
        await store.close()
    return done, spent


async def crowd(game_name: str, games: int, think: float, seconds: float, db: str) -> tuple[int, float, list[float]]:
    """``--games N``: N games played at once on one node, each seat acting ``think``
    seconds (0.5x to 1.5x) after its turn comes, as ``wasteland bench server`` plays them
    but without its sockets and HTTP: the database's group commits carry what arrives
    together, as on a busy node. Actions, the process's CPU seconds and each action's
    latency (the room's act, commit included) over ``seconds``; a finished game is
    replaced."""
    store = await open_store(db)
    hub = Hub(store, BotPool(1))
    rng = random.Random(1)
    latencies: list[float] = []
    stop = asyncio.Event()

    async def one(slot: int) -> None:
        while not stop.is_set():
            room, _seat, _token = await hub.create({"game": game_name, "players": 2, "seed": rng.randrange(10**6)})
            await room.join(0, "a")
            await room.join(1, "b")
            clients = [Client(0), Client(1)]
            for client in clients:
                await room.subscribe(client)
            while not room.over and not stop.is_set():
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                d = room.game.decision(room.state)
                sent = time.perf_counter()
                await room.act(d.seat, rng.choice(d.actions), room.index, client=clients[d.seat])
                latencies.append(time.perf_counter() - sent)
                for client in clients:
                    while not client.outbox.empty():
                        client.outbox.get_nowait()
            hub.rooms.pop(room.id, None)

    tasks = [asyncio.create_task(one(i)) for i in range(games)]
    await asyncio.sleep(min(3.0, seconds / 3))  # every game created
    first, cpu0 = len(latencies), time.process_time()
    await asyncio.sleep(seconds)
    done, cpu = len(latencies) - first, time.process_time() - cpu0
    measured = latencies[first:first + done]
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    await store.close()
    return done, cpu, measured


def engine_only(game_name: str, actions: int) -> float:
    """The engine's apply an action, on the same kind of games (the anchor of issue 29's
    aim: the server's CPU an action at most 5x this)."""
    game = get_game(game_name)
    rng = random.Random(1)
    done, spent = 0, 0.0
    while done < actions:
        state = game.new_game({"players": 2}, rng.randrange(10**6))
        while game.outcome(state) is None and done < actions:
            d = game.decision(state)
            action = rng.choice(d.actions)
            started = time.process_time()  # CPU, not wall: the machine may be shared
            state, _events = game.apply(state, action)
            spent += time.process_time() - started
            done += 1
    return spent / done


# The parts of an action timed on the event loop's thread (``--sections``): the CPU each
# spends, inner parts included in outer ones. cProfile's own times mislead here: the
# database's thread takes the GIL in the middle of whatever the loop runs.
SECTIONS = (
    ("rooms", "Room", ("_act", "_broadcast", "_common", "_views", "_message", "seats_json", "_policy", "_advance")),
    ("rooms", "Client", ("send",)),
    ("rooms", "", ("dumps",)),
    ("events", "", ("events_json", "action_for")),
    ("hub", "Hub", ("create", "acted")),
    ("store", "Store", ("commit_action",)),
    ("game_base", "EngineGame", ("apply", "decision", "reveals_hidden")),
)


def timed_sections(args: argparse.Namespace, db: str) -> None:
    """CPU on the event loop's thread by part of an action, timed with ``thread_time``."""
    import functools
    import importlib
    import inspect

    spent: dict[str, float] = defaultdict(float)
    undo = []

    def timer(name: str, fn):
        if inspect.iscoroutinefunction(fn):
            @functools.wraps(fn)
            async def timed_async(*a, **k):
                started = time.thread_time()
                try:
                    return await fn(*a, **k)
                finally:
                    spent[name] += time.thread_time() - started
            return timed_async

        @functools.wraps(fn)
        def timed(*a, **k):
            started = time.thread_time()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.thread_time() - started
        return timed

    rooms = importlib.import_module("wasteland.server.rooms")
    for module_name, owner_name, names in SECTIONS:
        module = importlib.import_module(("wasteland.core." if module_name == "game_base" else "wasteland.server.")
                                         + module_name)
        for name in names:
            owner = getattr(module, owner_name) if owner_name else module
            timed = timer(f"{owner_name + '.' if owner_name else ''}{name}", getattr(owner, name))
            # a function rooms.py imported by name is timed where rooms.py calls it too
            targets = [owner] + ([rooms] if not owner_name and module is not rooms and hasattr(rooms, name) else [])
            for target in targets:
                undo.append((target, name, getattr(target, name)))
                setattr(target, name, timed)
    try:
        done, cpu = asyncio.run(play(args.game, args.actions, args.spectators, db))
        main = play.main_thread  # type: ignore[attr-defined]
    finally:
        for target, name, fn in reversed(undo):
            setattr(target, name, fn)
    print(f"CPU an action: {cpu / done * 1e6:.0f} µs, the event loop's thread {main / done * 1e6:.0f} µs, "
          f"the other threads (the database's) {(cpu - main) / done * 1e6:.0f} µs; by part on the loop's thread "
          "(timers included):")
    for name, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {name:24s} {seconds / done * 1e6:6.0f} µs")


def compare_nodes(args: argparse.Namespace, rounds: int = 3) -> None:
    """CPU an action of one node, and of two nodes in one process (the coordination's cost
    without the machine's: no second process, no sockets), rounds interleaved."""
    modes = {"one node": "", "seats on two nodes": "seats", "spectators alone on B, relayed": "spectators",
             "spectators alone on B, replayed": "replayed"}
    spent: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(rounds):
            for label, split in modes.items():
                db = args.db or os.path.join(tmp, f"{split or 'one'}{number}.db")
                done, cpu = asyncio.run(play(args.game, args.actions, args.spectators, db, split))
                spent[label].append(cpu / done)
    base = min(spent["one node"])
    print(f"{args.game}, {args.spectators} spectator(s); CPU an action, the least of {rounds} rounds:")
    for label in modes:
        print(f"  {label:28s} {min(spent[label]) * 1e6:6.0f} µs  {min(spent[label]) / base:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="saltlands")
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--db", default=None, help="a database URL (default: a temporary SQLite file)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--nodes", action="store_true",
                        help="compare one node with two (the seats on both; the spectators alone on one), "
                             "rounds interleaved, instead of profiling")
    parser.add_argument("--sections", action="store_true",
                        help="CPU by part of an action on the event loop's thread (thread_time), instead of profiling")
    parser.add_argument("--games", type=int, default=0,
                        help="play this many games at once for --seconds instead of profiling (see crowd)")
    parser.add_argument("--think", type=float, default=0.1)
    parser.add_argument("--seconds", type=float, default=15.0)
    args = parser.parse_args()
    if args.games:
        apply_cost = engine_only(args.game, args.actions)
        with tempfile.TemporaryDirectory() as tmp:
            done, cpu, lat = asyncio.run(crowd(args.game, args.games, args.think, args.seconds,
                                               args.db or os.path.join(tmp, "crowd.db")))
        lat.sort()
        per = cpu / max(1, done)
        print(f"{args.game}: {args.games} games at once, think {args.think:g} s: {done / args.seconds:,.0f} actions/s; "
              f"CPU {per * 1e6:.0f} µs an action = {per / apply_cost:.1f}x the engine's apply ({apply_cost * 1e6:.0f} µs; "
              f"aim ≤ 5x); act p50 {1000 * lat[len(lat) // 2]:.1f} ms, p99 {1000 * lat[int(0.99 * len(lat))]:.1f} ms "
              "(no sockets: see wasteland bench server)")
        return
    if args.nodes:
        compare_nodes(args)
        return
    if args.sections:
        with tempfile.TemporaryDirectory() as tmp:
            timed_sections(args, args.db or os.path.join(tmp, "sections.db"))
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or os.path.join(tmp, "profile.db")
        apply_cost = engine_only(args.game, args.actions)
        done, cpu = asyncio.run(play(args.game, args.actions, args.spectators, db))  # plain timing
        main = play.main_thread  # type: ignore[attr-defined]
        profiler = cProfile.Profile()
        profiler.enable()
        asyncio.run(play(args.game, args.actions, args.spectators, db + "2" if not args.db else db))
        profiler.disable()
    per_action = cpu / done
    print(f"{args.game}: {done} actions; engine apply {apply_cost * 1e6:.0f} µs an action; the server's CPU "
          f"(everything but the socket's write, games' creation included) {per_action * 1e6:.0f} µs an action = "
          f"{per_action / apply_cost:.1f}x the engine's apply; of it the event loop's thread "
          f"{main / done * 1e6:.0f} µs, the database's thread {(cpu - main) / done * 1e6:.0f} µs")
    stats = pstats.Stats(profiler)
    by_part: dict[str, float] = defaultdict(float)
    total = 0.0
    for (filename, _line, name), (_cc, _nc, tottime, _ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        if "poll" in name or name == "<method 'release' of '_thread.lock' objects>":
            continue  # waiting (for the database's thread), not working
        by_part[part_of(filename)] += tottime
        total += tottime
    print("own time by part (profiled):")
    for part, seconds in sorted(by_part.items(), key=lambda kv: -kv[1]):
        print(f"  {part:10s} {100 * seconds / total:5.1f} %")
    print(f"top {args.top} functions by cumulative time:")
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    sys.exit(main())
