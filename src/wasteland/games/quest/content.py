"""Load and check the quest content (``data/*.toml``).

A mistyped file fails on load with a message naming the file, the entry and the
problem. Every value is a chosen stand-in (``source = "chosen"``): the pages give the
procedures (WQ-38 to WQ-40), not the components.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import msgspec.toml

from .geometry import Square, on_border
from .schema import (CardsFile, EncounterCardDef, EnemiesFile, EnemyDef, ExplorationCardDef, HeroDef,
                     HeroesFile, QuestDef, QuestsFile, TileDef, TilesFile)

DATA_DIR = Path(__file__).with_name("data")
SMALL_SIZE, LARGE_SIZE, HERO_SIZE = 1, 2, 1  # size units (stand-in for zone capacity)


class ContentError(Exception):
    """The content data is malformed or contradicts itself."""


def _fail(file: str, entry: str, problem: str) -> None:
    raise ContentError(f"{file}: {entry}: {problem}")


@dataclass(frozen=True)
class TileShape:
    """A tile's zones in its own coordinates, and their adjacency."""

    id: str
    name: str
    zone_of: dict[Square, str]  # square -> zone
    capacity: dict[str, int]
    neighbours: dict[str, tuple[str, ...]]  # zones sharing an edge

    @property
    def squares(self) -> set[Square]:
        return set(self.zone_of)


@dataclass(frozen=True)
class Content:
    tiles: dict[str, TileShape]
    cards: dict[str, ExplorationCardDef]
    enemies: dict[str, EnemyDef]
    encounters: dict[str, EncounterCardDef]
    heroes: tuple[HeroDef, ...]
    quests: dict[str, QuestDef]

    def size(self, enemy: str) -> int:
        return SMALL_SIZE if self.enemies[enemy].size == "small" else LARGE_SIZE


def _decode(name: str, typ: Any, data: dict[str, bytes] | None) -> Any:
    raw = data[name] if data is not None and name in data else (DATA_DIR / name).read_bytes()
    try:
        return msgspec.toml.decode(raw, type=typ)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ContentError(f"{name}: {exc}") from None


