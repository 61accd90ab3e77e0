"""The quest state: plain data, cheap to copy, lossless through JSON.

Heroes are seats (hero 1 = seat 0; seat 0 is also the **leader**, stand-in: the pages
name a leader without saying who). Enemy models are ``g<slot>.<n>`` (the group in
encounter slot 3 is "enemy group 3", WQ-39.3). Decks are lists, top = last element.
The battlefield's geometry is derived from ``placements`` and ``open_gates``.
"""

from __future__ import annotations

from typing import Any

from wasteland.core.plain import plain
from wasteland.core.state_base import FramedState

from .battlefield import Battlefield, battlefield
from .config import normalize
from .content import Content, HERO_SIZE, load_content
from .params import tuned_quest

_PLAIN = (
    "config", "rng", "round", "phase", "placements", "open_gates", "closed_gate", "lychgates",
    "items", "quest_zone", "heroes", "models", "slots", "groups", "track", "track_pos",
    "exploration_deck", "explored", "encounter_deck", "encounter_discard", "withdrawn",
    "crisis_deck", "airship", "destiny_rolled", "destiny_spent", "dusk", "destiny_denied",
    "destiny_return", "stack", "over", "winners", "end_reason", "next_model", "rolls",
)

_SCALAR = ("rng", "round", "phase", "closed_gate", "quest_zone", "track_pos", "airship", "destiny_spent", "dusk",
           "destiny_denied", "destiny_return", "over", "end_reason", "next_model")
_LISTS = ("lychgates", "items", "slots", "track", "exploration_deck", "explored", "encounter_deck",
          "encounter_discard", "withdrawn", "crisis_deck", "destiny_rolled", "winners", "rolls")

PHASES = ("setup", "expedition", "destiny", "initiative", "activation", "event")


_SIZES: dict[str, int] = {}


def _sizes() -> dict[str, int]:
    """Each enemy's size (``Content.size``) by name, read once from the content."""
    if not _SIZES:
        content = load_content()
        _SIZES.update({name: content.size(name) for name in content.enemies})
    return _SIZES


