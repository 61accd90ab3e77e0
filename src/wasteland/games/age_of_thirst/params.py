"""Age of Thirst's tunable numbers (``wasteland.core.params``): what each species costs
to buy and to raise a level (LO-5). The rulebook names the stat table without printing
it (LO-B 1), so these are the data's own numbers (``data/units.toml``, source "chosen"):
the first a designer would tune.

A tuned set is part of a game's config: the game's shared facts (``state.Static``) hold
the content with the set's prices (:func:`tuned_content`), so the set holds for that
game alone and the loaded content stays the data's.
"""

from __future__ import annotations

import dataclasses
import functools

import msgspec

from wasteland.core.params import GameParams, Param, Values

from .content import KINDS, Content, load_content

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


@functools.lru_cache(maxsize=64)
def tuned_content(values: tuple[tuple[str, int], ...]) -> Content:
    """The data's content with a tuned set's prices (a copy: the loaded content is not changed)."""
    tuned = dict(values)
    content = load_content()
    kinds = {kind: _kind(kind, tuned) if f"{kind}_cost" in tuned or f"{kind}_upgrade" in tuned else spec
             for kind, spec in content.kinds.items()}
    return dataclasses.replace(content, kinds=kinds)


PARAMS = GameParams(_declared())
