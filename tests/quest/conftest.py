"""Helpers for the quest rule tests.

``pos(**parts)`` builds a position through the scenario format (``scenario.py``), so the
tests set up exactly the battlefield a rule needs; as at a table, its chance is the
table's (``[chance] mode = "table"``: ``chance 7`` answers the event die), unless
``table=False`` (the seed's generator draws and throws). The start tile ``gatehouse`` is 2 by 2
squares (zones a b / c d) with its closed gate on the east edge of square 1,0 (zone b);
a tile laid there by a west-facing gate position lies from square 2,0 eastward.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from wasteland.games.quest.game import GAME
from wasteland.games.quest.scenario import build_scenario

GATE = [1, 0, "E"]


def pos(players: int = 1, *, heroes: list[dict[str, Any]] | None = None, tiles: list[dict[str, Any]] | None = None,
        gates: dict[str, Any] | None = None, enemies: list[dict[str, Any]] | None = None,
        state: dict[str, Any] | None = None, drawn: str | None = None, config: dict[str, Any] | None = None,
        seed: int = 1, table: bool = True):
    data: dict[str, Any] = {"game": "quest", "seed": seed, "config": {"players": players, **(config or {})},
                            "gates": {"closed": GATE} if gates is None else gates, "state": dict(state or {})}
    if tiles is not None:
        data["tile"] = tiles
    if heroes is not None:
        data["hero"] = heroes
    if enemies is not None:
        data["enemy"] = enemies
    if drawn is not None:
        data["exploration"] = {"drawn": drawn}
    if table:
        data["chance"] = {"mode": "table"}
    return build_scenario(data, "test")


def play(s, *actions: str):
    events: list[dict[str, Any]] = []
    for a in actions:
        s, ev = GAME.apply(s, a)
        events.extend(ev)
    return s, events


def act(s, *actions: str):
    """``play``, then every chance point the last action meets answered by its first
    outcome (``answer``), so that its events come back."""
    s, events = play(s, *actions)
    if asked(s):
        s, more = answer(s)
        events += more
    return s, events


def of_type(events, kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def legal(s) -> list[str]:
    d = GAME.decision(s)
    return list(d.actions) if d else []


def kind(s) -> str | None:
    d = GAME.decision(s)
    return d.kind if d else None


def asked(s) -> str | None:
    """What the table is asked by chance (the point's term: ``event_die``,
    ``exploration_card``...), or None when no chance point waits."""
    p = GAME.chance_pending(s)
    return p.point.term if p else None


def answer(s, *outcomes, rest: bool = True) -> tuple[Any, list[dict[str, Any]]]:
    """The table's answers to the chance points in turn (``answer(s, 2, 4, 6)``: three dice);
    then (``rest``) every further point the same action meets answered by its first
    outcome (a die's 1), until a seat's decision waits. An action's events come with its
    last answer."""
    s, events = play(s, *(f"chance {o}" for o in outcomes))
    while rest and asked(s):
        s, more = play(s, GAME.decision(s).actions[0])
        events += more
    return s, events


_kit = types.ModuleType("qtest")
_kit.__dict__.update({k: v for k, v in globals().items() if not k.startswith("__")})
sys.modules["qtest"] = _kit
