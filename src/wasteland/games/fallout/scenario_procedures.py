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
from wasteland.core.scenario_fields import ScenarioError, numbered, shown
from wasteland.core.scenario_fields import procedure_tables as frame_tables
from wasteland.core.scenario_fields import read_procedure_tables

from .state import State

__all__ = ["chance_table", "procedure_tables", "read_chance", "read_procedures"]

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
    "share": {"winner": "seat"},  # FO-13.5: the survivor whose victory may be shared
}
SEAT_FIELDS = ("seat", "resume", "winner")


def _survivor(value: Any, where: str, n: int) -> int:
    return numbered(value, where, n, "survivor")


def procedure_tables(s: State) -> list[dict[str, Any]]:
    """``s.stack`` as ``[[procedure]]`` tables (the reverse of :func:`read_procedures`)."""
    return frame_tables(s.stack, SEAT_FIELDS)


def read_procedures(s: State, entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ``[[procedure]]`` tables as the engine's frames, each field checked."""
    n = len(s.space)
    out = read_procedure_tables(entries, tuple(FIELDS), "procedure {i}", lambda v, where: _survivor(v, where, n),
                                SEAT_FIELDS)
    for i, frame in enumerate(out, 1):
        check_frame_fields(s, frame, f"procedure {i}")
    return out


def check_frame_fields(s: State, frame: dict[str, Any], where: str) -> None:
    """Each field a procedure of its kind needs, of its kind (the loaded state's check too)."""
    kind = frame["kind"]
    content, g = s.content, s.board.graph
    for key, what in FIELDS[kind].items():
        if key not in frame:
            raise ScenarioError(where, f"the {kind} procedure needs its {key}")
        value, here = frame[key], f"{where}.{key}"
        if what == "card":
            if value is not None and value != s.revealed:
                raise ScenarioError(here, f"{shown(value)} is not the revealed card (state.revealed)", "FO-13.1")
        elif what == "icons":
            if not isinstance(value, list) or not all(isinstance(v, str) and v in content.types for v in value):
                raise ScenarioError(here, f"must list enemy types ({', '.join(content.types)}), "
                                    f"not {shown(value)}", "FO-13.2")
        elif what == "int":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ScenarioError(here, f"{shown(value)} is not a number of 0 or more")
        elif what == "text":
            if not isinstance(value, str):
                raise ScenarioError(here, f"must be a text, not {shown(value)}")
        elif what == "enemies":
            if value is not None and (not isinstance(value, list) or not all(isinstance(v, str) for v in value)):
                raise ScenarioError(here, f"must list enemy ids, not {shown(value)}")
        elif what == "enemy":
            if not isinstance(value, str) or value not in s.enemies:
                raise ScenarioError(here, f"{shown(value)} is no enemy on the board", "FO-13.2")
        elif what == "spaces":
            if not isinstance(value, list) or not value or not all(isinstance(v, str) and v in g for v in value):
                raise ScenarioError(here, f"must list spaces of the map, not {shown(value)}", "FO-13.3")
        elif what == "event" and not isinstance(value, dict):
            raise ScenarioError(here, f"must be a table (the enemy's move), not {shown(value)}")


# -- [chance] ------------------------------------------------------------------------------------


def chance_table(chance: Any) -> dict[str, Any] | None:
    """``state.chance`` as the ``[chance]`` table, the seat a survivor number."""
    return chance_text.chance_table(chance, lambda q: q + 1)


def read_chance(value: Any, n: int) -> TableChance | None:
    """``[chance]`` (core/chance_text.py), the pending seat a survivor number."""
    return chance_text.read_chance(value, lambda part: "chance" + (f".{part}" if part else ""),
                                   lambda v, where: _survivor(v, where, n), ScenarioError)
