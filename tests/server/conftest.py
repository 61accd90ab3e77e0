"""Real servers on localhost for the server tests, on SQLite and on PostgreSQL.

PostgreSQL: ``WASTELAND_TEST_PG_URL`` (set by ``.ci/run``) names a server where the tests
may create databases; without it a throwaway cluster is started here from Debian's
``/usr/lib/postgresql/*/bin`` if installed, else the PostgreSQL cases fail (``.ci/run``
installs it).
"""

from __future__ import annotations

import glob
import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import uuid
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from wasteland.games import get_game

GAME = get_game("saltlands")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ThrowawayCluster:
    def __init__(self) -> None:
        bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not bins:
            raise RuntimeError("PostgreSQL is not installed")
        self.bin = os.path.dirname(bins[-1])
        self.dir = tempfile.mkdtemp(prefix="wl-pg-")
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses to run as root
            pwd.getpwnam("postgres")
            shutil.chown(self.dir, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.data = os.path.join(self.dir, "data")

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd=self.dir)

    def start(self) -> str:
        self._run(f"{self.bin}/initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
        self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-l", os.path.join(self.dir, "log"), "-w", "-o",
                  f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=on", "start")
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        try:
            self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_admin_url():
    url = os.environ.get("WASTELAND_TEST_PG_URL")
    if url:
        yield url
        return
    try:
        cluster = ThrowawayCluster()
        url = cluster.start()
    except Exception as exc:  # not installed, or cannot start here
        yield f"unavailable: {exc}"
        return
    try:
        yield url
    finally:
        cluster.stop()


def new_database(kind: str, pg_admin_url: str | None, tmp_dir: str) -> str:
    if kind == "sqlite":
        return os.path.join(tmp_dir, f"wl-{uuid.uuid4().hex[:8]}.db")
    if pg_admin_url is None or pg_admin_url.startswith("unavailable:"):
        # .ci/run installs and starts PostgreSQL; without it these cases fail rather than pass unseen.
        pytest.fail(f"PostgreSQL is not available ({pg_admin_url}): run `bash .ci/run`, or set "
                    "WASTELAND_TEST_PG_URL, or install Debian's postgresql")
    import psycopg

    name = f"wl_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(pg_admin_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    base, _, _ = pg_admin_url.rpartition("/")
    return f"{base}/{name}"


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request, pg_admin_url, tmp_path) -> str:
    return new_database(request.param, pg_admin_url, str(tmp_path))


