"""Where a new tile's enemy groups stand (WQ-39.1): the models a group takes, the zone it
deploys around and the zones each model may take (the frames that walk the groups and
add their initiative cards, WQ-39.3, are in ``encounters.py``).

Our reading of "adjacent" on a zone graph: a model or marker is adjacent to the zones
one step away and to its own zone (a zone holds several models). Zone capacity and
what makes an enemy small are stand-ins (``content.py``).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from .state import State

Events = list[dict[str, Any]]


def available_models(s: State, enemy: str) -> int:
    """WQ-39.1: the available enemy models of a kind (those not on the battlefield)."""
    on = sum(1 for m in s.models.values() if m["enemy"] == enemy)
    return s.content.enemies[enemy].models - on


def build_group(s: State, card_id: str, pending: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """The enemies the card asks for, and those missing. Stand-in for "No more models"
    (its page is not ours): a group forms with the models there are."""
    want: list[str] = []
    for part in s.content.encounters[card_id].enemies:
        want.extend([part.enemy] * part.count)
    taken: dict[str, int] = {}
    for q in pending:
        taken[q["enemy"]] = taken.get(q["enemy"], 0) + 1
    got, missing = [], []
    for e in want:
        if available_models(s, e) - taken.get(e, 0) > 0:
            got.append(e)
            taken[e] = taken.get(e, 0) + 1
        else:
            missing.append(e)
    return got, missing


def hero_distance(s: State, zone: str) -> int:
    """Zone steps from ``zone`` to the nearest hero (a large number with none)."""
    d = s.board.distances(zone)
    return min((d[h] for h in s.hero_zones() if h in d), default=10_000)


def hero_distances(s: State) -> Callable[[str], int]:
    """:func:`hero_distance` of this position, for a caller that asks it of many zones:
    the battlefield and the heroes' zones are looked up once."""
    distances = s.board.distances
    zones = s.hero_zones()

    def nearest(zone: str) -> int:
        d = distances(zone)
        return min((d[h] for h in zones if h in d), default=10_000)
    return nearest


def adjacent(s: State, a: str, b: str) -> bool:
    return a == b or b in s.board.neighbours.get(a, ())


def anchor_candidates(s: State, tile: str, card_id: str, first: bool) -> tuple[list[str], str]:
    """The zones a group may be deployed around, and what they hold (WQ-39.1).

    * A mystic item of the tile "that has no adjacent enemies"; of two or more such, the
      nearest to any hero (ruling for the groups after the first; ties: the leader).
    * The first group on a tile with two or more items: the item nearest to any hero,
      as the page pins it.
    * No item on the card: the closed gate.
    * Ruling: every item of the tile already has enemies beside it (a second group on a
      tile of one item): the closed gate too. The page deploys by an item only while it
      has none beside it, and names the closed gate as the stand-in where no item serves.
    """
    card = s.content.cards[card_id]
    items = [z for z in s.items if z.split(".")[0] == tile] if card.mystic_items else []
    if first and len(items) > 1:
        pool = items
    else:
        pool = [z for z in items if not any(adjacent(s, z, m["zone"]) for m in s.models.values())]
    if pool:
        nearest = hero_distances(s)
        best = min(nearest(z) for z in pool)
        return sorted(z for z in pool if nearest(z) == best), "mystic item"
    gate = s.closed_gate_zone()
    if gate is None or gate.split(".")[0] != tile:
        return [], "none"
    return [gate], "closed gate"


@functools.lru_cache(maxsize=4096)
def max_fit(rooms: tuple[int, ...], sizes: tuple[int, ...]) -> int:
    """The most of ``sizes`` that fit in zones with ``rooms`` free (WQ-39.1 "as many as possible")."""
    if not sizes:
        return 0
    first, rest = sizes[0], sizes[1:]
    best = max_fit(rooms, rest)
    for i, r in enumerate(rooms):
        if r >= first:
            left = rooms[:i] + (r - first,) + rooms[i + 1:]
            best = max(best, 1 + max_fit(tuple(sorted(left)), rest))
            if best == len(sizes):
                break
    return best


