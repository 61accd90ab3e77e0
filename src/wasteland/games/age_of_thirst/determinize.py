"""Determinization: a full state drawn among those a seat cannot tell apart.

Hidden are the order of the three decks and the other players' ray-tower hands. The
cards a seat cannot see (tower deck + other hands) are dealt anew, keeping every hand
size; the source and bunker decks are reshuffled; the generator is reseeded.
"""

from __future__ import annotations

from wasteland.core.deck import redeal
from wasteland.core.rng import Rng, randbelow, shuffle

from .state import State


def determinize(state: State, seat: int, rng: Rng) -> State:
    s = state.copy()
    others = (q for q in range(s.rules.players) if q != seat)
    s.tower_deck = redeal(rng, s.tower_deck, s.hands, others, in_order=True)
    shuffle(rng, s.source_deck)
    shuffle(rng, s.bunker_deck)
    s.rng = randbelow(rng, 1 << 63)
    s.touch()
    return s
