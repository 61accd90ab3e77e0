"""Changes made by other nodes reach this one.

Every change of a game or of a companion session is announced as ``(kind, id, seq)``:
``kind`` is ``g`` for a game and ``c`` for a companion session, ``seq`` the row's sequence
number after the change (``store.Store.announce``). On PostgreSQL the announcement is a
``NOTIFY`` sent by the change's own transaction, so it is delivered exactly when the change
is committed; each node listens on a connection of its own. A game's changes go on the
game's own channel (``store.channel_of``), which a node listens to only while it serves the
game (:meth:`Notices.follow`, :meth:`Notices.keep`): a node is not woken by every action of
every game of the site. Companion sessions share the channel ``wasteland``. On SQLite (one
machine: ``serve --processes N`` on one file) there is no NOTIFY: a node with ``peers``
looks at the sequence numbers of what it holds every :data:`POLL_SECONDS`.

Whoever keeps copies subscribes per kind (:meth:`Notices.subscribe`): a callback told
``(id, seq, detail)`` of each change, and the rows it holds (``id -> seq``). An
announcement says *that* something changed; the subscriber reads *what* from the
database, so a missed or merged announcement loses nothing. An action's announcement
also carries the action (``detail``, see ``store.action_detail``): a copy at exactly the
sequence before it takes it without a read. After the listening connection is lost and comes
back, every subscriber is told to look at everything it holds (``seq`` None).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Callable

import psycopg
from psycopg import sql

from .store import CHANNEL, Store, StoreError

log = logging.getLogger("wasteland.server")

#: how often a node on SQLite with other processes looks for their changes.
POLL_SECONDS = 0.25
#: how long a node waits for its listening connection to listen to a game's channel
FOLLOW_SECONDS = 5.0
#: channels listened to (or left) in one statement, one round trip
LISTEN_BATCH = 500
#: the tables of the kinds, for the look on SQLite.
TABLES = {"g": "wl_games", "c": "wl_companion"}

#: a subscriber's callback: (row id, its sequence number now (None: look for yourself),
#: what changed if the announcement says, else "")
Changed = Callable[[str, "int | None", str], None]


class Notices:
    def __init__(self, store: Store, peers: bool = False) -> None:
        self.store = store
        self.peers = peers or store.kind == "postgresql"
        self.listening = store.kind != "postgresql"  # for /readyz: PostgreSQL must be listened to
        self.received = 0
        self._subscribers: dict[str, list[tuple[Changed, Callable[[], dict[str, int]]]]] = {}
        self._task: asyncio.Task | None = None
        # The games' own channels (store.channel_of) this node wants to hear, and those its
        # listening connection listens to now; a follower waits until its channel is heard.
        self._wanted: set[str] = set()
        self._heard: set[str] = set()
        self._waiting: dict[str, list[asyncio.Future]] = {}
        self._followed: dict[str, float] = {}  # when each channel was last followed
        self._wake = asyncio.Event()

    def subscribe(self, kind: str, changed: Changed, held: Callable[[], dict[str, int]]) -> None:
        """``changed(id, seq)`` for every announced change of a ``kind`` row; ``held()``: the
        rows this node keeps a copy of, with the sequence number of each copy."""
        self._subscribers.setdefault(kind, []).append((changed, held))

    def hears(self, channel: str) -> bool:
        """The announcements of ``channel`` reach this node (always, without PostgreSQL:
        there the look at the sequence numbers covers every copy)."""
        return self.store.kind != "postgresql" or channel in self._heard

    async def follow(self, channel: str) -> None:
        """Listen to a game's own channel, and return once it is listened to: what is read
        of the game from then on cannot miss a change."""
        if self.hears(channel):
            return
        self._wanted.add(channel)
        self._followed[channel] = time.monotonic()
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(channel, []).append(waiter)
        self._wake.set()
        try:
            await asyncio.wait_for(waiter, FOLLOW_SECONDS)
        except asyncio.TimeoutError:
            raise StoreError("the database's announcements are not listened to") from None

    def keep(self, channels: set[str]) -> None:
        """Stop listening to the games' channels other than ``channels`` (their clients here
        have gone)."""
        recent = time.monotonic() - FOLLOW_SECONDS  # followed for a client still connecting
        channels = channels | {c for c, at in self._followed.items() if at > recent}
        for channel in [c for c in self._followed if c not in channels]:
            del self._followed[channel]
        if self._wanted - channels:
            self._wanted &= channels
            self._wake.set()

    def deliver(self, kind: str, row_id: str, seq: int | None, detail: str = "") -> None:
        self.received += 1
        for changed, _held in self._subscribers.get(kind, ()):
            try:
                changed(row_id, seq, detail)
            except Exception:  # one subscriber's fault must not stop the others
                log.exception("a change of %s %s was not handled", kind, row_id)

    def look_everywhere(self) -> None:
        for kind, subscribers in self._subscribers.items():
            for _changed, held in subscribers:
                for row_id in list(held()):
                    self.deliver(kind, row_id, None)

    # -- life cycle ---------------------------------------------------------------------

    def start(self) -> None:
        if self.store.kind == "postgresql":
            self._task = asyncio.create_task(self._listen())
        elif self.peers:
            self._task = asyncio.create_task(self._poll())

    async def close(self) -> None:
        for waiters in self._waiting.values():
            for waiter in waiters:
                waiter.cancel()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):
                pass

    async def _listen(self) -> None:
        delay, first = 0.1, True
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.store.url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await self._listen_to(conn)
                    self.listening, delay = True, 0.1
                    if not first:  # what changed while nobody listened
                        self.look_everywhere()
                    first = False
                    while True:
                        await self._hear(conn)
                        await self._listen_to(conn)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.listening:
                    log.warning("lost the database's announcements (%s); listening again", exc)
                self.listening = False
                self._heard.clear()
            await asyncio.sleep(delay)
            delay = min(2 * delay, 2.0)

    async def _listen_to(self, conn: Any) -> None:
        """LISTEN to the channels wanted and not listened to, UNLISTEN the others; then tell
        the followers waiting."""
        self._wake.clear()
        for verb, channels in (("LISTEN", sorted(self._wanted - self._heard)),
                               ("UNLISTEN", sorted(self._heard - self._wanted))):
            # Many statements in one round trip (a node restarting with thousands of bot
            # games follows each one's channel at once: one LISTEN a round trip took longer
            # than the followers' FOLLOW_SECONDS).
            for start in range(0, len(channels), LISTEN_BATCH):
                batch = channels[start:start + LISTEN_BATCH]
                await conn.execute(sql.SQL("; ").join(sql.SQL(verb + " {}").format(sql.Identifier(c))
                                                      for c in batch))
                if verb == "LISTEN":
                    self._heard.update(batch)
                else:
                    self._heard.difference_update(batch)
        for channel in list(self._waiting):
            if channel in self._heard:
                for waiter in self._waiting.pop(channel):
                    if not waiter.done():
                        waiter.set_result(None)

    async def _hear(self, conn: Any) -> None:
        """Deliver the announcements until a channel is to be listened to or left."""
        async def hear() -> None:
            async for notice in conn.notifies():
                kind, row_id, seq, detail = _parse(notice.payload)
                if kind is not None:
                    self.deliver(kind, row_id, seq, detail)

        hearing = asyncio.ensure_future(hear())
        waking = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait((hearing, waking), return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (hearing, waking):
                task.cancel()
            await asyncio.gather(hearing, waking, return_exceptions=True)
        if hearing.done() and not hearing.cancelled() and hearing.exception() is not None:
            raise hearing.exception()  # the connection is lost: the caller listens again

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            for kind, subscribers in self._subscribers.items():
                for changed, held in subscribers:
                    copies = held()
                    if not copies:
                        continue
                    try:
                        stored = await self.store.sequences(TABLES[kind], list(copies))
                    except Exception:  # not made yet (the companion's), or the database is away
                        continue
                    for row_id, seq in stored.items():
                        if seq != copies.get(row_id):
                            self.received += 1
                            changed(row_id, seq, "")


def _parse(payload: str) -> tuple[Any, str, int | None, str]:
    parts = payload.split(" ", 3)
    if len(parts) < 3 or not parts[2].isdigit():
        return None, "", None, ""
    return parts[0], parts[1], int(parts[2]), parts[3] if len(parts) == 4 else ""
