"""The ISMCTS search guide for Fallout (issue 33): the heuristic bot's favourite first,
every other action after it (widened progressively), a turn judged whole (move, fight,
quest: FO-13.1) by the bots playing on to the searching seat's fourth decision after it,
and the game's ``evaluate`` (the share of the influence target, FO-13.5) as the value."""

from __future__ import annotations

from wasteland.core.search_guide import PlayOnGuide

from .bot import HeuristicAgent


class SearchGuide(PlayOnGuide):
    horizon = 4
    max_actions = 60
    policy = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, HeuristicAgent)
