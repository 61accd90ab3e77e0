from hypothesis import given, settings
from hypothesis import strategies as st

from wasteland.core.hexgrid import DIRECTIONS, direction_index, disk, distance, neighbor
from wasteland.core.paths import (
    UNREACHABLE,
    approach,
    bfs_distances,
    multi_source_distances,
    path_with_steps,
    reachable,
    reachable_with_steps,
    shortest_path,
)


class Board:
    """A test board: hexes numbered in sorted order plus both adjacency forms."""

    def __init__(self, hexes):
        self.hexes = sorted(hexes)
        self.index = {h: i for i, h in enumerate(self.hexes)}
        self.by_dir = [
            tuple(self.index.get(neighbor(h, d), -1) for d in range(6)) for h in self.hexes
        ]
        self.adj = [tuple(j for j in row if j >= 0) for row in self.by_dir]

    def __len__(self):
        return len(self.hexes)

    def __getitem__(self, h):
        return self.index[h]

    def flags(self, false_hexes=()):
        out = [True] * len(self)
        for h in false_hexes:
            out[self[h]] = False
        return out


def parallelogram(size=5):
    return Board([(q, r) for q in range(size) for r in range(size)])


# A 5x5 parallelogram with a wall at q == 2 whose only gap is at r == 4.
WALL = [(2, r) for r in range(4)]


# --- plain BFS ----------------------------------------------------------

def test_bfs_open_board_matches_hex_distance():
    b = Board(disk((0, 0), 4))
    start = b[(1, -2)]
    dist = bfs_distances(b.adj, start, b.flags())
    for h, i in b.index.items():
        assert dist[i] == distance(h, (1, -2))


def test_bfs_around_wall():
    b = parallelogram()
    passable = b.flags(WALL)
    dist = bfs_distances(b.adj, b[(0, 0)], passable)
    assert dist[b[(1, 3)]] == 4
    assert dist[b[(2, 4)]] == 6  # the gap: only reachable from (1, 4)
    assert dist[b[(4, 0)]] == 10  # 4 without the wall
    for h in WALL:
        assert dist[b[h]] == UNREACHABLE


def test_bfs_start_impassable_and_bytes_flags():
    b = parallelogram()
    passable = bytes(0 if h == (0, 0) else 1 for h in b.hexes)
    dist = bfs_distances(b.adj, b[(0, 0)], passable)
    assert dist[b[(0, 0)]] == 0
    assert dist[b[(4, 4)]] == 8
    # impassable start is never re-entered, and nothing else is hurt
    dist2 = bfs_distances(b.adj, b[(4, 4)], passable)
    assert dist2[b[(0, 0)]] == UNREACHABLE
    assert dist2[b[(1, 0)]] == 7


def test_bfs_unreachable_region():
    b = parallelogram()
    passable = b.flags(WALL + [(2, 4)])
    dist = bfs_distances(b.adj, b[(0, 0)], passable)
    assert dist[b[(3, 0)]] == UNREACHABLE
    assert dist[b[(1, 4)]] == 5
    assert UNREACHABLE > len(b) * 10


def test_multi_source_distances():
    b = parallelogram()
    sources = [b[(0, 0)], b[(4, 4)]]
    dist = multi_source_distances(b.adj, sources, b.flags())
    for h, i in b.index.items():
        assert dist[i] == min(distance(h, (0, 0)), distance(h, (4, 4)))
    # sources count as 0 even when impassable; other impassable nodes stay out
    passable = b.flags([(0, 0), (1, 1)])
    dist = multi_source_distances(b.adj, [b[(0, 0)]], passable)
    assert dist[b[(0, 0)]] == 0
    assert dist[b[(1, 1)]] == UNREACHABLE
    assert dist[b[(1, 0)]] == 1
    assert multi_source_distances(b.adj, [], b.flags()) == [UNREACHABLE] * len(b)


# --- reachable ----------------------------------------------------------

def test_reachable_respects_max_steps():
    b = Board(disk((0, 0), 4))
    r = reachable(b.adj, b[(0, 0)], 2, b.flags(), b.flags())
    assert set(r) == {b[h] for h in disk((0, 0), 2)}
    for i, s in r.items():
        assert s == distance(b.hexes[i], (0, 0))
    assert reachable(b.adj, b[(0, 0)], 0, b.flags(), b.flags()) == {b[(0, 0)]: 0}


