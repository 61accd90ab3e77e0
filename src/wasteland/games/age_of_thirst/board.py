"""The map as an integer graph (LO-3), built once from ``data/board.toml``.

Hexes are numbered 0..n-1 in (q, r) order; ``names[i]`` is the notation ``"q,r"`` used by
actions. Everything here is static and shared by every state.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from wasteland.core import hexgrid

from .content import COLOURS, load_content


@dataclass(frozen=True)
class Board:
    coords: tuple[tuple[int, int], ...]
    names: tuple[str, ...]
    index: dict[tuple[int, int], int]
    by_name: dict[str, int]
    adj: tuple[tuple[int, ...], ...]
    centre: int
    sources: frozenset[int]
    bunkers: frozenset[int]
    ray_towers: frozenset[int]
    special: frozenset[int]  # sources, bunkers, ray towers and the centre: no hedges (LO-6.4)
    landing: dict[str, tuple[int, ...]]  # colour -> its 5 landing hexes
    base: dict[str, tuple[int, ...]]  # colour -> its 10 base hexes
    nearest: dict[str, int]  # colour -> its base hex nearest to the centre

    @property
    def size(self) -> int:
        return len(self.coords)

    def distance(self, a: int, b: int) -> int:
        return self.distances_from(a)[b]

    def distances_from(self, a: int) -> tuple[int, ...]:
        """The steps from hex ``a`` to every hex, a row reckoned once per board: the lines
        of sight and reaches of every troop of every listing measure the same pairs."""
        row = self._distance_rows[a]
        if row is None:
            here = self.coords[a]
            distance = hexgrid.distance
            row = self._distance_rows[a] = tuple(distance(here, h) for h in self.coords)
        return row

    @functools.cached_property
    def _distance_rows(self) -> list[tuple[int, ...] | None]:
        return [None] * len(self.coords)

    def hex_of(self, name: str) -> int | None:
        return self.by_name.get(name)


def fmt(h: tuple[int, int]) -> str:
    return f"{h[0]},{h[1]}"


@functools.lru_cache(maxsize=1)
def board() -> Board:
    b = load_content().board
    coords = tuple(hexgrid.disk(tuple(b.centre), b.radius))
    index = {h: i for i, h in enumerate(coords)}
    names = tuple(fmt(h) for h in coords)
    adj = tuple(tuple(index[n] for n in hexgrid.neighbors(h) if n in index) for h in coords)

    def ix(hexes) -> tuple[int, ...]:
        return tuple(index[tuple(h)] for h in hexes)

    sources, bunkers, towers = frozenset(ix(b.sources)), frozenset(ix(b.bunkers)), frozenset(ix(b.ray_towers))
    centre = index[tuple(b.centre)]
    clans = {c.colour: c for c in b.clans}
    return Board(
        coords=coords,
        names=names,
        index=index,
        by_name={n: i for i, n in enumerate(names)},
        adj=adj,
        centre=centre,
        sources=sources,
        bunkers=bunkers,
        ray_towers=towers,
        special=sources | bunkers | towers | {centre},
        landing={c: ix(clans[c].landing) for c in COLOURS},
        base={c: ix(clans[c].base) for c in COLOURS},
        nearest={c: index[tuple(clans[c].nearest)] for c in COLOURS},
    )
