"""The shape of Age of Thirst content data (``data/*.toml``).

Frozen structs, loaded once and shared by every state. Values the rulebook does not
print carry ``source = "chosen"`` so an owner of the physical game can find them.
"""

from __future__ import annotations

from typing import Literal

from wasteland.core.content import Frozen

Colour = Literal["black", "red", "yellow", "white", "blue", "violet"]
KindId = Literal["skinny", "handsome", "smart", "hedge"]
Source = Literal["rulebook", "chosen"]
Coord = list[int]


class ClanDef(Frozen):
    colour: Colour
    landing: list[Coord]  # LO-3: five landing hexes at the clan's edge
    base: list[Coord]  # LO-3: ten base hexes (the landing hexes included, ruling LO-3)
    nearest: Coord  # the base hex nearest to the centre (LO-13.5)


class BoardDef(Frozen):
    radius: int
    centre: Coord
    eye_circles: list[int]
    sources: list[Coord]
    bunkers: list[Coord]
    ray_towers: list[Coord]
    clans: list[ClanDef]
    source: Source = "chosen"


class LevelDef(Frozen):
    move: int
    range: int
    cost: int
    upgrade: int  # price of reaching this level from the one below (0 at level 1)


class KindDef(Frozen):
    id: KindId
    name: str
    troop: bool
    max_on_board: int
    start: int
    levels: list[LevelDef]
    source: Source = "chosen"


class SourceCardDef(Frozen):
    id: str
    name: str
    count: int
    gallons: int = 0
    effect: Literal["water", "pump", "pocket"] = "water"


class BunkerCardDef(Frozen):
    id: str
    name: str
    count: int
    health: int = 0
    attack: int = 0
    move: int = 0


class TowerCardDef(Frozen):
    id: str
    name: str
    count: int
    damage: int = 0
    status: Literal["skinny", "handsome", "smart"] | None = None


class CardsDef(Frozen):
    source: list[SourceCardDef]
    bunker: list[BunkerCardDef]
    ray_tower: list[TowerCardDef]


class UnitsDef(Frozen):
    kind: list[KindDef]
