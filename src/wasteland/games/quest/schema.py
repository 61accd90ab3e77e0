"""The shape of the quest content data (``data/*.toml``).

Frozen structs, loaded once and shared by every state. The pages (WQ-38 to WQ-40) give
no component data at all, so every entry carries ``source = "chosen"``; an owner of the
physical game replaces the files.

Geometry (see ``geometry.py``): a tile is a set of grid squares ``[x, y]`` (x to the right,
y downward) split into zones; an edge of a square is named by the square and a side
``N``/``E``/``S``/``W``. Gate positions and lychgates lie on edges at the tile's border.
"""

from __future__ import annotations

from typing import Literal

import msgspec

Source = Literal["chosen"]
Side = Literal["N", "E", "S", "W"]
Size = Literal["small", "large"]
Condition = Literal["buried", "cursed", "disease", "fatigue", "stunned", "trapped"]


class Frozen(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class EdgeDef(Frozen):
    square: list[int]  # [x, y] in the tile's own coordinates
    side: Side


class ZoneDef(Frozen):
    id: str
    squares: list[list[int]]
    capacity: int = 0  # size units the zone holds (stand-in; 0: two per square)


class TileDef(Frozen):
    id: str
    name: str
    zones: list[ZoneDef]
    source: Source = "chosen"


class GatePositionDef(Frozen):
    id: str
    square: list[int]
    side: Side


class ExplorationCardDef(Frozen):
    id: str
    tile: str  # WQ-38.3: the tile the card shows
    gates: list[GatePositionDef]  # WQ-38.1 item 1: potential gate positions
    lychgates: list[EdgeDef] = []  # WQ-38.1 item 2
    mystic_items: list[str] = []  # WQ-38.1 item 3: zones of the tile
    groups: int = 0  # WQ-38.1 item 4: the crossed-swords symbol's number
    quest_symbol: str = ""  # WQ-38.1 item 5: a zone of the tile, or ""
    source: Source = "chosen"


class EnemyDef(Frozen):
    id: str
    name: str
    size: Size  # WQ-39.1 "small" enemies (stand-in: what makes an enemy small is not on these pages)
    models: int  # WQ-39.1: available enemy models of this kind
    wounds: int
    hit: int  # a d6 weapon roll of this or more hits (stand-in)
    damage: int
    critical: Condition | Literal[""] = ""  # the condition a 6 inflicts (stand-in)
    source: Source = "chosen"


class GroupPartDef(Frozen):
    enemy: str
    count: int


class EncounterCardDef(Frozen):
    id: str
    name: str
    enemies: list[GroupPartDef]  # the group the card builds (stand-in for the encounter rules)
    source: Source = "chosen"


class HeroDef(Frozen):
    id: str
    name: str
    vitality: int
    dice: int  # activation dice rolled at the activation-roll step (stand-in)
    critical: Condition  # the condition the hero's critical weapon use inflicts (stand-in)
    source: Source = "chosen"


class CrisisDef(Frozen):
    id: str
    effect: Literal["ambush", "dusk", "curse"]
    source: Source = "chosen"


class QuestDef(Frozen):
    id: str
    name: str
    kind: Literal["liberation"]  # WQ-39.2: enemies arrive as the heroes add tiles
    start_tile: str
    start_gate: EdgeDef  # the closed gate on the starting tile
    start_zones: list[str]  # where the heroes begin, hero 1 first
    deck: list[str]  # exploration cards
    encounters: list[str]  # encounter cards
    crises: list[CrisisDef]  # WQ-40.4 result 5-6: the quest book's crises
    slots: int  # WQ-39.1: encounter-card slots above the battle track
    dusk_zones: int  # WQ-40.4 result 7-8: zones of the dusk track, clockwise
    night_zones: list[int]  # zones (0-based) with the night symbol
    destiny_dice: int  # WQ-40.4 results 1, 12: dice on the airship
    source: Source = "chosen"


class TilesFile(Frozen):
    tile: list[TileDef]


class CardsFile(Frozen):
    exploration: list[ExplorationCardDef]


class EnemiesFile(Frozen):
    enemy: list[EnemyDef]
    encounter: list[EncounterCardDef]


class HeroesFile(Frozen):
    hero: list[HeroDef]


class QuestsFile(Frozen):
    quest: list[QuestDef]
