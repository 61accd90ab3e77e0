"""Age of Thirst's tunable numbers (``wasteland.core.params``): what each species costs
to buy and to raise a level (LO-5). The rulebook names the stat table without printing
it (LO-B 1), so these are the data's own numbers (``data/units.toml``, source "chosen"):
the first a designer would tune.

A tuned set swaps the species' entries of the loaded content for the games played
inside ``apply``.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import msgspec

from wasteland.core.params import GameParams, Param, Values, table_entries

from .content import KINDS, load_content

_NAMES = {"skinny": "a Skinny", "handsome": "a Handsome", "smart": "a Smart", "hedge": "a hedge"}


def _declared() -> tuple[Param, ...]:
    kinds = load_content().kinds
    out = []
    for kind in KINDS:
        levels = kinds[kind].levels
        out.append(Param(f"{kind}_cost", f"gallons to buy {_NAMES[kind]} (every level)", levels[0].cost, 1, 6,
                         "LO-5"))
        out.append(Param(f"{kind}_upgrade", f"gallons to raise {_NAMES[kind]} to level 2 (level 3 as much more "
                         "as the data adds)", levels[1].upgrade, 1, 10, "LO-5"))
    return tuple(out)


def _kind(kind: str, values: Values):
    k = load_content().kinds[kind]
    cost = values.get(f"{kind}_cost")
    shift = values.get(f"{kind}_upgrade", k.levels[1].upgrade) - k.levels[1].upgrade
    levels = [msgspec.structs.replace(lv, cost=lv.cost if cost is None else cost,
                                      upgrade=lv.upgrade + shift if i else 0)
              for i, lv in enumerate(k.levels)]
    return msgspec.structs.replace(k, levels=levels)


@contextmanager
def apply(values: Values) -> Iterator[None]:
    tuned = {kind: _kind(kind, values) for kind in KINDS
             if f"{kind}_cost" in values or f"{kind}_upgrade" in values}
    with table_entries(load_content().kinds, tuned):
        yield


PARAMS = GameParams(_declared(), apply)
