"""The shape of Saltlands content data (``data/*.toml``).

Every struct is frozen: content is loaded once and shared by every state, never
copied. Fields whose values the rulebook does not print carry ``source = "chosen"``
so that an owner of the physical game can find and replace them.
"""

from __future__ import annotations

from typing import Literal

from wasteland.core.content import Frozen

Terrain = Literal["salt", "dune", "mountain"]
Letter = Literal["A", "B", "C", "M", "H"]
Colour = Literal["blue", "green", "red"]
Direction = Literal["N", "NE", "SE", "S", "SW", "NW"]
Source = Literal["rulebook", "chosen"]
DeckName = Literal["mirage", "raider", "victory", "crew", "raider_vehicle", "starting"]
SlotKind = Literal["hand", "cargo", "vehicle"]
DamageType = Literal["normal", "ap"]


# --- terrain tiles (SL §34 to SL §38, SL §79) -------------------------------------------------


class TileDef(Frozen, kw_only=True):
    """A terrain tile: a hexagon of radius 2 (19 hexes), drawn as rows.

    ``rows`` lists the rows of constant axial r, from r = -2 to r = 2; within a row q
    runs from max(-2, -2-r) to min(2, 2-r), so the rows hold 3, 4, 5, 4, 3 cells,
    separated by spaces. Hexes are flat-topped; hex direction vectors are N (0,-1),
    NE (1,-1), SE (1,0), S (0,1), SW (-1,1), NW (-1,0). Each cell is a terrain letter (s salt flat, d dunes, m mountains) followed by
    markers: ``w`` wreck (SL §38), a spawn letter ``A B C M H`` (SL §107), ``c`` colony
    (SL §38, no effect), ``e`` start dune of the compass tile (SL §45), ``r`` a starting
    raider hex of the compass tile (SL §39).
    """

    id: str
    name: str
    kind: Literal["compass", "starting", "ordinary", "expansion"]
    rows: list[str]
    source: Source = "chosen"


class LayoutDef(Frozen, kw_only=True):
    """A play area (SL §35, SL §36): tile positions in tile coordinates.

    Tile coordinates are axial on the lattice of tiles: N = (0, -1), NE = (1, -1),
    SE = (1, 0), S = (0, 1), SW = (-1, 1), NW = (-1, 0). The compass tile is at (0, 0).
    """

    id: Literal["small", "large", "epic_small", "epic_large"]
    starting: list[list[int]]  # positions of the starting (colony) tiles
    face_down: list[list[int]]  # positions of the face-down tiles
    source: Source = "chosen"


# --- cards (SL §54 to SL §77, SL §125 to SL §136) -----------------------------------------------------


class CardAction(Frozen, kw_only=True):
    """One action option of a card (SL §67): its big icon and qualifiers."""

    effect: Literal[
        "damage",  # amount, damage_type (SL §86, SL §87)
        "heal",  # amount (SL §89)
        "armor",  # one-time armor: amount, usable only when discarded (SL §88)
        "refresh",  # amount refreshes of one crew + its last card (SL §65)
        "draw",  # amount cards from deck (SL §68)
        "get",  # get one card of kind `get` (SL §69)
        "explore",  # flip one face-down tile (SL §110)
        "rumor",  # draw and resolve a rumor card (SL §109)
        "reconstruction",  # draw amount Mirage cards then discard amount (SL §134)
        "take_from_discard",  # take the uppermost `take` card from the discard pile (SL §136)
        "lure",  # raiders on the user's tile move `amount` hexes toward the user (SL §142)
        "hide",  # until the user's next turn, raiders not next to her treat her as a token (SL §147)
    ]
    amount: int = 1
    damage_type: DamageType = "normal"
    deck: Literal["mirage", "raider"] = "mirage"
    get: Literal["victory", "crew"] | None = None
    take: list[str] = []  # card ids acceptable for take_from_discard
    cost: str | None = None  # card id that must be discarded to use it (Flamethrower: fuel)
    # Area effect (SL §143): the white hexes of the card's symbol, as axial offsets (q, r)
    # from the user's hex in the symbol's drawn orientation; the user turns it freely.
    area: list[list[int]] = []
    crew_action: bool = False
    one_time: bool = False


class VehicleDef(Frozen, kw_only=True):
    # "tractor": the Wind Tractor (SL §144): single steps in any direction, up to the wind
    # strength, over any terrain, no Fuel.
    movement: Literal["sail", "motor", "tractor"]
    move: int = 0  # motorized maximum (SL §83); unused for sails and the tractor
    terrain: list[Terrain]


