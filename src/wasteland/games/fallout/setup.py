"""A new demo game: survivors on the start space, enemies on the map, the agenda deck
shuffled, the faction tokens on the scenario track."""

from __future__ import annotations

from typing import Any

from wasteland.core.rng import seed_state, shuffle

from .engine import settle, start_turn
from .state import State, static_for

Events = list[dict]


def enemy_ids(types: list[str]) -> list[str]:
    """``mole_rat#1``, ``mole_rat#2``...: tokens of a type numbered in the order listed."""
    seen: dict[str, int] = {}
    out = []
    for t in types:
        seen[t] = seen.get(t, 0) + 1
        out.append(f"{t}#{seen[t]}")
    return out


def new_game(config: dict[str, Any], seed: int) -> tuple[State, Events]:
    static = static_for(config)
    rules, content, board = static.rules, static.content, static.board
    s = State(static)
    s.rng = seed_state(seed)
    n = rules.players
    s.order = list(range(n))  # chosen: seats play in seat order (DATA: the page has no set-up)
    s.first = rules.first_player
    s.space = [board.start] * n
    s.health = [content.turn.start_health] * n
    s.radiation = [0] * n
    s.kills = [0] * n
    s.quests = [0] * n
    s.hands = [[] for _ in range(n)]
    ids = enemy_ids([t.type for t in content.tokens])
    s.enemies = {e: (t.type, t.space, t.side == "up") for e, t in zip(ids, content.tokens)}
    s.ranged = {e: t.ranged for e, t in zip(ids, content.tokens)
                if t.ranged is not None and t.ranged != content.types[t.type].ranged}
    s.markers = list(board.markers)
    s.deck = list(content.cards)
    shuffle(s, s.deck)  # the state's generator, never module-level random
    s.factions = [f.start for f in content.track.faction]
    events: Events = [{"type": "setup", "players": n, "first": s.first, "fight": rules.fight,
                       "target": rules.target}]
    start_turn(s, s.first, events)
    settle(s, events)
    return s, events
