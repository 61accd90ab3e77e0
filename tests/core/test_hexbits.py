"""Hex sets as integers give the same searches as the node-by-node ones in ``paths``."""

from hypothesis import given, settings
from hypothesis import strategies as st

from wasteland.core.hexbits import HexBits, first_layer
from wasteland.core.hexgrid import disk, neighbor
from wasteland.core.paths import UNREACHABLE, multi_source_distances, reachable, reachable_with_steps

# A ragged board: two disks side by side, so rows have different lengths and the layout
# has hexes at both ends of its rows (where a shift would wrap without the spare column).
HEXES = sorted(set(disk((0, 0), 3)) | set(disk((5, -2), 2)) | {(8, -2), (-4, 1)})
INDEX = {h: i for i, h in enumerate(HEXES)}
BY_DIR = [tuple(INDEX.get(neighbor(h, d), -1) for d in range(6)) for h in HEXES]
ADJ = [tuple(j for j in row if j >= 0) for row in BY_DIR]
BITS = HexBits(HEXES)
N = len(HEXES)

masks = st.lists(st.booleans(), min_size=N, max_size=N)
nodes = st.integers(0, N - 1)


def test_neighbours_and_conversions():
    for i in range(N):
        assert BITS.hexes(BITS.bit[i]) == [i]
        assert sorted(BITS.hexes(BITS.around[i])) == sorted(ADJ[i])
    assert sorted(BITS.hexes(BITS.of(range(N)))) == list(range(N))
    assert BITS.from_flags(b"\x01\x00" * (N // 2) + b"\x01" * (N % 2)) == BITS.of(range(0, N, 2))


@settings(max_examples=300, deadline=None)
@given(masks, nodes, st.integers(0, 9))
def test_layers_match_reachable(passable, start, steps):
    layers = BITS.layers(BITS.bit[start], steps, BITS.from_flags(passable))
    assert BITS.steps_map(layers) == dict(sorted(reachable(ADJ, start, steps, passable, None).items()))


@settings(max_examples=300, deadline=None)
@given(masks, nodes, st.integers(0, 6), st.lists(st.integers(0, 2), min_size=6, max_size=6))
def test_layers_with_steps_match_sailing(passable, start, steps, options):
    layers = BITS.layers_with_steps(BITS.bit[start], steps, options, BITS.from_flags(passable))
    expected = reachable_with_steps(BY_DIR, start, steps, options, passable, None)
    assert BITS.steps_map(layers) == dict(sorted(expected.items()))


@settings(max_examples=300, deadline=None)
@given(masks, st.lists(nodes, min_size=1, max_size=3))
def test_unbounded_layers_match_distances(passable, sources):
    layers = BITS.layers(BITS.of(sources), None, BITS.from_flags(passable))
    dist = multi_source_distances(ADJ, sources, passable)
    for h in range(N):
        k = first_layer(layers, BITS.bit[h])
        assert (UNREACHABLE if k is None else k) == dist[h]


@settings(max_examples=300, deadline=None)
@given(masks, st.lists(nodes, min_size=1, max_size=3), st.lists(st.lists(nodes, max_size=4), max_size=4))
def test_meet_finds_the_first_layer_that_meets_the_goal(passable, sources, goals):
    allowed = BITS.from_flags(passable)
    layers = BITS.layers(BITS.of(sources), None, allowed)
    goal_sets = [BITS.of(g) for g in goals]
    for g in goal_sets:
        k = first_layer(layers, g)
        assert BITS.meet(BITS.of(sources), allowed, g) == ((None, 0) if k is None else (k, layers[k] & g))
