"""The ISMCTS search guide for Age of Thirst (issue 33): an activation offers up to a
hundred and more actions (every move, attack, buy and hedge, LO-7.1), so the search widens
progressively from the heuristic bot's favourite; the heuristic is too slow to play on with
(a one-ply look at every action), so a play-on is a few random actions to the searching
seat's third decision, and the value is the game's ``evaluate`` (the Eye track, the Last
Oasis, troops, water: LO-13)."""

from __future__ import annotations

from wasteland.core.search_guide import PlayOnGuide

from .bot import HeuristicAgent


class SearchGuide(PlayOnGuide):
    horizon = 2
    max_actions = 12
    policy = "random"
    widening = (3.0, 0.5)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, HeuristicAgent)
