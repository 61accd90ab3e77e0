"""The play area: tile positions, the hexes they hold, and terrain as explored so far.

Geometry (which hexes exist and who neighbours whom) is fixed by the layout and shared
by every state of a game. Terrain depends on which tile lies face up where, so a
:class:`Terrain` is derived from the state, cached, and rebuilt only when a tile is
explored (SL §110).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from wasteland.core import hexgrid, paths
from wasteland.core.hexbits import HexBits
from wasteland.core.hexgrid import Hex

from .content import Content, load_content

TILE_RADIUS = 2
CELL_OFFSETS: tuple[Hex, ...] = tuple(hexgrid.disk((0, 0), TILE_RADIUS))
CELLS_PER_TILE = len(CELL_OFFSETS)  # 19
_CELL_INDEX = {off: i for i, off in enumerate(CELL_OFFSETS)}

SALT, DUNE, MOUNTAIN, UNEXPLORED = 0, 1, 2, 255
TERRAIN_CODE = {"salt": SALT, "dune": DUNE, "mountain": MOUNTAIN}
TERRAIN_NAME = {SALT: "salt", DUNE: "dune", MOUNTAIN: "mountain", UNEXPLORED: "unexplored"}


def fmt_hex(h: Hex) -> str:
    return f"{h[0]},{h[1]}"


def fmt_pos(p: Hex) -> str:
    return f"t{p[0]},{p[1]}"


def parse_pos(text: str) -> Hex:
    """The tile position written by :func:`fmt_pos` ("tA,B")."""
    a, b = text[1:].split(",")
    return int(a), int(b)


def centre_name(pos_text: str) -> str:
    """The centre hex ("q,r") of the tile at ``pos_text`` ("tA,B"): how a player is told of a
    face-down tile (the terminal's map writes it at the tile's centre, the page's board
    shows it with the coordinates), never the notation's position."""
    a, b = parse_pos(pos_text)
    return fmt_hex(hexgrid.super_center(a, b, TILE_RADIUS))


@dataclass(frozen=True)
class Geometry:
    """Hex graph of one play area. Hex index = position * 19 + cell."""

    layout: str
    positions: tuple[Hex, ...]  # lattice coords; 0 = compass, then starting, then face-down
    starting_positions: tuple[int, ...]
    face_down_positions: tuple[int, ...]
    coords: tuple[Hex, ...]
    index: dict[Hex, int]
    adj: tuple[tuple[int, ...], ...]
    adj_by_dir: tuple[tuple[int, ...], ...]
    pos_index: dict[Hex, int]
    names: tuple[str, ...] = field(default=())  # hex index -> its notation "q,r"
    by_name: dict[str, int] = field(default_factory=dict)  # notation "q,r" -> hex index
    bits: HexBits = field(default=None, compare=False, repr=False)  # type: ignore[assignment]  # hex sets as ints

    @property
    def size(self) -> int:
        return len(self.coords)

    def position_of(self, h: int) -> int:
        return h // CELLS_PER_TILE

    def hexes_of(self, pos: int) -> range:
        return range(pos * CELLS_PER_TILE, (pos + 1) * CELLS_PER_TILE)

    def neighbour_position(self, pos: int, direction: str) -> int | None:
        da, db = hexgrid.lattice_direction(direction)
        a, b = self.positions[pos]
        return self.pos_index.get((a + da, b + db))


@lru_cache(maxsize=8)
def geometry(layout_id: str) -> Geometry:
    content = load_content()
    layout = content.layouts[layout_id]
    positions: list[Hex] = [(0, 0)]
    positions += [tuple(p) for p in layout.starting]  # type: ignore[misc]
    positions += [tuple(p) for p in layout.face_down]  # type: ignore[misc]
    coords: list[Hex] = []
    for a, b in positions:
        centre = hexgrid.super_center(a, b, TILE_RADIUS)
        coords.extend(hexgrid.add(centre, off) for off in CELL_OFFSETS)
    index = {h: i for i, h in enumerate(coords)}
    adj_by_dir = tuple(
        tuple(index.get(hexgrid.neighbor(h, d), -1) for d in range(6)) for h in coords
    )
    adj = tuple(tuple(n for n in row if n >= 0) for row in adj_by_dir)
    n_start = len(layout.starting)
    return Geometry(
        layout=layout_id,
        positions=tuple(positions),
        starting_positions=tuple(range(1, 1 + n_start)),
        face_down_positions=tuple(range(1 + n_start, len(positions))),
        coords=tuple(coords),
        index=index,
        adj=adj,
        adj_by_dir=adj_by_dir,
        pos_index={p: i for i, p in enumerate(positions)},
        names=tuple(fmt_hex(h) for h in coords),
        by_name={fmt_hex(h): i for i, h in enumerate(coords)},
        bits=HexBits(coords),
    )


