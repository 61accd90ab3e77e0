"""The Fallout demo's tunable numbers (``wasteland.core.params``): the influence a
survivor needs to win, by the number of players (FO-13.5).

``config.TARGETS`` is read whenever the rules ask for the target (``Rules.target``), so a
tuned set holds for the whole game played inside ``apply``.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from wasteland.core.params import GameParams, Param, Values, table_entries

from . import config

PARAMS_LIST = tuple(
    Param(f"target_{n}p", f"influence a survivor needs to win with {n} player(s)", config.TARGETS[n], 4, 16,
          "FO-13.5")
    for n in sorted(config.TARGETS)
)


@contextmanager
def apply(values: Values) -> Iterator[None]:
    with table_entries(config.TARGETS, {n: values[f"target_{n}p"] for n in config.TARGETS
                                        if f"target_{n}p" in values}):
        yield


PARAMS = GameParams(PARAMS_LIST, apply)
