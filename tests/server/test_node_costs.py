"""What a node pays for being one of many (issue 26). A node restarting with thousands of
bot games follows each game's own channel at once (``Hub.resume``): the channels are
listened to a batch a round trip (``notify.LISTEN_BATCH``), not one each, so that the
followers do not wait past ``FOLLOW_SECONDS``; the listening connection is a real one, the
statements it is sent are counted on the way."""

from __future__ import annotations

import asyncio

import psycopg
from srvtest import new_database, run_async

from wasteland.server import notify
from wasteland.server.notify import Notices
from wasteland.server.store import channel_of, open_store


class Counted:
    """The connection itself, its statements counted."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self.statements = 0

    async def execute(self, query, *args, **kwargs):
        self.statements += 1
        return await self.conn.execute(query, *args, **kwargs)


async def follow_many(url: str, games: int) -> tuple[int, set[str], set[str], int]:
    store = await open_store(url)
    notices = Notices(store)
    channels = [channel_of("g", f"game{number}") for number in range(games)]
    try:
        async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
            counted = Counted(conn)
            followers = [asyncio.ensure_future(notices.follow(c)) for c in channels]
            await asyncio.sleep(0)  # each follower has asked for its channel
            await notices._listen_to(counted)
            await asyncio.gather(*followers)  # each told its channel is listened to
            listening = {r[0] for r in await (await conn.execute("SELECT pg_listening_channels()")).fetchall()}
            sent = counted.statements
            notices._followed.clear()  # followed long ago, and the clients of all but ten have gone
            notices.keep(set(channels[:10]))
            await notices._listen_to(counted)
            left = {r[0] for r in await (await conn.execute("SELECT pg_listening_channels()")).fetchall()}
            return sent, set(channels) - listening, left, counted.statements - sent
    finally:
        await notices.close()
        await store.close()


def test_thousands_of_channels_are_listened_to_a_batch_a_round_trip(pg_admin_url, tmp_path):
    url = new_database("postgres", pg_admin_url, str(tmp_path))
    games = 3 * notify.LISTEN_BATCH + 7
    sent, missing, left, unlistened = run_async(follow_many(url, games))
    assert missing == set()
    assert sent == 4  # 3 full batches and the rest, not one statement a channel
    assert left == {channel_of("g", f"game{number}") for number in range(10)}
    assert unlistened == 3  # the 3 * LISTEN_BATCH - 3 others left in three