@dataclass(frozen=True)
class Cell:
    terrain: int
    wreck: bool
    spawn: str | None
    start_dune: bool
    raider_start: bool
    colony: bool


@lru_cache(maxsize=512)
def tile_cells(tile_id: str, rotation: int) -> tuple[Cell, ...]:
    """The 19 cells of a tile turned ``rotation`` sixths clockwise, in CELL_OFFSETS order."""
    content: Content = load_content()
    local = {(c.q, c.r): c for c in content.tile_cells(tile_id)}
    out = []
    for off in CELL_OFFSETS:
        c = local[hexgrid.rotate(off, -rotation)]
        out.append(
            Cell(TERRAIN_CODE[c.terrain], c.wreck, c.spawn, c.start_dune, c.raider_start, c.colony)
        )
    return tuple(out)


@dataclass(frozen=True)
class TileArrays:
    """A turned tile's cells as slices ready to copy into a Terrain (CELL_OFFSETS order)."""

    terrain: bytes
    spawn: tuple[str | None, ...]
    wreck: bytes
    start_dunes: tuple[int, ...]  # cell numbers
    raider_starts: tuple[int, ...]
    spawn_points: tuple[tuple[int, str], ...]  # (cell number, letter)


@lru_cache(maxsize=512)
def tile_arrays(tile_id: str, rotation: int) -> TileArrays:
    cells = tile_cells(tile_id, rotation)
    return TileArrays(
        bytes(c.terrain for c in cells),
        tuple(c.spawn for c in cells),
        bytes(c.wreck for c in cells),
        tuple(i for i, c in enumerate(cells) if c.start_dune),
        tuple(i for i, c in enumerate(cells) if c.raider_start),
        tuple((i, c.spawn) for i, c in enumerate(cells) if c.spawn),
    )


@lru_cache(maxsize=4096)
def _tile_bits(layout: str, pos: int, tile_id: str, rotation: int) -> dict[int, int]:
    """Terrain code -> the hexes of that terrain of a tile lying at ``pos``, as a hex set."""
    bit = geometry(layout).bits.bit
    base = pos * CELLS_PER_TILE
    out: dict[int, int] = {}
    for i, code in enumerate(tile_arrays(tile_id, rotation).terrain):
        out[code] = out.get(code, 0) | bit[base + i]
    return out


@lru_cache(maxsize=16)
def _passable_table(codes: frozenset[int]) -> bytes:
    """A bytes.translate table: terrain code -> 1 if in ``codes`` else 0."""
    return bytes(1 if t in codes else 0 for t in range(256))


