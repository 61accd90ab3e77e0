"""``wasteland bench server``: N concurrent games played by bot clients over WebSocket.

The server runs in its own process (as ``wasteland serve`` on a free port and, by
default, a fresh SQLite file); this process plays every seat of N two-player games at
once, each seat its own WebSocket client that picks a random action from the legal list
in its own message (it runs no engine). When a game ends, its slot starts a new one, so N
games are always in play. Both processes share the machine's cores, so the client is kept
cheap (see ``Socket``) and its CPU time is printed next to the server's.

Latency is measured per action: from sending it to receiving the acting client's own
update (which the server pushes only after the action is committed to the database).

``--nodes N`` runs N ``wasteland serve`` nodes on one PostgreSQL database (``--db``) and
``--haproxy`` puts HAProxy in front of them with the repository's ``deploy/haproxy.cfg``
(its server lines set to the nodes); the clients then connect through it, which sends
the requests and sockets of one game to the node its id hashes to (the game is created on
whichever node has the fewest connections, and read once by its home). The server CPU is
the nodes' (and their bot workers'); HAProxy's is printed beside it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import random
import re
import statistics
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec


def bench_game(game: str | None, players: int) -> str:
    """The game to play: ``game``, or the first installed game (by name) that seats ``players``."""
    from wasteland.core.registry import get_spec, registered_games

    if game is not None:
        return get_spec(game).name
    for spec in registered_games().values():
        if spec.min_players <= players <= spec.max_players:
            return spec.name
    raise ValueError(f"no installed game seats {players} players")


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    games_started: int = 0
    games_finished: int = 0
    errors: list[str] = field(default_factory=list)
    measuring: bool = False


def engine_us(game: str, players: int, options: dict[str, Any] | None = None, cpu_seconds: float = 1.0) -> float:
    """The anchor of the server's figure (issue 29): the engine's CPU µs an action in the
    random games the bench plays (same game, seats and options), as the server asks it: the
    decision, then ``apply`` on a copy (a room never changes a state in place)."""
    from wasteland.core.registry import get_game

    engine = get_game(game)
    rng = random.Random(0)
    actions, started = 0, time.process_time()
    while time.process_time() - started < cpu_seconds:
        state = engine.new_game({**(options or {}), "players": players}, rng.randrange(2**31))
        while (d := engine.decision(state)) is not None and time.process_time() - started < cpu_seconds:
            state, _events = engine.apply(state, rng.choice(d.actions))
            actions += 1
    return 1e6 * (time.process_time() - started) / max(1, actions)


#: issue 29's aims for the server: its CPU an action at most this many times the engine's,
#: and the p99 latency under P99_AIM_MS at 200 concurrent games, 0.1 s think, one process
CPU_AIM = 5.0
P99_AIM_MS = 50.0


def aim_lines(cpu_us: float | None, engine: float | None, p99_ms: float | None, games: int, think: float,
              nodes: int, processes: int) -> list[str]:
    """The server's figures beside issue 29's aims and the anchor (the engine's µs an action,
    measured in this run)."""
    out = ["issue 29 aims (✓ met, ✗ not yet):"]
    if cpu_us is not None and engine:
        r = cpu_us / engine
        out.append(f"  server CPU per action ÷ the engine's (aim ≤ {CPU_AIM:g}×): {cpu_us:,.0f} µs ÷ {engine:,.0f} µs "
                   f"(anchor: the engine's decision and apply an action, this game, this run) = {r:.1f}× "
                   f"{'✓' if r <= CPU_AIM else '✗'}")
    if p99_ms is not None:
        standard = games == 200 and think == 0.1 and nodes == 1 and processes == 1
        out.append(f"  p99 latency (aim < {P99_AIM_MS:g} ms at 200 games, think 0.1 s, one process): {p99_ms:.1f} ms "
                   + (("✓" if p99_ms < P99_AIM_MS else "✗") if standard else
                      f"(measured at {games} games, think {think:g} s, {nodes} node(s) × {processes} process(es): "
                      "not the aim's set-up)"))
    return out


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _cpu_seconds(pid: int) -> float | None:
    """CPU time of process ``pid`` and its descendants (the server's processes; Linux)."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None
    for child in _children(pid):
        total += _cpu_seconds(child) or 0.0
    return total


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for task in tasks:
        try:
            out.extend(int(c) for c in open(f"/proc/{pid}/task/{task}/children").read().split())
        except (OSError, ValueError):
            pass
    return out


# -- a small WebSocket client ------------------------------------------------------------
#
# The bench runs on the same cores as the server, so its clients must cost little: one
# asyncio protocol per socket that frames and unframes by hand (RFC 6455: client frames
# masked, server frames not), and messages decoded into the few fields a bot needs (msgspec
# skips the view and the events without building them). A client picks its action from
# the legal list in its own message; it runs no engine.


class Decision(msgspec.Struct):
    seat: int
    actions: list[str] = []


class Message(msgspec.Struct):
    type: str
    index: int = -1
    ref: Any = None
    decision: Decision | None = None
    outcome: Any = None
    error: str | None = None


_decode_message = msgspec.json.Decoder(Message).decode


class Socket(asyncio.Protocol):
    """One WebSocket connection; ``last`` is the latest state or update it received."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.transport: Any = None
        self.buffer = bytearray()
        self.opened: asyncio.Future = asyncio.get_running_loop().create_future()
        self.last: Message | None = None
        self.errors: list[str] = []
        self.waiter: asyncio.Future | None = None
        self.handshaken = False
        self.fragments: list[bytes] = []
        self.lost = False

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("connection closed during the handshake"))
        self._wake()

    def _wake(self) -> None:
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def data_received(self, data: bytes) -> None:
        buf = self.buffer
        buf += data
        if not self.handshaken:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(buf[:end]).decode("latin-1")
            del buf[:end + 4]
            if not head.startswith("HTTP/1.1 101"):
                self.opened.set_exception(ConnectionError(f"no WebSocket upgrade: {head.splitlines()[0]!r}"))
                return
            self.handshaken = True
            self.opened.set_result(None)
        woke = False
        while len(buf) >= 2:
            b0, b1 = buf[0], buf[1]
            n = b1 & 0x7F
            at = 2
            if n == 126:
                if len(buf) < 4:
                    break
                n = int.from_bytes(buf[2:4], "big")
                at = 4
            elif n == 127:
                if len(buf) < 10:
                    break
                n = int.from_bytes(buf[2:10], "big")
                at = 10
            if len(buf) < at + n:
                break
            payload = bytes(buf[at:at + n])
            del buf[:at + n]
            opcode = b0 & 0x0F
            if opcode in (0, 1):
                self.fragments.append(payload)
                if b0 & 0x80:
                    text = b"".join(self.fragments)
                    self.fragments = []
                    message = _decode_message(text)
                    if message.type in ("state", "update"):
                        self.last = message
                        woke = True
                    elif message.type == "error":
                        self.errors.append(message.error or "error")
                        woke = True
            elif opcode == 9:  # ping
                self._frame(0xA, payload)
            elif opcode == 8:  # close
                self.lost = True
                woke = True
        if woke:
            self._wake()

    def _frame(self, opcode: int, payload: bytes) -> None:
        n = len(payload)
        if n < 126:
            head = bytes((0x80 | opcode, 0x80 | n))
        elif n < 65536:
            head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
        else:
            head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
        mask = os.urandom(4)
        stream = (mask * (n // 4 + 1))[:n]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(stream, "big")).to_bytes(n, "big") if n else b""
        assert self.transport is not None
        self.transport.write(head + mask + masked)

    def send_text(self, text: str) -> None:
        self._frame(1, text.encode())

    async def wait(self, ready: Any) -> Message:
        """The latest message once ``ready(message)`` holds."""
        while True:
            if self.errors:
                raise RuntimeError(self.errors[0])
            if self.last is not None and ready(self.last):
                return self.last
            if self.lost:
                raise ConnectionError("the server closed the connection")
            self.waiter = asyncio.get_running_loop().create_future()
            await self.waiter
            self.waiter = None

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            with contextlib.suppress(Exception):
                self._frame(8, (1000).to_bytes(2, "big"))
            self.transport.close()


async def _connect(host: str, port: int, path: str) -> Socket:
    loop = asyncio.get_running_loop()
    key = base64.b64encode(os.urandom(16)).decode()
    _transport, sock = await loop.create_connection(lambda: Socket(key), host, port)
    assert sock.transport is not None
    sock.transport.write((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                          f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                          "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    await asyncio.wait_for(sock.opened, 30)
    return sock


async def _play_one_game(http: Any, host: str, port: int, slot: int, number: int, setup: dict[str, Any],
                         think: float, tally: Tally, stop: asyncio.Event) -> None:
    rng = random.Random(slot * 100_003 + number)
    players = setup["players"]
    body = {**setup, "seed": rng.randrange(2**31), "seats": ["human"] * players, "join": 0}
    response = await http.post("/api/games", json=body)
    if response.status_code != 201:
        raise RuntimeError(f"game not created: {response.text}")
    created = response.json()
    game_id = created["game"]["id"]
    tokens = [created["token"]]
    for seat in range(1, players):
        tokens.append((await http.post(f"/api/games/{game_id}/join", json={"seat": seat})).json()["token"])
    tally.games_started += 1
    sockets = [await _connect(host, port, f"/api/games/{game_id}/ws?token={t}") for t in tokens]
    try:
        index = (await sockets[0].wait(lambda m: True)).index
        while not stop.is_set():
            public = await sockets[0].wait(lambda m: m.index >= index)
            if public.outcome is not None or public.decision is None:
                tally.games_finished += 1
                break
            seat = public.decision.seat
            mine = await sockets[seat].wait(lambda m: m.index >= index)
            assert mine.decision is not None and mine.decision.actions, "the deciding seat got no actions"
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            ref = f"{game_id}:{index}"
            sent = time.perf_counter()
            sockets[seat].send_text(json.dumps({"type": "action", "action": rng.choice(mine.decision.actions),
                                                "index": index, "ref": ref}))
            answer = await sockets[seat].wait(lambda m: m.index > index)
            if answer.ref != ref:
                raise RuntimeError(f"game {game_id}: update without the action's ref")
            if tally.measuring:
                tally.latencies.append(time.perf_counter() - sent)
                tally.actions += 1
            index += 1
    finally:
        for sock in sockets:
            sock.close()


async def _slot(http: Any, host: str, port: int, slot: int, setup: dict[str, Any], think: float, tally: Tally,
                stop: asyncio.Event) -> None:
    number = 0
    while not stop.is_set():
        try:
            await _play_one_game(http, host, port, slot, number, setup, think, tally, stop)
        except Exception as exc:  # noted and shown; the slot starts a new game
            tally.errors.append(f"{type(exc).__name__}: {exc}")
            await asyncio.sleep(0.1)
        number += 1


async def run(base: str, games: int, seconds: float, players: int = 2, think: float = 0.0,
              server_pid: int | list[int] | None = None, out=print, game: str | None = None,
              options: dict[str, Any] | None = None, proxy_pid: int | None = None,
              idle: float | None = None, engine: float | None = None, nodes: int = 1,
              processes: int = 1) -> Tally:
    """``options``: the game's options for every game (the game's defaults otherwise);
    ``idle``: the server's CPU seconds a second before any game (see :func:`idle_cpu`);
    ``engine``: the anchor, the engine's µs an action (:func:`engine_us`), printed with
    the aims."""
    import httpx

    game = bench_game(game, players)
    setup = {**(options or {}), "game": game, "players": players}
    tally = Tally()
    stop = asyncio.Event()
    address = urlsplit(base)
    host, port = address.hostname or "127.0.0.1", address.port or 80
    # Idle connections dropped before the server drops them (uvicorn: after 5 s), or a
    # request may go out on a connection the server is closing (ReadError).
    limits = httpx.Limits(max_connections=64, max_keepalive_connections=64, keepalive_expiry=2.0)
    # No pool timeout: a thousand slots each create a game at the start and queue for the
    # 64 connections far longer than a minute on a busy machine (every one gave up before).
    async with httpx.AsyncClient(base_url=base, timeout=httpx.Timeout(60, pool=None), limits=limits) as http:
        tasks = [asyncio.create_task(_slot(http, host, port, i, setup, think, tally, stop))
                 for i in range(games)]
        # Measure once every slot has its first game going.
        limit = 120 + 0.3 * games  # a thousand games take a while to create on a busy machine
        deadline = time.monotonic() + limit
        while tally.games_started < games:
            await asyncio.sleep(0.05)
            if time.monotonic() > deadline:
                stop.set()
                for t in tasks:
                    t.cancel()
                raise RuntimeError(f"only {tally.games_started} of {games} games started in {limit:.0f} s; "
                                   f"errors: {tally.errors[:3]}")
        out(f"{games} games started; measuring for {seconds:g} s ...")
        pids = [server_pid] if isinstance(server_pid, int) else list(server_pid or [])
        cpu0 = _cpu_of(pids)
        each0 = [_cpu_of([pid]) for pid in pids]
        proxy0 = _cpu_of([proxy_pid] if proxy_pid else [])
        tally.measuring = True
        started = time.perf_counter()
        own0 = time.process_time()
        await asyncio.sleep(seconds)
        tally.measuring = False
        elapsed = time.perf_counter() - started
        own = time.process_time() - own0
        cpu1 = _cpu_of(pids)
        each1 = [_cpu_of([pid]) for pid in pids]
        proxy1 = _cpu_of([proxy_pid] if proxy_pid else [])
        stop.set()
        await asyncio.wait(tasks, timeout=30)
        for t in tasks:
            t.cancel()
    lat = [x * 1000 for x in tally.latencies]
    out(f"concurrent games: {games} of {game} ({players} players each, every seat its own WebSocket client; "
        f"think time {think:g} s)")
    out(f"actions: {tally.actions} in {elapsed:.1f} s = {tally.actions / elapsed:.0f} actions/s; "
        f"games finished: {tally.games_finished}")
    if lat:
        out(f"action latency ms: p50 {_percentile(lat, 0.5):.1f}  p90 {_percentile(lat, 0.9):.1f}  "
            f"p99 {_percentile(lat, 0.99):.1f}  max {max(lat):.1f}  mean {statistics.fmean(lat):.1f}")
    per_action = 1e6 / max(1, tally.actions)
    if cpu0 is not None and cpu1 is not None:
        out(f"server CPU: {100 * (cpu1 - cpu0) / elapsed:.0f}% of one core ({(cpu1 - cpu0) * per_action:.0f} µs an "
            f"action); bench clients: {100 * own / elapsed:.0f}% ({own * per_action:.0f} µs an action)")
        if idle is not None:
            net = max(0.0, cpu1 - cpu0 - idle * elapsed)
            out(f"server CPU net of the nodes' idle CPU ({1000 * idle:.1f} ms a second before the games: health "
                f"checks, timers): {net * per_action:.0f} µs an action")
    else:
        out(f"bench clients: {100 * own / elapsed:.0f}% of one core ({own * per_action:.0f} µs an action)")
    if len(pids) > 1 and None not in each0 + each1:
        out("each node's CPU: " + ", ".join(f"{(b - a) * per_action:.0f}" for a, b in zip(each0, each1))
            + " µs an action")
    if proxy0 is not None and proxy1 is not None:
        out(f"HAProxy CPU: {100 * (proxy1 - proxy0) / elapsed:.0f}% of one core "
            f"({(proxy1 - proxy0) * per_action:.0f} µs an action)")
    if tally.errors:
        out(f"errors: {len(tally.errors)}; first: {tally.errors[0]}")
    cpu_us = None
    if cpu0 is not None and cpu1 is not None:
        cpu_us = (max(0.0, cpu1 - cpu0 - idle * elapsed) if idle is not None else cpu1 - cpu0) * per_action
    for line in aim_lines(cpu_us, engine, _percentile(lat, 0.99) if lat else None, games, think, nodes, processes):
        out(line)
    return tally


def idle_cpu(pids: list[int], windows: int = 4, seconds: float = 2.0) -> float | None:
    """The CPU seconds a second the server's processes spend with no game (the balancer's
    health checks, timers): on a busy shared machine, where few actions a second get
    through, this fixed cost of each node weighs on the CPU an action. The least of a few
    windows, since the bot workers are still starting in the first."""
    rates = []
    for _ in range(windows):
        before = _cpu_of(pids)
        time.sleep(seconds)
        after = _cpu_of(pids)
        if before is None or after is None:
            return None
        rates.append((after - before) / seconds)
    return min(rates)


def _cpu_of(pids: list[int]) -> float | None:
    if not pids:
        return None
    found = [_cpu_seconds(pid) for pid in pids]
    return None if any(f is None for f in found) else sum(f for f in found if f is not None)


def _run_loop(main: Any) -> Any:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard]
        return asyncio.run(main)
    return uvloop.run(main)


def start_server(db: str | None, cwd: str, processes: int = 1) -> tuple[subprocess.Popen, str]:
    db = db or os.path.join(cwd, "bench.db")
    proc = subprocess.Popen([sys.executable, "-c", "from wasteland.cli.main import app; app()", "serve", "--port", "0",
                             "--db", db, "--processes", str(processes)], stdout=subprocess.PIPE, text=True, cwd=cwd)
    line = proc.stdout.readline() if proc.stdout else ""
    match = re.search(r"(http://\S+?):?(\d+)/", line)
    if not match:
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    base = line.split()[3].rstrip("/")
    return proc, base


#: the repository's HAProxy configuration (a checkout's; not in the installed package)
HAPROXY_CFG = Path(__file__).resolve().parents[3] / "deploy" / "haproxy.cfg"


def haproxy_config(nodes: list[str]) -> str:
    """deploy/haproxy.cfg with its server lines set to ``nodes`` (host:port each): each
    group of ``server node`` lines (one a backend) is replaced by one line a node, made
    from the group's first line (node1's)."""
    out: list[str] = []
    template: str | None = None
    for line in HAPROXY_CFG.read_text().splitlines():
        if line.strip().startswith("server node"):
            if template is None:
                template = line
                out += [re.sub(r"\bnode1\b", f"node{i + 1}", line).replace('"${WL_NODE1}"', node)
                        for i, node in enumerate(nodes)]
            continue
        template = None
        out.append(line)
    return "\n".join(out) + "\n"


def start_haproxy(nodes: list[str], cwd: str) -> tuple[subprocess.Popen, str]:
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not HAPROXY_CFG.exists() or not os.path.exists(haproxy):
        raise RuntimeError("--haproxy needs Debian's haproxy and a checkout's deploy/haproxy.cfg")
    listen, stats = f"127.0.0.1:{_free_port()}", f"127.0.0.1:{_free_port()}"
    cfg = os.path.join(cwd, "haproxy.cfg")
    Path(cfg).write_text(haproxy_config(nodes))
    proc = subprocess.Popen([haproxy, "-db", "-f", cfg], env={**os.environ, "WL_LISTEN": listen, "WL_STATS": stats},
                            stdout=subprocess.DEVNULL, cwd=cwd)
    return proc, f"http://{listen}"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_ready(base: str, path: str = "/api") -> None:
    import httpx

    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(base + path, timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"{base} did not come up")
        time.sleep(0.1)


def bench_command(games: int, seconds: float, db: str | None, think: float, players: int = 2,
                  processes: int = 1, game: str | None = None, options: dict[str, Any] | None = None,
                  nodes: int = 1, haproxy: bool = False) -> int:
    if games < 1 or seconds <= 0:
        print("error: --games must be at least 1 and --seconds more than 0", file=sys.stderr)
        return 2
    if (nodes > 1 or haproxy) and not (db or "").startswith(("postgresql://", "postgres://")):
        print("error: --nodes and --haproxy need --db postgresql://... (the nodes share one database)",
              file=sys.stderr)
        return 2
    procs: list[subprocess.Popen] = []
    proxy = None
    with tempfile.TemporaryDirectory(prefix="wl-bench-") as tmp:
        try:
            bases = []
            for _ in range(nodes):
                proc, node_base = start_server(db, tmp, processes)
                procs.append(proc)
                bases.append(node_base)
            for node_base in bases:
                _wait_ready(node_base)
            base = bases[0]
            if haproxy:
                proxy, base = start_haproxy([b.split("//", 1)[1] for b in bases], tmp)
                _wait_ready(base, "/readyz")
            print(f"server: {base} ({nodes} node{'s' if nodes > 1 else ''}{' behind HAProxy' if haproxy else ''}, "
                  f"{processes} process{'es' if processes > 1 else ''} each, "
                  f"database {db or 'temporary SQLite file'})")
            idle = idle_cpu([p.pid for p in procs])
            engine = engine_us(bench_game(game, players), players, options)
            tally = _run_loop(run(base, games, seconds, players, think, [p.pid for p in procs], game=game,
                                  options=options, proxy_pid=proxy.pid if proxy else None, idle=idle,
                                  engine=engine, nodes=nodes, processes=processes))
        finally:
            for proc in procs + ([proxy] if proxy else []):
                proc.terminate()
            for proc in procs + ([proxy] if proxy else []):
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
    return 1 if tally.errors and not tally.actions else 0