class LiveServer:
    """The app on uvicorn in a thread of this process."""

    def __init__(self, db: str) -> None:
        import uvicorn

        from wasteland.server.app import create_app
        from wasteland.server.run import uvicorn_config

        self.db = db
        self.app = create_app(db, bot_workers=2)
        self.server = uvicorn.Server(uvicorn_config(self.app, host="127.0.0.1", port=0))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "LiveServer":
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        self.port = self.server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.base, timeout=30)
        return self

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(30)

    # helpers --------------------------------------------------------------------------

    def create(self, **body: Any) -> dict[str, Any]:
        """A new game (Saltlands unless ``game`` says otherwise)."""
        body.setdefault("game", "saltlands")
        r = self.http.post("/api/games", json=body)
        assert r.status_code == 201, r.text
        return r.json()

    def join(self, game_id: str, **body: Any) -> dict[str, Any]:
        r = self.http.post(f"/api/games/{game_id}/join", json=body)
        assert r.status_code == 200, r.text
        return r.json()

    def state(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.http.get(f"/api/games/{game_id}", headers=headers)
        assert r.status_code == 200, r.text
        return r.json()["state"]

    def act(self, game_id: str, token: str, action: str, index: int) -> httpx.Response:
        return self.http.post(f"/api/games/{game_id}/actions", json={"action": action, "index": index},
                              headers={"Authorization": f"Bearer {token}"})

    def socket(self, game_id: str, token: str | None = None) -> "Socket":
        url = f"ws://127.0.0.1:{self.port}/api/games/{game_id}/ws" + (f"?token={token}" if token else "")
        return Socket(connect(url, max_size=2**24, open_timeout=10).__enter__())


class Socket:
    def __init__(self, ws) -> None:
        self.ws = ws
        self.received: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        return message

    def until(self, predicate, timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message")
            message = self.recv(left)
            if predicate(message):
                return message

    def close(self) -> None:
        self.ws.close()


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def server(request, pg_admin_url, tmp_path_factory):
    db = new_database(request.param, pg_admin_url, str(tmp_path_factory.mktemp("db")))
    live = LiveServer(db).start()
    try:
        yield live
    finally:
        live.stop()


class ServerProcess:
    """``wasteland serve`` as a process of its own (``processes``: serve --processes), in a
    session of its own: ``kill`` SIGKILLs every process of the server at once, a crash."""

    def __init__(self, db: str, cwd: str, processes: int = 1, args: tuple[str, ...] = ()) -> None:
        self.database = db if "://" in db or os.path.isabs(db) else os.path.join(cwd, db)
        self.proc = subprocess.Popen(
            [sys.executable, "-c", "from wasteland.cli.main import app; app()", "serve", "--port", "0", "--db", db,
             "--processes", str(processes), "--companion", *args],  # the companion's routes too (off by default)
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd, start_new_session=True)
        try:
            self._start()
        except BaseException:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait(10)
            raise

    def _start(self) -> None:
        self.db = self.database
        line = self.proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"no address printed: {line!r}"
        self.port = int(match.group(1))
        self.base = f"http://127.0.0.1:{self.port}"
        self.http = httpx.Client(base_url=self.base, timeout=30)
        deadline = time.monotonic() + 30
        while True:
            try:
                if self.http.get("/api").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline and self.proc.poll() is None, "the server did not come up"
            time.sleep(0.05)

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:  # every process of it has already ended
            pass
        self.proc.wait(10)
        self.http.close()


#: every table the server writes (the games' and the companion's)
TABLES = ("wl_games", "wl_seats", "wl_actions", "wl_companion", "wl_companion_steps")


def db_rows(db: str) -> dict[str, list[tuple]]:
    """Every row of the server's tables, read straight from the database (not through the
    server): what a refused request must leave exactly as it was."""
    out: dict[str, list[tuple]] = {}
    if db.startswith(("postgresql://", "postgres://")):
        import psycopg

        with psycopg.connect(db) as conn:
            for table in TABLES:
                try:
                    rows = conn.execute(f"SELECT * FROM {table}").fetchall()
                except psycopg.errors.UndefinedTable:
                    conn.rollback()
                    rows = []
                out[table] = sorted(map(tuple, rows), key=repr)
        return out
    import sqlite3

    path = db[len("sqlite:///"):] if db.startswith("sqlite:///") else db
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        for table in TABLES:
            try:
                rows = conn.execute(f"SELECT * FROM {table}").fetchall()
            except sqlite3.OperationalError:  # not created yet
                rows = []
            out[table] = sorted(rows, key=repr)
    finally:
        conn.close()
    return out


def quiet_rows(db: str) -> dict[str, list[tuple]]:
    """:func:`db_rows` with the games a bot plays in reduced to their ids: a bot moves when
    its turn comes, whatever a test sends meanwhile, so only the games no bot plays must
    stay exactly as they were (and no game may appear or go)."""
    rows = db_rows(db)
    bots = {r[0] for r in rows["wl_seats"] if r[2] == "bot"}
    return {"wl_game_ids": sorted(r[0] for r in rows["wl_games"]),
            **{table: [r for r in found if r[0] not in bots] for table, found in rows.items()}}


def replay_state(config: dict[str, Any], seed: int, actions: list[str]):
    state = GAME.new_game(config, seed)
    for action in actions:
        GAME.apply_in_place(state, action)
    return state


# The test modules import these helpers with ``from srvtest import ...``: pytest runs with
# --import-mode=importlib, where a conftest is not importable by name.
import sys  # noqa: E402

sys.modules["srvtest"] = sys.modules[__name__]


def run_async(coro: Any) -> Any:
    """Run a coroutine to completion in a thread of its own: another test in this worker
    (Playwright's sync API, say) may already be running an event loop here."""
    import asyncio

    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = asyncio.run(coro)
        except BaseException as exc:  # handed back to the caller
            box["error"] = exc

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box.get("value")
