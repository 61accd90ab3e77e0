"""The Saltlands game state: plain data, cheap to copy, lossless through JSON.

Static facts (card definitions, the board graph, the set-up tables) live in a shared
:class:`Static` and are never copied. Cards and tokens are numbered instances; decks
and hands are lists of those numbers. ``stack`` holds the procedures waiting on a
decision (an attack being soaked, a raider activation, a rumor card to choose...), each
a small dict that is replaced, never mutated, so a shallow copy of the list is enough.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from wasteland.core.params import active
from wasteland.core.plain import plain
from wasteland.core.state_base import FramedState

from .board import Geometry, Terrain, geometry
from .config import Rules, normalize, rules_for
from .content import Content, load_content
from .schema import CardDef, TokenDef


@dataclass(frozen=True)
class Catalog:
    """Numbered card and token instances (shared by all games)."""

    cards: tuple[CardDef, ...]  # index = card instance id; character cards at the end
    card_names: tuple[str, ...]
    card_index: dict[str, int]
    character_card: dict[str, int]  # character id -> its card instance
    tokens: tuple[TokenDef, ...]
    token_names: tuple[str, ...]
    token_index: dict[str, int]


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    content = load_content()
    cards: list[CardDef] = []
    names: list[str] = []
    for card in content.cards.values():
        for k in range(1, card.count + 1):
            cards.append(card)
            names.append(f"{card.id}#{k}")
    character_card = {}
    for ch in content.characters.values():
        # The character card is a crew member that never leaves its slot (SL §54, SL §64).
        character_card[ch.id] = len(cards)
        cards.append(
            CardDef(id=ch.id, name=ch.name, deck="starting", count=1, slot="cargo",
                    hand_limit=ch.hand_limit, crew=True, source=ch.source)
        )
        names.append(ch.id)
    tokens: list[TokenDef] = []
    token_names: list[str] = []
    for tok in content.tokens.values():
        for k in range(1, tok.count + 1):
            tokens.append(tok)
            token_names.append(f"{tok.id}#{k}")
    return Catalog(
        cards=tuple(cards),
        card_names=tuple(names),
        card_index={n: i for i, n in enumerate(names)},
        character_card=character_card,
        tokens=tuple(tokens),
        token_names=tuple(token_names),
        token_index={n: i for i, n in enumerate(token_names)},
    )


@dataclass(frozen=True)
class Static:
    rules: Rules
    content: Content
    catalog: Catalog
    geo: Geometry


@lru_cache(maxsize=64)
def static_for(key: str) -> Static:
    rules = rules_for(key)
    return Static(rules, load_content(), catalog(), geometry(rules.area))


def static_from_config(config: dict[str, Any]) -> Static:
    # Every new game of a configuration asks again: the answer is kept under the config's
    # text. Only configs that normalize are kept, so a bad one raises its error every time.
    # A config that names no tuned set takes the one current here (``wasteland.core.params``),
    # so that set is part of the key.
    text = None
    if type(config) is dict:
        text = repr(config) if "params" in config else repr(config) + repr(active(SPEC_NAME))
    found = _STATICS.get(text) if text is not None else None
    if found is None:
        found = static_for(normalize(config).key())
        if text is not None:
            if len(_STATICS) >= 256:
                _STATICS.clear()
            _STATICS[text] = found
    return found


_STATICS: dict[str, Static] = {}
SPEC_NAME = "saltlands"


_TERRAINS: dict[tuple, Terrain] = {}


class Player:
    __slots__ = (
        "seat", "character", "char_card", "hex", "status", "respawned", "hand", "vehicle",
        "cargo", "engaged", "last_used", "hidden", "hidden_near",
    )

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.character: str | None = None
        self.char_card = -1
        self.hex: int | None = None  # None = not on the board (before entering, or dead)
        self.status = "active"  # active | dead (waiting to respawn) | out (eliminated) | won
        self.respawned = 0  # respawns used (Normal: the black side, SL §93)
        self.hand: list[int] = []
        self.vehicle: int | None = None
        self.cargo: list[int] = []  # cargo slot cards, the character card not included
        self.engaged: set[int] = set()
        self.last_used: dict[int, int] = {}  # crew card -> the last card it engaged (SL §65)
        self.hidden = False  # treated as a token by raiders until her next turn (SL §147)
        # SL §147: the raiders next to her when she hid, which still treat her as a player
        self.hidden_near: list[int] = []

    def copy(self) -> "Player":
        p = Player.__new__(Player)
        p.seat = self.seat
        p.character = self.character
        p.char_card = self.char_card
        p.hex = self.hex
        p.status = self.status
        p.respawned = self.respawned
        p.hand = self.hand.copy()
        p.vehicle = self.vehicle
        p.cargo = self.cargo.copy()
        p.engaged = self.engaged.copy()
        p.last_used = self.last_used.copy()
        p.hidden = self.hidden
        p.hidden_near = self.hidden_near  # replaced, never mutated
        return p

    def crew(self) -> list[int]:
        """The crew on the board: the character card and crew cards (SL §64)."""
        out = [self.char_card] if self.char_card >= 0 else []
        return out

    def cards(self) -> list[int]:
        """Every card the player holds except the character card."""
        if self.vehicle is None:
            return [*self.hand, *self.cargo]
        return [*self.hand, *self.cargo, self.vehicle]

    def to_json(self) -> dict[str, Any]:
        out = {
            "seat": self.seat,
            "character": self.character,
            "char_card": self.char_card,
            "hex": self.hex,
            "status": self.status,
            "respawned": self.respawned,
            "hand": list(self.hand),
            "vehicle": self.vehicle,
            "cargo": list(self.cargo),
            "engaged": sorted(self.engaged),
            "last_used": [[k, v] for k, v in sorted(self.last_used.items())],
            "hidden": self.hidden,
        }
        if self.hidden:
            out["hidden_near"] = list(self.hidden_near)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Player":
        p = cls(data["seat"])
        p.character = data["character"]
        p.char_card = data["char_card"]
        p.hex = data["hex"]
        p.status = data["status"]
        p.respawned = data["respawned"]
        p.hand = list(data["hand"])
        p.vehicle = data["vehicle"]
        p.cargo = list(data["cargo"])
        p.engaged = set(data["engaged"])
        p.last_used = {k: v for k, v in data["last_used"]}
        p.hidden = bool(data.get("hidden", False))
        p.hidden_near = list(data.get("hidden_near") or [])
        return p


# Fields serialized as they are (ints, strings, lists/dicts of those).
PLAIN_FIELDS = (
    "rng", "round", "turn", "current", "tiles", "face_up", "rotation", "token_pool",
    "markers", "rumor_deck", "rumors_played", "weather_deck", "weather_drawn", "wind_dir",
    "storm", "damage_stacks", "revealed", "damage_discard", "next_raider", "mirage", "raider_deck", "discard",
    "supply", "stack", "moved", "must_move", "refreshes", "traded", "ability_used",
    "final_turn", "streak", "raid_hexes", "raid_routes", "trades_used", "seen_in_hand", "trade_partner",
    "winners", "over", "end_reason",
)


class State(FramedState):
    __slots__ = PLAIN_FIELDS + ("chance", "custom_damage", "static", "tokens", "raiders", "players", "_terrain", "_decision")

    def __init__(self, static: Static) -> None:
        self.static = static
        self.rng = 0
        self.round = 1
        self.turn = 0  # turns started so far
        self.current = 0  # the seat whose turn it is
        self.tiles: list[str] = []  # tile id per position (hidden while face down)
        self.face_up: list[bool] = []
        self.rotation: list[int] = []
        self.tokens: dict[int, int] = {}  # hex -> token instance on it
        self.token_pool: list[int] = []
        self.markers: dict[str, int] = {}  # rumor marker colour -> position
        self.rumor_deck: list[str] = []
        self.rumors_played: list[str] = []
        self.weather_deck: list[str] = []
        self.weather_drawn: list[str] = []  # the last two are the active weather (SL §48)
        self.wind_dir = 0  # hex direction the wind blows toward
        self.storm = False
        self.damage_stacks: dict[str, list[str]] = {}  # raider type -> cards, top last
        self.revealed: dict[str, list[str]] = {}  # raider type -> damage cards revealed this round
        self.damage_discard: list[str] = []  # revealed in earlier rounds, discarded face up (SL §52)
        self.raiders: dict[int, list[Any]] = {}  # raider id -> [type, hex, crew]
        self.next_raider = 0
        self.mirage: list[int] = []  # top of deck = last element
        self.raider_deck: list[int] = []
        self.discard: list[int] = []  # top = last element
        self.supply: list[int] = []  # face-up supply cards (SL §21 to SL §27)
        self.players: list[Player] = []
        self.stack: list[dict[str, Any]] = []
        self.moved = False  # the current player's one move is used (SL §78)
        self.refreshes = 0  # refreshes granted by Water/Gallon not used yet (SL §65)
        self.must_move = False  # entered on an occupied start dune: move first (SL §45 ruling)
        self.traded: list[int] = []  # cards that changed hands this turn (SL §72)
        self.ability_used = False
        self.final_turn = False  # solo: the extra turn after the last round (SL §121 ruling)
        self.streak: list[list[int]] = []  # Born Killer: [raider, normal damage so far] (SL §146)
        self.raid_hexes: list[int] = []  # Raid: token hexes passed over by this turn's move (SL §146)
        self.raid_routes: list[list[int]] = []  # Raid: the tokens one route passes, the largest sets (SL §146)
        self.trades_used = 0  # Trade: trades with far players this turn, at most 3 (SL §146)
        # Cards that came into a hand in sight of everybody (zones.gain): determinization
        # leaves them where they are.
        self.seen_in_hand: list[int] = []
        self.trade_partner = -1  # Trade: the far player of the trade going on now (SL §146), or -1
        self.winners: list[int] = []
        self.over = False
        self.end_reason = ""
        self._terrain: Terrain | None = None
        self._decision: Any = None  # the pending decision, computed once per position
        self.chance: Any = None  # None: the generator answers chance (core.chance)
        # Damage cards a table entered by their printed values (reveals.py): id -> [round,
        # letters, damage, damage type, move bonus]. Replaced, never changed in place.
        self.custom_damage: dict[str, list[Any]] = {}

    # -- derived --------------------------------------------------------------------
    @property
    def terrain(self) -> Terrain:
        t = self._terrain
        if t is None:
            # Games that show the same tiles share one Terrain, and with it its caches of
            # reachable hexes and distances (static data is shared, never copied).
            key = (self.static.geo.layout, *[
                (tile, rot) if up else None for tile, up, rot in zip(self.tiles, self.face_up, self.rotation)
            ])
            t = _TERRAINS.get(key)
            if t is None:
                if len(_TERRAINS) >= 32:
                    _TERRAINS.pop(next(iter(_TERRAINS)))
                t = _TERRAINS[key] = Terrain(self.static.geo, self.tiles, self.face_up, self.rotation)
            self._terrain = t
        return t

    def invalidate_terrain(self) -> None:
        self._terrain = None

    def touch(self) -> None:
        """Forget derived data after changing the state by hand (scenarios, tests)."""
        self._terrain = None
        self._decision = None

    def raider_at(self) -> dict[int, int]:
        return {r[1]: rid for rid, r in self.raiders.items()}

    def player_at(self) -> dict[int, int]:
        return {p.hex: p.seat for p in self.players if p.hex is not None}

    def occupied(self) -> set[int]:
        occ = set(self.tokens)
        occ.update([r[1] for r in self.raiders.values()])
        occ.update([p.hex for p in self.players])
        occ.discard(None)  # players off the board
        return occ

    # -- copying and JSON -----------------------------------------------------------
    def copy(self) -> "State":
        s = State.__new__(State)
        s.static = self.static
        s.rng = self.rng
        s.round = self.round
        s.turn = self.turn
        s.current = self.current
        s.tiles = self.tiles.copy()
        s.face_up = self.face_up.copy()
        s.rotation = self.rotation.copy()
        s.tokens = self.tokens.copy()
        s.token_pool = self.token_pool.copy()
        s.markers = self.markers.copy()
        s.rumor_deck = self.rumor_deck.copy()
        s.rumors_played = self.rumors_played.copy()
        s.weather_deck = self.weather_deck.copy()
        s.weather_drawn = self.weather_drawn.copy()
        s.wind_dir = self.wind_dir
        s.storm = self.storm
        s.damage_stacks = {k: v.copy() for k, v in self.damage_stacks.items()}
        s.revealed = {k: v.copy() for k, v in self.revealed.items()}
        s.damage_discard = self.damage_discard.copy()
        s.raiders = {k: v.copy() for k, v in self.raiders.items()}
        s.next_raider = self.next_raider
        s.mirage = self.mirage.copy()
        s.raider_deck = self.raider_deck.copy()
        s.discard = self.discard.copy()
        s.supply = self.supply.copy()
        s.players = [p.copy() for p in self.players]
        s.stack = self.stack.copy()
        s.moved = self.moved
        s.refreshes = self.refreshes
        s.must_move = self.must_move
        s.traded = self.traded.copy()
        s.ability_used = self.ability_used
        s.final_turn = self.final_turn
        s.streak = [e.copy() for e in self.streak]
        s.raid_hexes = self.raid_hexes.copy()
        s.raid_routes = [r.copy() for r in self.raid_routes]
        s.trades_used = self.trades_used
        s.seen_in_hand = self.seen_in_hand.copy()
        s.trade_partner = self.trade_partner
        s.winners = self.winners.copy()
        s.over = self.over
        s.end_reason = self.end_reason
        s._terrain = self._terrain  # immutable, shared until the next exploration
        s._decision = self._decision  # the same position has the same decision
        s.chance = self.chance
        s.custom_damage = self.custom_damage
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"config": self.static.rules.to_config()}
        for name in PLAIN_FIELDS:
            out[name] = plain(getattr(self, name))
        out["tokens"] = [[h, t] for h, t in sorted(self.tokens.items())]
        out["raiders"] = [[rid, *r] for rid, r in sorted(self.raiders.items())]
        out["players"] = [p.to_json() for p in self.players]
        if self.custom_damage:
            out["custom_damage"] = {k: list(v) for k, v in self.custom_damage.items()}
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        """The state ``to_json`` wrote, unchecked: a state from outside (JSON, a save, a
        scenario) is read by ``validate.load_state``, which checks it field by field."""
        s = cls(static_from_config(data["config"]))
        for name in PLAIN_FIELDS:
            if name in data or name not in NEW_FIELDS:
                setattr(s, name, plain(data[name]))
        if "raid_routes" not in data:  # a save from before SL §146 kept its routes: one through them all
            s.raid_routes = [list(s.raid_hexes)] if s.raid_hexes else []
        s.tokens = {h: t for h, t in data["tokens"]}
        s.raiders = {r[0]: list(r[1:]) for r in data["raiders"]}
        s.players = [Player.from_json(p) for p in data["players"]]
        s.custom_damage = {k: list(v) for k, v in dict(data.get("custom_damage") or {}).items()}
        # The engine walks these tables in order (the revealed damage cards go to the
        # discard type by type, SL §48): load them in the order the set-up made them,
        # whatever order the JSON's keys came in.
        rules = s.static.rules
        s.damage_stacks = _in_order(s.damage_stacks, rules.raider_types)
        s.revealed = _in_order(s.revealed, rules.raider_types)
        s.markers = _in_order(s.markers, rules.markers)
        return s


def _in_order(table: dict[str, Any], order: Sequence[str]) -> dict[str, Any]:
    """``table`` with the keys of ``order`` first, in that order, then any others sorted."""
    rank = {key: number for number, key in enumerate(order)}
    return {key: table[key] for key in sorted(table, key=lambda k: (rank.get(k, len(rank)), k))}


# absent from saves made before the expansion (the first three) or before seen_in_hand
NEW_FIELDS = {"streak", "raid_hexes", "raid_routes", "trades_used", "seen_in_hand", "trade_partner"}

