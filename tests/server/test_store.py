"""The store on a real SQLite file and a real PostgreSQL server: group commit, one bad
job failing alone, undo's truncation, seats and the lobby query, and the sequence number
that refuses a change made on an old copy of a game (another node changed it first)."""

from __future__ import annotations

import asyncio

import pytest
from srvtest import run_async

from wasteland.server.store import ActionRow, GameRow, SeatRow, Stale, StoreError, database_url, open_store


def _game(game_id: str) -> GameRow:
    return GameRow(game_id, "saltlands", "v1", {"players": 2}, 7, {"title": "t"}, "open", True, 0, 1.0, 1.0,
                   [SeatRow(0, "human", token_hash="abc", bank=60.0), SeatRow(1, "bot", "random")])


def test_group_commit_and_a_failing_job_fails_alone(db_url):
    async def scenario():
        store = await open_store(db_url)
        try:
            await store.create_game(_game("g1"))
            await store.create_game(_game("g2"))
            jobs = [store.append_action("g1", i, ActionRow(f"a{i}", 0, "human", 2.0 + i), "playing", 50.0 - i, i)
                    for i in range(20)]
            jobs.append(store.append_action("g1", 5, ActionRow("again", 0, "human", 9.0), "playing", None, 5))
            jobs += [store.append_action("g2", i, ActionRow(f"b{i}", 1, "bot", 3.0), "playing", None, i)
                     for i in range(10)]
            results = await asyncio.gather(*jobs, return_exceptions=True)
            failures = [r for r in results if isinstance(r, BaseException)]
            assert len(failures) == 1 and isinstance(failures[0], Stale)  # only the second action at sequence 5
            assert results[:20] == list(range(1, 21))  # each action's new sequence number
            g1 = await store.load("g1")
            assert [a.notation for a in g1.actions] == [f"a{i}" for i in range(20)]
            assert g1.row.actions == 20 and g1.row.status == "playing"
            assert g1.row.seats[0].bank == 31.0 and g1.row.seats[0].token_hash == "abc"
            assert await store.truncate("g1", 18, "playing", 20) == 21
            assert len((await store.load("g1")).actions) == 18
            assert (await store.load("g1", 17)).actions[0].notation == "a17"  # from index 17 on
            assert await store.update_seat("g2", SeatRow(0, "human", None, "Ann", "def", None), "playing", True,
                                           10) == 11
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
                                                   "playing", None, index)

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


def test_a_change_on_an_old_copy_is_refused_and_writes_nothing(db_url):
    """Two nodes (two stores) hold the same game at sequence 2. One takes its last action
    back and plays another: the game has as many actions as before, but other ones. The
    other node's action, checked against its old copy, is refused (Stale, with the number
    now), and nothing of it is stored; built on the fresh number, it goes through."""

    async def scenario():
        here, there = await open_store(db_url), await open_store(db_url)
        try:
            await here.create_game(_game("race"))
            for i in range(2):
                await here.append_action("race", i, ActionRow(f"a{i}", 0, "human", 1.0), "playing", None, i)
            assert await there.truncate("race", 1, "playing", 2) == 3
            assert await there.append_action("race", 1, ActionRow("b1", 0, "human", 1.0), "playing", None, 3) == 4
            with pytest.raises(Stale) as refused:
                await here.append_action("race", 2, ActionRow("a2", 1, "human", 1.0), "playing", None, 2)
            assert refused.value.seq == 4
            stored = await here.load("race")
            assert [a.notation for a in stored.actions] == ["a0", "b1"]
            assert (stored.row.seq, stored.row.undos, stored.row.actions) == (4, 1, 2)
            with pytest.raises(Stale):
                await here.update_seat("race", SeatRow(0, "human", None, "Bo", "x", None), "playing", True, 2)
            assert await here.append_action("race", 2, ActionRow("a2", 1, "human", 1.0), "playing", None, 4) == 5
            assert await there.sequences("wl_games", ["race", "nope"]) == {"race": 5}
        finally:
            await here.close()
            await there.close()

    run_async(scenario())
