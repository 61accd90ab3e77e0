import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wasteland.core import hexgrid as hg
from wasteland.core.hexgrid import (
    DIRECTION_NAMES,
    DIRECTIONS,
    add,
    direction_between,
    direction_index,
    disk,
    distance,
    hex_to_pixel,
    is_adjacent,
    lattice_direction,
    line,
    neighbor,
    neighbors,
    ring,
    rotate,
    scale,
    straight_line_direction,
    sub,
    super_center,
    super_hex_of,
    super_offset,
)

ORIGIN = (0, 0)
coord = st.integers(-40, 40)
hexes = st.tuples(coord, coord)


# --- directions ---------------------------------------------------------

def test_direction_table():
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    assert DIRECTION_NAMES == ("N", "NE", "SE", "S", "SW", "NW")


def test_direction_index():
    for i, name in enumerate(DIRECTION_NAMES):
        assert direction_index(name) == i
    assert direction_index("sw") == 4
    with pytest.raises(ValueError):
        direction_index("E")


def test_opposite_directions_cancel():
    for d in range(6):
        assert add(DIRECTIONS[d], DIRECTIONS[(d + 3) % 6]) == ORIGIN


def test_directions_are_clockwise_on_screen():
    # With y pointing down, the screen angle atan2(y, x) grows clockwise.
    angles = [math.degrees(math.atan2(*reversed(hex_to_pixel(v, 1.0)))) for v in DIRECTIONS]
    assert angles[0] == pytest.approx(-90.0)  # north is straight up
    for d in range(6):
        step = (angles[(d + 1) % 6] - angles[d]) % 360
        assert step == pytest.approx(60.0)


# --- arithmetic ---------------------------------------------------------

def test_add_sub_scale():
    assert add((1, -2), (3, 5)) == (4, 3)
    assert sub((1, -2), (3, 5)) == (-2, -7)
    assert scale((2, -3), 3) == (6, -9)
    assert scale((2, -3), 0) == ORIGIN


def test_neighbor_and_neighbors():
    h = (4, -7)
    assert neighbor(h, 0) == (4, -8)
    assert neighbor(h, 2) == (5, -7)
    assert neighbor(h, 4) == (3, -6)
    assert neighbors(h) == tuple(neighbor(h, d) for d in range(6))
    assert len(set(neighbors(h))) == 6
    assert all(distance(h, n) == 1 for n in neighbors(h))


@pytest.mark.parametrize(
    "a,b,expected",
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (1, 0), 1),
        ((0, 0), (3, -1), 3),
        ((0, 0), (2, 2), 4),
        ((0, 0), (-3, 3), 3),
        ((1, -3), (-2, 1), 4),
        ((5, 5), (-5, -5), 20),
    ],
)
def test_known_distances(a, b, expected):
    assert distance(a, b) == expected
    assert distance(b, a) == expected


def test_adjacency_and_direction_between():
    h = (2, 3)
    for d in range(6):
        n = neighbor(h, d)
        assert is_adjacent(h, n)
        assert direction_between(h, n) == d
        assert direction_between(n, h) == (d + 3) % 6
    assert not is_adjacent(h, h)
    assert direction_between(h, h) is None
    assert not is_adjacent(h, (4, 3))
    assert direction_between(h, (4, 3)) is None
    assert direction_between(h, (3, 3 + 1)) is None  # distance 2


# --- rotation -----------------------------------------------------------

def test_rotate_directions_clockwise():
    for d in range(6):
        assert rotate(DIRECTIONS[d], 1) == DIRECTIONS[(d + 1) % 6]
        assert rotate(DIRECTIONS[d], -1) == DIRECTIONS[(d - 1) % 6]
        assert rotate(DIRECTIONS[d], 3) == scale(DIRECTIONS[d], -1)


def test_rotate_known_value():
    assert rotate((3, 2), 1) == (-2, 5)
    assert rotate((3, 2), 2) == (-5, 3)
    assert rotate((3, 2), -1) == (5, -3)


