"""The terrain tiles and play areas of the Saltlands content (``tiles.toml``,
``layouts.toml``): each tile's rows of cells parsed into hexes and checked against the
rulebook (SL §34 to SL §38, SL §45, SL §79), and the layouts of SL §35, SL §36 and SL §149."""

from __future__ import annotations

import re
from collections import Counter

from wasteland.core.content import ContentError, Frozen
from wasteland.games.saltlands.schema import LayoutDef, Letter, Terrain, TileDef

#: Hex direction vectors (axial q, r), shared by hexes and the lattice of tiles.
HEX_DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "SE": (1, 0),
    "S": (0, 1),
    "SW": (-1, 1),
    "NW": (-1, 0),
}

TILE_RADIUS = 2
ROW_LENGTHS = (3, 4, 5, 4, 3)
MIDDLE_HEXES = ((0, 0), (1, 0), (0, 1))  # colony / start-dune triangle (SL §38, SL §45)

_TERRAIN_LETTERS: dict[str, Terrain] = {"s": "salt", "d": "dune", "m": "mountain"}
SPAWN_LETTERS = "ABCMH"
_CELL_RE = re.compile(r"^([sdm])([wABCMHcer]?)$")

BASE_TILES = {"compass": 1, "starting": 3, "ordinary": 9}  # SL §6
LAYOUT_RULES: dict[str, tuple[tuple[tuple[int, int], ...], int | None]] = {
    # id: (starting positions, face-down tiles; None = epic, bounded by the tiles available)
    "small": (((1, -1), (0, -1)), 5),  # SL §35
    "large": (((1, -1), (0, -1), (-1, 0)), 9),  # SL §36
    "epic_small": (((1, -1), (0, -1)), None),  # SL §149
    "epic_large": (((1, -1), (0, -1), (-1, 0)), None),  # SL §149
}


class TileCell(Frozen):
    """One hex of a terrain tile, in tile-local axial coordinates."""

    q: int
    r: int
    terrain: Terrain
    wreck: bool = False
    spawn: Letter | None = None
    colony: bool = False
    start_dune: bool = False
    raider_start: bool = False


# --- tiles ---------------------------------------------------------------------------------


def _row_qs(r: int) -> range:
    return range(max(-TILE_RADIUS, -TILE_RADIUS - r), min(TILE_RADIUS, TILE_RADIUS - r) + 1)


def _neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in HEX_DIRECTIONS.values()]


def parse_tile(tile: TileDef, filename: str = "tiles.toml") -> tuple[TileCell, ...]:
    """Parse a tile's rows into cells, checking shape and cell syntax."""
    where = f"{filename}: tile {tile.id!r}"
    if len(tile.rows) != len(ROW_LENGTHS):
        raise ContentError(f"{where}: has {len(tile.rows)} rows, expected {len(ROW_LENGTHS)}")
    cells: list[TileCell] = []
    for index, (row, r) in enumerate(zip(tile.rows, range(-TILE_RADIUS, TILE_RADIUS + 1))):
        tokens = row.split()
        qs = _row_qs(r)
        if len(tokens) != len(qs):
            raise ContentError(
                f"{where}: row {index + 1} (r={r}) has {len(tokens)} cells, expected {len(qs)}"
            )
        for q, token in zip(qs, tokens):
            match = _CELL_RE.match(token)
            if not match:
                raise ContentError(
                    f"{where}: cell {token!r} at (q={q}, r={r}) is not a terrain letter s/d/m "
                    "followed by at most one marker w/A/B/C/M/H/c/e/r"
                )
            terrain, marker = _TERRAIN_LETTERS[match.group(1)], match.group(2)
            cells.append(
                TileCell(
                    q=q,
                    r=r,
                    terrain=terrain,
                    wreck=marker == "w",
                    spawn=marker if marker and marker in SPAWN_LETTERS else None,  # type: ignore[arg-type]
                    colony=marker == "c",
                    start_dune=marker == "e",
                    raider_start=marker == "r",
                )
            )
    return tuple(cells)


