"""The demo's content (``data/*.toml``): the map, enemy types, the agenda deck, the
scenario track and the stand-in survivor turn, decoded and checked on load.

None of it is printed on the rulebook page we have (it says what the end of a round
does with these things, not what they are), so every file carries
``source = "chosen"``. A mistyped file fails on load with an error naming the file,
the entry and the problem; nothing half-loaded is ever used.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec
import msgspec.toml

from wasteland.core.graph import GraphError, SpaceGraph

DATA_DIR = Path(__file__).with_name("data")

Source = Literal["chosen", "rulebook"]
Side = Literal["up", "down"]
REQUIREMENTS = ("kills", "quests", "radiation_at_most", "health_at_least", "faction_cards")
HAND_LIMIT = 4  # FO-13.5: at most 4 agenda cards in hand
ICONS_PER_CARD = 3  # chosen: the strip along a card's bottom edge holds one to three icons


class ContentError(ValueError):
    """Content data that is malformed or contradicts the rules."""


class Frozen(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    pass


class SpaceDef(Frozen):
    id: str
    x: int = 50
    y: int = 50
    adjacent: list[str] = []


class MapDef(Frozen):
    name: str
    start: str
    space: list[SpaceDef]
    quests: list[str] = []
    markers: list[str] = []
    source: Source = "chosen"


class EnemyTypeDef(Frozen):
    id: str
    defence: int
    damage: int
    radiation: int
    lair: str
    ranged: bool = False  # FO-13.2: the icon its tokens show unless a token says otherwise


class TokenDef(Frozen):
    type: str
    space: str
    side: Side = "down"
    # FO-13.2 gives the icon to an enemy ("if it has the icon"): a token may differ from
    # its type; left out, the token shows what its type shows (``EnemyTypeDef.ranged``)
    ranged: bool | None = None


class EnemiesDef(Frozen):
    type: list[EnemyTypeDef]
    token: list[TokenDef]
    source: Source = "chosen"


class AgendaCardDef(Frozen):
    id: str
    icons: list[str]  # FO-13.1: the enemy icons along the bottom edge, left to right
    faction: str
    requirement: str
    n: int
    bonus: int  # FO-13.5: influence beyond the +1 when the requirement is met


class AgendaDef(Frozen):
    card: list[AgendaCardDef]
    source: Source = "chosen"


class FactionDef(Frozen):
    id: str
    start: int


class TrackDef(Frozen):
    length: int
    faction: list[FactionDef]
    source: Source = "chosen"


class TurnDef(Frozen):
    actions: int
    track: int
    start_health: int
    rest: int
    source: Source = "chosen"


@dataclass(frozen=True)
class Board:
    """A map ready for the rules: its graph, drawing positions, start and quest spaces."""

    name: str
    graph: SpaceGraph
    coords: dict[str, tuple[int, int]]
    start: str
    quests: tuple[str, ...]
    markers: tuple[str, ...]

    def to_json(self) -> dict:
        return {"name": self.name, "start": self.start, "quests": list(self.quests),
                "markers": list(self.markers),
                "space": [{"id": n, "x": self.coords[n][0], "y": self.coords[n][1],
                           "adjacent": self.graph.neighbours(n)} for n in self.graph.names]}


@dataclass(frozen=True)
class Content:
    board: Board
    types: dict[str, EnemyTypeDef]
    tokens: tuple[TokenDef, ...]
    cards: dict[str, AgendaCardDef]
    track: TrackDef
    turn: TurnDef

    @property
    def factions(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.track.faction)


def _fail(file: str, entry: str, problem: str) -> None:
    raise ContentError(f"{file}: {entry}: {problem}")


def _decode(name: str, typ: type) -> object:
    try:
        return msgspec.toml.decode((DATA_DIR / name).read_bytes(), type=typ)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise ContentError(f"{name}: {exc}") from None


def build_board(m: MapDef, file: str = "map.toml") -> Board:
    """A checked :class:`Board`: distinct spaces, adjacency naming only spaces, one
    connected map (so "nearest" always means something), start and quests on it."""
    if not m.space:
        _fail(file, "space", "a map needs at least one space")
    try:
        graph = SpaceGraph([s.id for s in m.space], [(s.id, b) for s in m.space for b in s.adjacent])
    except GraphError as exc:
        bad = next((s.id for s in m.space if any(b not in {t.id for t in m.space} or b == s.id
                                                  for b in s.adjacent)), "space")
        _fail(file, f"space {bad}", str(exc))
    if not graph.connected():
        far = next(n for n in graph.names if graph.distance(graph.names[0], n) > len(graph))
        _fail(file, f"space {far}", f"cannot be reached from {graph.names[0]}: the map must be connected")
    if m.start not in graph:
        _fail(file, "start", f"{m.start!r} is not a space of the map")
    for key in ("quests", "markers"):
        for q in getattr(m, key):
            if q not in graph:
                _fail(file, key, f"{q!r} is not a space of the map")
    if len(set(m.quests)) != len(m.quests):
        _fail(file, "quests", "a quest space is listed twice")
    for q in m.markers:
        if q not in m.quests:
            _fail(file, "markers", f"{q!r} is not a quest space")
    return Board(m.name, graph, {s.id: (s.x, s.y) for s in m.space}, m.start, tuple(m.quests),
                 tuple(dict.fromkeys(m.markers)))


def check_types(types: list[EnemyTypeDef], board: Board, file: str = "enemies.toml") -> None:
    seen: set[str] = set()
    for t in types:
        if t.id in seen:
            _fail(file, f"type {t.id}", "listed twice")
        seen.add(t.id)
        if not 1 <= t.defence <= 6:
            _fail(file, f"type {t.id}", f"defence {t.defence} is not a die roll 1-6")
        if t.damage < 0 or t.radiation < 0:
            _fail(file, f"type {t.id}", "damage and radiation cannot be negative")
        if t.lair not in board.graph:
            _fail(file, f"type {t.id}", f"lair {t.lair!r} is not a space of the map")
    if not any(t.ranged for t in types):
        _fail(file, "type", "the demo needs one enemy type with the ranged icon (FO-13.2)")


def check_tokens(tokens: list[TokenDef], types: dict[str, object], board: Board, file: str = "enemies.toml") -> None:
    for i, tok in enumerate(tokens, 1):
        if tok.type not in types:
            _fail(file, f"token {i}", f"{tok.type!r} is not an enemy type")
        if tok.space not in board.graph:
            _fail(file, f"token {i}", f"{tok.space!r} is not a space of the map")


def check_cards(cards: list[AgendaCardDef], types: dict[str, object], factions: tuple[str, ...],
                file: str = "agenda.toml") -> None:
    seen: set[str] = set()
    for c in cards:
        entry = f"card {c.id}"
        if c.id in seen:
            _fail(file, entry, "listed twice")
        seen.add(c.id)
        if not 1 <= len(c.icons) <= ICONS_PER_CARD:
            _fail(file, entry, f"needs 1 to {ICONS_PER_CARD} enemy icons, has {len(c.icons)}")
        for icon in c.icons:
            if icon not in types:
                _fail(file, entry, f"icon {icon!r} names no enemy type (FO-13.2)")
        if c.faction not in factions:
            _fail(file, entry, f"faction {c.faction!r} is not on the scenario track")
        if c.requirement not in REQUIREMENTS:
            _fail(file, entry, f"requirement {c.requirement!r} is not one of {', '.join(REQUIREMENTS)}")
        if c.n < 0 or c.bonus < 0:
            _fail(file, entry, "n and bonus cannot be negative")


def check_deck_size(cards: list[AgendaCardDef], file: str = "agenda.toml") -> None:
    # Four full hands and the card being revealed must leave a card to circulate, or a
    # game could run out of agenda cards for good (FO-13.4 would have nothing to shuffle).
    need = 4 * HAND_LIMIT + 2
    if len(cards) < need:
        _fail(file, "card", f"the deck needs at least {need} cards (4 hands of {HAND_LIMIT}), has {len(cards)}")


@functools.lru_cache(maxsize=1)
def load_content() -> Content:
    board = build_board(_decode("map.toml", MapDef))  # type: ignore[arg-type]
    enemies: EnemiesDef = _decode("enemies.toml", EnemiesDef)  # type: ignore[assignment]
    check_types(enemies.type, board)
    types = {t.id: t for t in enemies.type}
    check_tokens(enemies.token, types, board)
    track: TrackDef = _decode("scenario.toml", TrackDef)  # type: ignore[assignment]
    if track.length < 1 or len(track.faction) != 2:
        _fail("scenario.toml", "faction", "the track needs a length and exactly two factions (FO-13.4)")
    for f in track.faction:
        if not 0 <= f.start < track.length:
            _fail("scenario.toml", f"faction {f.id}", f"start {f.start} is not a step before the last ({track.length})")
    agenda: AgendaDef = _decode("agenda.toml", AgendaDef)  # type: ignore[assignment]
    factions = tuple(f.id for f in track.faction)
    check_cards(agenda.card, types, factions)
    check_deck_size(agenda.card)
    turn: TurnDef = _decode("turn.toml", TurnDef)  # type: ignore[assignment]
    if not 0 < turn.start_health <= turn.track or turn.actions < 1 or turn.rest < 0:
        _fail("turn.toml", "start_health", "must be on the track, with at least one action a turn")
    return Content(board, types, tuple(enemies.token), {c.id: c for c in agenda.card}, track, turn)


def decode_map(data: dict, file: str) -> Board:
    """A map written inline (a scenario's ``[map]``), checked the same way as map.toml."""
    try:
        m = msgspec.convert(data, MapDef)
    except msgspec.ValidationError as exc:
        raise ContentError(f"{file}: map: {exc}") from None
    return build_board(m, f"{file}: map")