def _copy_plain(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _copy_plain(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy_plain(v) for v in x]
    return x


def _copy_frames(stack: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A deep copy of the frame stack. Frames hold plain JSON data only (dicts, lists,
    strings, numbers), so a copy of the containers is a deep copy, at a fraction of
    ``copy.deepcopy``'s cost (it keeps a memo and looks each type up)."""
    out = []
    for f in stack:
        g = dict(f)
        for k, v in g.items():
            if isinstance(v, (list, dict)):
                g[k] = _copy_plain(v)
        out.append(g)
    return out


class State(FramedState):
    __slots__ = _PLAIN + ("chance", "_decision", "_bf", "_bf_tag")

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = normalize(config)
        self.rng = 0
        self.round = 0
        self.phase = "setup"
        self.placements: list[list[Any]] = []  # [tile, turns, x, y] in laying order
        self.open_gates: list[list[Any]] = []  # [[x, y], side]: edges of laid squares
        self.closed_gate: list[Any] | None = None  # [[x, y], side] on a laid tile's border
        self.lychgates: list[list[Any]] = []
        self.items: list[str] = []  # zones holding a mystic item
        self.quest_zone = ""  # the zone with the quest symbol, once laid
        self.heroes: list[dict[str, Any]] = []  # zone, wounds, tokens, dice, inspiration
        self.models: dict[str, dict[str, Any]] = {}  # id -> enemy, group, zone, wounds, tokens
        self.slots: list[str | None] = []  # WQ-39.1: encounter cards above the battle track
        self.groups: dict[str, dict[str, Any]] = {}  # "3" -> card, models, stunned, tile
        self.track: list[str] = []  # WQ-39.3: initiative cards, "h1" hero 1, "g3" enemy group 3
        self.track_pos = 0
        self.exploration_deck: list[str] = []
        self.explored: list[str] = []  # exploration cards drawn, in order
        self.encounter_deck: list[str] = []
        self.encounter_discard: list[str] = []
        self.withdrawn: list[str] = []  # WQ-39.2: withdrawn groups' encounter cards, oldest first
        self.crisis_deck: list[str] = []
        self.airship = 0  # destiny dice available, not rolled (WQ-40.4 result 12)
        self.destiny_rolled: list[int] = []
        self.destiny_spent = 0
        self.dusk = 0  # zone of the dusk token (WQ-40.4 result 7-8)
        self.destiny_denied = False  # WQ-40.4 result 1, for the next destiny phase
        self.destiny_return = False  # WQ-40.4 result 12, after the next destiny roll
        self.stack: list[dict[str, Any]] = []
        self.over = False
        self.winners: list[int] = []
        self.end_reason = ""
        self.next_model = 1
        self.rolls: list[list[Any]] = []  # [what, result] of the dice the last action rolled
        self._decision: Any = None
        self.chance: Any = None  # None: the generator answers chance (core.chance)
        self._bf: Any = None
        self._bf_tag: Any = None

    # -- derived ------------------------------------------------------------------
    @property
    def content(self) -> Content:
        return load_content()

    @property
    def quest(self) -> Any:
        if "params" not in self.config:
            return self.content.quests[self.config["quest"]]
        # a designer's set (params.py) changes the quest's numbers
        return tuned_quest(self.config["quest"], tuple(self.config["params"].items()))

    def tuned(self, name: str, default: int) -> int:
        """A stand-in number of the game's own (``heroes.py``), or the designer's tuned one."""
        return self.config["params"].get(name, default) if "params" in self.config else default

    @property
    def players(self) -> int:
        return self.config["players"]

    @property
    def board(self) -> Battlefield:
        # ``placements`` is replaced, never edited, and gates open only with a new tile.
        tag = (id(self.placements), len(self.placements), len(self.open_gates))
        if tag != self._bf_tag:
            self._bf, self._bf_tag = self._board(), tag
        return self._bf

    def _board(self) -> Battlefield:
        return battlefield(tuple(tuple(p) for p in self.placements),
                           tuple(((g[0][0], g[0][1]), g[1]) for g in self.open_gates))

    def closed_gate_zone(self) -> str | None:
        if self.closed_gate is None:
            return None
        sq = self.closed_gate[0]
        return self.board.zone_at.get((sq[0], sq[1]))

    def hero_zones(self) -> list[str]:
        return [h["zone"] for h in self.heroes if h["zone"] is not None]

    def occupied(self, zone: str) -> int:
        n = 0
        for h in self.heroes:
            if h["zone"] == zone:
                n += HERO_SIZE
        models = self.models
        if models:
            size = _sizes()
            for m in models.values():
                if m["zone"] == zone:
                    n += size[m["enemy"]]
        return n

    def occupancy(self) -> dict[str, int]:
        """Every zone's :meth:`occupied` at once (zones holding nobody left out): for a
        caller that asks the room of many zones of one position."""
        occ: dict[str, int] = {}
        for h in self.heroes:
            z = h["zone"]
            if z is not None:
                occ[z] = occ.get(z, 0) + HERO_SIZE
        if self.models:
            size = _sizes()
            for m in self.models.values():
                z = m["zone"]
                occ[z] = occ.get(z, 0) + size[m["enemy"]]
        return occ

    def room(self, zone: str) -> int:
        return self.board.capacity[zone] - self.occupied(zone)

    def enemies_in(self, zone: str) -> list[str]:
        return [i for i, m in self.models.items() if m["zone"] == zone]

    def touch(self) -> None:
        """Forget derived data after changing the state by hand (tests, scenarios)."""
        self._decision = None
        self._bf_tag = None

    # -- copying and JSON -----------------------------------------------------------
    def copy(self) -> "State":
        s = State.__new__(State)
        for name in _SCALAR:
            setattr(s, name, getattr(self, name))
        for name in _LISTS:
            setattr(s, name, list(getattr(self, name)))
        s.config = self.config  # never changes after set-up
        s.placements = self.placements  # laid tiles are replaced, never edited in place
        s.open_gates = self.open_gates.copy()
        s.heroes = [{**h, "tokens": list(h["tokens"]), "dice": list(h["dice"])} for h in self.heroes]
        s.models = {k: {**m, "tokens": list(m["tokens"])} for k, m in self.models.items()}
        s.groups = {k: {**g, "models": list(g["models"])} for k, g in self.groups.items()}
        s.stack = _copy_frames(self.stack)
        s._decision = self._decision
        s.chance = self.chance
        s._bf, s._bf_tag = self._bf, self._bf_tag
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "quest"}
        for name in _PLAIN:
            out[name] = plain(getattr(self, name))
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        if data.get("game", "quest") != "quest":
            raise ValueError(f"game is {data.get('game')!r}")
        s = cls(data["config"])
        for name in _PLAIN:
            if name == "config":
                continue
            setattr(s, name, plain(data[name]))
        return s
