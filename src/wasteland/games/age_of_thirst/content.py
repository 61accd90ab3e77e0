"""Load and check the Age of Thirst content data (``data/*.toml``).

Every number the rulebook gives is checked here, so a mistyped data file fails on load
with a message naming the file, the entry and the problem (LO-A lists the numbers).
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from wasteland.core import hexgrid
from wasteland.core.content import ContentError, by_id, decode_toml, fail

from .schema import BoardDef, BunkerCardDef, CardsDef, KindDef, SourceCardDef, TowerCardDef, UnitsDef

DATA_DIR = Path(__file__).with_name("data")

COLOURS = ("black", "red", "yellow", "white", "blue", "violet")  # clockwise (LO-2)
TROOP_KINDS = ("skinny", "handsome", "smart")
KINDS = TROOP_KINDS + ("hedge",)

# Rulebook numbers (LO-A).
DECK_SIZE = 50
SOURCE_COUNTS = {"dry": (30, 1), "wet": (10, 2), "generous": (5, 3), "pump": (3, 0), "pocket": (2, 0)}
BUNKER_COUNTS = {"regen1": (20, "health", 1), "regen2": (10, "health", 2), "neuro1": (10, "attack", 1),
                 "neuro2": (5, "attack", 2), "anabolic": (5, "move", 1)}
TOWER_COUNTS = {"strike": (20, 1, None), "blast": (10, 2, None), "collapse": (5, 3, None),
                "paralysis": (5, 0, "skinny"), "blindness": (5, 0, "handsome"), "madness": (5, 0, "smart")}
KIND_LIMITS = {"skinny": (10, 5), "handsome": (7, 3), "smart": (5, 2), "hedge": (15, 0)}  # LO-2, LO-4.3
LEVELS = 3
LANDING_HEXES = 5
BASE_HEXES = 10
SPECIAL_COUNTS = {"sources": 12, "bunkers": 6, "ray_towers": 6}


@dataclass(frozen=True)
class Content:
    board: BoardDef
    kinds: dict[str, KindDef]
    sources: dict[str, SourceCardDef]
    bunkers: dict[str, BunkerCardDef]
    towers: dict[str, TowerCardDef]


#: how a decoding error names an entry: "cards.toml: bunker card 'regen1': ..."
_LABELS = {"clans": "clan", "source": "source card", "bunker": "bunker card", "ray_tower": "ray-tower card"}
_ID_FIELDS = {"clans": "colour"}


def _decode(name: str, typ):
    return decode_toml(DATA_DIR, name, typ, labels=_LABELS, id_fields=_ID_FIELDS)


def check_board(b: BoardDef, file: str = "board.toml") -> None:
    """LO-3: a hex map, centre, 6 coloured edges of 5 landing hexes, 10-hex bases,
    12 source, 6 bunker, 6 ray-tower hexes."""
    on_board = set(hexgrid.disk((0, 0), b.radius))
    centre = tuple(b.centre)
    if centre != (0, 0):
        fail(file, "centre", "the Last Oasis must be the centre hex (0, 0)")
    specials: Counter = Counter()
    for key, want in SPECIAL_COUNTS.items():
        hexes = [tuple(h) for h in getattr(b, key)]
        if len(hexes) != want or len(set(hexes)) != want:
            fail(file, key, f"needs {want} distinct hexes, has {len(set(hexes))}")
        for h in hexes:
            if h not in on_board or h == centre:
                fail(file, key, f"{h} is off the board or the centre")
        specials.update(hexes)
    if any(n > 1 for n in specials.values()):
        fail(file, "special hexes", "a hex carries two specials")
    if [c.colour for c in b.clans] != list(COLOURS):
        fail(file, "clans", f"need the six colours in clockwise order {COLOURS}")
    edge = set(hexgrid.ring((0, 0), b.radius))
    taken: set = set()
    for clan in b.clans:
        entry = f"clan {clan.colour}"
        landing = [tuple(h) for h in clan.landing]
        base = [tuple(h) for h in clan.base]
        if len(set(landing)) != LANDING_HEXES or not set(landing) <= edge:
            fail(file, entry, f"needs {LANDING_HEXES} landing hexes on the map edge")
        if len(set(base)) != BASE_HEXES or not set(landing) <= set(base) or not set(base) <= on_board:
            fail(file, entry, f"needs {BASE_HEXES} base hexes including the landing hexes")
        if set(base) & set(specials) or centre in base:
            fail(file, entry, "a base hex is a special hex")
        if set(base) & taken:
            fail(file, entry, "bases overlap")
        taken |= set(base)
        dist = {h: hexgrid.distance(h, centre) for h in base}
        best = min(dist.values())
        if tuple(clan.nearest) not in base or dist[tuple(clan.nearest)] != best or list(dist.values()).count(best) != 1:
            fail(file, entry, "'nearest' must be the one base hex nearest to the centre")


def check_kinds(kinds: dict[str, KindDef], file: str = "units.toml") -> None:
    if tuple(kinds) != KINDS:
        fail(file, "kind", f"need the kinds {KINDS} in that order")
    for kid, (limit, start) in KIND_LIMITS.items():
        k = kinds[kid]
        if k.max_on_board != limit or k.start != start:
            fail(file, kid, f"rulebook: at most {limit} on the board, {start} at start")
        if len(k.levels) != LEVELS:
            fail(file, kid, f"needs {LEVELS} levels")
        if k.troop != (kid != "hedge"):
            fail(file, kid, "only hedges are not troops")
        if k.levels[0].upgrade != 0:
            fail(file, kid, "level 1 has no upgrade price")
        for n, lv in enumerate(k.levels, 1):
            if min(lv.move, lv.range, lv.cost, lv.upgrade) < 0 or (k.troop and (lv.move < 1 or lv.range < 1)):
                fail(file, f"{kid} level {n}", "values must be positive")
    if any(lv.range < 2 for lv in kinds["smart"].levels):
        fail(file, "smart", "Smarts never attack adjacent (LO-6.3): range must be at least 2")


def check_cards(cards: CardsDef, file: str = "cards.toml") -> None:
    for deck, table in (("source", SOURCE_COUNTS), ("bunker", BUNKER_COUNTS), ("ray_tower", TOWER_COUNTS)):
        defs = getattr(cards, deck)
        if sum(c.count for c in defs) != DECK_SIZE:
            fail(file, deck, f"the deck must hold {DECK_SIZE} cards")
        if [c.id for c in defs] != list(table):
            fail(file, deck, f"need the cards {list(table)}")
    for c in cards.source:
        count, gal = SOURCE_COUNTS[c.id]
        if c.count != count or c.gallons != gal:
            fail(file, f"source {c.id}", f"rulebook: {count} cards of {gal} gal")
    for c in cards.bunker:
        count, stat, amount = BUNKER_COUNTS[c.id]
        if c.count != count or getattr(c, stat) != amount:
            fail(file, f"bunker {c.id}", f"rulebook: {count} cards, {stat} +{amount}")
    for c in cards.ray_tower:
        count, dmg, status = TOWER_COUNTS[c.id]
        if c.count != count or c.damage != dmg or c.status != status:
            fail(file, f"ray_tower {c.id}", f"rulebook: {count} cards, damage {dmg}, status {status}")


@functools.lru_cache(maxsize=1)
def load_content() -> Content:
    board = _decode("board.toml", BoardDef)
    check_board(board)
    units = _decode("units.toml", UnitsDef)
    kinds = by_id("units.toml", "kind", units.kind)
    check_kinds(kinds)
    cards = _decode("cards.toml", CardsDef)
    check_cards(cards)
    return Content(board, kinds, {c.id: c for c in cards.source}, {c.id: c for c in cards.bunker},
                   {c.id: c for c in cards.ray_tower})


__all__ = ["COLOURS", "KINDS", "TROOP_KINDS", "Content", "ContentError", "check_board", "check_cards", "check_kinds",
           "load_content"]
