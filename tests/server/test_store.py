"""The store on a real SQLite file and a real PostgreSQL server: group commit, one bad
job failing alone, undo's truncation, seats and the lobby query."""

from __future__ import annotations

import asyncio

import pytest
from srvtest import run_async

from wasteland.server.store import ActionRow, GameRow, SeatRow, StoreError, database_url, open_store


def _game(game_id: str) -> GameRow:
    return GameRow(game_id, "saltlands", "v1", {"players": 2}, 7, {"title": "t"}, "open", True, 0, 1.0, 1.0,
                   [SeatRow(0, "human", token_hash="abc", bank=60.0), SeatRow(1, "bot", "random")])


def test_group_commit_and_a_failing_job_fails_alone(db_url):
    async def scenario():
        store = await open_store(db_url)
        try:
            await store.create_game(_game("g1"))
            await store.create_game(_game("g2"))
            jobs = [store.append_action("g1", i, ActionRow(f"a{i}", 0, "human", 2.0 + i), "playing", 50.0 - i)
                    for i in range(20)]
            jobs.append(store.append_action("g1", 5, ActionRow("again", 0, "human", 9.0), "playing", None))
            jobs += [store.append_action("g2", i, ActionRow(f"b{i}", 1, "bot", 3.0), "playing", None)
                     for i in range(10)]
            results = await asyncio.gather(*jobs, return_exceptions=True)
            failures = [r for r in results if isinstance(r, BaseException)]
            assert len(failures) == 1  # only the duplicate index 5
            g1 = await store.load("g1")
            assert [a.notation for a in g1.actions] == [f"a{i}" for i in range(20)]
            assert g1.row.actions == 20 and g1.row.status == "playing"
            assert g1.row.seats[0].bank == 31.0 and g1.row.seats[0].token_hash == "abc"
            await store.truncate("g1", 18, "playing")
            assert len((await store.load("g1")).actions) == 18
            await store.update_seat("g2", SeatRow(0, "human", None, "Ann", "def", None), "playing", True)
            g2 = await store.load("g2")
            assert g2.row.seats[0].name == "Ann" and len(g2.actions) == 10
            listed = await store.list_games(("playing",))
            assert {r.id for r in listed} == {"g1", "g2"}
            assert await store.list_games(("open",)) == []
            assert await store.load("nope") is None
        finally:
            await store.close()
        # Reopening finds everything (the schema is created once).
        again = await open_store(db_url)
        try:
            assert len((await again.load("g1")).actions) == 18
        finally:
            await again.close()

    run_async(scenario())


def test_two_processes_write_one_database_side_by_side(db_url):
    """Server processes sharing the games (``serve --processes``) each have their own
    store on the same database: their batches take turns (SQLite: the write lock), and
    every action of both is committed, none refused as busy."""

    async def scenario():
        stores = [await open_store(db_url), await open_store(db_url)]
        try:
            for number, store in enumerate(stores):
                await store.create_game(_game(f"s{number}"))

            async def play(number: int, index: int) -> None:
                await stores[number].append_action(f"s{number}", index, ActionRow(f"a{index}", 0, "human", 1.0),
                                                   "playing", None)

            for index in range(0, 60, 6):  # rounds of concurrent batches from both stores
                await asyncio.gather(*(play(number, i) for number in (0, 1) for i in range(index, index + 6)))
            for number, store in enumerate(stores):
                stored = await stores[1 - number].load(f"s{number}")  # each sees the other's commits
                assert [a.notation for a in stored.actions] == [f"a{i}" for i in range(60)]
        finally:
            for store in stores:
                await store.close()

    run_async(scenario())


def test_database_urls():
    assert database_url("games.db").startswith("sqlite:///") and database_url("games.db").endswith("/games.db")
    assert database_url("postgresql://u:p@h/d") == "postgresql://u:p@h/d"
    with pytest.raises(StoreError, match="unsupported"):
        database_url("mysql://x")
