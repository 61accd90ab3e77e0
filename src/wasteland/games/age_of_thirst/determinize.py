"""Determinization: a full state drawn among those a seat cannot tell apart.

Hidden are the order of the three decks and the other players' ray-tower hands. The
cards a seat cannot see (tower deck + other hands) are dealt anew, keeping every hand
size; the source and bunker decks are reshuffled; the generator is reseeded.
"""

from __future__ import annotations

from wasteland.core.rng import Rng, randbelow, shuffle

from .state import State


def determinize(state: State, seat: int, rng: Rng) -> State:
    s = state.copy()
    others = [q for q in range(s.rules.players) if q != seat]
    pool = list(s.tower_deck)
    for q in others:
        pool.extend(s.hands[q])
    shuffle(rng, pool)
    for q in others:
        n = len(s.hands[q])
        s.hands[q] = sorted(pool[:n])
        del pool[:n]
    s.tower_deck = pool
    shuffle(rng, s.source_deck)
    shuffle(rng, s.bunker_deck)
    s.rng = randbelow(rng, 1 << 63)
    s.touch()
    return s
