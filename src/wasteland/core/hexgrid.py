"""Hex geometry on axial coordinates (flat-topped hexes).

A hex is a plain ``(q, r)`` tuple of ints.  The implicit third cube coordinate
is ``s = -q - r``.  Screen orientation: x grows to the right, y grows
downwards, so "north" is up on the screen.

Direction indices run clockwise starting at north::

    0 N  (0, -1)   1 NE (1, -1)   2 SE (1, 0)
    3 S  (0, 1)    4 SW (-1, 1)   5 NW (-1, 0)

Opposite directions differ by 3 (``(d + 3) % 6``).  Rotating a vector one
sixth of a turn clockwise turns direction ``d`` into direction ``d + 1``.

Besides single hexes, this module knows about "super-hexes": the disk of
radius R around a centre.  Such disks tile the plane when their centres sit on
the lattice produced by :func:`super_center`; lattice coordinates ``(a, b)``
use the same six direction vectors and names as ordinary hexes.

Everything here is pure functions on tuples; nothing allocates beyond the
result it returns.
"""

from __future__ import annotations

import math

Hex = tuple[int, int]

DIRECTIONS: tuple[Hex, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
_NAME_TO_INDEX = {name: i for i, name in enumerate(DIRECTION_NAMES)}

# Lookup from a unit offset to its direction index (used by direction_between).
_OFFSET_TO_INDEX = {vec: i for i, vec in enumerate(DIRECTIONS)}

_SQRT3 = math.sqrt(3.0)


def direction_index(name: str) -> int:
    """Index 0..5 of a direction name such as ``"NE"`` (case-insensitive)."""
    try:
        return _NAME_TO_INDEX[name.upper()]
    except KeyError:
        raise ValueError(f"unknown hex direction {name!r}") from None


# --------------------------------------------------------------------------
# Vector arithmetic
# --------------------------------------------------------------------------

def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Hex, b: Hex) -> Hex:
    return (a[0] - b[0], a[1] - b[1])


def scale(h: Hex, k: int) -> Hex:
    return (h[0] * k, h[1] * k)


def neighbor(h: Hex, d: int) -> Hex:
    """The hex adjacent to ``h`` in direction ``d`` (0..5)."""
    dq, dr = DIRECTIONS[d]
    return (h[0] + dq, h[1] + dr)


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """All six neighbours of ``h`` in direction order N, NE, SE, S, SW, NW."""
    q, r = h
    return ((q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r))


def distance(a: Hex, b: Hex) -> int:
    """Number of single steps between two hexes."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def is_adjacent(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in _OFFSET_TO_INDEX


def direction_between(a: Hex, b: Hex) -> int | None:
    """Direction ``d`` with ``b == neighbor(a, d)``, or None if not adjacent."""
    return _OFFSET_TO_INDEX.get((b[0] - a[0], b[1] - a[1]))


def rotate(h: Hex, k: int) -> Hex:
    """Rotate ``h`` about the origin by ``k`` sixths of a turn clockwise.

    ``k`` may be any integer; negative values rotate anticlockwise.
    """
    q, r = h
    k %= 6
    # One clockwise sixth in cube terms: (q, r, s) -> (-r, -s, -q).
    # With s = -q - r that is (q, r) -> (-r, q + r).  The six results are
    # written out so each call does a single step of work.
    if k == 0:
        return (q, r)
    if k == 1:
        return (-r, q + r)
    if k == 2:
        return (-q - r, q)
    if k == 3:
        return (-q, -r)
    if k == 4:
        return (r, -q - r)
    return (q + r, -q)


# --------------------------------------------------------------------------
# Areas and lines
# --------------------------------------------------------------------------

def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``center``.

    Order: start at the northern corner and walk clockwise.  Radius 0 gives
    ``[center]``; a negative radius gives an empty list.
    """
    if radius < 0:
        return []
    if radius == 0:
        return [center]
    q = center[0]
    r = center[1] - radius  # northern corner
    out = []
    # From corner i (in direction i) walk towards corner i+1 using
    # direction i+2; each side contributes `radius` hexes.
    for side in range(6):
        dq, dr = DIRECTIONS[(side + 2) % 6]
        for _ in range(radius):
            out.append((q, r))
            q += dq
            r += dr
    return out