def _check_tile(tile: TileDef, cells: tuple[TileCell, ...]) -> None:
    where = f"tiles.toml: tile {tile.id!r}"
    by_pos = {(c.q, c.r): c for c in cells}
    wrecks = [c for c in cells if c.wreck]
    spawns = [c for c in cells if c.spawn]
    colonies = {(c.q, c.r) for c in cells if c.colony}
    dunes = {(c.q, c.r) for c in cells if c.start_dune}
    raider_starts = [c for c in cells if c.raider_start]

    for c in spawns:
        if c.terrain != "salt":
            raise ContentError(f"{where}: spawn point {c.spawn} at (q={c.q}, r={c.r}) must be on salt")
    # Wrecks may lie on any terrain (SL §84's loot token lies in the mountains).

    def need(ok: bool, problem: str) -> None:
        if not ok:
            raise ContentError(f"{where}: {problem}")

    if tile.kind == "compass":
        need(dunes == set(MIDDLE_HEXES), "needs exactly the 3 middle hexes marked as start dunes 'e' (SL §45)")
        need(all(by_pos[p].terrain == "dune" for p in MIDDLE_HEXES), "start dunes must be dune terrain (SL §45)")
        need(len(raider_starts) == 6, f"needs 6 starting-raider hexes 'r', has {len(raider_starts)} (SL §39)")
        need(all(c.terrain == "salt" for c in raider_starts), "starting-raider hexes must be salt")
        near = {n for p in MIDDLE_HEXES for n in _neighbours(*p)}
        need(
            not any((c.q, c.r) in near for c in raider_starts),
            "starting-raider hexes may not touch the start dunes",
        )
        need(1 <= len(spawns) <= 2, f"needs 1-2 spawn points, has {len(spawns)}")
        need(not wrecks and not colonies, "the compass tile has no wrecks or colonies")
    elif tile.kind == "starting":
        need(colonies == set(MIDDLE_HEXES), "needs the colony 'c' on exactly its 3 middle hexes (SL §38)")
        need(len(wrecks) == 2, f"needs exactly 2 wrecks for the START tokens, has {len(wrecks)} (SL §37)")
        need(1 <= len(spawns) <= 2, f"needs 1-2 spawn points, has {len(spawns)}")
        need(not dunes and not raider_starts, "start dunes 'e' and raider hexes 'r' belong on the compass tile")
    else:
        need(2 <= len(wrecks) <= 4, f"needs 2-4 wrecks, has {len(wrecks)}")
        need(2 <= len(spawns) <= 3, f"needs 2-3 spawn points, has {len(spawns)}")
        easy = [c.spawn for c in spawns if c.spawn in "ABC"]
        need(len(easy) == 1, f"needs exactly one Easy spawn point (A, B or C), has {len(easy)}")
        need(
            not dunes and not raider_starts and not colonies,
            "markers c/e/r belong on the compass and starting tiles",
        )

    passable = {p for p, c in by_pos.items() if c.terrain != "mountain"}
    if passable:
        start = next(iter(passable))
        seen = {start}
        stack = [start]
        while stack:
            for n in _neighbours(*stack.pop()):
                if n in passable and n not in seen:
                    seen.add(n)
                    stack.append(n)
        need(seen == passable, "its salt and dune hexes must be connected (a sail vehicle must cross it)")


def check_tiles(tiles: dict[str, TileDef]) -> dict[str, tuple[TileCell, ...]]:
    cells = {tid: parse_tile(tile) for tid, tile in tiles.items()}
    for tid, tile in tiles.items():
        _check_tile(tile, cells[tid])
    kinds = Counter(t.kind for t in tiles.values() if t.kind != "expansion")
    if sum(kinds.values()) != sum(BASE_TILES.values()) or any(
        kinds[k] != n for k, n in BASE_TILES.items()
    ):
        raise ContentError(
            f"tiles.toml: base tiles are {dict(kinds)}, the rulebook gives 13 = "
            "1 compass + 3 starting + 9 ordinary (SL §6, SL §35, SL §36)"
        )
    return cells


def check_layouts(layouts: dict[str, LayoutDef], tiles: dict[str, TileDef]) -> None:
    missing = set(LAYOUT_RULES) - set(layouts)
    if missing:
        raise ContentError(f"layouts.toml: missing layouts {sorted(missing)} (SL §35, SL §36, SL §149)")
    n_ordinary = sum(t.kind == "ordinary" for t in tiles.values())
    n_expansion = sum(t.kind == "expansion" for t in tiles.values())
    adjacent = set(HEX_DIRECTIONS.values())
    for lid, layout in layouts.items():
        where = f"layouts.toml: layout {lid!r}"
        starting_rule, face_down_rule = LAYOUT_RULES[lid]
        positions: list[tuple[int, int]] = []
        for pos in [*layout.starting, *layout.face_down]:
            if len(pos) != 2:
                raise ContentError(f"{where}: position {pos} must be a pair [a, b]")
            positions.append((pos[0], pos[1]))
        starting = positions[: len(layout.starting)]
        face_down = positions[len(layout.starting) :]
        if sorted(starting) != sorted(starting_rule):
            raise ContentError(
                f"{where}: starting tiles at {starting}, the rulebook puts them at "
                f"{list(starting_rule)} (SL §35, SL §36)"
            )
        if face_down_rule is not None:
            if len(face_down) != face_down_rule:
                raise ContentError(
                    f"{where}: has {len(face_down)} face-down tiles, the rulebook gives "
                    f"{face_down_rule} (SL §35, SL §36)"
                )
            if face_down_rule > n_ordinary:
                raise ContentError(f"{where}: needs {face_down_rule} ordinary tiles, there are {n_ordinary}")
        else:
            base = LAYOUT_RULES[lid.removeprefix("epic_")][1] or 0
            if not base < len(face_down) <= n_ordinary + n_expansion:
                raise ContentError(
                    f"{where}: has {len(face_down)} face-down tiles; an epic area needs more than "
                    f"{base} and at most {n_ordinary + n_expansion} (ordinary + expansion tiles, SL §149)"
                )
        area = [(0, 0), *positions]
        if len(set(area)) != len(area):
            raise ContentError(f"{where}: positions must be distinct and not (0, 0) (the compass tile)")
        occupied = set(area)

        def touches(p: tuple[int, int], others: set[tuple[int, int]]) -> bool:
            return any((p[0] - o[0], p[1] - o[1]) in adjacent for o in others)

        for p in face_down:
            if not touches(p, occupied - {p}):
                raise ContentError(f"{where}: face-down tile at {list(p)} touches no other tile")
        seen = {(0, 0)}
        stack = [(0, 0)]
        while stack:
            a, b = stack.pop()
            for da, db in adjacent:
                n = (a + da, b + db)
                if n in occupied and n not in seen:
                    seen.add(n)
                    stack.append(n)
        if seen != occupied:
            raise ContentError(f"{where}: the play area is not connected: {sorted(occupied - seen)}")
