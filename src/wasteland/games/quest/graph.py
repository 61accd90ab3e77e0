"""Breadth-first zone-step distances over an adjacency map.

A small helper of our own: the core graph module another change is adding was not on
main when this game was written; replace this by it once it is.
"""

from __future__ import annotations

from collections import deque
from typing import Hashable, Mapping, Sequence, TypeVar

N = TypeVar("N", bound=Hashable)


def distances(neighbours: Mapping[N, Sequence[N]], start: N) -> dict[N, int]:
    """Zone steps from ``start`` to every node it can reach."""
    out = {start: 0}
    todo = deque([start])
    while todo:
        node = todo.popleft()
        d = out[node] + 1
        for nb in neighbours.get(node, ()):
            if nb not in out:
                out[nb] = d
                todo.append(nb)
    return out
