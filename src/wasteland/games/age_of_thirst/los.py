"""Movement and line of sight: who may go where and who may hit whom (LO-8).

The geometry is kept in small pure functions (``handsome_sees``, ``mind_distance``) so the
line-of-sight tests can exercise them on any arrangement of tokens.
"""

from __future__ import annotations

from wasteland.core import hexgrid, paths

from .board import Board
from .combat import can_attack, can_move, move_range, stats
from .state import State


def free_hexes(s: State) -> bytearray:
    """1 for every hex with no token on it (troop or hedge, any owner), else 0."""
    free = bytearray(b"\x01") * s.board.size
    for p in s.pieces:
        free[p] = 0
    return free


def move_targets(s: State, h: int, free: bytearray | None = None) -> list[int]:
    """LO-8.1 (ruling): steps to adjacent hexes, never into or through a hex holding any
    token (troop or hedge, any owner), ending on an empty hex. LO-13.4: a barred player
    may never again occupy (зайняти) the centre: no move of theirs ends there, but one may
    pass over it while it is empty, as over any empty hex (passing is not occupying).
    ``free``: :func:`free_hexes` of ``s`` when the caller has it (one listing asks it for
    every troop of the seat; it is only read)."""
    seat, kind = s.pieces[h]
    if not can_move(s, seat, kind):
        return []
    b = s.board
    if free is None:
        free = free_hexes(s)
    end = free
    if s.barred[seat]:
        end = bytearray(free)
        end[b.centre] = 0
    steps = move_range(s, seat, kind)
    return sorted(v for v in paths.reachable(b.adj, h, steps, free, end) if v != h)


def between(board: Board, a: int, b: int) -> list[int] | None:
    """The hexes strictly between ``a`` and ``b`` on a straight hex line, or None when
    they are not on one of the six straight lines (LO-6.2, LO-8.3 ruling: lines along a
    junction of two hexes do not count)."""
    ca, cb = board.coords[a], board.coords[b]
    d = hexgrid.straight_line_direction(ca, cb)
    if d is None:
        return None
    n = hexgrid.distance(ca, cb)
    step = hexgrid.DIRECTIONS[d]
    return [board.index[(ca[0] + step[0] * k, ca[1] + step[1] * k)] for k in range(1, n)]


_LINES: dict[int, tuple[Board, dict[tuple[int, int], tuple[int, ...] | None]]] = {}


def _between(board: Board, a: int, b: int) -> tuple[int, ...] | None:
    """:func:`between`, kept per board (kept alive beside it) and only read."""
    found = _LINES.get(id(board))
    if found is None:
        found = _LINES[id(board)] = (board, {})
    lines = found[1]
    key = (a, b)
    if key in lines:
        return lines[key]
    mid = between(board, a, b)
    line = lines[key] = tuple(mid) if mid is not None else None
    return line


def handsome_sees(board: Board, pieces: dict[int, tuple[int, str]], a: int, b: int, reach: int, lob: bool) -> bool:
    """LO-6.2: a straight line of at most ``reach`` hexes; at levels 1-2 nothing may stand
    between; with the level-3 lob shot one or two troop tokens may, but never a hedge."""
    if a == b or board.distances_from(a)[b] > reach:
        return False
    mid = _between(board, a, b)
    if mid is None:
        return False
    kinds = [pieces[h][1] for h in mid if h in pieces]
    if not kinds:
        return True
    return lob and "hedge" not in kinds and len(kinds) <= 2


def mind_distance(board: Board, pieces: dict[int, tuple[int, str]], a: int, b: int, reach: int, beam: bool) -> int | None:
    """LO-6.3, LO-8.3 ruling: a Brainiac's reach goes around hedges (troops do not block a
    mind attack); with the level-3 all-piercing beam it goes straight through them. The
    number of steps to ``b`` within ``reach``, or None when out of reach."""
    if beam:
        d = board.distance(a, b)
        return d if d <= reach else None
    open_ = bytearray(b"\x01") * board.size
    for h, (_seat, kind) in pieces.items():
        if kind == "hedge":
            open_[h] = 0
    found = paths.reachable(board.adj, a, reach, open_, open_)
    return found.get(b)


def attack_targets(s: State, h: int) -> list[int]:
    """Hexes the troop at ``h`` may attack now (LO-8.3). Friendly fire is allowed (LO-7.1)."""
    seat, kind = s.pieces[h]
    if not can_attack(s, seat, kind):
        return []
    b = s.board
    st = stats(s, seat, kind)
    level = s.level(seat, kind)
    out = []
    if kind == "skinny":
        # Melee (ruling: adjacent only); may hit hedges (LO-6.1).
        return sorted(v for v in b.adj[h] if v in s.pieces)
    if kind == "handsome":
        lob = level == 3
        reach = st.range
        far = b.distances_from(h)  # the pieces out of range are out of sight: not asked
        return sorted(t for t in s.pieces if far[t] <= reach and handsome_sees(b, s.pieces, h, t, reach, lob))
    # Brainiacs: never hedges, never adjacent (LO-6.3).
    far = b.distances_from(h)
    if level == 3:
        within = {t: far[t] for t in s.pieces}
    else:
        open_ = bytearray(b"\x01") * b.size
        for p, (_seat, pkind) in s.pieces.items():
            if pkind == "hedge":
                open_[p] = 0
        within = paths.reachable(b.adj, h, st.range, open_, open_)
    for t, (_owner, tkind) in s.pieces.items():
        d = within.get(t)
        if tkind != "hedge" and d is not None and 2 <= d <= st.range and far[t] >= 2:
            out.append(t)
    return sorted(out)
