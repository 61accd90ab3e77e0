"""Games as records in SQL: SQLite by default, PostgreSQL through a ``postgresql://`` URL.

A game is its record: a header row (game, rules version, config, seed) and one row per
action, plus its seats (who plays them, the hash of each seat's secret token, the time
bank). Plain SQL that both databases accept; ``?`` placeholders are turned into ``%s``
for psycopg.

Every database call runs on one writer thread, so the event loop never waits on disk.
The thread takes every job queued since its last pass into one transaction (group
commit; under load it waits a moment for more, see ``COMMIT_DELAY``), and a job's future
is resolved only after that transaction has committed: an action is acknowledged only
once it is on disk (SQLite: WAL with ``synchronous=FULL``; PostgreSQL: its default
synchronous commit). If a job fails (a duplicate action index,
say), the transaction is rolled back and each job of the batch runs again in a
transaction of its own, so that it alone fails.

Several server nodes may share one database (``docs/scaling.md``). Each game and each
companion session has a sequence number (``seq``), one more at every change. A change is
written only under the database's lock on that game's row (PostgreSQL: the row lock its
``UPDATE ... WHERE seq = ?`` takes, held to the commit; SQLite: the write lock of ``BEGIN
IMMEDIATE``) and only if the row still has the ``seq`` the node's copy was built from;
otherwise :class:`Stale` is raised and nothing is written, and the node reloads what it
missed. On PostgreSQL the same statement sends ``NOTIFY wasteland, '<kind> <id> <seq>'``
(delivered at commit, see ``notify.py``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import queue
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

SCHEMA_VERSION = "3"

#: the channel every change of a companion session is announced on (PostgreSQL); a game's
#: changes go on a channel of the game's own (:func:`channel_of`).
CHANNEL = "wasteland"

#: how long a transaction waits for SQLite's write lock (held by another server process).
LOCK_SECONDS = 10.0

#: group commit under load: when the last transaction carried more than one job and ended
#: less than BUSY_SECONDS ago, the writer waits up to COMMIT_DELAY for more jobs before it
#: begins the next one. A commit's sync (SQLite's WAL fsync; PostgreSQL's round trips)
#: costs the node some 150 µs of CPU whatever it carries, an action's statements some
#: 15 µs: with actions arriving a few milliseconds apart, each had a commit of its own.
#: One client's actions one after another (a batch of one) never wait. (PostgreSQL's own
#: commit_delay and commit_siblings, on the node's side.)
COMMIT_DELAY = 0.002
BUSY_SECONDS = 0.010

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS wl_meta (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS wl_games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules_version TEXT NOT NULL,
        config TEXT NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        status TEXT NOT NULL,
        driven INTEGER NOT NULL,
        actions INTEGER NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        seq BIGINT NOT NULL DEFAULT 0,
        undos BIGINT NOT NULL DEFAULT 0,
        watched_until DOUBLE PRECISION NOT NULL DEFAULT 0)""",
    "CREATE INDEX IF NOT EXISTS wl_games_status ON wl_games (status, updated_at)",
    """CREATE TABLE IF NOT EXISTS wl_seats (
        game_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        bot TEXT,
        name TEXT,
        token_hash TEXT,
        bank DOUBLE PRECISION,
        PRIMARY KEY (game_id, seat))""",
    """CREATE TABLE IF NOT EXISTS wl_actions (
        game_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        notation TEXT NOT NULL,
        seat INTEGER NOT NULL,
        source TEXT NOT NULL,
        played_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, idx))""",
    # The spectators' update of each recent action, as the node that played it wrote it,
    # while another node relays it to spectators without replaying the game (rooms.py).
    """CREATE TABLE IF NOT EXISTS wl_views (
        game_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        text TEXT NOT NULL,
        PRIMARY KEY (game_id, idx))""",
)

#: the spectators' updates kept a game (older ones go as new ones come)
VIEWS_KEPT = 64


class StoreError(RuntimeError):
    """The database could not be reached or refused a write."""


class Stale(Exception):
    """The row changed since the node's copy was read (another node, another process):
    nothing was written. ``seq`` is the row's sequence number now (None: no such row)."""

    def __init__(self, what: str, seq: int | None) -> None:
        super().__init__(f"{what} changed meanwhile (now at sequence {seq})")
        self.seq = seq