@given(hexes, st.integers(-20, 20))
def test_rotate_properties(h, k):
    assert rotate(h, 6) == h
    assert rotate(h, 0) == h
    assert rotate(h, k) == rotate(h, k + 6) == rotate(h, k - 12)
    assert rotate(h, k + 1) == rotate(rotate(h, k), 1)
    assert rotate(rotate(h, k), -k) == h
    assert distance(ORIGIN, rotate(h, k)) == distance(ORIGIN, h)


@given(hexes, hexes, st.integers(-7, 7))
def test_rotate_is_linear_and_isometric(a, b, k):
    assert rotate(add(a, b), k) == add(rotate(a, k), rotate(b, k))
    assert distance(rotate(a, k), rotate(b, k)) == distance(a, b)


# --- distance properties ------------------------------------------------

@given(hexes, hexes, hexes)
def test_distance_metric(a, b, c):
    assert distance(a, b) == distance(b, a)
    assert distance(a, b) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert distance(a, b) == distance(sub(a, b), ORIGIN)


# --- rings and disks ----------------------------------------------------

@pytest.mark.parametrize("radius", range(0, 7))
def test_ring(radius):
    c = (3, -2)
    rg = ring(c, radius)
    assert len(rg) == (6 * radius if radius else 1)
    assert len(set(rg)) == len(rg)
    assert all(distance(c, h) == radius for h in rg)
    if radius:
        assert rg[0] == add(c, scale(DIRECTIONS[0], radius))  # northern corner first
        for i in range(len(rg)):
            assert is_adjacent(rg[i], rg[(i + 1) % len(rg)])
        # walking clockwise: the second hex is east of the first
        assert rg[1][0] > rg[0][0]


def test_ring_radius_zero_and_negative():
    assert ring((5, 5), 0) == [(5, 5)]
    assert ring((5, 5), -1) == []


@pytest.mark.parametrize("radius", range(0, 7))
def test_disk(radius):
    c = (-4, 1)
    dk = disk(c, radius)
    assert len(dk) == 3 * radius * (radius + 1) + 1
    assert dk == sorted(dk)
    assert len(set(dk)) == len(dk)
    expected = {h for k in range(radius + 1) for h in ring(c, k)}
    assert set(dk) == expected
    # nothing outside the disk within the bounding box is missing
    box = {(c[0] + dq, c[1] + dr) for dq in range(-radius, radius + 1) for dr in range(-radius, radius + 1)}
    assert {h for h in box if distance(c, h) <= radius} <= set(dk)


def test_disk_negative_radius():
    assert disk(ORIGIN, -1) == []


# --- lines --------------------------------------------------------------

def _check_line(a, b, ln):
    n = distance(a, b)
    assert len(ln) == n + 1
    assert ln[0] == a and ln[-1] == b
    for i in range(n):
        assert is_adjacent(ln[i], ln[i + 1])
    for i, h in enumerate(ln):
        assert distance(a, h) == i
        assert distance(h, b) == n - i


