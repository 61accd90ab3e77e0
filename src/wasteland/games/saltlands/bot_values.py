"""The heuristic bot's rough measures: what a card is worth keeping, how far two hexes are."""

from __future__ import annotations

from typing import Any

from wasteland.core import hexgrid

from .schema import CardDef
from .state import State


def card_value(d: CardDef, s: State | None = None) -> float:
    """How much a card is worth keeping (a rough exchange rate between effects)."""
    # A card's worth is a fact of its definition alone: reckoned once per definition (the
    # definitions are the shared catalog's, kept alive beside their worth), as a look-ahead
    # weighs every hand card of every position it plays.
    found = _VALUES.get(id(d))
    if found is None:
        found = _VALUES[id(d)] = (d, _card_value(d))
    return found[1]


_VALUES: dict[int, tuple[CardDef, float]] = {}


def _card_value(d: CardDef) -> float:
    v = 0.5
    if d.victory is not None:
        v += 15  # scarce: a handful of Victory tokens come out in a game (SL §112)
    if d.crew:
        v += 5
    v += 2.5 * d.armor
    if d.fuel:
        v += 1
    if d.vehicle is not None:
        v += 2 + 0.6 * d.vehicle.move + (2.5 if d.vehicle.movement == "sail" else 3.0 if d.vehicle.movement == "tractor" else 0) + 0.5 * len(d.vehicle.terrain)
    v += 0.4 * d.hand_limit
    for act in d.actions:
        e = act.effect
        if e == "damage":
            v += 1.5 * act.amount + (1.0 if act.damage_type == "ap" else 0) - (0.5 if act.one_time else 0)
            v += 0.5 * len(act.area)  # SL §143: an area weapon hits several hexes
        elif e in ("lure", "hide"):
            v += 1.5
        elif e == "heal":
            v += 3 * act.amount
        elif e == "armor":
            v += 2 * act.amount
        elif e == "refresh":
            v += 1.2 * act.amount
        elif e in ("draw", "reconstruction"):
            v += 1.0 * act.amount
        elif e in ("explore", "rumor", "get", "take_from_discard"):
            v += 2
    return v


def hex_dist(geo: Any, a: int, b: int) -> int:
    return distances_from(geo, a)[b]


_ROWS: dict[int, tuple[Any, list[tuple[int, ...] | None]]] = {}


def distances_from(geo: Any, a: int) -> tuple[int, ...]:
    """The steps from hex ``a`` to every hex of the board (as the crow flies), each row
    reckoned once per board (kept alive beside its rows): the bot measures the same few
    hexes (its own, the tokens', the markers' tiles) against each other for every
    position it weighs."""
    found = _ROWS.get(id(geo))
    if found is None:
        found = _ROWS[id(geo)] = (geo, [None] * len(geo.coords))
    rows = found[1]
    row = rows[a]
    if row is None:
        here = geo.coords[a]
        distance = hexgrid.distance
        row = rows[a] = tuple(distance(here, h) for h in geo.coords)
    return row