def test_reachable_passes_through_occupied_but_does_not_end_there():
    # corridor 0 - 1 - 2 - 3 ; node 1 is occupied
    adj = [(1,), (0, 2), (1, 3), (2,)]
    passable = [True] * 4
    can_end = [True, False, True, True]
    assert reachable(adj, 0, 2, passable, can_end) == {0: 0, 2: 2}
    assert reachable(adj, 0, 3, passable, can_end) == {0: 0, 2: 2, 3: 3}
    # an impassable node blocks
    assert reachable(adj, 0, 3, [True, False, True, True], can_end) == {0: 0}


def test_reachable_start_always_included():
    adj = [(1,), (0,)]
    assert reachable(adj, 0, 1, [False, True], [False, True]) == {0: 0, 1: 1}


def test_reachable_around_wall():
    b = parallelogram()
    passable = b.flags(WALL)
    occupied = [(1, 4), (0, 4)]
    r = reachable(b.adj, b[(0, 0)], 6, passable, b.flags(occupied))
    assert b[(2, 4)] in r and r[b[(2, 4)]] == 6  # went through occupied (1, 4)
    assert b[(1, 4)] not in r and b[(0, 4)] not in r
    assert b[(3, 3)] not in r  # 7 steps away
    assert all(b[h] not in r for h in WALL)
    assert all(s <= 6 for s in r.values())


# --- shortest path ------------------------------------------------------

def _valid_path(adj, path, passable):
    assert all(path[i + 1] in adj[path[i]] for i in range(len(path) - 1))
    assert all(passable[v] for v in path[1:])


def test_shortest_path_around_obstacle():
    b = parallelogram()
    passable = b.flags(WALL)
    p = shortest_path(b.adj, b[(0, 0)], b[(4, 0)], passable)
    assert p is not None and len(p) == 11
    assert p[0] == b[(0, 0)] and p[-1] == b[(4, 0)]
    assert b[(2, 4)] in p
    _valid_path(b.adj, p, passable)
    assert shortest_path(b.adj, b[(0, 0)], b[(4, 0)], passable) == p


def test_shortest_path_trivial_and_impossible():
    b = parallelogram()
    assert shortest_path(b.adj, 3, 3, b.flags()) == [3]
    blocked = b.flags(WALL + [(2, 4)])
    assert shortest_path(b.adj, b[(0, 0)], b[(4, 0)], blocked) is None
    # goal itself impassable
    assert shortest_path(b.adj, b[(0, 0)], b[(2, 0)], b.flags(WALL)) is None
    # impassable start is fine
    p = shortest_path(b.adj, b[(0, 0)], b[(1, 0)], b.flags([(0, 0)]))
    assert p == [b[(0, 0)], b[(1, 0)]]


def test_shortest_path_lowest_index_tie_break():
    # square 0-1, 0-2, 1-3, 2-3: two shortest paths, 0-1-3 wins
    adj = [(1, 2), (0, 3), (0, 3), (1, 2)]
    assert shortest_path(adj, 0, 3, [True] * 4) == [0, 1, 3]
    reordered = [(2, 1), (3, 0), (3, 0), (2, 1)]
    assert shortest_path(reordered, 0, 3, [True] * 4) == [0, 1, 3]
    assert shortest_path(adj, 0, 3, [True, False, True, True]) == [0, 2, 3]
    assert shortest_path(adj, 3, 0, [True] * 4) == [3, 1, 0]


def test_shortest_path_lexicographically_smallest_on_hex_board():
    b = parallelogram()
    p = shortest_path(b.adj, b[(0, 0)], b[(2, 2)], b.flags())
    assert len(p) == 5
    # brute force: smallest among all shortest node sequences
    def all_paths(u, goal, k):
        if k == 0:
            return [[u]] if u == goal else []
        return [[u] + rest for v in b.adj[u] for rest in all_paths(v, goal, k - 1)]
    assert p == min(all_paths(b[(0, 0)], b[(2, 2)], 4))


# --- approach -----------------------------------------------------------

def _dist_to_adjacent(b, target, passable):
    sources = [b[n] for n in (neighbor(target, d) for d in range(6)) if n in b.index]
    return multi_source_distances(b.adj, sources, passable)


def test_approach_reaches_nearest_with_fewest_steps():
    b = parallelogram()
    target = (4, 4)
    passable = b.flags()
    dtt = _dist_to_adjacent(b, target, passable)
    res = approach(b.adj, b[(0, 0)], 3, passable, b.flags(), dtt)
    # the hexes next to (4, 4) are 7 steps from (0, 0): 3 steps leave 4 to go
    assert dtt[b[(0, 0)]] == 7
    assert res and all(dtt[v] == 4 and s == 3 for v, s in res)
    expected = sorted((i, 3) for i, h in enumerate(b.hexes)
                      if distance(h, (0, 0)) == 3 and dtt[i] == 4)
    assert res == expected
    assert len(res) > 1  # several tied destinations are all offered


