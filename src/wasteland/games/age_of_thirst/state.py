"""The Age of Thirst game state: plain data, cheap to copy, lossless through JSON.

Static facts (content, the board graph, the rules of this config) live in a shared
:class:`Static`. Cards are plain names (``"dry"``, ``"regen1"``, ``"strike"``): cards of one
name are interchangeable, so decks, hands and discard piles are lists of names (top of a
deck = last element). Pieces on the board are ``hex -> (seat, kind)``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
import json
from typing import Any

from wasteland.core.plain import plain
from wasteland.core.state_base import FramedState

from .board import Board, board
from .config import Rules, rules_from_config
from .content import KINDS, Content, load_content

_KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}  # asked for every troop of every listing
from .params import tuned_content


@dataclass(frozen=True)
class Static:
    rules: Rules
    content: Content
    board: Board


@functools.lru_cache(maxsize=64)
def _static(key: str) -> Static:
    rules = rules_from_config(json.loads(key))
    # a designer's tuned set (params.py) prices the species of this configuration's games only
    content = tuned_content(rules.params) if rules.params else load_content()
    return Static(rules, content, board())


def static_from_config(config: dict[str, Any]) -> Static:
    return _static(rules_from_config(config).key())


# Fields that are ints, strings, bools or lists/dicts of those, serialized as they are.
PLAIN = (
    "rng", "turn", "current", "phase", "colour", "order", "levels", "water", "pumps", "injections",
    "statuses", "hands", "eye", "barred", "bought", "market_used", "acting", "source_deck",
    "source_discard", "bunker_deck", "bunker_discard", "tower_deck", "tower_discard", "stack",
    "quiet", "winners", "over", "end_reason",
)


class State(FramedState):
    __slots__ = PLAIN + ("chance", "static", "pieces", "damage", "done", "ground", "_decision")

    def __init__(self, static: Static) -> None:
        self.static = static
        self.rng = 0
        self.turn = 0  # turns started so far
        self.current = 0  # the seat whose turn it is
        self.phase = "setup"  # setup | tactical | economic (extraction runs without a stop)
        self.colour: list[str] = []  # clan colour per seat
        self.order: list[int] = []  # seats in turn order, clockwise from the first player (LO-4.5)
        self.pieces: dict[int, tuple[int, str]] = {}  # hex -> (seat, kind)
        self.damage: dict[int, int] = {}  # hex -> damage taken since the last health reset (LO-7.2)
        self.done: set[int] = set()  # hexes of the current player's troops flipped this phase (LO-7.1)
        self.acting: int | None = None  # hex of the troop that moved and may still attack
        self.levels: list[list[int]] = []  # per seat, level of each kind in KINDS order (LO-5)
        self.water: list[int] = []  # gallons per seat (LO-7.4 ruling: one integer)
        self.pumps: list[int] = []  # pump cards in front of each seat (LO-9)
        self.injections: list[list[list[str]]] = []  # per seat: [bunker card, troop kind] (LO-10.1)
        self.statuses: list[list[str]] = []  # per seat: ray-tower status cards laid on its cards (LO-11)
        self.hands: list[list[str]] = []  # per seat: hidden ray-tower cards, sorted (LO-11)
        self.eye: list[int] = []  # Eye circle 0-3 per seat (LO-12)
        self.barred: list[bool] = []  # may never occupy the centre again (LO-13.4)
        self.bought = 0  # troops bought this turn (LO-7.4: at most 5)
        self.market_used = False  # black market: one card a turn (LO-10.2)
        self.source_deck: list[str] = []
        self.source_discard: list[str] = []
        self.bunker_deck: list[str] = []
        self.bunker_discard: list[str] = []
        self.tower_deck: list[str] = []
        self.tower_discard: list[str] = []
        self.stack: list[dict[str, Any]] = []  # procedures waiting on a decision; frames are replaced
        self.quiet = 0  # turns started since the last progress (progress.py: no rulebook rule)
        # per seat, as bits: the hexes its troops have stood on since the last Eye move (progress.py)
        self.ground: list[int] = []
        self.winners: list[int] = []
        self.over = False
        self.end_reason = ""
        self._decision: Any = None
        self.chance: Any = None  # None: the generator answers chance (core.chance)

    # -- derived ------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.static.rules

    @property
    def board(self) -> Board:
        return self.static.board

    def level(self, seat: int, kind: str) -> int:
        i = _KIND_INDEX.get(kind)
        return self.levels[seat][KINDS.index(kind) if i is None else i]  # an unknown kind raises as before

    def count(self, seat: int, kind: str) -> int:
        return sum(1 for owner, k in self.pieces.values() if owner == seat and k == kind)

    def team(self, seat: int) -> int:
        return self.rules.team_of(self.colour[seat])

    def team_seats(self, seat: int) -> list[int]:
        t = self.team(seat)
        return [q for q in range(len(self.colour)) if self.team(q) == t]

    def touch(self) -> None:
        """Forget derived data after changing the state by hand (tests, scenarios)."""
        self._decision = None

    # -- copying and JSON ---------------------------------------------------------------
    def copy(self) -> "State":
        s = State.__new__(State)
        s.static = self.static
        s.rng = self.rng
        s.turn = self.turn
        s.current = self.current
        s.phase = self.phase
        s.colour = self.colour  # never changes after set-up; replaced, not mutated, by the draw
        s.order = self.order
        s.pieces = self.pieces.copy()
        s.damage = self.damage.copy()
        s.done = self.done.copy()
        s.acting = self.acting
        s.levels = [lv.copy() for lv in self.levels]
        s.water = self.water.copy()
        s.pumps = self.pumps.copy()
        s.injections = [list(x) for x in self.injections]  # the [card, kind] pairs are never mutated
        s.statuses = [x.copy() for x in self.statuses]
        s.hands = [x.copy() for x in self.hands]
        s.eye = self.eye.copy()
        s.barred = self.barred.copy()
        s.bought = self.bought
        s.market_used = self.market_used
        s.source_deck = self.source_deck.copy()
        s.source_discard = self.source_discard.copy()
        s.bunker_deck = self.bunker_deck.copy()
        s.bunker_discard = self.bunker_discard.copy()
        s.tower_deck = self.tower_deck.copy()
        s.tower_discard = self.tower_discard.copy()
        s.stack = self.stack.copy()
        s.quiet = self.quiet
        s.ground = self.ground.copy()
        s.winners = self.winners.copy()
        s.over = self.over
        s.end_reason = self.end_reason
        s._decision = self._decision
        s.chance = self.chance
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "age-of-thirst", "config": self.rules.to_config()}
        for name in PLAIN:
            out[name] = plain(getattr(self, name))
        out["pieces"] = [[h, seat, kind] for h, (seat, kind) in sorted(self.pieces.items())]
        out["damage"] = [[h, d] for h, d in sorted(self.damage.items())]
        out["done"] = sorted(self.done)
        out["ground"] = [[h for h in range(m.bit_length()) if m >> h & 1] for m in self.ground]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        """The state ``to_json`` wrote, unchecked: a state from outside (JSON, a save, a
        scenario) is read by ``validate.load_state``, which checks it field by field."""
        s = cls(static_from_config(data["config"]))
        for name in PLAIN:
            setattr(s, name, plain(data[name]))
        s.pieces = {h: (seat, kind) for h, seat, kind in data["pieces"]}
        s.damage = {h: d for h, d in data["damage"]}
        s.done = set(data["done"])
        # a state saved before the ground was kept: its troops' hexes are its ground
        ground = data.get("ground")
        s.ground = [sum(1 << h for h in set(hs)) for hs in ground] if ground is not None else [
            sum(1 << h for h, (o, k) in s.pieces.items() if o == q and k != "hedge") for q in range(s.rules.players)]
        return s

