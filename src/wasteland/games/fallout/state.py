"""The Fallout round-end game state: plain data, cheap to copy, lossless through JSON.

Seats are survivors, numbered 0..n-1; ``order`` is the turn order (it never changes,
FO-13.4) and ``first`` the seat holding the agenda deck, which is the first-player
marker. Enemies are tokens ``id -> (type, space, face_up)`` (``mole_rat#1``); agenda
cards are ids (``a07``). The top of the deck is the last element of ``deck``.

Static facts (the content, the map, the rules of this config) are shared by every
copy. The map is part of the state's JSON (a table may have written its own).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from wasteland.core.plain import plain
from wasteland.core.state_base import FramedState

from .config import Rules, rules_from_config
from .content import Board, Content, decode_map, load_content


@dataclass(frozen=True)
class Static:
    rules: Rules
    content: Content
    board: Board


@functools.lru_cache(maxsize=64)
def _static(rules_key: str, map_key: str) -> Static:
    rules = rules_from_config(json.loads(rules_key))
    content = load_content()
    board = content.board if not map_key else decode_map(json.loads(map_key), "state")
    return Static(rules, content, board)


def static_for(config: dict[str, Any], board: dict[str, Any] | None = None) -> Static:
    """The shared facts of a config, on the demo map or on ``board`` (a map's JSON)."""
    rules = rules_from_config(config)
    key = "" if board is None else json.dumps(board, sort_keys=True)
    return _static(rules.key(), key)


# Fields that are ints, strings, bools or lists/dicts of those, serialized as they are.
_PLAIN = ("rng", "round", "turns", "order", "first", "current", "actions_left", "space", "health",
          "radiation", "kills", "quests", "hands", "markers", "deck", "discard", "revealed", "factions",
          "last_roll", "stack", "over", "winners", "end_reason")


class State(FramedState):
    __slots__ = _PLAIN + ("round_turns", "chance", "static", "enemies", "ranged", "_decision")

    def __init__(self, static: Static) -> None:
        self.static = static
        self.rng = 0
        self.round = 1  # rounds started so far
        self.turns = 0  # survivor turns started so far
        # FO-13.1: a round is every survivor's turn, so turns are counted within their round
        # (1 to the number of survivors; fewer in a round FO-13.4 cuts short)
        self.round_turns = 0
        self.order: list[int] = []  # seats in turn order (FO-13.4: never changes)
        self.first = 0  # holder of the agenda deck = first player (FO-13.4)
        self.current: int | None = None  # the survivor taking a turn; None during a round end
        self.actions_left = 0
        self.space: list[str] = []  # per seat
        self.health: list[int] = []  # per seat, on the health/radiation track
        self.radiation: list[int] = []
        self.kills: list[int] = []  # enemies defeated (for agenda requirements)
        self.quests: list[int] = []  # quests completed
        self.hands: list[list[str]] = []  # per seat: agenda cards, hidden from the others (FO-13.5)
        self.enemies: dict[str, tuple[str, str, bool]] = {}  # id -> (type, space, face up)
        # FO-13.2: the ranged icon of a token whose icon differs from its type's (the
        # type's icon is the default: ``has_ranged_icon``)
        self.ranged: dict[str, bool] = {}
        self.markers: list[str] = []  # quest spaces with a quest marker
        self.deck: list[str] = []  # agenda deck, top = last
        self.discard: list[str] = []  # face up, top = last
        self.revealed: str | None = None  # the agenda card being resolved (FO-13.1)
        self.factions: list[int] = []  # step of each faction's token on the scenario track
        self.last_roll: list | None = None  # [seat, enemy, roll] of the latest demo fight, in plain sight
        self.stack: list[dict[str, Any]] = []  # procedures waiting on a decision; frames are replaced
        self.over = False
        self.winners: list[int] = []
        self.end_reason = ""
        self._decision: Any = None
        self.chance: Any = None  # None: the generator answers chance (core.chance)

    # -- derived ------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.static.rules

    @property
    def content(self) -> Content:
        return self.static.content

    @property
    def board(self) -> Board:
        return self.static.board

    @property
    def players(self) -> list[int]:
        return list(range(len(self.space)))

    def has_ranged_icon(self, enemy: str) -> bool:
        """FO-13.2: does this enemy show the ranged icon? Its own, else its type's."""
        return self.ranged.get(enemy, self.content.types[self.enemies[enemy][0]].ranged)

    def touch(self) -> None:
        """Forget derived data after changing the state by hand (tests, scenarios)."""
        self._decision = None

    # -- copying and JSON ---------------------------------------------------------------
    def copy(self) -> "State":
        s = State.__new__(State)
        s.static = self.static
        s.rng = self.rng
        s.round = self.round
        s.turns = self.turns
        s.round_turns = self.round_turns
        s.order = self.order  # never mutated
        s.first = self.first
        s.current = self.current
        s.actions_left = self.actions_left
        s.space = self.space.copy()
        s.health = self.health.copy()
        s.radiation = self.radiation.copy()
        s.kills = self.kills.copy()
        s.quests = self.quests.copy()
        s.hands = [h.copy() for h in self.hands]
        s.enemies = self.enemies.copy()  # values are tuples, replaced and never mutated
        s.ranged = self.ranged  # never changes after set-up
        s.markers = self.markers.copy()
        s.deck = self.deck.copy()
        s.discard = self.discard.copy()
        s.revealed = self.revealed
        s.factions = self.factions.copy()
        s.last_roll = self.last_roll  # replaced, never mutated
        s.stack = self.stack.copy()  # frames are replaced, never mutated
        s.over = self.over
        s.winners = self.winners.copy()
        s.end_reason = self.end_reason
        s._decision = self._decision
        s.chance = self.chance
        return s

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "fallout", "config": self.rules.to_config()}
        if self.board is not self.content.board:
            out["map"] = self.board.to_json()
        for name in _PLAIN:
            out[name] = plain(getattr(self, name))
        out["enemies"] = [[e, t, sp, up] for e, (t, sp, up) in sorted(self.enemies.items())]
        out["ranged"] = dict(sorted(self.ranged.items()))
        out["round_turns"] = self.round_turns
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        s = cls(static_for(data["config"], data.get("map")))
        for name in _PLAIN:
            setattr(s, name, plain(data[name]))
        s.enemies = {e: (t, sp, bool(up)) for e, t, sp, up in data["enemies"]}
        s.ranged = dict(data.get("ranged") or {})  # a state written before FO-13.2's per-token icon has none
        s.round_turns = int(data.get("round_turns", 1 if data.get("current") is not None else 0))
        return s
