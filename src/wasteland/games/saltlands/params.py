"""Saltlands' tunable numbers (``wasteland.core.params``): the set-up tables of SL §16,
SL §18, SL §97 and SL §121 that decide how hard the desert is.

A tuned set is part of a game's config (``config.normalize``): the :class:`Rules` derived
from it take the entries :func:`tuned_tables` gives in place of the tables', and every
state of the game shares those rules, so the set holds for that game alone.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.params import GameParams, Param, Values

from .spec import CHARACTERS

LETTERS = "ABCMH"  # SL §18: the spawn letters, from the easiest level up

PARAMS_LIST = (
    Param("letters_easy", "spawn letters active on Easy (the first N of A, B, C, M, H)", 3, 1, 5, "SL §18"),
    Param("letters_normal", "spawn letters active on Normal (the first N of A, B, C, M, H)", 4, 1, 5, "SL §18"),
    Param("letters_hard", "spawn letters active on Hard (the first N of A, B, C, M, H)", 5, 1, 5, "SL §18"),
    Param("activations_1p", "raider types activated in a row each turn in solo", 3, 1, 3, "SL §97"),
    Param("activations_2p", "raider types activated each turn with two players", 2, 1, 4, "SL §97"),
    Param("solo_stack_cards", "damage cards in each solo damage stack (the first N of rounds 1,1,2,3,3,4,5,5,6)",
          9, 6, 9, "SL §121"),
    Param("rumor_cards_4p", "rumor cards in play with four players", 6, 2, 6, "SL §16"),
)


def tuned_tables(values: Values, players: int, difficulty: str) -> dict[str, Any]:
    """The entries of a configuration's set-up tables that ``values`` change (the rest are
    the tables'): the Rules' fields, and ``solo_stack_cards``, the first N rounds of SL §121."""
    out: dict[str, Any] = {}
    if f"letters_{difficulty}" in values:
        out["active_letters"] = LETTERS[: values[f"letters_{difficulty}"]]  # SL §18
    if f"activations_{players}p" in values:
        out["activations"] = values[f"activations_{players}p"]  # SL §97
    if f"rumor_cards_{players}p" in values:
        out["rumor_cards"] = values[f"rumor_cards_{players}p"]  # SL §16
    if "solo_stack_cards" in values:
        out["solo_stack_cards"] = values["solo_stack_cards"]  # SL §121
    return out


def seat_pool(full_config: dict[str, Any]) -> tuple[str, ...]:
    """The characters a seat may take (SL §44): the base game's six, the expansion's six
    more with Lost in the Desert (SL §141)."""
    return CHARACTERS if full_config.get("expansion") else CHARACTERS[:6]


PARAMS = GameParams(PARAMS_LIST, seat_pool)
