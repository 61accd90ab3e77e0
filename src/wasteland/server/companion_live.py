"""Several phones at one table: every phone watching a companion session hears each step.

``GET /api/companion/{id}/ws?lang=LANG`` is a socket per phone. Its first message is the
session's snapshot (``type: "snapshot"``); after every step or undo of that session each
watching phone gets the new snapshot in its own language, with ``events`` (the step's) and
``by`` (the phone's key that tapped, so that phone knows its own answer).

Taps themselves stay HTTP posts (``/steps``, ``/undo``): the server orders them under the
session's lock, one at a time, and each carries its phone's key and number, so a tap sent
again after a dropped connection is refused as a duplicate rather than played twice.

This module is the one place a session's news goes out. Within one server process it is
pushed at once (:meth:`Watchers.publish`). Another process of the same server
(``serve --processes N``) plays steps this one does not see: until the store carries news
between processes, each socket looks at the database's step count every
``POLL_SECONDS`` and sends the session again when it moved.
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

POLL_SECONDS = 2.0
BACKLOG = 64  # snapshots a slow phone may be behind before it is closed (it reloads on reconnect)
LANGS = ("en", "ru", "uk")


@dataclass(eq=False)
class Watcher:
    lang: str
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(BACKLOG))
    seen: tuple[int, float] = (-1, 0.0)  # the (index, last step's time) it was last sent


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
            watcher.seen = mark_of(message)
            try:
                watcher.queue.put_nowait(message)
            except asyncio.QueueFull:  # a phone that stopped reading: closed, it catches up on reconnect
                watcher.queue = asyncio.Queue(1)
                watcher.queue.put_nowait(None)


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
    watcher.seen = mark_of(first)
    reader = asyncio.create_task(_read(ws))
    try:
        await ws.send_json(first)
        while not reader.done():
            try:
                message = await asyncio.wait_for(watcher.queue.get(), POLL_SECONDS)
            except asyncio.TimeoutError:
                message = await _moved_elsewhere(companion, session_id, watcher)
                if message is False:
                    continue
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


async def _moved_elsewhere(companion: "Companion", session_id: str, watcher: Watcher) -> Any:
    """The session again if another server process played a step since this phone's last
    snapshot; False when nothing moved."""
    try:
        seq = await companion.rows.seq(session_id)  # the row's sequence: an undo and a step move it too
        cached = companion.sessions.get(session_id)
        if cached is not None and seq == cached.seq and watcher.seen[0] == len(cached.steps):
            return False
        session = await companion.get(session_id)
    except Exception as exc:  # the database away for a moment: try again at the next poll
        log.warning("companion socket poll failed: %s", exc)
        return False
    message = {**session.snapshot(watcher.lang), "type": "snapshot", "events": [], "by": None}
    if mark_of(message) == watcher.seen:
        return False
    watcher.seen = mark_of(message)
    return message


async def _read(ws: WebSocket) -> None:
    """Reads until the phone leaves (taps come by HTTP; what a phone sends here is dropped)."""
    try:
        while True:
            await ws.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        return
