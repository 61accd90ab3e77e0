"""Maps made of named spaces joined by adjacency: a graph, not a hex grid.

Some games draw their map as named locations with roads between them ("which
spaces are adjacent" is all the rules use). :class:`SpaceGraph` numbers the spaces
0..n-1 in the order given, keeps the integer adjacency the searches in
:mod:`wasteland.core.paths` work on, and answers the two questions such rules ask:
how many spaces apart two spaces are, and which neighbours of a space lie on a
shortest route toward another (an enemy "moves one space toward" someone).

Adjacency is symmetric: an edge listed once joins both ends. Distances are edge
counts; a space that cannot be reached is :data:`~wasteland.core.paths.UNREACHABLE`
away. All-pairs distances are computed once, on first use (maps are small).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .paths import UNREACHABLE, bfs_distances, multi_source_distances

__all__ = ["GraphError", "SpaceGraph", "UNREACHABLE"]


class GraphError(ValueError):
    """A map description that is not a graph of distinct, known spaces."""


class SpaceGraph:
    __slots__ = ("names", "index", "adj", "_dist")

    def __init__(self, names: Sequence[str], edges: Iterable[tuple[str, str]]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        if len(set(self.names)) != len(self.names):
            dup = next(n for n in self.names if self.names.count(n) > 1)
            raise GraphError(f"space {dup!r} is listed twice")
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        sets: list[set[int]] = [set() for _ in self.names]
        for a, b in edges:
            for end in (a, b):
                if end not in self.index:
                    raise GraphError(f"adjacency names {end!r}, which is not a space")
            if a == b:
                raise GraphError(f"space {a!r} is listed as adjacent to itself")
            i, j = self.index[a], self.index[b]
            sets[i].add(j)
            sets[j].add(i)
        self.adj: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(s)) for s in sets)
        self._dist: list[list[int]] | None = None

    @classmethod
    def from_neighbours(cls, neighbours: Mapping[str, Iterable[str]]) -> "SpaceGraph":
        """A graph from ``{space: [adjacent spaces]}`` (each edge may be listed at one end only)."""
        return cls(list(neighbours), [(a, b) for a, bs in neighbours.items() for b in bs])

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, name: object) -> bool:
        return name in self.index

    def neighbours(self, space: str) -> list[str]:
        return [self.names[j] for j in self.adj[self.index[space]]]

    def adjacent(self, a: str, b: str) -> bool:
        return self.index[b] in self.adj[self.index[a]]

    def _table(self) -> list[list[int]]:
        if self._dist is None:
            everywhere = [True] * len(self.names)
            self._dist = [bfs_distances(self.adj, i, everywhere) for i in range(len(self.names))]
        return self._dist

    def distance(self, a: str, b: str) -> int:
        """Spaces between ``a`` and ``b`` along adjacent spaces (UNREACHABLE if none)."""
        return self._table()[self.index[a]][self.index[b]]

    def distances_from(self, space: str) -> dict[str, int]:
        row = self._table()[self.index[space]]
        return {self.names[j]: d for j, d in enumerate(row)}

    def nearest(self, space: str, targets: Iterable[str]) -> tuple[int, list[str]]:
        """The smallest distance from ``space`` to any of ``targets`` and every target at it
        (in the order given). No reachable target: ``(UNREACHABLE, [])``."""
        row = self._table()[self.index[space]]
        best, out = UNREACHABLE, []
        for t in targets:
            d = row[self.index[t]]
            if d < best:
                best, out = d, [t]
            elif d == best and d < UNREACHABLE:
                out.append(t)
        return best, out

    def next_steps(self, space: str, toward: str) -> list[str]:
        """The neighbours of ``space`` that lie on a shortest route to ``toward``, in map
        order: one step "toward" it. Empty when already there or when it cannot be reached."""
        table = self._table()
        t = self.index[toward]
        here = table[self.index[space]][t]
        if here == 0 or here >= UNREACHABLE:
            return []
        return [self.names[j] for j in self.adj[self.index[space]] if table[j][t] == here - 1]

    def distances_to_any(self, spaces: Iterable[str]) -> dict[str, int]:
        """Steps from every space to the nearest of ``spaces``."""
        row = multi_source_distances(self.adj, [self.index[s] for s in spaces], [True] * len(self.names))
        return {self.names[j]: d for j, d in enumerate(row)}

    def connected(self) -> bool:
        return not self.names or all(d < UNREACHABLE for d in self._table()[0])