def test_line_basic():
    assert line((2, 2), (2, 2)) == [(2, 2)]
    assert line((0, 0), (3, 0)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert line((0, 0), (0, -2)) == [(0, 0), (0, -1), (0, -2)]
    # an edge-straddling line breaks ties the same way every time
    assert line((0, 0), (2, -1)) == line((0, 0), (2, -1)) == [(0, 0), (1, 0), (2, -1)]
    _check_line((0, 0), (5, 3), line((0, 0), (5, 3)))


def test_line_along_straight_ray():
    a = (1, 2)
    for d in range(6):
        b = add(a, scale(DIRECTIONS[d], 4))
        assert line(a, b) == [add(a, scale(DIRECTIONS[d], k)) for k in range(5)]


@given(hexes, hexes)
def test_line_properties(a, b):
    ln = line(a, b)
    _check_line(a, b, ln)
    assert line(a, b) == ln


# --- straight rays ------------------------------------------------------

def test_straight_line_direction():
    a = (3, -1)
    for d in range(6):
        for k in range(1, 6):
            assert straight_line_direction(a, add(a, scale(DIRECTIONS[d], k))) == d
    assert straight_line_direction(a, a) is None
    assert straight_line_direction(a, add(a, (2, 1))) is None
    assert straight_line_direction(a, add(a, (1, -2))) is None
    assert straight_line_direction(a, add(a, (-3, 2))) is None


@given(hexes, hexes)
def test_straight_line_direction_matches_line(a, b):
    d = straight_line_direction(a, b)
    ln = line(a, b)
    steps = {direction_between(x, y) for x, y in zip(ln, ln[1:])}
    if d is None:
        assert a == b or len(steps) > 1
    else:
        assert steps == {d}


# --- pixels -------------------------------------------------------------

def test_hex_to_pixel():
    assert hex_to_pixel(ORIGIN, 10) == (0.0, 0.0)
    x, y = hex_to_pixel((1, 0), 10)
    assert x == pytest.approx(15.0) and y == pytest.approx(5 * math.sqrt(3))
    x, y = hex_to_pixel((0, 1), 10)
    assert x == pytest.approx(0.0) and y == pytest.approx(10 * math.sqrt(3))
    # every neighbour centre is the same distance away
    cx, cy = hex_to_pixel((2, -1), 7)
    for n in neighbors((2, -1)):
        nx, ny = hex_to_pixel(n, 7)
        assert math.hypot(nx - cx, ny - cy) == pytest.approx(7 * math.sqrt(3))


# --- super-hex lattice --------------------------------------------------

def test_super_center_radius_two():
    assert super_center(0, 0, 2) == ORIGIN
    assert super_center(1, 0, 2) == (3, 2)
    assert super_center(0, 1, 2) == (-2, 5)
    for a in range(-3, 4):
        for b in range(-3, 4):
            assert super_center(a, b, 2) == (3 * a - 2 * b, 2 * a + 5 * b)


def test_lattice_direction():
    for d, name in enumerate(DIRECTION_NAMES):
        assert lattice_direction(name) == DIRECTIONS[d]
    with pytest.raises(ValueError):
        lattice_direction("W")


@pytest.mark.parametrize("radius", [1, 2, 3, 4])
def test_super_offsets_consistent(radius):
    for d, name in enumerate(DIRECTION_NAMES):
        off = super_offset(d, radius)
        assert off == super_center(*lattice_direction(name), radius)
        assert off == rotate(super_offset(0, radius), d)
        assert distance(ORIGIN, off) == 2 * radius + 1
    assert super_offset(0, radius) == scale(super_offset(3, radius), -1)  # N == -S
    assert super_offset(2, radius) == (radius + 1, radius)


@pytest.mark.parametrize("radius", [1, 2, 3, 4])
def test_seven_super_hexes_do_not_overlap_and_touch(radius):
    tiles = [disk(super_center(0, 0, radius), radius)]
    tiles += [disk(super_center(*v, radius), radius) for v in DIRECTIONS]
    union = set().union(*map(set, tiles))
    assert len(union) == sum(len(t) for t in tiles)  # no overlap
    centre = set(tiles[0])
    for t in tiles[1:]:
        assert any(is_adjacent(x, y) for x in centre for y in t)
    # the centre tile's outer ring is completely surrounded by the six others
    for h in ring(ORIGIN, radius + 1):
        assert h in union


@pytest.mark.parametrize("radius", [1, 2, 3])
def test_lattice_block_tiles_without_gaps(radius):
    count: dict = {}
    for a in range(-2, 3):
        for b in range(-2, 3):
            for h in disk(super_center(a, b, radius), radius):
                count[h] = count.get(h, 0) + 1
    assert set(count.values()) == {1}
    assert all(h in count for h in disk(ORIGIN, 4 * radius + 1))


@pytest.mark.parametrize("radius", [0, 1, 2, 3, 5])
def test_super_hex_of_brute_force(radius):
    owners: dict = {}
    for a in range(-6, 7):
        for b in range(-6, 7):
            for h in disk(super_center(a, b, radius), radius):
                assert h not in owners
                owners[h] = (a, b)
    for h in disk(ORIGIN, 3 * radius + 3):
        assert super_hex_of(h, radius) == owners[h]


@given(hexes, st.integers(0, 6))
def test_super_hex_of_contains(h, radius):
    a, b = super_hex_of(h, radius)
    assert distance(h, super_center(a, b, radius)) <= radius


def test_module_exports_hex_alias():
    assert hg.Hex == tuple[int, int]