def disk(center: Hex, radius: int) -> list[Hex]:
    """All hexes within ``radius`` of ``center``, sorted by (q, r)."""
    if radius < 0:
        return []
    cq, cr = center
    out = []
    for dq in range(-radius, radius + 1):
        lo = max(-radius, -dq - radius)
        hi = min(radius, -dq + radius)
        q = cq + dq
        for dr in range(lo, hi + 1):
            out.append((q, cr + dr))
    return out


def _cube_round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q = round(fq)
    r = round(fr)
    s = round(fs)
    eq = abs(q - fq)
    er = abs(r - fr)
    es = abs(s - fs)
    # Fix the coordinate with the largest rounding error so q + r + s == 0.
    if eq > er and eq > es:
        q = -r - s
    elif er > es:
        r = -q - s
    return (q, r)


# Small asymmetric nudge so that lines running exactly along hex edges are
# resolved consistently instead of depending on floating-point noise.
_NUDGE_Q = 1e-6
_NUDGE_R = 2e-6


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight segment from ``a`` to ``b``, both ends included.

    Uses linear interpolation in cube space followed by cube rounding; both
    endpoints are nudged by the same tiny offset so ties on hex edges always
    break the same way.  The result has ``distance(a, b) + 1`` hexes and
    consecutive hexes are adjacent.
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    aq = a[0] + _NUDGE_Q
    ar = a[1] + _NUDGE_R
    dq = (b[0] - a[0]) / n
    dr = (b[1] - a[1]) / n
    out = [a]
    for i in range(1, n):
        out.append(_cube_round(aq + dq * i, ar + dr * i))
    out.append(b)
    return out


def straight_line_direction(a: Hex, b: Hex) -> int | None:
    """Direction ``d`` if ``b`` lies on the straight ray from ``a`` in ``d``.

    Returns None when ``b == a`` or ``b`` is not on any of the six rays.
    """
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    if dq == 0:
        if dr < 0:
            return 0
        if dr > 0:
            return 3
        return None
    if dr == 0:
        return 2 if dq > 0 else 5
    if dq == -dr:
        return 1 if dq > 0 else 4
    return None


def hex_to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """Centre of hex ``h`` in pixels for a flat-topped layout (y downwards)."""
    q, r = h
    return (size * 1.5 * q, size * _SQRT3 * (r + q * 0.5))


# --------------------------------------------------------------------------
# Super-hex lattice
# --------------------------------------------------------------------------
#
# A super-hex of radius R is disk(centre, R).  Its centres form a lattice
# spanned by   SE -> (R+1, R)   and   S -> rotate((R+1, R), 1) = (-R, 2R+1).
# Every other lattice direction is a further clockwise rotation, so lattice
# direction d maps to rotate((R+1, R), d - 2); in particular N = -S.
# The two spanning vectors have determinant 3R^2 + 3R + 1, which is exactly
# the number of hexes in one super-hex: the disks tile the plane.


def lattice_direction(name: str) -> Hex:
    """Unit lattice vector ``(da, db)`` for a direction name (same as hexes)."""
    return DIRECTIONS[direction_index(name)]


def super_offset(d: int, radius: int) -> Hex:
    """Hex offset between centres of super-hexes adjacent in direction ``d``."""
    return rotate((radius + 1, radius), d - 2)


def super_center(a: int, b: int, radius: int) -> Hex:
    """Centre hex of the super-hex at lattice coordinates ``(a, b)``."""
    return (a * (radius + 1) - b * radius, a * radius + b * (2 * radius + 1))


def super_hex_of(h: Hex, radius: int) -> Hex:
    """Lattice coordinates ``(a, b)`` of the super-hex containing hex ``h``."""
    q, r = h
    det = 3 * radius * radius + 3 * radius + 1
    # Invert the lattice map to get fractional lattice coordinates and round
    # them like a hex.  The rounded point has been the right tile in every
    # case tested; the neighbours are only checked as a cheap safety net.
    fa = ((2 * radius + 1) * q + radius * r) / det
    fb = ((radius + 1) * r - radius * q) / det
    a0, b0 = _cube_round(fa, fb)
    for da, db in ((0, 0),) + DIRECTIONS:
        a = a0 + da
        b = b0 + db
        if distance(h, super_center(a, b, radius)) <= radius:
            return (a, b)
    raise AssertionError("super-hex lookup failed")  # pragma: no cover
