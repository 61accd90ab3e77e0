"""The geometry that makes "lines up" and "touches" computable (WQ-38.3).

Our choice (the pages draw tiles but give no geometry): the battlefield is a grid of
squares. A tile is a set of squares split into zones; an **edge** is the side of a
square, written ``(square, side)`` with ``side`` one of ``N E S W`` (x grows to the
east, y to the south). Gate positions and lychgates lie on edges at a tile's border.

* A tile may be **rotated** by quarter turns (a physical tile can be turned) but not
  flipped. Lining a card's gate position up with the battlefield's closed gate means the
  two edges coincide with the tiles on either side of it, so each gate position fixes
  the rotation and the offset: the leader's choice is which gate position (WQ-38.3).
* A lychgate **touches** the tile on the far side of its edge. The new tile may not
  cover the square beyond a lychgate already on the battlefield, and no lychgate of
  the card may face a square of a tile already laid (WQ-38.3).
* Two tiles **overlap** when they share a square; a tile never overlaps the battlefield.
"""

from __future__ import annotations

from typing import Iterable

Square = tuple[int, int]
Edge = tuple[Square, str]  # a square and one of its sides
SIDES = ("N", "E", "S", "W")  # clockwise
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def rotate(square: Square, turns: int) -> Square:
    """A quarter turn clockwise ``turns`` times about the origin (y grows southward)."""
    x, y = square
    for _ in range(turns % 4):
        x, y = -y, x
    return (x, y)


def rotate_side(side: str, turns: int) -> str:
    return SIDES[(SIDES.index(side) + turns) % 4]


def opposite(side: str) -> str:
    return rotate_side(side, 2)


def beyond(edge: Edge) -> Square:
    """The square on the far side of an edge."""
    (x, y), side = edge
    dx, dy = STEP[side]
    return (x + dx, y + dy)


def canonical(edge: Edge) -> tuple[Square, Square]:
    """An edge as the pair of squares it separates, in a fixed order, so the same edge
    seen from either tile compares equal."""
    a, b = edge[0], beyond(edge)
    return (a, b) if a <= b else (b, a)


class Transform:
    """Where a tile lies: ``turns`` quarter turns clockwise, then shifted by ``offset``."""

    __slots__ = ("turns", "offset")

    def __init__(self, turns: int, offset: Square) -> None:
        self.turns = turns % 4
        self.offset = offset

    def square(self, local: Square) -> Square:
        x, y = rotate(local, self.turns)
        return (x + self.offset[0], y + self.offset[1])

    def edge(self, local: Edge) -> Edge:
        return (self.square(local[0]), rotate_side(local[1], self.turns))

    def squares(self, local: Iterable[Square]) -> list[Square]:
        return [self.square(q) for q in local]


def line_up(gate_local: Edge, closed_gate: Edge) -> Transform:
    """WQ-38.3: the one transform that lays the tile's gate position ``gate_local`` on
    the battlefield's ``closed_gate`` (an edge of a laid tile's square, facing out): the
    position faces back across the same edge, its square the one beyond the gate."""
    square, side = gate_local
    want = opposite(closed_gate[1])
    turns = (SIDES.index(want) - SIDES.index(side)) % 4
    rx, ry = rotate(square, turns)
    tx, ty = beyond(closed_gate)
    return Transform(turns, (tx - rx, ty - ry))


def on_border(squares: set[Square], edge: Edge) -> bool:
    return edge[0] in squares and beyond(edge) not in squares