def test_approach_prefers_fewer_steps_and_stays_put():
    b = parallelogram()
    target = (2, 2)
    dtt = _dist_to_adjacent(b, target, b.flags())
    # already adjacent: staying put (0 steps) beats moving to another adjacent hex
    assert approach(b.adj, b[(1, 2)], 3, b.flags(), b.flags(), dtt) == [(b[(1, 2)], 0)]
    # two hexes away, max 4: two hexes next to the target are 1 step off
    res = approach(b.adj, b[(0, 3)], 4, b.flags(), b.flags(), dtt)
    assert res == sorted((b[h], 1) for h in [(1, 2), (1, 3)])


def test_approach_skips_occupied_hexes():
    b = parallelogram()
    target = (2, 2)
    dtt = _dist_to_adjacent(b, target, b.flags())
    can_end = b.flags([(1, 2)])
    res = approach(b.adj, b[(0, 2)], 1, b.flags(), can_end, dtt)
    assert approach(b.adj, b[(0, 2)], 1, b.flags(), b.flags(), dtt) == [(b[(1, 2)], 1)]
    # the only hex next to the target within 1 step is occupied: no gain, stay put
    assert all(dtt[v] == 1 for v, _ in res)
    assert res == [(b[(0, 2)], 0)]


def test_approach_blocked_by_wall():
    b = parallelogram()
    passable = b.flags(WALL)
    target = (4, 0)
    dtt = _dist_to_adjacent(b, target, passable)
    res = approach(b.adj, b[(1, 0)], 2, passable, b.flags(), dtt)
    # cannot cross the wall in 2 steps; heading for the gap is what helps
    best = min(dtt[v] for v in reachable(b.adj, b[(1, 0)], 2, passable, b.flags()))
    assert all(dtt[v] == best for v, _ in res)
    assert res == [(b[(1, 2)], 2)]


# --- sailing ------------------------------------------------------------

SE = direction_index("SE")
NW = direction_index("NW")


def test_sail_single_steps_equal_reachable():
    b = parallelogram()
    opts = (1,) * 6
    for start in (0, 7, 24):
        assert reachable_with_steps(b.by_dir, start, 3, opts, b.flags(), b.flags()) == \
            reachable(b.adj, start, 3, b.flags(), b.flags())


def test_sail_double_steps():
    b = parallelogram()
    opts = [0] * 6
    opts[SE] = 2
    r = reachable_with_steps(b.by_dir, b[(0, 0)], 2, opts, b.flags(), b.flags())
    assert r == {b[(0, 0)]: 0, b[(1, 0)]: 1, b[(2, 0)]: 1, b[(3, 0)]: 2, b[(4, 0)]: 2}
    r1 = reachable_with_steps(b.by_dir, b[(0, 0)], 1, opts, b.flags(), b.flags())
    assert set(r1) == {b[(0, 0)], b[(1, 0)], b[(2, 0)]}


def test_sail_forbidden_directions():
    b = parallelogram()
    opts = [1] * 6
    opts[NW] = 0
    r = reachable_with_steps(b.by_dir, b[(2, 2)], 4, opts, b.flags(), b.flags())
    # with NW forbidden you can still go west-ish via SW then N
    assert r[b[(1, 2)]] == 2
    # but never anywhere with a smaller q in one step
    assert b[(1, 2)] not in reachable_with_steps(b.by_dir, b[(2, 2)], 1, opts, b.flags(), b.flags())
    only_se = [0, 0, 1, 0, 0, 0]
    r = reachable_with_steps(b.by_dir, b[(2, 2)], 5, only_se, b.flags(), b.flags())
    assert r == {b[(2, 2)]: 0, b[(3, 2)]: 1, b[(4, 2)]: 2}


def test_sail_double_step_needs_both_hexes_passable():
    b = parallelogram()
    opts = [0, 0, 2, 0, 0, 0]
    r = reachable_with_steps(b.by_dir, b[(0, 0)], 3, opts, b.flags([(1, 0)]), b.flags())
    assert r == {b[(0, 0)]: 0}
    r = reachable_with_steps(b.by_dir, b[(0, 0)], 3, opts, b.flags([(2, 0)]), b.flags())
    assert r == {b[(0, 0)]: 0, b[(1, 0)]: 1}
    # passing over an occupied hex is fine, ending on it is not
    r = reachable_with_steps(b.by_dir, b[(0, 0)], 1, opts, b.flags(), b.flags([(1, 0)]))
    assert r == {b[(0, 0)]: 0, b[(2, 0)]: 1}


