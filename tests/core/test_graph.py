"""core.graph: distances and next steps on maps of named spaces (not hexes)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wasteland.core.graph import UNREACHABLE, GraphError, SpaceGraph

# A ring of four with a tail: a - b - c - d - a, d - e; f stands alone.
RING = SpaceGraph(["a", "b", "c", "d", "e", "f"], [("a", "b"), ("b", "c"), ("c", "d"), ("d", "a"), ("d", "e")])


def test_distances_count_spaces_along_adjacency():
    assert RING.distance("a", "a") == 0
    assert RING.distance("a", "c") == 2
    assert RING.distance("b", "e") == 3
    assert RING.distance("e", "b") == 3
    assert RING.distance("a", "f") == UNREACHABLE
    assert RING.distances_from("e") == {"a": 2, "b": 3, "c": 2, "d": 1, "e": 0, "f": UNREACHABLE}


def test_next_steps_lists_every_neighbour_on_a_shortest_route():
    # a to c: both b and d are one step closer; the graph names both and never picks.
    assert RING.next_steps("a", "c") == ["b", "d"]
    assert RING.next_steps("b", "e") == ["a", "c"]
    assert RING.next_steps("d", "e") == ["e"]
    assert RING.next_steps("e", "e") == []
    assert RING.next_steps("a", "f") == []


def test_nearest_returns_every_target_at_the_smallest_distance():
    assert RING.nearest("a", ["c", "e", "b"]) == (1, ["b"])
    assert RING.nearest("b", ["d", "e"]) == (2, ["d"])
    assert RING.nearest("a", ["c", "e"]) == (2, ["c", "e"])
    assert RING.nearest("a", ["f"]) == (UNREACHABLE, [])


def test_edges_are_symmetric_and_checked():
    g = SpaceGraph.from_neighbours({"x": ["y"], "y": [], "z": ["y"]})
    assert g.neighbours("y") == ["x", "z"]
    assert g.adjacent("y", "x") and not g.adjacent("x", "z")
    with pytest.raises(GraphError, match="'q'"):
        SpaceGraph(["x"], [("x", "q")])
    with pytest.raises(GraphError, match="twice"):
        SpaceGraph(["x", "x"], [])
    with pytest.raises(GraphError, match="itself"):
        SpaceGraph(["x"], [("x", "x")])
    assert not RING.connected()
    assert g.connected()


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 12).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n))))
def test_next_steps_each_shorten_the_distance_by_one(case):
    n, pairs = case
    names = [f"s{i}" for i in range(n)]
    g = SpaceGraph(names, [(names[a], names[b]) for a, b in pairs if a != b])
    for a in names:
        for b in names:
            d = g.distance(a, b)
            steps = g.next_steps(a, b)
            assert g.distance(b, a) == d
            if d == 0 or d == UNREACHABLE:
                assert steps == []
            else:
                assert steps and all(g.distance(s, b) == d - 1 and g.adjacent(a, s) for s in steps)
