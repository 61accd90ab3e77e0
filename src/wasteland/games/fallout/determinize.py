"""Determinization: a full state drawn among those a seat cannot tell apart.

Hidden are the order of the agenda deck and the other survivors' agenda cards
(FO-13.5). Those cards (deck + other hands) are dealt anew keeping every hand size,
and the generator is reseeded.
"""

from __future__ import annotations

from wasteland.core.deck import redeal
from wasteland.core.rng import Rng, randbelow

from .state import State


def determinize(state: State, seat: int, rng: Rng) -> State:
    s = state.copy()
    s.deck = redeal(rng, s.deck, s.hands, (q for q in s.players if q != seat))
    s.rng = randbelow(rng, 1 << 63)
    s.touch()
    return s
