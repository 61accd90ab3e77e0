"""Where the server's time goes on one action, by part (issue 29).

    PYTHONPATH=src python scripts/profile_server.py [--game saltlands] [--actions 3000] [--spectators 0]

Plays two-seat games through the server's own rooms in this process (a real store, on a
temporary SQLite file, or ``--db postgresql://...``), each seat with a client whose outbox
is emptied as a socket would, and prints: the engine's apply an action, the server's CPU an action (what the server adds to the engine; the socket's
write is not in it: see ``wasteland bench server``), and a profile grouped by part
(engine, views, events, JSON, database, the room's own code). Numbers vary with the machine's
load; compare the ratios of one run.
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
    cpu0 = time.process_time()
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
    finally:
        await store.close()
    return done, spent


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
    args = parser.parse_args()
    if args.nodes:
        compare_nodes(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or os.path.join(tmp, "profile.db")
        apply_cost = engine_only(args.game, args.actions)
        done, cpu = asyncio.run(play(args.game, args.actions, args.spectators, db))  # plain timing
        profiler = cProfile.Profile()
        profiler.enable()
        asyncio.run(play(args.game, args.actions, args.spectators, db + "2" if not args.db else db))
        profiler.disable()
    per_action = cpu / done
    print(f"{args.game}: {done} actions; engine apply {apply_cost * 1e6:.0f} µs an action; the server's CPU "
          f"(everything but the socket's write, games' creation included) {per_action * 1e6:.0f} µs an action = "
          f"{per_action / apply_cost:.1f}x the engine's apply")
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
