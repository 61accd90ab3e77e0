"""Saltlands' tunable numbers (``wasteland.core.params``): the set-up tables of SL §16,
SL §18, SL §97 and SL §121 that decide how hard the desert is.

Each is a table of ``config.py`` read when a game is set up (``config.normalize``,
``setup.new_state``); a tuned set changes the table's entry for the games played inside
``apply`` and empties the caches of configurations, whose keys do not carry it.
"""

from __future__ import annotations

from contextlib import ExitStack, contextmanager
from typing import Any, Iterator

from wasteland.core.params import GameParams, Param, Values, module_values, table_entries

from . import config, setup, state
from .spec import CHARACTERS, DIFFICULTIES

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


def _fresh() -> None:
    """Forget the set-ups derived so far: their keys are the config alone."""
    config.rules_for.cache_clear()
    state.static_for.cache_clear()
    state._STATICS.clear()


@contextmanager
def apply(values: Values) -> Iterator[None]:
    letters = {d: LETTERS[: values[f"letters_{d}"]] for d in DIFFICULTIES if f"letters_{d}" in values}
    activations = {n: values[f"activations_{n}p"] for n in (1, 2) if f"activations_{n}p" in values}
    with ExitStack() as stack:
        stack.callback(_fresh)  # on leaving, once the tables are back (callbacks run last in, first out)
        stack.enter_context(table_entries(config.ACTIVE_LETTERS, letters))
        stack.enter_context(table_entries(config.ACTIVATIONS_BY_PLAYERS, activations))
        if "rumor_cards_4p" in values:
            stack.enter_context(table_entries(config.RUMOR_CARDS_BY_PLAYERS, {4: values["rumor_cards_4p"]}))
        if "solo_stack_cards" in values:
            stack.enter_context(module_values(setup, {
                "SOLO_STACK_ROUNDS": config.SOLO_STACK_ROUNDS[: values["solo_stack_cards"]]}))
        _fresh()
        yield


def seat_pool(full_config: dict[str, Any]) -> tuple[str, ...]:
    """The characters a seat may take (SL §44): the base game's six, the expansion's six
    more with Lost in the Desert (SL §141)."""
    return CHARACTERS if full_config.get("expansion") else CHARACTERS[:6]


PARAMS = GameParams(PARAMS_LIST, apply, seat_pool)
