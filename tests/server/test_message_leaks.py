"""No field of any message a seat or a spectator receives names what the game's events
hide from it (issue 32, point 2): the conformance leak check of views and events
(tests/conformance) carried to the wire, on a real server, for every registered game.

Every seat of a game is held by a person with a WebSocket, and a spectator watches. The
game is played with seeded random actions by HTTP, while the same actions are applied to
the engine here: what an action's events hide from an observer (the values its
``event_view`` removes or rewrites) must then appear in no field of any message that
observer receives about that action — the update (``action``, ``events``, the decision,
the seats), a ``state`` it asks for, a ``seats`` push, an error answering its own
request, the game's log it reads back — except in its own view (a card the view shows face
up is public). The seeds
are ones where a hidden event happens early (Fallout: an agenda card shuffled back,
FO-13.5; Saltlands: a card drawn from a hidden deck, SL §57).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from srvtest import LiveServer, new_database

from wasteland.core.registry import registered_games

# (config, seed, actions played at most): Fallout's seed 48 with two survivors returns an
# agenda card at action 322 (random play, the test's own random.Random(seed))
CASES = {"fallout": ({"players": 2}, 48, 330)}
OTHERS = ({}, 3, 120)
WORD = re.compile(r"[^\s,;:()\[\]{}=\"']+")


def hidden_from(game: Any, events: list[dict], seat: int | None) -> set[str]:
    """The texts ``events`` show and ``seat``'s views of them do not."""
    out: set[str] = set()
    for event in events:
        seen = game.event_view(event, seat)
        for key, value in event.items():
            if seen.get(key) != value:
                out.update(_texts(value))
    return out


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def words_outside_view(message: dict[str, Any]) -> set[str]:
    """The words of every field of ``message`` but its ``view``."""
    rest = {k: v for k, v in message.items() if k != "view"}
    return set(WORD.findall(json.dumps(rest, ensure_ascii=False)))


def leaks(message: dict[str, Any], hidden: set[str]) -> set[str]:
    view_words = set(WORD.findall(json.dumps(message.get("view"), ensure_ascii=False)))
    return (words_outside_view(message) & hidden) - view_words


@pytest.fixture(scope="module")
def live(pg_admin_url, tmp_path_factory):
    server = LiveServer(new_database("sqlite", pg_admin_url, str(tmp_path_factory.mktemp("db")))).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_no_message_names_what_the_events_hide(live, name):
    spec = registered_games()[name]
    game = spec.engine
    config, seed, length = CASES.get(name, OTHERS)
    state = game.new_game(dict(config), seed)
    seats = game.seats(state)
    created = live.create(game=name, config=config, seed=seed, seats=[{"kind": "human"}] * seats, join=0)
    game_id = created["game"]["id"]
    tokens = {0: created["token"]}
    for seat in range(1, seats):
        tokens[seat] = live.join(game_id, seat=seat)["token"]
    sockets = {q: live.socket(game_id, tokens.get(q)) for q in [None, *range(seats)]}
    for socket in sockets.values():
        socket.until(lambda m: m["type"] == "state")
    rnd = random.Random(seed)
    compared = hidden_seen = 0
    played: list[list[dict]] = []  # each action's events, unredacted: what the log must hide
    try:
        for index in range(length):
            d = game.decision(state)
            if d is None:
                break
            action = rnd.choice(d.actions)
            answer = live.act(game_id, tokens[d.seat], action, index)
            assert answer.status_code == 200, answer.text
            state, events = game.apply(state, action)
            played.append(events)
            for q, socket in sockets.items():
                hidden = hidden_from(game, events, q)
                hidden_seen += bool(hidden)
                update = socket.until(lambda m: m["type"] == "update" and m["action_index"] == index)
                socket.send({"type": "state", "ref": "s"})
                asked = socket.until(lambda m: m.get("ref") == "s")
                socket.send({"type": "action", "action": "xyzzy " + action, "index": index, "ref": "e"})
                error = socket.until(lambda m: m.get("ref") == "e")
                assert error["type"] == "error"
                for message in (update, asked, error, *socket.received):
                    found = leaks(message, hidden)
                    assert not found, (f"action {index} ({action!r}): the {message['type']} message to seat {q} "
                                       f"names {sorted(found)}, which the events hide from it")
                socket.received.clear()
                compared += 1
    finally:
        for socket in sockets.values():
            socket.close()
    for q in sockets:  # the whole log, as a returning player or a spectator reads it
        headers = {"Authorization": f"Bearer {tokens[q]}"} if q is not None else {}
        answer = live.http.get(f"/api/games/{game_id}/log", headers=headers)
        assert answer.status_code == 200, answer.text
        for entry in answer.json()["log"]:
            if entry["index"] is None:
                continue
            found = leaks(entry, hidden_from(game, played[entry["index"]], q))
            assert not found, f"the log's step {entry['index']} to seat {q} names {sorted(found)}"
    assert compared
    if name in CASES:  # the case was chosen for a hidden event: it must have happened
        assert hidden_seen, f"{name}: no event hid anything in {length} actions of seed {seed}"