class CardDef(Frozen, kw_only=True):
    id: str
    name: str
    deck: DeckName
    count: int
    slot: SlotKind = "hand"  # grey header = vehicle, blue header = cargo (SL §54)
    hand_limit: int = 0  # visible hand-limit symbol (SL §55)
    armor: int = 0  # passive armor (SL §88)
    crew: bool = False  # passive: this card is a crew member (SL §64)
    fuel: bool = False  # discard to add 3 to a motorized move (SL §84)
    victory: Literal["plants", "compass", "tools"] | None = None  # Victory card kind (SL §112)
    raider_type: str | None = None  # the raider type whose vehicle this is (SL §99)
    vehicle: VehicleDef | None = None
    actions: list[CardAction] = []
    source: Source = "chosen"
    cite: str = ""
    expansion: bool = False  # a Lost in the Desert card (SL §141, SL §147); base totals exclude it


# --- raiders (SL §97 to SL §107) ------------------------------------------------------------


class RaiderDef(Frozen, kw_only=True):
    id: str
    name: str
    crew: int
    armor: int
    move: int
    terrain: list[Terrain]
    figures: int  # figures in the box (SL §6 ruling: 6 per type)
    expansion_figures: int = 0  # extra figures of Lost in the Desert (SL §141)
    loot_raider: int  # cards drawn from the Raider deck on destruction (SL §99)
    loot_mirage: int  # cards drawn from the Mirage deck on destruction
    source: Source = "chosen"


class DamageCardDef(Frozen, kw_only=True):
    """A damage card (SL §30, SL §100 to SL §107): the activation's attack and spawn letters."""

    id: str
    round: int
    letters: str  # spawn letters shown, e.g. "AB"
    damage: int = 0  # attack of each activated raider
    damage_type: DamageType = "normal"
    move_bonus: int = 0  # "+3 movement instead of damage" (SL §106)
    expansion: bool = False  # round-7 cards belong to Lost in the Desert (SL §150)
    source: Source = "chosen"


# --- weather and wind (SL §40, SL §41, SL §48 to SL §53, SL §81) -------------------------------------


class WeatherCardDef(Frozen, kw_only=True):
    id: str
    strength: int
    turn: int = 0  # wind-tile rotation in sixths of a turn, clockwise positive (SL §51)
    storm: bool = False  # sandstorm symbol (SL §53)
    starting: bool = False  # one of the two starting weather cards (SL §41)
    source: Source = "chosen"


class WindTileDef(Frozen, kw_only=True):
    """The wind tile (SL §81): step kind per hex direction relative to the wind.

    ``pattern[i]`` is the step allowed in the direction i sixths of a turn clockwise
    from straight downwind: "single", "double" or "none" (straight upwind).
    """

    pattern: list[Literal["single", "double", "none"]]
    initial: Direction  # the direction the wind blows toward at set-up (SL §40)
    source: Source = "chosen"


# --- rumors and tokens (SL §42, SL §43, SL §73 to SL §77, SL §108 to SL §112) ------------------------------


class MarkerMove(Frozen, kw_only=True):
    marker: Colour
    direction: Direction


class RumorCardDef(Frozen, kw_only=True):
    id: str
    top: list[MarkerMove]
    bottom: list[MarkerMove]
    source: Source = "chosen"


class TokenDef(Frozen, kw_only=True):
    id: str
    kind: Literal["loot", "crew", "victory", "rumor"]
    colour: Colour | None = None  # Victory tokens are colour-coded (SL §84 example)
    count: int
    start: bool = False  # "START" on the back (SL §37)
    large_only: bool = False  # marked for the large play area (SL §37)
    expansion: bool = False
    source: Source = "chosen"


# --- characters and the player board (SL §44, SL §54, SL §55, SL §135, SL §136) -------------------


class CharacterDef(Frozen, kw_only=True):
    id: str
    name: str
    ability: Literal[
        "tough", "fuel_drain", "light", "born_driver", "lord_of_winds", "repair",  # SL §135
        "trade", "theft", "weapon_mastery", "born_killer", "prophecy", "raid",  # SL §146
    ]
    special_item: str  # card id of the starting special item (SL §44, SL §136)
    hand_limit: int = 0  # hand-limit symbol on the character card
    expansion: bool = False  # a Lost in the Desert character (SL §146, SL §147)
    source: Source = "chosen"


class BoardDef(Frozen, kw_only=True):
    """Printed hand-limit values of the player board's slots (SL §54, SL §55)."""

    vehicle_slot: int
    cargo_slots: list[int]  # the 3 blue slots; the first holds the character card
    source: Source = "chosen"


class VictoryKindDef(Frozen, kw_only=True):
    kind: Literal["plants", "compass", "tools"]
    colour: Colour
    source: Source = "chosen"