def test_path_with_steps():
    b = parallelogram()
    opts = [0, 0, 2, 2, 0, 0]
    p = path_with_steps(b.by_dir, b[(0, 0)], b[(3, 3)], 4, opts, b.flags())
    assert p is not None and len(p) - 1 == 4
    assert [b.hexes[i] for i in p] == [(0, 0), (1, 0), (3, 0), (3, 1), (3, 3)]
    full = path_with_steps(b.by_dir, b[(0, 0)], b[(3, 3)], 4, opts, b.flags(), expand=True)
    assert [b.hexes[i] for i in full] == [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (3, 3)]
    assert path_with_steps(b.by_dir, b[(0, 0)], b[(3, 3)], 3, opts, b.flags()) is None
    assert path_with_steps(b.by_dir, 5, 5, 0, opts, b.flags()) == [5]
    assert path_with_steps(b.by_dir, b[(3, 3)], b[(0, 0)], 9, opts, b.flags()) is None


# --- properties ---------------------------------------------------------

@settings(max_examples=60)
@given(st.integers(0, 5), st.data())
def test_bfs_on_open_disk_equals_hex_distance(radius, data):
    b = Board(disk((0, 0), radius))
    start = data.draw(st.sampled_from(b.hexes))
    dist = bfs_distances(b.adj, b[start], b.flags())
    assert dist == [distance(h, start) for h in b.hexes]


BOARD = parallelogram(6)
masks = st.lists(st.booleans(), min_size=len(BOARD), max_size=len(BOARD))


@settings(max_examples=80)
@given(masks, masks, st.integers(0, len(BOARD) - 1), st.integers(0, 8))
def test_reachable_has_paths_of_that_length(passable, can_end, start, max_steps):
    b = BOARD
    r = reachable(b.adj, start, max_steps, passable, can_end)
    dist = bfs_distances(b.adj, start, passable)
    assert r[start] == 0
    for v, s in r.items():
        assert s <= max_steps and s == dist[v]
        p = shortest_path(b.adj, start, v, passable)
        assert p is not None and len(p) - 1 == s
        _valid_path(b.adj, p, passable)
        if v != start:
            assert can_end[v]
    for v in range(len(b)):
        if v not in r and can_end[v] and v != start:
            assert dist[v] > max_steps


def _sail_reference(b, start, max_steps, opts, passable):
    """Independent layer search working on hex coordinates."""
    best = {b.hexes[start]: 0}
    layer = [b.hexes[start]]
    for step in range(1, max_steps + 1):
        nxt = []
        for h in layer:
            for d, opt in enumerate(opts):
                for length in range(1, opt + 1):
                    route = [(h[0] + DIRECTIONS[d][0] * k, h[1] + DIRECTIONS[d][1] * k)
                             for k in range(1, length + 1)]
                    if all(x in b.index and passable[b[x]] for x in route):
                        if route[-1] not in best:
                            best[route[-1]] = step
                            nxt.append(route[-1])
        layer = nxt
    return {b[h]: s for h, s in best.items()}


@settings(max_examples=80)
@given(masks, masks, st.integers(0, len(BOARD) - 1), st.integers(0, 5),
       st.tuples(*[st.integers(0, 2)] * 6))
def test_sail_matches_reference_and_paths(passable, can_end, start, max_steps, opts):
    b = BOARD
    r = reachable_with_steps(b.by_dir, start, max_steps, opts, passable, can_end)
    ref = _sail_reference(b, start, max_steps, opts, passable)
    assert r == {v: s for v, s in ref.items() if v == start or can_end[v]}
    for v, s in r.items():
        p = path_with_steps(b.by_dir, start, v, max_steps, opts, passable)
        assert p is not None and len(p) - 1 == s
        full = path_with_steps(b.by_dir, start, v, max_steps, opts, passable, expand=True)
        assert all(passable[x] for x in full[1:])
        for x, y in zip(full, full[1:]):
            assert y in b.adj[x]
        for x, y in zip(p, p[1:]):
            h, g = b.hexes[x], b.hexes[y]
            d = next(d for d in range(6) if opts[d] and
                     any((h[0] + DIRECTIONS[d][0] * k, h[1] + DIRECTIONS[d][1] * k) == g
                         for k in range(1, opts[d] + 1)))
            assert opts[d] >= distance(h, g)
