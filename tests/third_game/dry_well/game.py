"""Dry Well's rules.

DW-1 Set-up: the well holds ``water`` buckets; the rope deck (1, 1, 2, 2, 3, 3, 4) is
shuffled and each seat is dealt one rope card, face down. Seat 0 starts.
DW-2 A turn: haul 1, 2 or 3 buckets (never more than the well holds).
DW-3 Instead, lower your rope: haul exactly its number of buckets (if the well holds
that many), show the card, discard it and draw a new one face down, if the deck has any.
DW-4 Whoever hauls the last bucket wins.
"""

from __future__ import annotations

from typing import Any

from wasteland.core import chance
from wasteland.core.game_base import EngineGame
from wasteland.core.protocol import Decision, NotationError, RuleError
from wasteland.core.rng import Rng, randbelow, seed_state, shuffle
from wasteland.core.view import view_head

from .spec import SPEC

ROPES = (1, 1, 2, 2, 3, 3, 4)


class State:
    def __init__(self, players: int, water: int, current: int, ropes: list[list[int]], deck: list[int],
                 discard: list[int], rng: int, over: bool = False, winners: list[int] | None = None,
                 end_reason: str | None = None, config: dict[str, Any] | None = None) -> None:
        self.players = list(range(players))
        self.water = water
        self.current = current
        self.ropes = ropes
        self.deck = deck
        self.discard = discard
        self.rng = rng
        self.over = over
        self.winners = winners or []
        self.end_reason = end_reason
        self.config = config or {"players": players, "water": water}
        self.chance: Any = None  # None: the generator answers chance (core.chance)

    def copy(self) -> "State":
        s = State.from_json(self.to_json())
        s.chance = self.chance
        return s

    def to_json(self) -> dict[str, Any]:
        return {"players": len(self.players), "water": self.water, "current": self.current,
                "ropes": [list(r) for r in self.ropes], "deck": list(self.deck), "discard": list(self.discard),
                "rng": self.rng, "over": self.over, "winners": list(self.winners), "end_reason": self.end_reason,
                "config": dict(self.config)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "State":
        players = int(data["players"])
        if not 2 <= players <= 3 or len(data["ropes"]) != players or not 0 <= data["current"] < players:
            raise ValueError("players, ropes and current do not agree")
        return cls(players, int(data["water"]), int(data["current"]), [list(r) for r in data["ropes"]],
                   list(data["deck"]), list(data["discard"]), int(data["rng"]), bool(data["over"]),
                   list(data["winners"]), data["end_reason"], dict(data["config"]))


def normalize(config: dict[str, Any]) -> dict[str, Any]:
    """The options' ranges and defaults are the spec's (``Option.take``)."""
    unknown = set(config) - {o.name for o in SPEC.options}
    if unknown:
        raise RuleError("DW-1", f"unknown options: {', '.join(sorted(unknown))}")
    return {o.name: o.take(config) for o in SPEC.options}


def new_game(config: dict[str, Any], seed: int) -> tuple[State, list[dict[str, Any]]]:
    config = normalize(config)
    s = State(config["players"], config["water"], 0, [], list(ROPES), [], seed_state(seed), config=config)
    shuffle(s, s.deck)
    s.ropes = [[s.deck.pop()] for _ in s.players]
    events = [{"type": "deal", "seat": q, "card": s.ropes[q][0]} for q in s.players]
    return s, events


def legal(s: State) -> tuple[str, ...]:
    hauls = [f"haul {n}" for n in (1, 2, 3) if n <= s.water]
    ropes = [f"rope {r}" for r in s.ropes[s.current] if r <= s.water]
    return tuple(hauls + ropes)


def decision(s: State) -> Decision | None:
    if s.over:
        return None
    return Decision(s.current, "turn", legal(s), "haul buckets or lower your rope", "DW-2")


def apply_in_place(s: State, action: str, seat: int | None = None) -> list[dict[str, Any]]:
    if s.over:
        raise RuleError("DW-4", "the game is over")
    if seat is not None and seat != s.current:
        raise RuleError("DW-2", f"it is seat {s.current}'s turn, not seat {seat}'s")
    if action not in legal(s):
        verb = action.split(" ", 1)[0] if action.strip() else ""
        if verb not in ("haul", "rope"):
            raise NotationError(f"{action!r} is not an action: haul N or rope N")
        raise RuleError("DW-3" if verb == "rope" else "DW-2", f"{action!r} is not legal now")
    verb, number = action.split()
    n = int(number)
    seat_now = s.current
    events: list[dict[str, Any]] = []
    if verb == "rope":
        s.ropes[seat_now].remove(n)
        s.discard.append(n)
        events.append({"type": "rope", "seat": seat_now, "card": n})
        if s.deck:
            # a chance point, as every draw is: the generator answers in digital play, the
            # table at a table (core.chance)
            card = chance.draw(s, s.deck, "the rope card drawn", "DW-3")
            s.ropes[seat_now].append(card)
            events.append({"type": "draw", "seat": seat_now, "card": card})
    s.water -= n
    events.append({"type": "haul", "seat": seat_now, "buckets": n, "left": s.water})
    if s.water == 0:
        s.over, s.winners = True, [seat_now]
        s.end_reason = f"seat {seat_now} hauled the last bucket (DW-4)"
        events.append({"type": "game_over", "winners": [seat_now], "reason": s.end_reason})
    else:
        s.current = (seat_now + 1) % len(s.players)
    return events


def view(s: State, seat: int | None) -> dict[str, Any]:
    d = decision(s)
    players = []
    for q in s.players:
        entry: dict[str, Any] = {"seat": q, "ropes": len(s.ropes[q])}
        if q == seat:
            entry["hand"] = list(s.ropes[q])
        players.append(entry)
    out = view_head("dry-well", seat, s.current, s.over, s.winners, s.end_reason, d)
    out.update(config=dict(s.config), water=s.water, deck=len(s.deck), discard=list(s.discard), players=players)
    return out


def describe(event: dict[str, Any]) -> str:
    kind = event.get("type")
    if kind == "haul":
        return f"Seat {event['seat']} hauls {event['buckets']} (left: {event['left']})."
    if kind == "rope":
        return f"Seat {event['seat']} lowers a rope of {event['card']}."
    if kind in ("draw", "deal"):
        card = "a rope card" if event.get("card") is None else f"rope card {event['card']}"
        return f"Seat {event['seat']} gets {card}."
    if kind == "game_over":
        return str(event["reason"])
    return str(event)


def determinize(state: State, seat: int, rng: Rng) -> State:
    s = state.copy()
    others = [q for q in s.players if q != seat]
    pool = list(s.deck) + [c for q in others for c in s.ropes[q]]
    shuffle(rng, pool)
    for q in others:
        n = len(s.ropes[q])
        s.ropes[q], pool = pool[:n], pool[n:]
    s.deck = pool
    s.rng = randbelow(rng, 1 << 63)
    return s


def evaluate(s: State) -> list[float]:
    if s.over:
        return [1.0 if q in s.winners else 0.0 for q in s.players]
    return [0.5 for _ in s.players]


class DryWell(EngineGame):
    spec = SPEC

    def __init__(self) -> None:
        import sys

        super().__init__(sys.modules[__name__], new_game, State.from_json, view, describe, determinize, evaluate)

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        return normalize(config)

    def event_view(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """A rope card dealt or drawn face down is named only to its holder (DW-1, DW-3)."""
        if event.get("type") in ("deal", "draw") and event.get("seat") != seat:
            return {**event, "card": None}
        return event


GAME = DryWell()
