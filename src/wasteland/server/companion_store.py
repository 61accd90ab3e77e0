"""Companion sessions in the server's database, beside its games (same store, same writer
thread, so a step is acknowledged only once it is on disk).

Tables of their own, made on first use: a session's header (game, config, seed, name)
and its steps in order; who holds it (the hashed owner keys of the browsers that made or
joined it: a lobby lists only its own); its short join code; and the taps already played
(a phone's key and the number of its tap), so that a tap sent again after a dropped
connection is refused, never played twice. A session is rebuilt by replaying its steps
(``companion_session``).

A session has a sequence number (``seq``), one more at every change, like a game's: a step
or an undo is written only under the lock of the session's row and only if the row is at
the number the writer's copy was built from (``Store.advance_row``, else ``store.Stale``), and
it is announced to every node (``notify``, kind ``c``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .companion_session import Step
from .store import Store

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS wl_companion (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        rules_version TEXT NOT NULL,
        config TEXT NOT NULL,
        seed BIGINT NOT NULL,
        name TEXT NOT NULL,
        steps INTEGER NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        updated_at DOUBLE PRECISION NOT NULL,
        seq BIGINT NOT NULL DEFAULT 0)""",
    "CREATE INDEX IF NOT EXISTS wl_companion_updated ON wl_companion (updated_at)",
    """CREATE TABLE IF NOT EXISTS wl_companion_steps (
        session_id TEXT NOT NULL,
        idx INTEGER NOT NULL,
        notation TEXT NOT NULL,
        source TEXT NOT NULL,
        note TEXT NOT NULL,
        played_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (session_id, idx))""",
    """CREATE TABLE IF NOT EXISTS wl_companion_owners (
        session_id TEXT NOT NULL,
        owner TEXT NOT NULL,
        PRIMARY KEY (session_id, owner))""",
    "CREATE INDEX IF NOT EXISTS wl_companion_owner ON wl_companion_owners (owner)",
    """CREATE TABLE IF NOT EXISTS wl_companion_codes (
        code TEXT PRIMARY KEY,
        session_id TEXT NOT NULL UNIQUE)""",
    """CREATE TABLE IF NOT EXISTS wl_companion_taps (
        session_id TEXT NOT NULL,
        client TEXT NOT NULL,
        seq BIGINT NOT NULL,
        idx INTEGER NOT NULL,
        PRIMARY KEY (session_id, client, seq))""",
)


@dataclass
class SessionRow:
    id: str
    game: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    name: str
    steps: int
    created_at: float
    updated_at: float
    seq: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "config": self.config, "seed": self.seed, "name": self.name,
                "steps": self.steps, "created_at": self.created_at, "updated_at": self.updated_at}


_COLUMNS = "id, game, rules_version, config, seed, name, steps, created_at, updated_at, seq"


def _row(r: tuple) -> SessionRow:
    return SessionRow(r[0], r[1], r[2], json.loads(r[3]), int(r[4]), r[5], int(r[6]), float(r[7]), float(r[8]),
                      int(r[9]))


