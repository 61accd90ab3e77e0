"""The quest's tunable numbers (``wasteland.core.params``): how long the exploration deck
is, how soon night falls, the destiny dice and what a hero's weapon deals.

The quest's numbers are its data (``data/quests.toml``, a stand-in for the quest book)
and the hero's stand-in constants (``heroes.py``); a tuned set swaps the quest's entry of
the loaded content and those constants for the games played inside ``apply``.
"""

from __future__ import annotations

from contextlib import ExitStack, contextmanager
from typing import Iterator

import msgspec

from wasteland.core.params import GameParams, Param, Values, module_values, table_entries

from . import heroes
from .content import load_content

QUEST = "lantern"

PARAMS_LIST = (
    Param("exploration_cards", "exploration cards in the deck (the quest-symbol card always among them)", 7, 3, 7,
          "WQ-38.2"),
    Param("night_zone", "the dusk zone that brings night (the dusk marker starts at 0)", 15, 3, 15, "WQ-40.4"),
    Param("destiny_dice", "destiny dice the heroes start with", 3, 0, 6, "WQ-40.2"),
    Param("hero_damage", "damage a hero's weapon use deals (stand-in)", heroes.HERO_DAMAGE, 1, 3, "WQ-40.2"),
    Param("recover", "wounds a Recover action heals (stand-in)", heroes.RECOVER, 1, 4, "WQ-40.4"),
)


def _quest(values: Values):
    content = load_content()
    q = content.quests[QUEST]
    changes = {}
    if "exploration_cards" in values:
        goal = [c for c in q.deck if content.cards[c].quest_symbol]
        rest = [c for c in q.deck if c not in goal]
        keep = rest[: values["exploration_cards"] - len(goal)]
        changes["deck"] = [c for c in q.deck if c in goal or c in keep]  # the data's order
    if "night_zone" in values:
        changes["night_zones"] = [values["night_zone"]]
    if "destiny_dice" in values:
        changes["destiny_dice"] = values["destiny_dice"]
    return msgspec.structs.replace(q, **changes) if changes else q


@contextmanager
def apply(values: Values) -> Iterator[None]:
    with ExitStack() as stack:
        stack.enter_context(table_entries(load_content().quests, {QUEST: _quest(values)}))
        names = {"HERO_DAMAGE": values.get("hero_damage"), "RECOVER": values.get("recover")}
        stack.enter_context(module_values(heroes, {k: v for k, v in names.items() if v is not None}))
        yield


PARAMS = GameParams(PARAMS_LIST, apply)