@dataclass
class SeatRow:
    seat: int
    kind: str  # "human" | "bot"
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    bank: float | None = None  # seconds left on this seat's clock at its last action; None = no clock


@dataclass
class ActionRow:
    notation: str
    seat: int
    source: str  # "human" | "bot" | "timeout"
    played_at: float


@dataclass
class GameRow:
    id: str
    game: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    options: dict[str, Any]
    status: str  # "open" | "playing" | "over"
    driven: bool  # a bot seat or a clock: the server must resume it after a restart
    actions: int
    created_at: float
    updated_at: float
    seats: list[SeatRow] = field(default_factory=list)
    seq: int = 0  # one more at every change: an action, an undo, a seat taken or left
    undos: int = 0  # undos ever made: while it is unchanged, the record only grew
    #: until then (time.time()) a node relays this game's updates to its spectators without
    #: replaying it: the node that plays an action writes the spectators' update too
    watched_until: float = 0.0


@dataclass
class StoredGame:
    row: GameRow
    actions: list[ActionRow]


def describe_url(url: str) -> str:
    """The URL without its password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        cred, host = rest.rsplit("@", 1)
        return f"{scheme}://{cred.split(':', 1)[0]}:***@{host}"
    return url


class _Job:
    __slots__ = ("fn", "future", "loop")

    def __init__(self, fn: Callable[[Any], Any], future: asyncio.Future, loop: asyncio.AbstractEventLoop) -> None:
        self.fn = fn
        self.future = future
        self.loop = loop


def _resolve(future: asyncio.Future, result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _resolve_all(resolved: list[tuple[asyncio.Future, Any, BaseException | None]]) -> None:
    for future, result, error in resolved:
        _resolve(future, result, error)


class Store:
    """The game database. Open with :func:`open_store`; every method is a coroutine."""

    MAX_BATCH = 512

    def __init__(self, url: str) -> None:
        self.url = url
        self.kind = "postgresql" if url.startswith(("postgresql://", "postgres://")) else "sqlite"
        self._jobs: "queue.Queue[_Job | None]" = queue.Queue()
        self._thread: threading.Thread | None = None
        self._conn: Any = None
        self._last_error: BaseException | None = None
        self.errors = 0  # transactions lost to the database (for the metrics)
        self.reachable = True  # the last transaction reached the database (for /readyz)
        self.last_commit = time.monotonic()  # when (for /readyz: a busy node need not ping)
        self._ended, self._carried = 0.0, 0  # when the writer's last transaction ended, its jobs (COMMIT_DELAY)

    # -- connection (writer thread only) -------------------------------------------------

    def _connect(self) -> None:
        if self.kind == "postgresql":
            import psycopg

            self._conn = psycopg.connect(self.url, autocommit=True)
        else:
            path = self.url[len("sqlite:///"):] if self.url.startswith("sqlite:///") else self.url
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
            self._conn.execute("PRAGMA journal_mode=WAL")
            # FULL: the WAL is synced at every commit, so an acknowledged action survives
            # even a power cut, not just a killed process.
            self._conn.execute("PRAGMA synchronous=FULL")
            self._conn.execute("PRAGMA busy_timeout=10000")
        self._exec("BEGIN" if self.kind == "postgresql" else "BEGIN IMMEDIATE")
        try:
            for statement in SCHEMA:
                self._exec(statement)
            row = self._exec("SELECT value FROM wl_meta WHERE name = ?", ("schema",)).fetchone()
            if row is None:
                self._exec("INSERT INTO wl_meta (name, value) VALUES (?, ?)", ("schema", SCHEMA_VERSION))
            elif row[0] in ("1", "2"):
                if row[0] == "1":  # before nodes: the sequence numbers start at 0
                    self.add_column("wl_games", "seq", "BIGINT NOT NULL DEFAULT 0")
                    self.add_column("wl_games", "undos", "BIGINT NOT NULL DEFAULT 0")
                self.add_column("wl_games", "watched_until", "DOUBLE PRECISION NOT NULL DEFAULT 0")
                self._exec("UPDATE wl_meta SET value = ? WHERE name = ?", (SCHEMA_VERSION, "schema"))
            elif row[0] != SCHEMA_VERSION:
                raise StoreError(f"database schema {row[0]!r}, this server needs {SCHEMA_VERSION!r}")
            self._exec("COMMIT")
        except BaseException:
            self._exec("ROLLBACK")
            raise
        if self.kind == "sqlite":
            self._conn.execute("PRAGMA busy_timeout=0")  # _begin waits for the write lock itself

    def _begin(self) -> None:
        if self.kind == "postgresql":
            self._exec("BEGIN")
            return
        # SQLite: take the write lock at once (BEGIN IMMEDIATE). Several server processes
        # may write to one file (``serve --processes``); a deferred transaction that read first could
        # not take the lock later without failing (SQLITE_BUSY_SNAPSHOT). The wait is ours,
        # in steps of a fraction of a millisecond: SQLite's own busy handler sleeps 1, 2,
        # 5, 10 ... ms, far longer than another process holds the lock (one batch).
        delay, deadline = 0.0001, time.monotonic() + LOCK_SECONDS
        while True:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
            time.sleep(delay)
            delay = min(2 * delay, 0.002)

    def add_column(self, table: str, column: str, declaration: str) -> None:
        """Add ``column`` to ``table`` unless it is there (a database made by an older server)."""
        if self.kind == "postgresql":
            self._exec(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {declaration}")
        elif column not in {r[1] for r in self._exec(f"PRAGMA table_info({table})").fetchall()}:
            self._exec(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")

    def advance_row(self, table: str, kind: str, row_id: str, seq: int, what: str, sets: str,
                    params: tuple, detail: str = "", also: str = "") -> Any:
        """``UPDATE table SET sets`` on row ``row_id`` if it is at sequence ``seq``, with its
        sequence number one more; that number. The update takes the row's lock for the rest
        of the transaction (SQLite: ``BEGIN IMMEDIATE`` holds the file) and, on PostgreSQL,
        sends the announcement at commit; one statement, one round trip. :class:`Stale` if
        the row moved on (nothing written). ``detail``: what changed, for the listeners to
        take without reading the database (``notify``: an action's own row). ``also``: more
        columns to return (then the returned row, its sequence number first)."""
        if self.kind == "postgresql":
            notify = f", pg_notify(?, '{kind} ' || id || ' ' || seq || ?)"
            tail: tuple = (channel_of(kind, row_id), f" {detail}" if detail else "")
        else:
            notify, tail = "", ()
        found = self._exec(f"UPDATE {table} SET {sets}, seq = seq + 1 WHERE id = ? AND seq = ? "
                           f"RETURNING seq{', ' + also if also else ''}{notify}",
                           (*params, row_id, seq, *tail)).fetchone()
        if found is None:
            now = self._exec(f"SELECT seq FROM {table} WHERE id = ?", (row_id,)).fetchone()
            raise Stale(what, None if now is None else int(now[0]))
        return found if also else int(found[0])

    def announce(self, kind: str, row_id: str, seq: int) -> None:
        """Tell the nodes that listen (``notify``) at commit that ``row_id`` is at ``seq``."""
        if self.kind == "postgresql":
            self._exec("SELECT pg_notify(?, ?)", (channel_of(kind, row_id), f"{kind} {row_id} {seq}"))

    def _exec(self, sql: str, params: tuple = ()) -> Any:
        if self.kind == "postgresql":
            return self._conn.execute(sql.replace("?", "%s"), params)
        return self._conn.execute(sql, params)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                break
            batch = [job]
            stop = False
            # Busy (the last transaction carried several jobs and ended a moment ago): wait a
            # little for more, so that one commit, whose sync costs far more than its
            # statements, carries several. One client's actions one after another never wait.
            waited = time.monotonic()
            until = waited + COMMIT_DELAY if self._carried > 1 and waited - self._ended < BUSY_SECONDS else 0.0
            while len(batch) < self.MAX_BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    left = until - time.monotonic()
                    if left <= 0:
                        break
                    try:
                        more = self._jobs.get(timeout=left)
                    except queue.Empty:
                        break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._run_batch(batch)
            self._ended, self._carried = time.monotonic(), len(batch)
            if stop:
                break
        try:
            self._conn.close()
        except Exception:  # pragma: no cover - closing a broken connection
            pass

    def _run_batch(self, batch: list[_Job]) -> None:
        results = self._transaction(batch)
        if results is None:  # a job failed: run each alone, so that it fails alone
            results = []
            for job in batch:
                alone = self._transaction([job])
                results.extend(alone if alone is not None else [(None, self._last_error)])
        # One wake-up of each event loop for the whole batch, its futures resolved in order.
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future, Any, BaseException | None]]] = {}
        for job, (result, error) in zip(batch, results):
            by_loop.setdefault(job.loop, []).append((job.future, result, error))
        for loop, resolved in by_loop.items():
            loop.call_soon_threadsafe(_resolve_all, resolved)

    def _transaction(self, batch: list[_Job]) -> list[tuple[Any, BaseException | None]] | None:
        """Run the jobs in one transaction; their results, or None if one failed (rolled back)."""
        results: list[tuple[Any, BaseException | None]] = []
        try:
            self._begin()
            for job in batch:
                results.append((job.fn(self), None))
            self._exec("COMMIT")
            self.reachable, self.last_commit = True, time.monotonic()
            return results
        except Exception as exc:
            try:
                self._exec("ROLLBACK")
            except Exception:
                pass
            self._last_error = exc if len(batch) == 1 else None
            if isinstance(exc, Stale):
                return None
            if self.kind == "postgresql" and getattr(self._conn, "closed", False):
                self.errors += 1
                self.reachable = False
                self._last_error = StoreError(f"database connection lost: {exc}")
                try:  # the server restarted: reconnect for the next batch
                    self._connect()
                except Exception:
                    pass
                return [(None, self._last_error)] * len(batch)
            return None

    async def _call(self, fn: Callable[["Store"], Any]) -> Any:
        if self._thread is None:
            raise StoreError("the store is closed")
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._jobs.put(_Job(fn, future, loop))
        return await future

    # -- life cycle ---------------------------------------------------------------------

    async def open(self) -> None:
        ready: "queue.Queue[BaseException | None]" = queue.Queue()

        def start() -> None:
            try:
                self._connect()
            except BaseException as exc:
                ready.put(exc)
                return
            ready.put(None)
            self._run()

        self._thread = threading.Thread(target=start, name="wasteland-store", daemon=True)
        self._thread.start()
        error = await asyncio.to_thread(ready.get)
        if error is not None:
            self._thread = None
            raise StoreError(f"cannot open the database {describe_url(self.url)}: {error}") from error

    async def close(self) -> None:
        if self._thread is None:
            return
        self._jobs.put(None)
        thread, self._thread = self._thread, None
        await asyncio.to_thread(thread.join, 30)

    # -- games --------------------------------------------------------------------------

    async def create_game(self, row: GameRow) -> None:
        def job(s: Store) -> None:
            s._exec(
                "INSERT INTO wl_games (id, game, rules_version, config, seed, options, status, driven, actions, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.game, row.rules_version, json.dumps(row.config, sort_keys=True), row.seed,
                 json.dumps(row.options, sort_keys=True), row.status, int(row.driven), row.actions,
                 row.created_at, row.updated_at))
            for seat in row.seats:
                s._exec("INSERT INTO wl_seats (game_id, seat, kind, bot, name, token_hash, bank) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (row.id, seat.seat, seat.kind, seat.bot, seat.name, seat.token_hash, seat.bank))
            s.announce("g", row.id, 0)

        await self._call(job)

    async def append_action(self, game_id: str, index: int, action: ActionRow, status: str,
                            bank: float | None, seq: int) -> int:
        """Action ``index`` (0-based) of the game at sequence ``seq`` (see :meth:`commit_action`);
        the game's new sequence number."""
        return (await self.commit_action(game_id, index, action, status, bank, seq))[0]

    async def commit_action(self, game_id: str, index: int, action: ActionRow, status: str,
                            bank: float | None, seq: int, view: str | None = None) -> tuple[int, float]:
        """Action ``index`` (0-based) of the game at sequence ``seq``; its seat's clock is set
        to ``bank``; ``view``: the spectators' update, for nodes that relay it (``wl_views``).
        The game's new sequence number and its ``watched_until``; :class:`Stale` if it was not
        at ``seq``."""

        def job(s: Store) -> tuple[int, float]:
            after = s.advance_row("wl_games", "g", game_id, seq, f"game {game_id}",
                                  "actions = ?, status = ?, updated_at = ?", (index + 1, status, action.played_at),
                                  action_detail(index, action, bank), also="watched_until")
            s._exec("INSERT INTO wl_actions (game_id, idx, notation, seat, source, played_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, index, action.notation, action.seat, action.source, action.played_at))
            if bank is not None:
                s._exec("UPDATE wl_seats SET bank = ? WHERE game_id = ? AND seat = ?", (bank, game_id, action.seat))
            if view is not None:
                s._exec("INSERT INTO wl_views (game_id, idx, text) VALUES (?, ?, ?)", (game_id, index, view))
                if index % 16 == 0:
                    s._exec("DELETE FROM wl_views WHERE game_id = ? AND idx < ?", (game_id, index - VIEWS_KEPT))
            return int(after[0]), float(after[1])

        return await self._call(job)

    async def watch(self, game_id: str, until: float) -> None:
        """This node relays the game's updates to its spectators until ``until``: the nodes
        that play its actions write the spectators' update beside each (no change of ``seq``)."""

        def job(s: Store) -> None:
            s._exec("UPDATE wl_games SET watched_until = ? WHERE id = ? AND watched_until < ?", (until, game_id, until))
            s.announce("w", game_id, int(until))  # the nodes holding it write the updates from their next action

        await self._call(job)

    async def views(self, game_id: str, start: int) -> dict[int, str]:
        """The spectators' updates of the game's actions from index ``start`` on, by index."""

        def job(s: Store) -> dict[int, str]:
            return {int(i): t for i, t in s._exec("SELECT idx, text FROM wl_views WHERE game_id = ? AND idx >= ? "
                                                  "ORDER BY idx", (game_id, start)).fetchall()}

        return await self._call(job)

    async def truncate(self, game_id: str, keep: int, status: str, seq: int) -> int:
        """Take back every action from index ``keep`` on (undo); the new sequence number."""

        def job(s: Store) -> int:
            after = s.advance_row("wl_games", "g", game_id, seq, f"game {game_id}",
                                  "actions = ?, status = ?, updated_at = ?, undos = undos + 1", (keep, status, time.time()))
            s._exec("DELETE FROM wl_actions WHERE game_id = ? AND idx >= ?", (game_id, keep))
            s._exec("DELETE FROM wl_views WHERE game_id = ? AND idx >= ?", (game_id, keep))
            return after

        return await self._call(job)

    async def update_seat(self, game_id: str, seat: SeatRow, status: str, driven: bool, seq: int) -> int:
        def job(s: Store) -> int:
            after = s.advance_row("wl_games", "g", game_id, seq, f"game {game_id}",
                                  "status = ?, driven = ?, updated_at = ?", (status, int(driven), time.time()))
            s._exec("UPDATE wl_seats SET kind = ?, bot = ?, name = ?, token_hash = ?, bank = ? "
                    "WHERE game_id = ? AND seat = ?",
                    (seat.kind, seat.bot, seat.name, seat.token_hash, seat.bank, game_id, seat.seat))
            return after

        return await self._call(job)

    async def load(self, game_id: str, start: int = 0) -> StoredGame | None:
        """The game's row, seats and actions from index ``start`` on (all by default)."""

        def job(s: Store) -> StoredGame | None:
            found = s._exec(f"SELECT {_GAME_COLUMNS} FROM wl_games WHERE id = ?", (game_id,)).fetchone()
            if found is None:
                return None
            row = _game_row(found)
            row.seats = s._seats([game_id])[game_id]
            actions = [ActionRow(n, seat, source, at) for n, seat, source, at in s._exec(
                "SELECT notation, seat, source, played_at FROM wl_actions WHERE game_id = ? AND idx >= ? "
                "ORDER BY idx", (game_id, start)).fetchall()]
            return StoredGame(row, actions)

        return await self._call(job)

    async def ping(self) -> None:
        """A round trip to the database (``/readyz``)."""
        await self._call(lambda s: s._exec("SELECT 1").fetchone())

    async def sequences(self, table: str, ids: list[str]) -> dict[str, int]:
        """The sequence number of each row of ``table`` (``wl_games``, ``wl_companion``) named
        in ``ids``: how a node without NOTIFY (SQLite) sees what another process changed."""

        def job(s: Store) -> dict[str, int]:
            out: dict[str, int] = {}
            for start in range(0, len(ids), 200):
                chunk = ids[start:start + 200]
                marks = ", ".join("?" for _ in chunk)
                out.update((i, int(q)) for i, q in s._exec(f"SELECT id, seq FROM {table} WHERE id IN ({marks})",
                                                          tuple(chunk)).fetchall())
            return out

        return await self._call(job)

    async def list_games(self, statuses: tuple[str, ...], limit: int = 200, driven_only: bool = False) -> list[GameRow]:
        def job(s: Store) -> list[GameRow]:
            marks = ", ".join("?" for _ in statuses)
            sql = f"SELECT {_GAME_COLUMNS} FROM wl_games WHERE status IN ({marks})"
            if driven_only:
                sql += " AND driven = 1"
            sql += " ORDER BY updated_at DESC LIMIT ?"
            rows = [_game_row(r) for r in s._exec(sql, (*statuses, limit)).fetchall()]
            seats = s._seats([r.id for r in rows])
            for r in rows:
                r.seats = seats.get(r.id, [])
            return rows

        return await self._call(job)

    def _seats(self, game_ids: list[str]) -> dict[str, list[SeatRow]]:
        out: dict[str, list[SeatRow]] = {g: [] for g in game_ids}
        for start in range(0, len(game_ids), 200):
            chunk = game_ids[start:start + 200]
            if not chunk:
                break
            marks = ", ".join("?" for _ in chunk)
            for gid, seat, kind, bot, name, token_hash, bank in self._exec(
                    f"SELECT game_id, seat, kind, bot, name, token_hash, bank FROM wl_seats "
                    f"WHERE game_id IN ({marks}) ORDER BY game_id, seat", tuple(chunk)).fetchall():
                out[gid].append(SeatRow(seat, kind, bot, name, token_hash, bank))
        return out


def channel_of(kind: str, row_id: str) -> str:
    """The channel a change of ``row_id`` is announced on: a game's (kinds ``g`` and ``w``)
    its own, which only the nodes with clients of the game listen to (``notify``), so that
    a node is not woken by every action of every game; a companion session's the shared
    one. A channel's name is at most 63 bytes: a long or unusual id is hashed."""
    if kind not in ("g", "w"):
        return CHANNEL
    if len(row_id) <= 40 and row_id.replace("-", "").replace("_", "").isalnum() and row_id.isascii():
        return f"wl_g_{row_id}"
    return "wl_g_" + hashlib.sha256(row_id.encode()).hexdigest()[:40]


def action_detail(index: int, action: ActionRow, bank: float | None) -> str:
    """An action as its announcement carries it (``notify``): the next change of the game
    is then taken by the other nodes without a read. The notation goes last (it may hold
    spaces); an announcement holds at most 8000 bytes, so a longer one is left out."""
    text = f"a {index} {action.seat} {action.source} {action.played_at!r} {'-' if bank is None else repr(bank)} " \
           f"{action.notation}"
    return text if len(text.encode()) < 7000 else ""


def parse_action_detail(detail: str) -> tuple[int, ActionRow, float | None] | None:
    parts = detail.split(" ", 6)
    if len(parts) != 7 or parts[0] != "a":
        return None
    try:
        bank = None if parts[5] == "-" else float(parts[5])
        return int(parts[1]), ActionRow(parts[6], int(parts[2]), parts[3], float(parts[4])), bank
    except ValueError:
        return None


_GAME_COLUMNS = ("id, game, rules_version, config, seed, options, status, driven, actions, created_at, updated_at, "
                 "seq, undos, watched_until")


def _game_row(r: tuple) -> GameRow:
    return GameRow(r[0], r[1], r[2], json.loads(r[3]), int(r[4]), json.loads(r[5]), r[6], bool(r[7]), int(r[8]),
                   float(r[9]), float(r[10]), seq=int(r[11]), undos=int(r[12]), watched_until=float(r[13]))


def database_url(db: str) -> str:
    """``--db``: a PostgreSQL URL, a ``sqlite:///`` URL or a plain file name (SQLite)."""
    if db.startswith(("postgresql://", "postgres://", "sqlite:///")):
        return db
    if "://" in db:
        raise StoreError(f"unsupported database URL {describe_url(db)!r}: use a file name, sqlite:///FILE "
                         "or postgresql://USER:PASSWORD@HOST:PORT/DB")
    return "sqlite:///" + str(Path(db).resolve())


async def open_store(db: str) -> Store:
    store = Store(database_url(db))
    await store.open()
    return store
