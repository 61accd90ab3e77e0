"""Movement searches on a precomputed integer board graph.

The board is numbered 0..n-1 and described by ``adj[i]``: a tuple of the
indices of node ``i``'s neighbours.  Hex boards are symmetric (``j in adj[i]``
iff ``i in adj[j]``); functions that rely on that say so.

Movement rules come from the caller as per-node flags, indexable by node:
lists/tuples of bools, or ``bytes``/``bytearray`` holding 0/1.

* ``passable[v]`` - the mover may enter ``v`` or pass through it.
* ``can_end[v]`` - the mover may finish its move on ``v`` (e.g. empty hexes).
  Passing through a passable node that cannot be ended on is allowed.

The start node is where the mover already is: it never has to be passable and
it is always reported as reachable with 0 steps (staying put).

All searches are plain breadth-first searches; "steps" are edge counts.
Results are deterministic for a given input.  With ``n`` nodes and ``e``
directed adjacency entries a full search is O(n + e); bounded searches only
touch the nodes within ``max_steps`` of the start.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

UNREACHABLE = 1 << 30
"""Distance reported for nodes that cannot be reached (larger than any path)."""

Adjacency = Sequence[Sequence[int]]
Flags = Sequence[bool] | bytes | bytearray


def bfs_distances(adj: Adjacency, start: int, passable: Flags) -> list[int]:
    """Steps from ``start`` to every node, only entering passable nodes.

    ``start`` is 0 even if impassable; unreachable nodes get ``UNREACHABLE``.
    O(n + e).
    """
    return multi_source_distances(adj, (start,), passable)


def multi_source_distances(
    adj: Adjacency, sources: Iterable[int], passable: Flags
) -> list[int]:
    """Steps from the nearest of several ``sources`` to every node.

    Every source is at distance 0 whether passable or not; other nodes are
    only entered when passable.  On a symmetric graph the value at ``v`` is
    also the number of steps a mover at ``v`` needs to reach some source
    (e.g. "any hex adjacent to the target").  O(n + e).
    """
    unreach = UNREACHABLE
    dist = [unreach] * len(adj)
    queue = []
    for s in sources:
        if dist[s] == unreach:
            dist[s] = 0
            queue.append(s)
    # Iterating a list while appending to it visits the appended items too,
    # which makes the list itself a cheap FIFO queue.
    for u in queue:
        du = dist[u] + 1
        for v in adj[u]:
            if dist[v] == unreach and passable[v]:
                dist[v] = du
                queue.append(v)
    return dist


def _layers(
    adj: Adjacency, start: int, max_steps: int, passable: Flags
) -> dict[int, int]:
    """Every node reachable within ``max_steps`` (start included), in BFS order."""
    seen = {start: 0}
    frontier = [start]
    steps = 0
    while frontier and steps < max_steps:
        steps += 1
        nxt = []
        for u in frontier:
            for v in adj[u]:
                if v not in seen and passable[v]:
                    seen[v] = steps
                    nxt.append(v)
        frontier = nxt
    return seen


def reachable(
    adj: Adjacency, start: int, max_steps: int, passable: Flags, can_end: Flags | None
) -> dict[int, int]:
    """Nodes where a move of at most ``max_steps`` steps may end.

    Maps node -> fewest steps to get there.  The start is always included
    with 0 (the mover may stay put, whatever ``can_end[start]`` says); other
    nodes need ``can_end`` (None: every node may be ended on).  Iteration
    order is BFS order.  Cost is linear in the number of nodes within
    ``max_steps``.
    """
    seen = _layers(adj, start, max_steps, passable)
    if can_end is None:
        return seen
    return {v: s for v, s in seen.items() if not s or can_end[v]}


def shortest_path(
    adj: Adjacency, start: int, goal: int, passable: Flags
) -> list[int] | None:
    """One shortest path ``[start, ..., goal]`` or None if there is none.

    Every node after ``start`` must be passable.  Among all shortest paths
    the lexicographically smallest node sequence is returned: from each node
    the lowest-index neighbour that still lies on a shortest path is taken.
    Needs a symmetric graph (a BFS runs backwards from ``goal``).  O(n + e).
    """
    if start == goal:
        return [start]
    if not passable[goal]:
        return None
    unreach = UNREACHABLE
    # Distances *to* goal; stop as soon as the start is labelled.
    dist = [unreach] * len(adj)
    dist[goal] = 0
    queue = [goal]
    found = False
    for u in queue:
        du = dist[u] + 1
        for v in adj[u]:
            if dist[v] != unreach:
                continue
            if v == start:
                dist[v] = du
                found = True
                break
            if passable[v]:
                dist[v] = du
                queue.append(v)
        if found:
            break
    if not found:
        return None
    path = [start]
    u = start
    d = dist[start]
    while d:
        d -= 1
        u = min(v for v in adj[u] if dist[v] == d)
        path.append(u)
    return path


def approach(
    adj: Adjacency,
    start: int,
    max_steps: int,
    passable: Flags,
    can_end: Flags,
    dist_to_target: Sequence[int],
) -> list[tuple[int, int]]:
    """Candidate end nodes for "get as close as possible, in as few steps".

    Among the nodes returned by :func:`reachable`, keep those with the lowest
    ``dist_to_target`` and, among those, the fewest steps.  Returns every
    such ``(node, steps)`` sorted by node; the caller settles any remaining
    tie.  The start (0 steps) competes like any other node, so a mover that
    cannot get closer stays put.
    """
    best_d = UNREACHABLE + 1
    best_s = 0
    out: list[tuple[int, int]] = []
    for v, s in reachable(adj, start, max_steps, passable, can_end).items():
        d = dist_to_target[v]
        if d < best_d or (d == best_d and s < best_s):
            best_d = d
            best_s = s
            out = [(v, s)]
        elif d == best_d and s == best_s:
            out.append((v, s))
    out.sort()
    return out


# --------------------------------------------------------------------------
# Direction-aware moves (sailing)
# --------------------------------------------------------------------------
#
# adj_by_dir[v][d] is the neighbour of v in hex direction d (0..5, clockwise
# from north) or -1 off the board.  step_options[d] says what one step in
# direction d may do: 0 forbidden, 1 move one hex, 2 move one or two hexes
# in a straight line (both hexes passable).  Every step costs 1.


def _moves(step_options: Sequence[int]) -> tuple[tuple[int, int], ...]:
    return tuple((d, opt) for d, opt in enumerate(step_options) if opt)


def reachable_with_steps(
    adj_by_dir: Sequence[Sequence[int]],
    start: int,
    max_steps: int,
    step_options: Sequence[int],
    passable: Flags,
    can_end: Flags | None,
) -> dict[int, int]:
    """Like :func:`reachable` (``can_end`` None: anywhere) but each step follows ``step_options``.

    Maps node -> fewest steps for every node where the move may end (plus
    the start with 0).  Linear in the nodes within reach times the number of
    allowed directions.
    """
    moves = _moves(step_options)
    seen = {start: 0}
    frontier = [start]
    steps = 0
    while frontier and steps < max_steps:
        steps += 1
        nxt = []
        for u in frontier:
            row = adj_by_dir[u]
            for d, opt in moves:
                v = row[d]
                if v < 0 or not passable[v]:
                    continue
                if v not in seen:
                    seen[v] = steps
                    nxt.append(v)
                if opt == 2:
                    w = adj_by_dir[v][d]
                    if w >= 0 and w not in seen and passable[w]:
                        seen[w] = steps
                        nxt.append(w)
        frontier = nxt
    if can_end is None:
        return seen
    return {v: s for v, s in seen.items() if not s or can_end[v]}


def path_with_steps(
    adj_by_dir: Sequence[Sequence[int]],
    start: int,
    goal: int,
    max_steps: int,
    step_options: Sequence[int],
    passable: Flags,
    *,
    expand: bool = False,
) -> list[int] | None:
    """A fewest-steps sail route from ``start`` to ``goal``, or None.

    By default the list holds the node where each step ends, preceded by
    ``start``, so ``len(result) - 1`` is the step count.  With
    ``expand=True`` the hex passed over by each double step is inserted
    too, giving every hex entered in order.  None if ``goal`` needs more
    than ``max_steps`` steps or cannot be reached.

    Deterministic: forward BFS, trying directions in ascending order and the
    one-hex move before the two-hex move; each node keeps the first step
    that reached it.
    """
    if start == goal:
        return [start]
    moves = _moves(step_options)
    parent: dict[int, tuple[int, int]] = {start: (-1, -1)}
    frontier = [start]
    steps = 0
    # Same expansion order as reachable_with_steps; parent[v] = (from, via)
    # where via is the hex jumped over by a double step, else -1.
    while frontier and steps < max_steps and goal not in parent:
        steps += 1
        nxt = []
        for u in frontier:
            row = adj_by_dir[u]
            for d, opt in moves:
                v = row[d]
                if v < 0 or not passable[v]:
                    continue
                if v not in parent:
                    parent[v] = (u, -1)
                    nxt.append(v)
                if opt == 2:
                    w = adj_by_dir[v][d]
                    if w >= 0 and w not in parent and passable[w]:
                        parent[w] = (u, v)
                        nxt.append(w)
        frontier = nxt
    if goal not in parent:
        return None
    rev = [goal]
    v = goal
    while v != start:
        u, via = parent[v]
        if expand and via >= 0:
            rev.append(via)
        rev.append(u)
        v = u
    rev.reverse()
    return rev
