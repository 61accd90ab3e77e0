"""The engine's own parts of a Fallout position: ``[state]``, ``[[procedure]]`` and ``[chance]``.

A table writing down what stands on its board needs none of these (docs/fallout-scenarios.md):
the round, the turn and the procedure it is in follow from ``[agenda]``. A position
written by the engine (``scenario_write.to_text``: the companion's corrections, a test
keeping a position) names them all, so that reading it back gives the very same state.

``[[procedure]]`` tables are the engine's procedure records, outermost first: ``kind``,
``seat`` and ``resume`` as survivor numbers (1 = the first listed), the record's other
fields as the engine holds them (enemy ids, space ids, card ids, the pending enemy
event), and ``none`` listing the fields that hold nothing (TOML has no empty value).
"""

from __future__ import annotations

from typing import Any

from wasteland.core import chance_text
from wasteland.core.chance import TableChance

from .state import State

NONE_KEY = "none"

# What each procedure needs and what it holds: "seat" a survivor, "card" an agenda card or
# nothing, "icons" enemy types, "int", "text", "enemies" enemy ids or nothing, "enemy" an
# enemy on the board, "spaces" spaces of the map, "event" a table.
FIELDS: dict[str, dict[str, str]] = {
    "round_end": {"resume": "seat"},
    "reveal": {"resume": "seat", "card": "card", "icons": "icons"},
    "activate": {"resume": "seat", "card": "card", "icons": "icons", "icon": "int", "pending": "enemies"},
    "step": {"enemy": "enemy", "steps": "spaces", "event": "event"},
    "fight": {"enemy": "enemy", "by": "text"},
    "return": {},
    "turn_over": {},
}
SEAT_FIELDS = ("seat", "resume")


class ProcedureError(ValueError):
    def __init__(self, field: str, message: str, rule: str = "scenario") -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.message, self.rule = field, message, rule


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _survivor(value: Any, where: str, n: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= n:
        raise ProcedureError(where, f"{_shown(value)} is not a survivor (1-{n})")
    return value - 1


def _plain(value: Any) -> bool:
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return isinstance(value, (bool, int, str))


def procedure_tables(s: State) -> list[dict[str, Any]]:
    """``s.stack`` as ``[[procedure]]`` tables (the reverse of :func:`read_procedures`)."""
    out = []
    for frame in s.stack:
        entry: dict[str, Any] = {}
        empty = []
        for key, value in frame.items():
            if value is None:
                empty.append(key)
            elif key in SEAT_FIELDS:
                entry[key] = value + 1
            else:
                entry[key] = value
        if empty:
            entry[NONE_KEY] = empty
        out.append(entry)
    return out


def read_procedures(s: State, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``[[procedure]]`` tables as the engine's frames, each field checked."""
    n = len(s.space)
    out = []
    for i, entry in enumerate(entries, 1):
        where = f"procedure {i}"
        kind = entry.get("kind")
        if not isinstance(kind, str) or kind not in FIELDS:
            raise ProcedureError(f"{where}.kind", f"{_shown(kind)} is not a procedure ({', '.join(FIELDS)})")
        if "seat" not in entry:
            raise ProcedureError(where, f"the {kind} procedure needs its seat")
        frame: dict[str, Any] = {}
        empty = entry.get(NONE_KEY, [])
        if not isinstance(empty, list) or not all(isinstance(k, str) for k in empty):
            raise ProcedureError(f"{where}.{NONE_KEY}", "must be a list of field names")
        for key, value in entry.items():
            if key == NONE_KEY:
                continue
            if key in empty:
                raise ProcedureError(f"{where}.{NONE_KEY}", f"{key!r} is given a value too")
            if not _plain(value):
                raise ProcedureError(f"{where}.{key}", f"must be a number, text, true/false, a list or a table "
                                     f"of them, not {_shown(value)}")
            frame[key] = _survivor(value, f"{where}.{key}", n) if key in SEAT_FIELDS else value
        for key in empty:
            frame[key] = None
        _check_fields(s, frame, where)
        out.append(frame)
    return out


def _check_fields(s: State, frame: dict[str, Any], where: str) -> None:
    kind = frame["kind"]
    content, g = s.content, s.board.graph
    for key, what in FIELDS[kind].items():
        if key not in frame:
            raise ProcedureError(where, f"the {kind} procedure needs its {key}")
        value, here = frame[key], f"{where}.{key}"
        if what == "card":
            if value is not None and value != s.revealed:
                raise ProcedureError(here, f"{_shown(value)} is not the revealed card (state.revealed)", "FO-13.1")
        elif what == "icons":
            if not isinstance(value, list) or not all(isinstance(v, str) and v in content.types for v in value):
                raise ProcedureError(here, f"must list enemy types ({', '.join(content.types)}), "
                                     f"not {_shown(value)}", "FO-13.2")
        elif what == "int":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ProcedureError(here, f"{_shown(value)} is not a number of 0 or more")
        elif what == "text":
            if not isinstance(value, str):
                raise ProcedureError(here, f"must be a text, not {_shown(value)}")
        elif what == "enemies":
            if value is not None and (not isinstance(value, list) or not all(isinstance(v, str) for v in value)):
                raise ProcedureError(here, f"must list enemy ids, not {_shown(value)}")
        elif what == "enemy":
            if not isinstance(value, str) or value not in s.enemies:
                raise ProcedureError(here, f"{_shown(value)} is no enemy on the board", "FO-13.2")
        elif what == "spaces":
            if not isinstance(value, list) or not value or not all(isinstance(v, str) and v in g for v in value):
                raise ProcedureError(here, f"must list spaces of the map, not {_shown(value)}", "FO-13.3")
        elif what == "event" and not isinstance(value, dict):
            raise ProcedureError(here, f"must be a table (the enemy's move), not {_shown(value)}")


# -- [chance] ------------------------------------------------------------------------------------


def chance_table(chance: Any) -> dict[str, Any] | None:
    """``state.chance`` as the ``[chance]`` table, the seat a survivor number."""
    return chance_text.chance_table(chance, lambda q: q + 1)


def read_chance(value: Any, n: int) -> TableChance | None:
    """``[chance]`` (core/chance_text.py), the pending seat a survivor number."""
    return chance_text.read_chance(value, lambda part: "chance" + (f".{part}" if part else ""),
                                   lambda v, where: _survivor(v, where, n), ProcedureError)
