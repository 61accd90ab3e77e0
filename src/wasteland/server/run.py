"""``wasteland serve``: bind, print the address, run the app on uvicorn.

One process is one **node**: it serves any game of its database (``docs/scaling.md``).
Across machines, N nodes on one PostgreSQL database stand behind any HTTP load balancer
with WebSocket support (``deploy/haproxy.cfg``). On one machine, ``--processes N`` starts
N nodes on the same port: each binds its own listening socket with the kernel's
``SO_REUSEPORT``, and the kernel spreads new connections between them; nothing of ours
routes a byte. A node that dies takes only its own connections, whose clients reconnect
to the others.

SIGTERM drains a node: ``/readyz`` says 503 at once (the balancer stops sending), new
sockets are refused, the listening socket closes, the changes under way commit, and the
WebSockets are closed with 1012 (service restart: reconnect) within
``timeout_graceful_shutdown`` seconds.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import uvicorn

from . import logs
from .bots import die_with_parent
from .errors import MAX_MESSAGE
from .store import database_url, describe_url, open_store


async def _check_database(url: str) -> None:
    store = await open_store(url)
    await store.close()


def bind(host: str, port: int, reuse_port: bool = False) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


def listen(sock: socket.socket) -> socket.socket:
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def uvicorn_config(app, log_level: str = "warning", **options):
    from .limits import MAX_HEAD_BYTES, GuardedHttpToolsProtocol

    # Request heads are bounded in size and time (see limits.py). Messages up to 16 x 64 KiB are read and answered with a clear error; beyond that the
    # WebSocket layer closes the connection (1009).
    return uvicorn.Config(app, log_level=log_level, lifespan="on", ws_max_size=16 * MAX_MESSAGE,
                          ws_ping_interval=20.0, ws_ping_timeout=20.0, timeout_graceful_shutdown=5,
                          # No per-message deflate: it would cost more CPU than the JSON itself,
                          # and a view is a few KiB.
                          ws_per_message_deflate=False, http=GuardedHttpToolsProtocol,
                          h11_max_incomplete_event_size=MAX_HEAD_BYTES, **options)


class Node(uvicorn.Server):
    """uvicorn's server, that marks the hub as draining the moment SIGTERM arrives."""

    def __init__(self, config: uvicorn.Config, app: Any) -> None:
        super().__init__(config)
        self.app = app

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        hub = getattr(self.app.state, "hub", None)
        if hub is not None:
            hub.draining = True
        super().handle_exit(sig, frame)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "wasteland.db", bot_workers: int | None = None,
          log_level: str = "warning", processes: int = 1, companion: bool = False,
          reports: Path | None = None, log_format: str = "text") -> None:
    """``companion``: serve the companion's routes too (off on a public server unless asked
    for: ``wasteland companion`` is the table's own server). Set in the environment, so that
    every node of ``--processes N`` reads it. ``reports``: a folder of simulation runs shown
    read-only at ``/reports/`` (one node)."""
    os.environ["WASTELAND_COMPANION"] = "1" if companion else "0"
    url = database_url(db)
    asyncio.run(_check_database(url))  # one clear error now rather than a traceback from the app
    if processes > 1:
        serve_nodes(host, port, url, processes, bot_workers, log_level, log_format)
        return
    sock = listen(bind(host, port))
    run_node(sock, url, bot_workers, log_level, log_format, peers=False, announce=True, reports=reports)


def run_node(sock: socket.socket, url: str, bot_workers: int | None, log_level: str, log_format: str,
             peers: bool, announce: bool, reports: Path | None = None) -> None:
    from .app import create_app

    bound_host, bound_port = sock.getsockname()[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    logs.setup(log_format)
    app = create_app(url, bot_workers, peers=peers, reports=reports)
    server = Node(uvicorn_config(app, log_level), app)
    if announce:
        print(f"wasteland server on http://{shown}:{bound_port}/ (database: {describe_url(url)})", flush=True)
    server.run(sockets=[sock])
    sys.stdout.flush()


def serve_nodes(host: str, port: int, url: str, processes: int, bot_workers: int | None, log_level: str,
                log_format: str) -> None:
    """``--processes N``: N nodes on one port (``SO_REUSEPORT``), this process their parent.
    SIGTERM and SIGINT are passed on to every node; it ends when they all have."""
    placeholder = bind(host, port, reuse_port=True)  # holds the port (0: a free one) until the nodes have it
    bound_host, bound_port = placeholder.getsockname()[:2]
    listening, told = os.pipe()  # each node writes one byte once its socket listens
    spec = json.dumps({"host": host, "port": bound_port, "url": url, "bot_workers": bot_workers,
                       "log_level": log_level, "log_format": log_format, "ready_fd": told})
    nodes = [subprocess.Popen([sys.executable, "-c", "from wasteland.server.run import node_main; node_main()",
                               spec], preexec_fn=lambda: die_with_parent(signal.SIGTERM), pass_fds=(told,))
             for _ in range(processes)]
    os.close(told)

    def pass_on(sig: int, frame: FrameType | None) -> None:
        for node in nodes:
            if node.poll() is None:
                node.send_signal(sig)

    signal.signal(signal.SIGTERM, pass_on)
    signal.signal(signal.SIGINT, pass_on)
    # the address is printed (and the port's placeholder let go) only once every node listens:
    # a client told the address earlier found nobody there (connection refused)
    ready = 0
    with os.fdopen(listening, "rb", buffering=0) as pipe:
        while ready < processes and (byte := pipe.read(1)):
            ready += len(byte)
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    print(f"wasteland server on http://{shown}:{bound_port}/ (database: {describe_url(url)}; {ready} of "
          f"{processes} nodes)", flush=True)
    placeholder.close()
    for node in nodes:
        node.wait()


def node_main() -> None:
    """One node of ``serve --processes N`` (started by :func:`serve_nodes`)."""
    spec = json.loads(sys.argv[1])
    sock = listen(bind(spec["host"], spec["port"], reuse_port=True))
    if spec.get("ready_fd") is not None:  # the parent prints the address once every node listens
        os.write(spec["ready_fd"], b"1")
        os.close(spec["ready_fd"])
    peers = not spec["url"].startswith(("postgresql://", "postgres://"))  # SQLite: look for the others' changes
    os.environ.setdefault("WASTELAND_NODE", f"{socket.gethostname()}:{os.getpid()}")
    run_node(sock, spec["url"], spec["bot_workers"], spec["log_level"], spec["log_format"], peers=peers,
             announce=False)
