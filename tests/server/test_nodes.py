"""Two nodes on one database, side by side in this process (the quick form of
test_cluster): a game whose seats and spectator are on different nodes, every change
checked against the stored sequence number, every node's clients told of every action in
order. PostgreSQL (LISTEN/NOTIFY) and SQLite (two processes' look at the sequences)."""

from __future__ import annotations

import random
import threading
import time

import pytest
import uvicorn
from srvtest import GAME, LiveServer, new_database, replay_state

from wasteland.server.app import create_app
from wasteland.server.run import uvicorn_config

CONFIG = {"players": 3}


class PeerServer(LiveServer):
    """A LiveServer that knows other processes share its SQLite file (serve --processes)."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.app = create_app(db, bot_workers=1, peers=True)
        self.server = uvicorn.Server(uvicorn_config(self.app, host="127.0.0.1", port=0))
        self.thread = threading.Thread(target=self.server.run, daemon=True)


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_people_on_two_nodes_play_and_a_spectator_sees_every_action(kind, pg_admin_url, tmp_path):
    db = new_database(kind, pg_admin_url, str(tmp_path))
    one, two = PeerServer(db).start(), PeerServer(db).start()
    try:
        created = one.create(**CONFIG, seed=3, seats=["human", "human", "random"], join=0)
        game_id = created["game"]["id"]
        second = two.join(game_id)
        tokens = {0: created["token"], 1: second["token"]}
        nodes = {0: one, 1: two}
        spectator = two.socket(game_id)  # on node two, where seat 0's actions are never taken
        first = spectator.until(lambda m: m["type"] == "state")
        rng = random.Random(5)
        acted = 0
        deadline = time.monotonic() + 60
        while acted < 25:
            assert time.monotonic() < deadline, "the game did not go on"
            state = one.state(game_id)
            decision = state["decision"]
            if state["outcome"] is not None:
                break
            if decision["seat"] == 2:  # the bot's turn: it moves on from the node that acted last
                time.sleep(0.02)
                continue
            seat = decision["seat"]
            node = nodes[seat]
            mine = node.state(game_id, tokens[seat])
            if mine["index"] != state["index"] or mine["decision"]["seat"] != seat:
                continue  # this node has not caught up yet: ask again
            r = node.act(game_id, tokens[seat], rng.choice(mine["decision"]["actions"]), mine["index"])
            assert r.status_code in (200, 409), r.text  # 409: the bot moved meanwhile (stale)
            acted += r.status_code == 200
        # Until a person must move (then nothing moves the game on) and both nodes agree,
        # twice over half a second (SQLite: each node looks four times a second).
        settled = 0
        while settled < 2:
            assert time.monotonic() < deadline, "the game did not settle"
            a, b = one.state(game_id), two.state(game_id)
            calm = a["index"] == b["index"] and (a["outcome"] is not None or a["decision"]["seat"] != 2)
            settled = settled + 1 if calm else 0
            time.sleep(0.5)
        final_index = a["index"]
        updates = []
        while not updates or updates[-1]["action_index"] < final_index - 1:
            updates.append(spectator.until(lambda m: m["type"] == "update"))
        # In order, none skipped, each the stored action; the spectator's last view is the record's.
        assert [u["action_index"] for u in updates] == list(range(first["index"], first["index"] + len(updates)))
        record = [u["action"] for u in updates]
        assert updates[-1]["view"] == GAME.view(replay_state(CONFIG, 3, record), None)
        assert {u["action_seat"] for u in updates} == {0, 1, 2}
        assert final_index == len(record)
        if kind == "postgres":  # most of the other node's actions came with their announcement
            taken = two.app.state.hub.metrics.taken  # (played on the copy, or relayed to the spectator)
            assert taken.labels("announced")._value.get() + taken.labels("relayed")._value.get() > \
                taken.labels("read")._value.get()
    finally:
        one.stop()
        two.stop()


def test_a_spectator_only_node_relays_the_updates_without_replaying_the_game(pg_admin_url, tmp_path):
    """Node two has only a spectator of the game: it relays each update as node one wrote it
    (``wl_views``), in order, none skipped, and plays nothing on its copy until someone
    there needs the position (then the copy is the record's)."""
    db = new_database("postgres", pg_admin_url, str(tmp_path))
    one, two = PeerServer(db).start(), PeerServer(db).start()
    try:
        created = one.create(**CONFIG, seed=4, seats=["human", "human", "human"], join=0)
        game_id = created["game"]["id"]
        tokens = {0: created["token"], 1: one.join(game_id)["token"], 2: one.join(game_id)["token"]}
        spectator = two.socket(game_id)
        first = spectator.until(lambda m: m["type"] == "state")
        hub = two.app.state.hub
        room = hub.rooms[game_id]
        deadline = time.monotonic() + 10
        while room.watch_marked == 0:  # the mark is written
            assert time.monotonic() < deadline, "node two did not mark the game watched"
            time.sleep(0.02)
        time.sleep(0.2)
        rng = random.Random(6)
        index, played = first["index"], []
        for _ in range(30):
            state = one.state(game_id)
            if state["outcome"] is not None:
                break
            seat = state["decision"]["seat"]
            action = rng.choice(one.state(game_id, tokens[seat])["decision"]["actions"])
            r = one.act(game_id, tokens[seat], action, index)
            assert r.status_code == 200, r.text
            played.append(action)
            index += 1
        updates = [spectator.until(lambda m: m["type"] == "update") for _ in played]
        assert [u["action_index"] for u in updates] == list(range(first["index"], index))
        taken = hub.metrics.taken
        relayed = taken.labels("relayed")._value.get()
        replayed = taken.labels("announced")._value.get() + taken.labels("read")._value.get()
        assert relayed == len(played) and replayed == 0
        assert room.index == first["index"] and room.behind  # nothing played on node two's copy
        # What node one wrote is what node one's own spectator sees (hidden cards stay hidden).
        assert updates[-1]["view"] == GAME.view(replay_state(CONFIG, 4, played), None)
        assert updates[-1] == {**one.socket(game_id).until(lambda m: m["type"] == "state"), "type": "update",
                               **{k: updates[-1][k] for k in ("action", "action_index", "action_seat", "source",
                                                              "action_fields", "events", "seats")}}
        # Someone on node two asks for the position: the copy plays the relayed actions first.
        mine = two.state(game_id, tokens[seat])
        assert mine["index"] == index and not room.behind and room.index == index
        assert mine["view"] == GAME.view(replay_state(CONFIG, 4, played), seat)
    finally:
        one.stop()
        two.stop()


@pytest.mark.parametrize("kind", ["postgres", "sqlite"])
def test_a_seat_taken_on_one_node_is_known_at_once_on_another_that_kept_a_copy(kind, pg_admin_url, tmp_path):
    """A player who sat down through node one and comes back through node two, which still
    holds its copy from before, is that seat there, not a spectator (the copy is checked
    against the stored sequence number before it is used)."""
    db = new_database(kind, pg_admin_url, str(tmp_path))
    one, two = PeerServer(db).start(), PeerServer(db).start()
    try:
        for attempt in range(5):  # each time straight after the join, before any look or notice
            created = one.create(**CONFIG, seed=3 + attempt, seats=["human", "human", "random"], join=0)
            game_id = created["game"]["id"]
            assert two.state(game_id)["you"] is None  # node two now keeps a copy with seat 1 free
            token = one.join(game_id, seat=1)["token"]
            assert two.state(game_id, token)["you"] == 1
            r = two.http.get(f"/api/games/{game_id}/log", headers={"Authorization": f"Bearer {token}"})
            assert r.status_code == 200, r.text
    finally:
        one.stop()
        two.stop()


def test_a_node_hears_the_announcements_of_the_games_its_clients_watch_only(pg_admin_url, tmp_path):
    """A game's changes are announced on its own channel: a node that holds a copy of it
    without a client does not hear them (it reads the stored game before using the copy,
    so what it answers is still current); once a client of the game connects there, it
    hears every change at once."""
    db = new_database("postgres", pg_admin_url, str(tmp_path))
    one, two = PeerServer(db).start(), PeerServer(db).start()
    try:
        created = one.create(**CONFIG, seed=8, seats=["human", "human", "human"], join=0)
        game_id = created["game"]["id"]
        tokens = {0: created["token"], 1: one.join(game_id)["token"], 2: one.join(game_id)["token"]}
        assert two.state(game_id)["index"] == 0  # node two keeps a copy, with no client of the game
        notices = two.app.state.hub.notices
        heard = notices.received
        rng = random.Random(8)

        def play() -> None:
            state = one.state(game_id)
            seat = state["decision"]["seat"]
            action = rng.choice(one.state(game_id, tokens[seat])["decision"]["actions"])
            r = one.act(game_id, tokens[seat], action, state["index"])
            assert r.status_code == 200, r.text

        for played in range(1, 6):
            play()
            assert two.state(game_id)["index"] == played  # read before use: current all the same
        time.sleep(0.3)
        assert notices.received == heard  # none of the five announcements reached node two
        spectator = two.socket(game_id)
        first = spectator.until(lambda m: m["type"] == "state")
        assert first["index"] == 5
        for _ in range(3):
            play()
        updates = [spectator.until(lambda m: m["type"] == "update") for _ in range(3)]
        assert [u["action_index"] for u in updates] == [5, 6, 7]
        assert notices.received >= heard + 3
    finally:
        one.stop()
        two.stop()