class Terrain:
    """Terrain of every hex as currently explored; immutable once built."""

    __slots__ = ("terrain", "spawn", "wreck", "start_dunes", "raider_starts", "spawn_points", "_masks", "_to_hex",
                 "_reach", "memo", "_hexbits", "_bit_masks", "_code_bits", "_pass_bits")

    def __init__(self, geo: Geometry, tiles: list[str], face_up: list[bool], rotation: list[int]):
        n = geo.size
        per = CELLS_PER_TILE
        terrain = bytearray([UNEXPLORED]) * n
        spawn: list[str | None] = [None] * n
        wreck = bytearray(n)
        start_dunes: list[int] = []
        raider_starts: list[int] = []
        spawn_points: list[tuple[int, str]] = []
        code_bits: dict[int, int] = {}
        for pos, tile_id in enumerate(tiles):
            if not face_up[pos]:
                continue
            base = pos * per
            cells = tile_arrays(tile_id, rotation[pos])
            terrain[base:base + per] = cells.terrain
            spawn[base:base + per] = cells.spawn
            wreck[base:base + per] = cells.wreck
            start_dunes.extend([base + i for i in cells.start_dunes])
            raider_starts.extend([base + i for i in cells.raider_starts])
            spawn_points.extend([(base + i, letter) for i, letter in cells.spawn_points])
            for code, hexes in _tile_bits(geo.layout, pos, tile_id, rotation[pos]).items():
                code_bits[code] = code_bits.get(code, 0) | hexes
        self.terrain = bytes(terrain)
        self.spawn = tuple(spawn)
        self.wreck = bytes(wreck)
        self.start_dunes = tuple(start_dunes)
        self.raider_starts = tuple(raider_starts)
        self._masks: dict[frozenset[str], bytes] = {}
        self._to_hex: dict[tuple[bytes, int], list[int]] = {}
        self._reach: dict[tuple, dict[int, int]] = {}
        self.spawn_points = tuple(spawn_points)  # (hex, letter) in hex order
        # Results other modules derive from this terrain alone (move actions, sandstorm
        # searches), kept as long as the terrain; see :meth:`remember`.
        self.memo: dict[tuple, object] = {}
        self._hexbits = geo.bits
        self._bit_masks: dict[bytes, int] = {}
        self._code_bits = code_bits  # terrain code -> its face-up hexes as a hex set
        self._pass_bits: dict[frozenset[str], int] = {}

    def remember(self, key: tuple, value):
        """Keep ``value`` under ``key`` in :attr:`memo` (bounded) and return it."""
        if len(self.memo) > 256:
            self.memo.clear()
        self.memo[key] = value
        return value

    def passable(self, terrains: frozenset[str]) -> bytes:
        """0/1 per hex: face-up hexes whose terrain is in ``terrains`` (SL §79, SL §78 ruling)."""
        mask = self._masks.get(terrains)
        if mask is None:
            codes = {TERRAIN_CODE[t] for t in terrains}
            mask = self.terrain.translate(_passable_table(frozenset(codes)))
            self._masks[terrains] = mask
            hexes = 0
            for code in codes:
                hexes |= self._code_bits.get(code, 0)
            self._bit_masks[mask] = hexes
        return mask

    def passable_bits(self, terrains: frozenset[str]) -> int:
        """:meth:`passable` as a set of hexes in the layout of ``Geometry.bits``."""
        found = self._pass_bits.get(terrains)
        if found is None:
            found = self._pass_bits[terrains] = self.bits_of(self.passable(terrains))
        return found

    def bits_of(self, mask: bytes) -> int:
        """A 0/1 mask per hex as a set of hexes in the layout of ``Geometry.bits``. Cached."""
        found = self._bit_masks.get(mask)
        if found is None:
            if len(self._bit_masks) > 64:
                self._bit_masks.clear()
            found = self._bit_masks[mask] = self._hexbits.from_flags(mask)
        return found

    def reach(
        self, geo: Geometry, start: int, steps: int, passable: bytes, sail: tuple[int, ...] | None = None
    ) -> dict[int, int]:
        """Every hex a move of at most ``steps`` can pass or end on, with the fewest steps,
        before occupancy is considered (figures and tokens may be passed, SL §78).
        ``sail`` gives the per-direction step kinds of a sail move (SL §81). Cached."""
        key = (passable, start, steps, sail)
        found = self._reach.get(key)
        if found is None:
            if len(self._reach) > 1024:
                self._reach.clear()
            # The same breadth-first search as paths.reachable(_with_steps), on hex sets.
            bits = self._hexbits
            allowed = self.bits_of(passable)
            if sail is None:
                layers = bits.layers(bits.bit[start], steps, allowed)
            else:
                layers = bits.layers_with_steps(bits.bit[start], steps, sail, allowed)
            found = self._reach[key] = bits.steps_map(layers)  # iterated in hex order
        return found

    def distances_next_to(self, geo: Geometry, target: int, passable: bytes) -> list[int]:
        """Steps from every hex to the nearest passable hex next to ``target``, over
        ``passable`` terrain, ignoring figures and tokens (SL §106). Cached: terrain
        changes only by exploring, which builds a new Terrain."""
        key = (passable, target)
        dist = self._to_hex.get(key)
        if dist is None:
            if len(self._to_hex) > 512:
                self._to_hex.clear()
            sources = [h for h in geo.adj[target] if passable[h]]
            dist = self._to_hex[key] = paths.multi_source_distances(geo.adj, sources, passable)
        return dist
