"""The quest's tunable numbers (``wasteland.core.params``): how long the exploration deck
is, how soon night falls, the destiny dice and what a hero's weapon deals.

The quest's numbers are its data (``data/quests.toml``, a stand-in for the quest book)
and the hero's stand-in constants (``heroes.py``). A tuned set is part of a game's config:
the state's ``quest`` is the data's quest with the set's numbers (:func:`tuned_quest`) and
``State.tuned`` answers the heroes' numbers, so the set holds for that game alone and the
loaded content stays the data's.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from wasteland.core.params import GameParams, Param

from . import config
from .content import load_content

PARAMS_LIST = (
    Param("exploration_cards", "exploration cards in the deck (the quest-symbol card always among them)", 7, 3, 7,
          "WQ-38.2"),
    Param("night_zone", "the dusk zone that brings night (the dusk marker starts at 0)", 15, 3, 15, "WQ-40.4"),
    Param("destiny_dice", "destiny dice the heroes start with", 3, 0, 6, "WQ-40.2"),
    Param("hero_damage", "damage a hero's weapon use deals (stand-in)", config.HERO_DAMAGE, 1, 3, "WQ-40.2"),
    Param("recover", "wounds a Recover action heals (stand-in)", config.RECOVER, 1, 4, "WQ-40.4"),
)


@functools.lru_cache(maxsize=64)
def tuned_quest(name: str, values: tuple[tuple[str, int], ...]) -> Any:
    """The quest ``name`` of the data with a tuned set's deck length, night zone and destiny dice."""
    q = load_content().quests[name]
    tuned = dict(values)
    changes: dict[str, Any] = {}
    if "exploration_cards" in tuned:
        cards = load_content().cards
        goal = [c for c in q.deck if cards[c].quest_symbol]
        rest = [c for c in q.deck if c not in goal]
        keep = rest[: tuned["exploration_cards"] - len(goal)]
        changes["deck"] = [c for c in q.deck if c in goal or c in keep]  # the data's order
    if "night_zone" in tuned:
        changes["night_zones"] = [tuned["night_zone"]]
    if "destiny_dice" in tuned:
        changes["destiny_dice"] = tuned["destiny_dice"]
    return msgspec.structs.replace(q, **changes) if changes else q


PARAMS = GameParams(PARAMS_LIST)
