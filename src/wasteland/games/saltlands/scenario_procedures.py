"""``[[procedure]]``: the procedures a position is in the middle of (an attack being
soaked, a raider activation, a card waiting for a slot...), innermost last.

Each table is one of the engine's procedure records as the writer wrote it: ``kind``,
``seat`` (``"p2"``), and the record's own fields as numbers (hexes, raiders and cards
by their numbers in the state), lists and texts; ``none`` lists the fields that hold
nothing (TOML has no empty value). A hand-written position rarely needs these: it
names the pieces, and the turn of ``current`` starts by the rules.
"""

from __future__ import annotations

from typing import Any

from .scenario_fields import ScenarioError, seat, shown, text, texts
from .state import State

NONE_KEY = "none"


def read_procedures(s: State, entries: list[dict[str, Any]], origin: str) -> list[dict[str, Any]]:
    from .engine import OPTIONS, RUN

    kinds = set(OPTIONS) | set(RUN)
    out = []
    for i, entry in enumerate(entries):
        where = f"{origin}: [[procedure]] #{i + 1}"
        kind = text(entry.get("kind"), f"{where} kind")
        if kind not in kinds:
            raise ScenarioError(f"{where} kind", f"{kind!r} is not a procedure ({', '.join(sorted(kinds))})")
        frame: dict[str, Any] = {"kind": kind, "seat": seat(entry.get("seat"), f"{where} seat", len(s.players))}
        for key, value in entry.items():
            if key in ("kind", "seat", NONE_KEY):
                continue
            if not _plain(value):
                raise ScenarioError(f"{where} {key}", f"must be a number, text, true/false or a list of them, "
                                    f"not {shown(value)}")
            frame[key] = value
        for key in texts(entry.get(NONE_KEY, []), f"{where} {NONE_KEY}"):
            if key in frame:
                raise ScenarioError(f"{where} {NONE_KEY}", f"{key!r} is given a value too")
            frame[key] = None
        if kind == "place":
            card = frame.get("card")
            if type(card) is not int or not 0 <= card < len(s.static.catalog.cards):
                raise ScenarioError(f"{where} card", f"{shown(card)} is not a card number")
        out.append(frame)
    return out


def _plain(value: Any) -> bool:
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return isinstance(value, (bool, int, str))


def procedure_tables(s: State) -> list[dict[str, Any]]:
    """The state's procedures as ``[[procedure]]`` tables (the reverse of ``read_procedures``)."""
    out = []
    for frame in s.stack:
        entry: dict[str, Any] = {"kind": frame["kind"], "seat": f"p{frame['seat'] + 1}"}
        empty = []
        for key, value in frame.items():
            if key in ("kind", "seat"):
                continue
            if value is None:
                empty.append(key)
            else:
                entry[key] = value
        if empty:
            entry[NONE_KEY] = empty
        out.append(entry)
    return out
