"""Determinization: hidden are the orders of the exploration, encounter and crisis
decks; everything else is on the table. A sample reshuffles them and reseeds."""

from __future__ import annotations

from wasteland.core.rng import Rng, randbelow, shuffle

from .state import State


def determinize(state: State, seat: int, rng: Rng) -> State:
    s = state.copy()
    shuffle(rng, s.exploration_deck)
    shuffle(rng, s.encounter_deck)
    shuffle(rng, s.crisis_deck)
    s.rng = randbelow(rng, 1 << 63)
    s.touch()
    return s