class CompanionStore:
    """The sessions' rows in ``store``; every method is a coroutine run on its writer thread."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._ready = False

    async def _call(self, fn: Any) -> Any:
        if not self._ready:
            def make(s: Store) -> None:
                for statement in SCHEMA:
                    s._exec(statement)
                s.add_column("wl_companion", "seq", "BIGINT NOT NULL DEFAULT 0")  # made before nodes

            await self.store._call(make)
            self._ready = True
        return await self.store._call(fn)

    async def create(self, row: SessionRow, owner: str | None, code: str) -> None:
        """The session's header, its join code and (when the browser sent its key) its owner."""
        def job(s: Store) -> None:
            s._exec(f"INSERT INTO wl_companion ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (row.id, row.game, row.rules_version, json.dumps(row.config, sort_keys=True), row.seed,
                     row.name, row.steps, row.created_at, row.updated_at, row.seq))
            s._exec("INSERT INTO wl_companion_codes (code, session_id) VALUES (?, ?)", (code, row.id))
            if owner:
                s._exec("INSERT INTO wl_companion_owners (session_id, owner) VALUES (?, ?)", (row.id, owner))

            s.announce("c", row.id, row.seq)

        await self._call(job)

    async def join(self, session_id: str, owner: str) -> None:
        """The browser of ``owner`` holds the session too (its lobby lists it)."""
        def job(s: Store) -> None:
            known = s._exec("SELECT 1 FROM wl_companion_owners WHERE session_id = ? AND owner = ?",
                            (session_id, owner)).fetchone()
            if known is None:
                s._exec("INSERT INTO wl_companion_owners (session_id, owner) VALUES (?, ?)", (session_id, owner))

        await self._call(job)

    async def code_of(self, session_id: str) -> str | None:
        def job(s: Store) -> str | None:
            found = s._exec("SELECT code FROM wl_companion_codes WHERE session_id = ?", (session_id,)).fetchone()
            return None if found is None else found[0]

        return await self._call(job)

    async def by_code(self, code: str) -> str | None:
        def job(s: Store) -> str | None:
            found = s._exec("SELECT session_id FROM wl_companion_codes WHERE code = ?", (code,)).fetchone()
            return None if found is None else found[0]

        return await self._call(job)

    async def tap_played(self, session_id: str, client: str, seq: int) -> int | None:
        """The step a phone's tap ``seq`` made, if it was played already (None: not yet)."""
        def job(s: Store) -> int | None:
            found = s._exec("SELECT idx FROM wl_companion_taps WHERE session_id = ? AND client = ? AND seq = ?",
                            (session_id, client, seq)).fetchone()
            return None if found is None else int(found[0])

        return await self._call(job)

    async def append(self, session_id: str, index: int, step: Step, seq: int,
                     tap: tuple[str, int] | None = None) -> int:
        """Step ``index`` of the session at sequence ``seq``, and the phone's tap that made it
        (refused by the keys if either is there); the session's new sequence number."""

        def job(s: Store) -> int:
            after = s.advance_row("wl_companion", "c", session_id, seq, f"companion session {session_id}",
                                  "steps = ?, updated_at = ?", (index + 1, step.played_at))
            s._exec("INSERT INTO wl_companion_steps (session_id, idx, notation, source, note, played_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)", (session_id, index, step.notation, step.source, step.note,
                                                  step.played_at))
            if tap is not None:
                s._exec("INSERT INTO wl_companion_taps (session_id, client, seq, idx) VALUES (?, ?, ?, ?)",
                        (session_id, tap[0], tap[1], index))
            return after

        return await self._call(job)

    async def replace_from(self, session_id: str, keep: int, steps: list[Step], at: float, seq: int) -> int:
        """Steps from index ``keep`` on become ``steps[keep:]`` (an undo), in one transaction;
        the session's new sequence number."""

        def job(s: Store) -> int:
            after = s.advance_row("wl_companion", "c", session_id, seq, f"companion session {session_id}",
                                  "steps = ?, updated_at = ?", (len(steps), at))
            s._exec("DELETE FROM wl_companion_steps WHERE session_id = ? AND idx >= ?", (session_id, keep))
            for i in range(keep, len(steps)):
                st = steps[i]
                s._exec("INSERT INTO wl_companion_steps (session_id, idx, notation, source, note, played_at) "
                        "VALUES (?, ?, ?, ?, ?, ?)", (session_id, i, st.notation, st.source, st.note, st.played_at))
            return after

        return await self._call(job)

    async def load(self, session_id: str) -> tuple[SessionRow, list[Step]] | None:
        def job(s: Store) -> tuple[SessionRow, list[Step]] | None:
            found = s._exec(f"SELECT {_COLUMNS} FROM wl_companion WHERE id = ?", (session_id,)).fetchone()
            if found is None:
                return None
            steps = [Step(n, src, note, float(at)) for n, src, note, at in s._exec(
                "SELECT notation, source, note, played_at FROM wl_companion_steps WHERE session_id = ? "
                "ORDER BY idx", (session_id,)).fetchall()]
            return _row(found), steps

        return await self._call(job)

    async def seq(self, session_id: str) -> int | None:
        """The session's sequence number in the database (None: no such session)."""

        def job(s: Store) -> int | None:
            found = s._exec("SELECT seq FROM wl_companion WHERE id = ?", (session_id,)).fetchone()
            return None if found is None else int(found[0])

        return await self._call(job)

    async def list(self, owner: str, limit: int = 100) -> list[SessionRow]:
        """The sessions ``owner`` made or joined, latest first (never another browser's)."""
        columns = ", ".join(f"c.{c.strip()}" for c in _COLUMNS.split(","))

        def job(s: Store) -> list[SessionRow]:
            return [_row(r) for r in s._exec(
                f"SELECT {columns} FROM wl_companion c JOIN wl_companion_owners o ON o.session_id = c.id "
                "WHERE o.owner = ? ORDER BY c.updated_at DESC LIMIT ?", (owner, limit)).fetchall()]

        return await self._call(job)
