"""``wasteland serve``: bind, print the address, run the app on uvicorn."""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import sys
from pathlib import Path

from .errors import MAX_MESSAGE
from .store import database_url, describe_url, open_store


async def _check_database(url: str) -> None:
    store = await open_store(url)
    await store.close()


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def uvicorn_config(app, log_level: str = "warning", **options):
    import uvicorn

    from .limits import MAX_HEAD_BYTES, GuardedHttpToolsProtocol

    # Request heads are bounded in size and time (see limits.py). Messages up to 16 x 64 KiB are read and answered with a clear error; beyond that the
    # WebSocket layer closes the connection (1009).
    return uvicorn.Config(app, log_level=log_level, lifespan="on", ws_max_size=16 * MAX_MESSAGE,
                          ws_ping_interval=20.0, ws_ping_timeout=20.0, timeout_graceful_shutdown=5,
                          # No per-message deflate: it would cost more CPU than the JSON itself,
                          # and a view is a few KiB.
                          ws_per_message_deflate=False, http=GuardedHttpToolsProtocol,
                          h11_max_incomplete_event_size=MAX_HEAD_BYTES, **options)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "wasteland.db", bot_workers: int | None = None,
          log_level: str = "warning", processes: int = 1, companion: bool = False,
          reports: Path | None = None) -> None:
    """``companion``: serve the companion's routes too (off on a public server unless asked
    for: ``wasteland companion`` is the table's own server). Set in the environment, so that
    every process of ``--processes N`` reads it."""
    import uvicorn

    from .app import create_app

    os.environ["WASTELAND_COMPANION"] = "1" if companion else "0"
    url = database_url(db)
    asyncio.run(_check_database(url))  # one clear error now rather than a traceback from the app
    if processes > 1:
        from .shards import serve_sharded

        serve_sharded(host, port, url, processes, bot_workers, log_level)
        return
    sock = bind(host, port)
    bound_host, bound_port = sock.getsockname()[:2]
    shown = f"[{bound_host}]" if ":" in bound_host else bound_host
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    server = uvicorn.Server(uvicorn_config(create_app(url, bot_workers, reports=reports), log_level))
    print(f"wasteland server on http://{shown}:{bound_port}/ (database: {describe_url(url)})", flush=True)
    server.run(sockets=[sock])
    sys.stdout.flush()
