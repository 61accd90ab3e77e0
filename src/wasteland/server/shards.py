"""Several server processes behind one port: ``wasteland serve --processes N``.

One server process is bound by one core (the engine, the views, the WebSocket framing all
run in Python on one event loop). With ``--processes N`` the games are split between N
complete server processes, the **shards**: shard ``owner(id, N)`` holds game ``id`` in
memory and is the only process that ever touches it, so every guarantee of the single
server (tokens, commit before acknowledgement, the order of updates, undo, reconnect,
views) holds per game exactly as before: each shard runs the same code on its own games.

A small **router** (the process started by ``wasteland serve``) owns the listening
socket. For each new connection it reads the request line, picks the shard (the game's
owner for ``/api/games/{id}...``; any shard, in turn, for everything else: the lobby,
creating a game, the page) and hands the connection itself to that shard over a Unix
socket (``SCM_RIGHTS``), together with the bytes it has read. The shard's uvicorn reads
the rest; the router never sees the traffic of a game, so a WebSocket costs it nothing
after its first line. Shards answer every plain HTTP request with ``Connection: close``:
the next request of a client, maybe for another game, comes as a new connection and is
routed on its own. A request that reaches the wrong shard anyway is refused (421) and
never loads the game, so no game is ever held by two processes.

Each shard writes to the same database. SQLite takes a shard's batch under one write lock
(``BEGIN IMMEDIATE``, see ``Store``); PostgreSQL takes them side by side. The games a
shard creates get ids it owns; after a restart, with any number of shards, each game is
loaded by its new owner from its record.

Shards die with the router (``PR_SET_PDEATHSIG``, and they stop when its socket closes).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import itertools
import os
import logging
import re
import signal
import socket
import subprocess
import sys
import zlib
from typing import Any
from urllib.parse import unquote

from .bots import die_with_parent

log = logging.getLogger("wasteland.server")

#: how much of a request the router reads at most before it picks a shard.
MAX_HEAD = 16 * 1024
#: seconds a new connection has to send its request line.
HEAD_TIMEOUT = 10.0

_GAME_PATH = re.compile(r"^/api/games/([^/?#]+)")
_REQUEST_LINE = re.compile(rb"^[A-Z]+ (\S+) HTTP/")


def owner(game_id: str, shards: int) -> int:
    """The shard that holds game ``game_id`` among ``shards``."""
    return zlib.crc32(game_id.encode()) % shards


def game_of_path(path: str) -> str | None:
    """The game id a (decoded) request path is about, if any."""
    match = _GAME_PATH.match(path)
    return match.group(1) if match else None


def route(head: bytes, shards: int) -> int | None:
    """The shard for a connection whose first bytes are ``head``: the owner of the game it
    is about, or None when any shard may answer (the lobby, creating a game, the page)."""
    match = _REQUEST_LINE.match(head)
    if match:
        target = match.group(1).decode("latin-1").split("?", 1)[0]
        game_id = game_of_path(unquote(target))
        if game_id is not None:
            return owner(game_id, shards)
    return None


# -- inside a shard: the ASGI guard -----------------------------------------------------


class ShardGuard:
    """Wraps the app of shard ``shard`` of ``shards``: refuses other shards' games and
    closes every plain HTTP connection after its answer (see the module's notes)."""

    def __init__(self, app: Any, shard: int, shards: int) -> None:
        self.app = app
        self.shard = shard
        self.shards = shards

    @property
    def state(self) -> Any:
        return self.app.state

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        game_id = game_of_path(scope.get("path", ""))
        if game_id is not None and owner(game_id, self.shards) != self.shard:
            await self._misdirected(kind, receive, send)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return

        async def closing_send(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"connection"]
                message = {**message, "headers": [*headers, (b"connection", b"close")]}
            await send(message)

        await self.app(scope, receive, closing_send)

    async def _misdirected(self, kind: str, receive: Any, send: Any) -> None:
        from .rooms import dumps

        body = {"error": "this connection reached a server process that does not hold this game; reconnect",
                "rule": None, "code": "misdirected", "status": 421}
        if kind == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": dumps({"type": "error", **body, "ref": None})})
            await send({"type": "websocket.close", "code": 4421})
            return
        await send({"type": "http.response.start", "status": 421,
                    "headers": [(b"content-type", b"application/json"), (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": dumps(body).encode()})


# -- the router -------------------------------------------------------------------------


class _Shard:
    def __init__(self, index: int, proc: subprocess.Popen, channel: socket.socket) -> None:
        self.index = index
        self.proc = proc
        self.channel = channel


def _start_shards(url: str, processes: int, bot_workers: int | None, log_level: str) -> list[_Shard]:
    shards = []
    for index in range(processes):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        proc = subprocess.Popen(
            [sys.executable, "-c", "from wasteland.server.shards import shard_main; shard_main()", str(index),
             str(processes), str(theirs.fileno()), url, str(bot_workers or 0), log_level],
            pass_fds=[theirs.fileno()])
        theirs.close()
        shards.append(_Shard(index, proc, ours))
    for shard in shards:
        shard.channel.settimeout(300)
        try:
            ready = shard.channel.recv(16)
        except OSError:
            ready = b""
        if ready != b"ready":
            _stop_shards(shards)
            raise RuntimeError(f"server process {shard.index} did not start (exit code {shard.proc.poll()})")
        shard.channel.settimeout(None)
    return shards


def _stop_shards(shards: list[_Shard]) -> None:
    for shard in shards:
        if shard.proc.poll() is None:
            shard.proc.terminate()
    for shard in shards:
        try:
            shard.proc.wait(30)
        except subprocess.TimeoutExpired:
            shard.proc.kill()
        shard.channel.close()


async def _hand_over(conn: socket.socket, shards: list[_Shard], turns: Any) -> None:
    loop = asyncio.get_running_loop()
    try:
        conn.setblocking(False)
        head = b""
        async with asyncio.timeout(HEAD_TIMEOUT):
            while b"\r\n" not in head and len(head) < MAX_HEAD:
                chunk = await loop.sock_recv(conn, MAX_HEAD - len(head))  # at most MAX_HEAD in all
                if not chunk:
                    return
                head += chunk
        home = route(head, len(shards))
        shard = shards[next(turns) % len(shards) if home is None else home]
        if shard.proc.poll() is not None:
            return  # the shard is gone: the router stops below
        socket.send_fds(shard.channel, [head], [conn.fileno()])
    except (OSError, TimeoutError):
        pass
    finally:
        conn.close()


#: accept() errors that mean "no file for a new connection now": back off and go on.
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
MIN_BACKOFF, MAX_BACKOFF = 0.01, 1.0
#: the answer to a connection refused at the open-file limit.
_BUSY = (b'{"error":"the server is at its connection limit; try again shortly","rule":null,"code":"busy",'
         b'"status":503}')
REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n"
           b"connection: close\r\ncontent-length: " + str(len(_BUSY)).encode() + b"\r\n\r\n" + _BUSY)


class _Reserve:
    """One open file kept back, so that at the open-file limit the router can still accept
    a waiting connection to refuse it clearly instead of leaving it in the queue."""

    def __init__(self) -> None:
        self.fd: int | None = None
        self._take()

    def _take(self) -> None:
        try:
            self.fd = os.open(os.devnull, os.O_RDONLY)
        except OSError:
            self.fd = None

    def refuse_waiting(self, listener: socket.socket, most: int = 64) -> int:
        """Answer up to ``most`` waiting connections 503 and close them; how many."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
        refused = 0
        try:
            while refused < most:
                try:
                    conn, _address = listener.accept()
                except OSError:  # none waiting, or still no file
                    break
                with contextlib.suppress(OSError):
                    conn.setblocking(False)
                    conn.send(REFUSAL)
                conn.close()
                refused += 1
        finally:
            self._take()
        return refused


async def _route_forever(listener: socket.socket, shards: list[_Shard]) -> bool:
    """Route until a shard dies (then False)."""
    loop = asyncio.get_running_loop()
    listener.setblocking(False)
    pending: set[asyncio.Task] = set()
    turns = itertools.count()

    async def watch() -> None:  # a shard that dies takes the server down: restart it whole
        while all(s.proc.poll() is None for s in shards):
            await asyncio.sleep(0.5)
        dead = [s.index for s in shards if s.proc.poll() is not None]
        log.error("server process(es) %s stopped; stopping", dead)

    watcher = asyncio.create_task(watch())
    reserve = _Reserve()
    backoff = MIN_BACKOFF
    while not watcher.done():
        accept = asyncio.ensure_future(loop.sock_accept(listener))
        await asyncio.wait([accept, watcher], return_when=asyncio.FIRST_COMPLETED)
        if not accept.done():
            accept.cancel()
            break
        try:
            conn, _address = accept.result()
        except OSError as exc:
            if exc.errno not in OUT_OF_FILES:
                continue  # one connection failed (reset before it was accepted): the next one
            # At the open-file limit: refuse what waits with the file kept for it, then give
            # the connections being handed over time to go before accepting again.
            shed = reserve.refuse_waiting(listener)
            log.warning("out of open files (%s): refused %d connection(s), accepting again in %.2f s",
                        exc.strerror, shed, backoff)
            await asyncio.sleep(backoff)
            backoff = min(2 * backoff, MAX_BACKOFF)
            continue
        backoff = MIN_BACKOFF
        task = asyncio.create_task(_hand_over(conn, shards, turns))
        pending.add(task)
        task.add_done_callback(pending.discard)
    return False


def serve_sharded(host: str, port: int, url: str, processes: int, bot_workers: int | None,
                  log_level: str = "warning") -> None:
    """``wasteland serve --processes N``: bind, start the shards, print the address, route."""
    from .run import bind
    from .store import describe_url

    sock = bind(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # The address first, as ``serve`` prints it: connections wait in the listen queue
    # until the processes are up.
    print(f"wasteland server on http://{shown}:{bound_port}/ (database: {describe_url(url)}; "
          f"{processes} processes)", flush=True)
    shards = _start_shards(url, processes, bot_workers, log_level)

    def stop(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    healthy = True
    try:
        healthy = _run(_route_forever(sock, shards))
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        _stop_shards(shards)
    if not healthy:
        raise SystemExit(1)


def _run(main: Any) -> Any:
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        return asyncio.run(main)
    return uvloop.run(main)


# -- a shard ----------------------------------------------------------------------------


def shard_main() -> None:
    """Entry point of shard ``argv[1]`` of ``argv[2]`` (started by the router)."""
    index, count, fd, url, workers, log_level = sys.argv[1:7]
    die_with_parent(signal.SIGTERM)  # a graceful stop: uvicorn finishes what it started
    import uvicorn

    from .app import create_app
    from .run import uvicorn_config

    channel = socket.socket(fileno=int(fd))
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s %(levelname)s %(name)s[{index}]: %(message)s")
    app = create_app(url, int(workers) or None, shard=(int(index), int(count)))
    server = uvicorn.Server(uvicorn_config(app, log_level))
    _run(_shard_serve(server, channel))


async def _shard_serve(server: Any, channel: socket.socket) -> None:
    loop = asyncio.get_running_loop()
    serving = asyncio.create_task(server.serve(sockets=[]))
    while not server.started:
        if serving.done():
            await serving
            return
        await asyncio.sleep(0.01)
    config = server.config

    def protocol_with(prefix: bytes) -> Any:
        proto = config.http_protocol_class(config=config, server_state=server.server_state,
                                           app_state=server.lifespan.state, _loop=loop)
        made = proto.connection_made

        def connection_made(transport: Any) -> None:
            made(transport)
            proto.data_received(prefix)  # what the router read, before anything from the socket

        proto.connection_made = connection_made
        return proto

    async def adopt(fd: int, prefix: bytes) -> None:
        conn = socket.socket(fileno=fd)
        try:
            await loop.connect_accepted_socket(lambda: protocol_with(prefix), conn)
        except OSError:
            conn.close()

    adopting: set[asyncio.Task] = set()

    def readable() -> None:
        while True:
            try:
                data, fds, _flags, _address = socket.recv_fds(channel, MAX_HEAD + 1024, 4)
            except BlockingIOError:
                return
            except OSError as exc:
                if exc.errno in OUT_OF_FILES:  # this shard is at its limit: the router is still there
                    return
                data, fds = b"", []
            if not data and not fds:  # the router is gone
                loop.remove_reader(channel.fileno())
                server.should_exit = True
                return
            for fd in fds:
                task = loop.create_task(adopt(fd, data))
                adopting.add(task)
                task.add_done_callback(adopting.discard)

    channel.setblocking(False)
    loop.add_reader(channel.fileno(), readable)
    channel.send(b"ready")
    await serving
