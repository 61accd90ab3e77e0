"""Several phones at one table: every phone watching a companion session hears each step.

``GET /api/companion/{id}/ws?lang=LANG`` is a socket per phone. Its first message is the
session's snapshot (``type: "snapshot"``); after every step or undo of that session each
watching phone gets the new snapshot in its own language, with ``events`` (the step's) and
``by`` (the phone's key that tapped, so that phone knows its own answer).

Taps themselves stay HTTP posts (``/steps``, ``/undo``): the server orders them under the
session's lock, one at a time, and each carries its phone's key and number, so a tap sent
again after a dropped connection is refused as a duplicate rather than played twice.

This module is the one place a session's news goes out. Within one server process it is
pushed at once (:meth:`Watchers.publish`, with the step's events). A step played on another
node (``serve --processes N``, or nodes on one PostgreSQL) is announced like a game's change
(``notify``, kind ``c``); :func:`push_changes` hooks ``Companion.on_change``, reads the
session again and pushes it to the phones here that show it (without the events, which that
node told its own phones). A phone is never sent a position older than the one it has.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from .errors import ApiError

if TYPE_CHECKING:  # the routes module imports this one
    from .companion import Companion

log = logging.getLogger("wasteland.companion")

BACKLOG = 64  # snapshots a slow phone may be behind before it is closed (it reloads on reconnect)
LANGS = ("en", "ru", "uk")


@dataclass(eq=False)
class Watcher:
    lang: str
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(BACKLOG))
    seen: tuple[int, float] = (-1, 0.0)  # the (index, last step's time) it was last sent
    seq: int = -1  # the session's sequence number it was last sent


def mark_of(snapshot: dict[str, Any]) -> tuple[int, float]:
    """Which position a snapshot shows: its step count and the time of its last step (an
    undo and a new step can give the same count)."""
    log_ = snapshot.get("log") or []
    return snapshot["index"], (log_[-1]["at"] if log_ else 0.0)


class Watchers:
    """The phones of this process watching each session."""

    def __init__(self) -> None:
        self.by_session: dict[str, set[Watcher]] = {}

    def add(self, session_id: str, watcher: Watcher) -> None:
        self.by_session.setdefault(session_id, set()).add(watcher)

    def remove(self, session_id: str, watcher: Watcher) -> None:
        found = self.by_session.get(session_id)
        if found is not None:
            found.discard(watcher)
            if not found:
                del self.by_session[session_id]

    def publish(self, session: Any, news: dict[str, Any]) -> None:
        """The session's new snapshot to every phone watching it here, one snapshot per language."""
        made: dict[str, dict[str, Any]] = {}
        for watcher in list(self.by_session.get(session.id, ())):
            if watcher.lang not in made:
                made[watcher.lang] = {**session.snapshot(watcher.lang), **news, "type": "snapshot"}
            message = made[watcher.lang]
            watcher.seen, watcher.seq = mark_of(message), max(watcher.seq, session.seq)
            try:
                watcher.queue.put_nowait(message)
            except asyncio.QueueFull:  # a phone that stopped reading: closed, it catches up on reconnect
                watcher.queue = asyncio.Queue(1)
                watcher.queue.put_nowait(None)


    def refresh(self, session: Any) -> None:
        """A session changed on another node: its snapshot to the phones here that have not
        had it (an older copy, read before a later change, is sent to nobody)."""
        behind = {w for w in self.by_session.get(session.id, ()) if w.seq < session.seq}
        made: dict[str, dict[str, Any]] = {}
        for watcher in behind:
            if watcher.lang not in made:
                made[watcher.lang] = {**session.snapshot(watcher.lang), "events": [], "by": None, "type": "snapshot"}
            message = made[watcher.lang]
            watcher.seen, watcher.seq = mark_of(message), session.seq
            try:
                watcher.queue.put_nowait(message)
            except asyncio.QueueFull:
                watcher.queue = asyncio.Queue(1)
                watcher.queue.put_nowait(None)


def push_changes(companion: "Companion") -> None:
    """Push every change of a session made on another node to the phones here that show it
    (``Companion.on_change``: told by the announcement, or with ``seq`` None after the
    announcements were lost for a while)."""
    watchers = companion.watchers
    tasks: set[asyncio.Task] = set()

    async def push(session_id: str) -> None:
        try:
            async with companion.lock(session_id):  # one read at a time: the pushes stay in order
                session = await companion.get(session_id)
        except Exception as exc:  # the database away, the session gone: the next change tells again
            log.warning("companion session %s not pushed: %s", session_id, exc, extra={"session_id": session_id})
            return
        watchers.refresh(session)

    def changed(session_id: str, seq: int | None) -> None:
        if session_id not in watchers.by_session:
            return
        cached = companion.sessions.get(session_id)
        if cached is not None and seq is not None and cached.seq >= seq:
            return  # made here: its route publishes it with its events
        task = asyncio.get_running_loop().create_task(push(session_id))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    companion.on_change(changed)


async def serve_socket(ws: WebSocket, companion: "Companion", watchers: Watchers) -> None:
    """One phone's socket on a session: the snapshot now, then each change."""
    session_id = ws.path_params["session_id"]
    lang = ws.query_params.get("lang", "en")
    await ws.accept()
    if lang not in LANGS:
        await ws.send_json({"type": "error", "error": f"'lang' must be one of {', '.join(LANGS)}",
                            "code": "bad_request", "field": "lang", "status": 400})
        await ws.close(4400)
        return
    try:
        session = await companion.get(session_id)
    except ApiError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        await ws.close(4000 + exc.status)
        return
    watcher = Watcher(lang)
    watchers.add(session_id, watcher)
    first = {**session.snapshot(lang), "type": "snapshot", "events": [], "by": None}
    watcher.seen, watcher.seq = mark_of(first), session.seq
    reader = asyncio.create_task(_read(ws))
    try:
        await ws.send_json(first)
        while not reader.done():
            getting = asyncio.ensure_future(watcher.queue.get())
            await asyncio.wait({getting, reader}, return_when=asyncio.FIRST_COMPLETED)
            if not getting.done():
                getting.cancel()
                break
            message = getting.result()
            if message is None:
                break
            await ws.send_json(message)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        watchers.remove(session_id, watcher)
        reader.cancel()
        with contextlib.suppress(Exception):
            await ws.close()


async def _read(ws: WebSocket) -> None:
    """Reads until the phone leaves (taps come by HTTP; what a phone sends here is dropped)."""
    try:
        while True:
            await ws.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        return