def _small_with_small(s: State, zones: list[str], enemy: str, slot: str) -> list[str]:
    """WQ-39.1: where possible, a small enemy in the same zone as a small enemy of its group."""
    if s.content.enemies[enemy].size != "small":
        return zones
    mates = [z for z in zones if any(m["group"] == slot and m["zone"] == z
                                     and s.content.enemies[m["enemy"]].size == "small" for m in s.models.values())]
    return mates or zones


def model_zones(s: State, tile: str, anchor: str, what: str, slot: str, enemy: str,
                rest: list[str], leftover: bool) -> tuple[list[str], str]:
    """The zones the leader may put this model in, and why (WQ-39.1). ``rest``: the group's
    models still to place adjacent; ``leftover``: this one could not be."""
    size = s.content.size(enemy)
    tile_zones = s.board.tile_zones[tile]
    near = [z for z in tile_zones if adjacent(s, anchor, z)]
    occ = s.occupancy()  # the position does not change here: one count for every room asked
    capacity = s.board.capacity

    def room(z: str) -> int:
        return capacity[z] - occ.get(z, 0)
    if not leftover:
        fits = [z for z in near if room(z) >= size]
        if not fits:
            return [], "leftover"  # placed after the rest of its group ("any enemies left over")
        if fits:
            rooms = {z: room(z) for z in near}
            rest_sizes = tuple(sorted(s.content.size(e) for e in rest))

            def value(z: str | None) -> int:
                left = tuple(sorted(rooms[y] - (size if y == z else 0) for y in near))
                return (1 if z else 0) + max_fit(left, rest_sizes)

            scores = {z: value(z) for z in fits}
            best = max(scores.values())
            if value(None) > best:
                return [], "leftover"  # placing it here would crowd out more of the group
            keep = [z for z in fits if scores[z] == best]
            chosen = _small_with_small(s, keep, enemy, slot)
            why = f"adjacent to the {what} in {anchor}"
            if chosen is not keep:
                why += ", with a small enemy of its group"
            return chosen, why
    guards = {m["zone"] for m in s.models.values() if m["zone"] is not None and adjacent(s, anchor, m["zone"])}
    second = [z for z in tile_zones if room(z) >= size and any(adjacent(s, g, z) for g in guards)]
    if second:
        chosen = _small_with_small(s, second, enemy, slot)
        return chosen, f"adjacent to an enemy that is adjacent to the {what} in {anchor}"
    # Stand-in beyond the page: the nearest zone with room, on the tile first.
    for pool in (list(tile_zones), s.board.zones):
        d = s.board.distances(anchor)
        fits = [z for z in pool if room(z) >= size and z in d]
        if fits:
            best = min(d[z] for z in fits)
            return sorted(z for z in fits if d[z] == best), "the nearest zone with room (stand-in: the page stops here)"
    return [], "no zone has room"


def tied_for_the_places(s: State, tile: str, anchor: str, what: str, slot: str, queue: list[str]) -> list[str]:
    """WQ-39.1: the kinds of enemy, in the group's order, the leader chooses between for the
    next place adjacent to the anchor, or none to choose. "As many as possible" fixes how
    many stand there, not which: when fewer places remain than enemies of more than one
    kind that could take one, the leader deploys the group and says which of them (the
    order the card lists them is no rule of the page's)."""
    takers: list[str] = []
    for i, enemy in enumerate(queue):
        if enemy in takers:
            continue
        zones, why = model_zones(s, tile, anchor, what, slot, enemy, queue[:i] + queue[i + 1:], False)
        if zones and why != "leftover":
            takers.append(enemy)
    if len(takers) < 2:
        return []
    near = [z for z in s.board.tile_zones[tile] if adjacent(s, anchor, z)]
    occ = s.occupancy()
    rooms = tuple(sorted(s.board.capacity[z] - occ.get(z, 0) for z in near))
    places = max_fit(rooms, tuple(sorted(s.content.size(e) for e in queue)))
    if places >= sum(1 for e in queue if e in takers):
        return []  # every enemy that could stand there will: the order changes nothing
    return takers
