"""Sets of hexes as Python integers, one bit per hex, for fast breadth-first searches.

A board's hexes (axial ``(q, r)`` coordinates, numbered 0..n-1 by the caller) are laid
out row by row in the bits of an integer: hex ``(q, r)`` is bit ``(r - r0) * width +
(q - q0)``, with one spare column at the end of every row. In that layout each of the
six hex directions is a fixed bit shift, so "every neighbour of every hex in the set"
is six shifts and ORs on one integer, whatever the size of the set; the spare column
catches whatever a shift carries past a row's end, and a search always keeps only bits
of a mask of board hexes. A breadth-first search then costs a few integer operations
per layer instead of Python code per edge (``paths`` has the node-by-node versions;
both give the same distances).

Searches return *layers*: ``layers[k]`` is the set of hexes first reached after ``k``
steps (``layers[0]`` is the start). Sets come back to hex numbers through
:meth:`HexBits.hexes`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain, compress, repeat
from operator import getitem

from .hexgrid import DIRECTIONS, Hex


class HexBits:
    """The bit layout of one board (hexes numbered as in ``coords``)."""

    __slots__ = ("size", "width", "bit", "around", "shifts", "_tables", "_nbytes", "_by_position")

    def __init__(self, coords: Sequence[Hex]) -> None:
        q0 = min(q for q, _ in coords)
        r0 = min(r for _, r in coords)
        width = max(q for q, _ in coords) - q0 + 2  # one spare column per row
        self.size = len(coords)
        self.width = width
        positions = [(r - r0) * width + (q - q0) for q, r in coords]
        self.bit: tuple[int, ...] = tuple(1 << b for b in positions)
        # Per direction, the shift that moves every hex of a set one step that way.
        self.shifts: tuple[int, ...] = tuple(dr * width + dq for dq, dr in DIRECTIONS)
        index = {h: i for i, h in enumerate(coords)}
        self.around: tuple[int, ...] = tuple(  # the hexes next to each hex
            self.of(index[n] for n in ((q + dq, r + dr) for dq, dr in DIRECTIONS) if n in index)
            for q, r in coords
        )
        # Byte k of a set, value v -> the hexes those bits stand for.
        nbytes = (max(positions) + 8) // 8
        by_position = {b: i for i, b in enumerate(positions)}
        self._by_position = by_position
        self._nbytes = nbytes
        self._tables = tuple(
            tuple(
                tuple(by_position[8 * k + j] for j in range(8) if v >> j & 1 and 8 * k + j in by_position)
                for v in range(256)
            )
            for k in range(nbytes)
        )

    # -- conversions ------------------------------------------------------------------
    def of(self, hexes: Iterable[int]) -> int:
        """The set of the given hex numbers."""
        bit = self.bit
        x = 0
        for h in hexes:
            x |= bit[h]
        return x

    def from_flags(self, flags: Sequence[int] | bytes | bytearray) -> int:
        """The set of hexes whose flag is set."""
        return self.of(compress(range(self.size), flags))

    def hexes(self, x: int) -> list[int]:
        """The hex numbers in ``x``, in bit order (sort them for hex order)."""
        if x.bit_count() <= 4:
            # A few hexes (a raider's end hexes): walk the set bits, lowest first.
            by_position = self._by_position
            out = []
            while x:
                low = x & -x
                h = by_position.get(low.bit_length() - 1)
                if h is not None:  # a spare-column bit stands for no hex
                    out.append(h)
                x ^= low
            return out
        data = x.to_bytes(self._nbytes, "little")
        # Only the non-zero bytes are looked up: compress picks their tables, filter their values.
        return list(chain.from_iterable(map(getitem, compress(self._tables, data), filter(None, data))))

    # -- searches ---------------------------------------------------------------------
    def neighbours(self, x: int) -> int:
        """Every hex next to some hex of ``x`` (off-board bits included: mask them)."""
        w = self.width
        v = w - 1
        return (x << 1) | (x >> 1) | (x << w) | (x >> w) | (x << v) | (x >> v)

    def layers(self, start: int, max_steps: int | None, passable: int) -> list[int]:
        """Breadth-first layers from the hexes ``start`` (layer 0, passable or not),
        entering only ``passable`` hexes, for at most ``max_steps`` steps; stops early
        when nothing new is reached. ``max_steps`` None: until then."""
        w = self.width
        v = w - 1
        seen = frontier = start
        out = [start]
        steps = 0
        while max_steps is None or steps < max_steps:
            x = frontier
            x = ((x << 1) | (x >> 1) | (x << w) | (x >> w) | (x << v) | (x >> v)) & passable
            x ^= x & seen  # the new hexes only (x & ~seen, without a negative int)
            if not x:
                break
            seen |= x
            out.append(x)
            frontier = x
            steps += 1
        return out

    def meet(self, start: int, passable: int, goal: int) -> tuple[int | None, int]:
        """Search outward from ``start`` (as :meth:`layers`, unbounded) until a layer
        meets ``goal``: (its index, the hexes of ``goal`` in it), or (None, 0)."""
        hit = start & goal
        if hit:
            return 0, hit
        w = self.width
        v = w - 1
        seen = frontier = start
        steps = 0
        while True:
            x = frontier
            x = ((x << 1) | (x >> 1) | (x << w) | (x >> w) | (x << v) | (x >> v)) & passable
            x ^= x & seen  # the new hexes only (x & ~seen, without a negative int)
            if not x:
                return None, 0
            steps += 1
            hit = x & goal
            if hit:
                return steps, hit
            seen |= x
            frontier = x

    def layers_with_steps(self, start: int, max_steps: int, step_options: Sequence[int], passable: int) -> list[int]:
        """Like :meth:`layers` for a move whose steps follow ``step_options`` per hex
        direction (as ``paths.reachable_with_steps``): 0 forbidden, 1 one hex, 2 one or
        two hexes in a straight line, both passable; every step counts 1."""
        # Left shifts and right shifts apart, single steps apart from double ones.
        up = [self.shifts[d] for d, opt in enumerate(step_options) if opt == 1 and self.shifts[d] > 0]
        down = [-self.shifts[d] for d, opt in enumerate(step_options) if opt == 1 and self.shifts[d] < 0]
        double = [self.shifts[d] for d, opt in enumerate(step_options) if opt == 2]
        seen = frontier = start
        out = [start]
        for _ in range(max_steps):
            x = 0
            for shift in up:
                x |= frontier << shift
            for shift in down:
                x |= frontier >> shift
            x &= passable
            for shift in double:
                if shift > 0:
                    one = (frontier << shift) & passable
                    x |= one | ((one << shift) & passable)
                else:
                    one = (frontier >> -shift) & passable
                    x |= one | ((one >> -shift) & passable)
            x ^= x & seen
            if not x:
                break
            seen |= x
            out.append(x)
            frontier = x
        return out

    def steps_map(self, layers: Sequence[int]) -> dict[int, int]:
        """hex -> the layer it is in, for every hex of ``layers``, in hex order."""
        hexes = self.hexes
        steps: dict[int, int] = {}
        for k, layer in enumerate(layers):
            steps.update(zip(hexes(layer), repeat(k)))
        order = sorted(steps)
        return dict(zip(order, map(steps.__getitem__, order)))


def first_layer(layers: Sequence[int], x: int) -> int | None:
    """Index of the first layer that meets ``x``, or None."""
    for k, layer in enumerate(layers):
        if layer & x:
            return k
    return None
