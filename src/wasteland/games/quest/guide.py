"""The ISMCTS search guide for Warhammer Quest's exploration (issue 33): the heuristic
bot's favourite first, the others after it (widened progressively), a hero's activation
judged whole by the bots playing on to the searching seat's sixth decision after it, and
the game's ``evaluate`` (tiles laid, nearness to the quest symbol, wounds left, time before
night: WQ-38.2, WQ-40.3) as the value; the heroes win or lose together."""

from __future__ import annotations

from wasteland.core.search_guide import PlayOnGuide

from .bot import HeuristicAgent


class SearchGuide(PlayOnGuide):
    horizon = 6
    max_actions = 80
    policy = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, HeuristicAgent)
