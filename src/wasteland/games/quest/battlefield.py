"""The battlefield: the tiles laid so far, as one zone graph (WQ-38.3).

A zone is named ``tile.zone`` (``graveyard.b``). Zones of one tile are adjacent when
their squares share an edge; zones of two tiles are adjacent only through an **open
gate** (the flipped closed gate the new tile lined up with). Distances are zone steps
over this graph (WQ-38.3 "count the zones", WQ-39.1 "nearest to any hero", WQ-40.4
"furthest from any hero").
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from wasteland.core.graph import UNREACHABLE, SpaceGraph

from .content import Content, load_content
from .geometry import Edge, Square, Transform, beyond

Placement = tuple[str, int, int, int]  # tile, quarter turns, offset x, offset y


def zone_name(tile: str, zone: str) -> str:
    return f"{tile}.{zone}"


@dataclass
class Battlefield:
    placements: tuple[Placement, ...]
    open_gates: tuple[tuple[Square, str], ...]
    zone_at: dict[Square, str] = field(default_factory=dict)  # square -> zone
    tile_at: dict[Square, str] = field(default_factory=dict)
    capacity: dict[str, int] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    tile_zones: dict[str, tuple[str, ...]] = field(default_factory=dict)
    graph: SpaceGraph | None = None
    _dist: dict[str, dict[str, int]] = field(default_factory=dict)

    def distances(self, zone: str) -> dict[str, int]:
        """Zone steps from ``zone`` to every zone it can reach."""
        d = self._dist.get(zone)
        if d is None:
            d = self._dist[zone] = {z: n for z, n in self.graph.distances_from(zone).items() if n < UNREACHABLE}
        return d

    def distance(self, a: str, b: str) -> int | None:
        return self.distances(a).get(b)

    def zone_of_edge_inside(self, edge: Edge) -> str:
        return self.zone_at[edge[0]]

    @property
    def zones(self) -> list[str]:
        return list(self.capacity)


def transform_of(p: Placement) -> Transform:
    return Transform(p[1], (p[2], p[3]))


@functools.lru_cache(maxsize=512)
def battlefield(placements: tuple[Placement, ...], open_gates: tuple[tuple[Square, str], ...]) -> Battlefield:
    """The zone graph of laid tiles (immutable, shared by states: treat as read-only)."""
    return _build(placements, open_gates, load_content())


def _build(placements: tuple[Placement, ...], open_gates: tuple[tuple[Square, str], ...],
           content: Content) -> Battlefield:
    bf = Battlefield(placements, open_gates)
    nbs: dict[str, set[str]] = {}
    for p in placements:
        shape = content.tiles[p[0]]
        t = transform_of(p)
        for local, z in shape.zone_of.items():
            sq = t.square(local)
            bf.zone_at[sq] = zone_name(p[0], z)
            bf.tile_at[sq] = p[0]
        for z, cap in shape.capacity.items():
            bf.capacity[zone_name(p[0], z)] = cap
            nbs[zone_name(p[0], z)] = {zone_name(p[0], n) for n in shape.neighbours[z]}
        bf.tile_zones[p[0]] = tuple(zone_name(p[0], z) for z in shape.capacity)
    for sq, side in open_gates:
        a, b = bf.zone_at.get(sq), bf.zone_at.get(beyond((sq, side)))
        if a is not None and b is not None:
            nbs[a].add(b)
            nbs[b].add(a)
    bf.neighbours = {z: tuple(sorted(n)) for z, n in nbs.items()}
    bf.graph = SpaceGraph.from_neighbours(bf.neighbours)
    return bf
