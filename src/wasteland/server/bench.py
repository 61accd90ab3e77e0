"""``wasteland bench server``: N concurrent games played by bot clients over WebSocket.

The server runs in its own process (as ``wasteland serve`` on a free port and, by
default, a fresh SQLite file); this process plays every seat of N two-player games at
once, each seat its own WebSocket client that picks a random legal action from its own
view. When a game ends, its slot starts a new one, so N games are always in play.

Latency is measured per action: from sending it to receiving the acting client's own
update (which the server pushes only after the action is committed to the database).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import msgspec

_decode = msgspec.json.Decoder().decode

CHARACTERS = ["scout", "healer", "plowman", "arsonist", "little_girl", "scientist"]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    games_started: int = 0
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)
    measuring: bool = False


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _cpu_seconds(pid: int) -> float | None:
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


async def _play_one_game(http: Any, ws_base: str, slot: int, number: int, players: int, think: float,
                         tally: Tally, stop: asyncio.Event) -> None:
    from websockets.asyncio.client import connect

    rng = random.Random(slot * 100_003 + number)
    body = {"players": players, "characters": CHARACTERS[:players], "seed": rng.randrange(2**31),
            "seats": ["human"] * players, "join": 0}
    if players == 1:
        body["mode"] = "solo"
    elif players > 1:
        body["mode"] = "coop"
    created = (await http.post("/api/games", json=body)).json()
    game_id = created["game"]["id"]
    tokens = [created["token"]]
    for seat in range(1, players):
        tokens.append((await http.post(f"/api/games/{game_id}/join", json={"seat": seat})).json()["token"])
    tally.games_started += 1
    sockets = [await connect(f"{ws_base}/api/games/{game_id}/ws?token={t}", max_size=2**24) for t in tokens]
    try:
        states = [_decode(await ws.recv()) for ws in sockets]
        index = states[0]["index"]
        while states[0]["outcome"] is None and not stop.is_set():
            seat = states[0]["decision"]["seat"]
            options = states[seat]["decision"]["actions"]
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            ref = f"{game_id}:{index}"
            sent = time.perf_counter()
            await sockets[seat].send(json.dumps({"type": "action", "action": rng.choice(options), "index": index,
                                                 "ref": ref}))
            for other, ws in enumerate(sockets):
                while True:
                    message = _decode(await ws.recv())
                    if message["type"] == "update":
                        break
                    if message["type"] == "error":
                        raise RuntimeError(f"game {game_id}: {message['error']}")
                if other == seat:
                    if message.get("ref") != ref:
                        raise RuntimeError(f"game {game_id}: update without the action's ref")
                    if tally.measuring:
                        tally.latencies.append(time.perf_counter() - sent)
                        tally.actions += 1
                states[other] = message
            index += 1
        if states[0]["outcome"] is not None:
            tally.games_finished += 1
    finally:
        for ws in sockets:
            await ws.close()


async def _slot(http: Any, ws_base: str, slot: int, players: int, think: float, tally: Tally,
                stop: asyncio.Event, ready: asyncio.Event) -> None:
    number = 0
    while not stop.is_set():
        try:
            await _play_one_game(http, ws_base, slot, number, players, think, tally, stop)
        except Exception as exc:  # noted and shown; the slot starts a new game
            tally.errors.append(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.1)
        number += 1


async def run(base: str, games: int, seconds: float, players: int = 2, think: float = 0.0,
              server_pid: int | None = None, out=print) -> Tally:
    import httpx

    tally = Tally()
    stop = asyncio.Event()
    ready = asyncio.Event()
    ws_base = base.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        tasks = [asyncio.create_task(_slot(http, ws_base, i, players, think, tally, stop, ready))
                 for i in range(games)]
        # Measure once every slot has its first game going.
        deadline = time.monotonic() + 120
        while tally.games_started < games:
            await asyncio.sleep(0.05)
            if time.monotonic() > deadline:
                stop.set()
                for t in tasks:
                    t.cancel()
                raise RuntimeError(f"only {tally.games_started} of {games} games started in 120 s; "
                                   f"errors: {tally.errors[:3]}")
        out(f"{games} games started; measuring for {seconds:g} s ...")
        cpu0 = _cpu_seconds(server_pid) if server_pid else None
        tally.measuring = True
        started = time.perf_counter()
        own0 = time.process_time()
        await asyncio.sleep(seconds)
        tally.measuring = False
        elapsed = time.perf_counter() - started
        own = time.process_time() - own0
        cpu1 = _cpu_seconds(server_pid) if server_pid else None
        stop.set()
        await asyncio.wait(tasks, timeout=30)
        for t in tasks:
            t.cancel()
    lat = [x * 1000 for x in tally.latencies]
    out(f"concurrent games: {games} ({players} players each, every seat its own WebSocket client; "
        f"think time {think:g} s)")
    out(f"actions: {tally.actions} in {elapsed:.1f} s = {tally.actions / elapsed:.0f} actions/s; "
        f"games finished: {tally.games_finished}")
    if lat:
        out(f"action latency ms: p50 {_percentile(lat, 0.5):.1f}  p90 {_percentile(lat, 0.9):.1f}  "
            f"p99 {_percentile(lat, 0.99):.1f}  max {max(lat):.1f}  mean {statistics.fmean(lat):.1f}")
    if cpu0 is not None and cpu1 is not None:
        out(f"server CPU: {100 * (cpu1 - cpu0) / elapsed:.0f}% of one core; "
            f"bench clients: {100 * own / elapsed:.0f}%")
    if tally.errors:
        out(f"errors: {len(tally.errors)}; first: {tally.errors[0]}")
    return tally


def start_server(db: str | None, cwd: str) -> tuple[subprocess.Popen, str]:
    db = db or os.path.join(cwd, "bench.db")
    proc = subprocess.Popen([sys.executable, "-c", "from wasteland.cli.main import app; app()", "serve", "--port", "0",
                             "--db", db], stdout=subprocess.PIPE, text=True, cwd=cwd)
    line = proc.stdout.readline() if proc.stdout else ""
    match = re.search(r"(http://\S+?):?(\d+)/", line)
    if not match:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    base = line.split()[3].rstrip("/")
    return proc, base


def bench_command(games: int, seconds: float, db: str | None, think: float, players: int = 2) -> int:
    if games < 1 or seconds <= 0:
        print("error: --games must be at least 1 and --seconds more than 0", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="wl-bench-") as tmp:
        proc, base = start_server(db, tmp)
        try:
            import httpx

            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(base + "/api", timeout=2)
                    break
                except httpx.TransportError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.1)
            print(f"server: {base} (pid {proc.pid}, database {db or 'temporary SQLite file'})")
            tally = asyncio.run(run(base, games, seconds, players, think, proc.pid))
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 1 if tally.errors and not tally.actions else 0
