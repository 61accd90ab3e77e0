"""The server builds the views of one position for all the seats present at once
(``game.views``) and encodes each distinct message once. What each client receives must
be byte for byte what the per-seat way made: its seat's own ``game.view`` in a message
``dumps`` encodes (issue 29); and its own events, as ``events_json`` words them for it. Played in this
process on every registered game, every seat held, a spectator watching and seat 0 on
two sockets."""

from __future__ import annotations

import random
import tempfile

import msgspec
import pytest
from srvtest import run_async

from wasteland.core.registry import registered_games
from wasteland.server.bots import BotPool
from wasteland.server.events import action_for, events_json
from wasteland.server.hub import Hub
from wasteland.server.rooms import Client, dumps
from wasteland.server.store import open_store

_decode = msgspec.json.Decoder().decode


def drain(client: Client) -> list[str]:
    out = []
    while not client.outbox.empty():
        out.append(client.outbox.get_nowait())
    return out


def as_per_seat(room, text: str) -> str:
    """``text`` as the per-seat way would have made it: its own seat's ``game.view`` in
    place of the one received, encoded whole by ``dumps``."""
    message = _decode(text)
    message["view"] = room.game.view(room.state, message["you"])
    return dumps(message)


async def play(name: str, seed: int, actions: int) -> int:
    store = await open_store("sqlite:///" + tempfile.mkdtemp() + "/broadcast.db")
    hub = Hub(store, BotPool(1), peers=False)
    try:
        room, _seat, _token = await hub.create({"game": name, "seed": seed})
        for seat in range(len(room.seats)):
            await room.join(seat, f"p{seat + 1}")
        clients = [Client(s) for s in range(len(room.seats))] + [Client(0), Client(None)]
        for client in clients:
            await room.subscribe(client)
        rng = random.Random(seed)
        checked = 0
        for _ in range(actions):
            d = room.game.decision(room.state)
            if d is None:
                break
            for client in clients:
                drain(client)
            actor = clients[d.seat]
            action = rng.choice(d.actions)
            events = room.game.apply(room.state, action)[1]
            await room.act(d.seat, action, room.index, client=actor, ref="r1")
            for client in clients:
                texts = drain(client)
                assert len(texts) == 1, (client.seat, texts)
                message = _decode(texts[0])
                assert message["you"] == client.seat and message["type"] == "update"
                assert texts[0] == as_per_seat(room, texts[0]), (name, room.index, client.seat)
                assert ("ref" in message) == (client is actor)
                # the events worded once for the seats that see them as they are: still each seat's own
                assert dumps(message["events"]) == dumps(events_json(room.game, events, client.seat))
                assert message["action"] == action_for(room.game, action, events, client.seat)
                checked += 1
        await room._rebuild()  # a fresh ``state`` to everyone, built the same way
        for client in clients:
            texts = drain(client)
            assert [_decode(t)["type"] for t in texts] == ["state"]
            assert texts[0] == as_per_seat(room, texts[0])
            assert texts[0] == dumps({"type": "state", **room.snapshot(client.seat)})
        return checked
    finally:
        await store.close()


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_each_seat_receives_its_own_view_byte_for_byte(name):
    assert run_async(play(name, 5, 60)) > 0