def _unique(file: str, kind: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            _fail(file, f"{kind} {i}", "the id is used twice")
        seen.add(i)


def _tile(t: TileDef, file: str = "tiles.toml") -> TileShape:
    zone_of: dict[Square, str] = {}
    capacity: dict[str, int] = {}
    _unique(file, f"tile {t.id} zone", [z.id for z in t.zones])
    for z in t.zones:
        if not z.squares:
            _fail(file, f"tile {t.id} zone {z.id}", "has no square")
        for sq in z.squares:
            if len(sq) != 2:
                _fail(file, f"tile {t.id} zone {z.id}", f"square {sq} must be [x, y]")
            if tuple(sq) in zone_of:
                _fail(file, f"tile {t.id} zone {z.id}", f"square {sq} is already in zone {zone_of[tuple(sq)]}")
            zone_of[(sq[0], sq[1])] = z.id
        capacity[z.id] = z.capacity or 2 * len(z.squares)
        if z.capacity < 0:
            _fail(file, f"tile {t.id} zone {z.id}", "capacity must be 0 or more")
    neighbours: dict[str, set[str]] = {z.id: set() for z in t.zones}
    for (x, y), z in zone_of.items():
        for nb in ((x + 1, y), (x, y + 1)):
            other = zone_of.get(nb)
            if other is not None and other != z:
                neighbours[z].add(other)
                neighbours[other].add(z)
    seen, todo = {t.zones[0].id}, [t.zones[0].id]
    while todo:
        for nb in neighbours[todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(t.zones):
        _fail(file, f"tile {t.id}", "its zones are not all connected")
    return TileShape(t.id, t.name, zone_of, capacity, {z: tuple(sorted(n)) for z, n in neighbours.items()})


def _edge(file: str, entry: str, shape: TileShape, square: list[int], side: str) -> None:
    if len(square) != 2 or (square[0], square[1]) not in shape.zone_of:
        _fail(file, entry, f"square {square} is not on tile {shape.id}")
    if not on_border(shape.squares, ((square[0], square[1]), side)):
        _fail(file, entry, f"edge {square} {side} is not on the border of tile {shape.id}")


def _card(c: ExplorationCardDef, tiles: dict[str, TileShape], file: str = "exploration.toml") -> None:
    entry = f"exploration card {c.id}"
    if c.tile not in tiles:
        _fail(file, entry, f"unknown tile {c.tile!r}")
    shape = tiles[c.tile]
    if len(c.gates) < 2:
        _fail(file, entry, "needs at least two potential gate positions (one to enter, one onward)")
    _unique(file, f"{entry} gate", [g.id for g in c.gates])
    for g in c.gates:
        _edge(file, f"{entry} gate {g.id}", shape, g.square, g.side)
    for i, lg in enumerate(c.lychgates):
        _edge(file, f"{entry} lychgate {i + 1}", shape, lg.square, lg.side)
    zones = set(shape.capacity)
    for z in c.mystic_items:
        if z not in zones:
            _fail(file, entry, f"mystic item in unknown zone {z!r}")
    if c.quest_symbol and c.quest_symbol not in zones:
        _fail(file, entry, f"quest symbol in unknown zone {c.quest_symbol!r}")
    if c.groups < 0:
        _fail(file, entry, "groups must be 0 or more")


def _enemy(e: EnemyDef, file: str = "enemies.toml") -> None:
    if e.models < 1 or e.wounds < 1 or e.damage < 1:
        _fail(file, f"enemy {e.id}", "models, wounds and damage must be 1 or more")
    if not 2 <= e.hit <= 6:
        _fail(file, f"enemy {e.id}", "hit must be a d6 result from 2 to 6")


def _quest(q: QuestDef, c: dict[str, Any], file: str = "quests.toml") -> None:
    entry = f"quest {q.id}"
    tiles = c["tiles"]
    if q.start_tile not in tiles:
        _fail(file, entry, f"unknown start tile {q.start_tile!r}")
    shape = tiles[q.start_tile]
    _edge(file, f"{entry} start_gate", shape, q.start_gate.square, q.start_gate.side)
    if len(q.start_zones) < 4 or any(z not in shape.capacity for z in q.start_zones):
        _fail(file, entry, "start_zones needs four zones of the start tile, one per hero")
    _unique(file, f"{entry} deck card", list(q.deck))
    used = {q.start_tile}
    for card in q.deck:
        if card not in c["cards"]:
            _fail(file, entry, f"unknown exploration card {card!r}")
        tile = c["cards"][card].tile
        if tile in used:
            _fail(file, entry, f"tile {tile!r} would be laid twice (each tile once on a battlefield)")
        used.add(tile)
    for enc in q.encounters:
        if enc not in c["encounters"]:
            _fail(file, entry, f"unknown encounter card {enc!r}")
    if q.slots < 1:
        _fail(file, entry, "slots must be 1 or more")
    if q.dusk_zones < 2 or not q.night_zones or any(not 0 <= z < q.dusk_zones for z in q.night_zones):
        _fail(file, entry, "the dusk track needs 2 or more zones and night zones on it")
    if q.destiny_dice < 0:
        _fail(file, entry, "destiny_dice must be 0 or more")
    if not any(c["cards"][card].quest_symbol for card in q.deck):
        _fail(file, entry, "no card of the deck shows the quest symbol the quest needs")


def build_content(data: dict[str, bytes] | None = None) -> Content:
    """Decode and check every file (``data`` replaces files by name, for tests)."""
    tiles_file = _decode("tiles.toml", TilesFile, data)
    _unique("tiles.toml", "tile", [t.id for t in tiles_file.tile])
    tiles = {t.id: _tile(t) for t in tiles_file.tile}
    cards_file = _decode("exploration.toml", CardsFile, data)
    _unique("exploration.toml", "exploration card", [x.id for x in cards_file.exploration])
    for card in cards_file.exploration:
        _card(card, tiles)
    enemies_file = _decode("enemies.toml", EnemiesFile, data)
    _unique("enemies.toml", "enemy", [e.id for e in enemies_file.enemy])
    _unique("enemies.toml", "encounter", [e.id for e in enemies_file.encounter])
    for e in enemies_file.enemy:
        _enemy(e)
    enemies = {e.id: e for e in enemies_file.enemy}
    for enc in enemies_file.encounter:
        if not enc.enemies:
            _fail("enemies.toml", f"encounter {enc.id}", "builds no enemy")
        for part in enc.enemies:
            if part.enemy not in enemies:
                _fail("enemies.toml", f"encounter {enc.id}", f"unknown enemy {part.enemy!r}")
            if part.count < 1:
                _fail("enemies.toml", f"encounter {enc.id}", "count must be 1 or more")
    heroes = _decode("heroes.toml", HeroesFile, data).hero
    _unique("heroes.toml", "hero", [h.id for h in heroes])
    if len(heroes) < 4:
        _fail("heroes.toml", "hero", "four heroes are needed (one per seat)")
    for h in heroes:
        if h.vitality < 1 or h.dice < 1:
            _fail("heroes.toml", f"hero {h.id}", "vitality and dice must be 1 or more")
    parts = {"tiles": tiles, "cards": {x.id: x for x in cards_file.exploration},
             "encounters": {e.id: e for e in enemies_file.encounter}}
    quests_file = _decode("quests.toml", QuestsFile, data)
    _unique("quests.toml", "quest", [q.id for q in quests_file.quest])
    for q in quests_file.quest:
        _quest(q, parts)
    return Content(tiles, parts["cards"], enemies, parts["encounters"], tuple(heroes),
                   {q.id: q for q in quests_file.quest})


@functools.lru_cache(maxsize=1)
def load_content() -> Content:
    return build_content()


QUESTS = ("lantern",)  # the quests of data/quests.toml (a test holds them equal)
