"""The ``[chance]`` part of a position, the same in every game's scenario text.

``mode = "table"`` when the table answers every draw, shuffle and roll (the companion's
mode); ``[chance.pending]`` the action stopped at a chance point, its seat (in the game's
own words for a seat; left out for none) and the answers given so far, with
``[chance.pending.point]`` what it waits for. Without ``[chance]``, or with
``mode = "generator"`` and nothing pending, the generator answers.

A game gives its own seat words (``seat_out``/``seat_in``) and its own error (``refuse``:
where, message -> the exception to raise), so that a refusal names the key as the rest of
its scenario errors do.
"""

from __future__ import annotations

from typing import Any, Callable

from .chance import TableChance
from .toml_text import table


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def chance_table(chance: TableChance | None, seat_out: Callable[[int], Any]) -> dict[str, Any] | None:
    """``state.chance`` as the ``[chance]`` table (None: the generator answers)."""
    if chance is None:
        return None
    out = chance.to_json()
    pending = out.get("pending")
    if pending is None:
        out.pop("pending", None)
    elif pending["seat"] is None:
        del pending["seat"]  # the action that met the chance point was given for no seat
    else:
        pending["seat"] = seat_out(pending["seat"])
    return out


def chance_lines(data: dict[str, Any] | None) -> list[str]:
    """The ``[chance]``, ``[chance.pending]`` and ``[chance.pending.point]`` tables' lines
    of a :func:`chance_table` (none for None)."""
    if data is None:
        return []
    data = dict(data)
    pending = data.pop("pending", None)
    lines = table("chance", data)
    if pending is not None:
        pending = dict(pending)
        point = pending.pop("point")
        lines += table("chance.pending", pending) + table("chance.pending.point", point)
    return lines


def read_chance(value: Any, where: Callable[[str], str], seat_in: Callable[[Any, str], int],
                refuse: Callable[[str, str], Exception]) -> TableChance | None:
    """``[chance]`` read back; ``where(part)`` names ``""``, ``"pending"`` and
    ``"pending.seat"`` in the game's words for a key."""
    if not isinstance(value, dict):
        raise refuse(where(""), f"must be a table, not {_shown(value)}")
    unknown = sorted(set(value) - {"mode", "pending"})
    if unknown:
        raise refuse(where(""), f"unknown key(s) {', '.join(map(repr, unknown))}; known: mode, pending")
    mode = value.get("mode")
    if mode == "generator" and "pending" not in value:
        return None
    data: dict[str, Any] = {"mode": mode, "pending": None}
    pending = value.get("pending")
    if pending is not None:
        if not isinstance(pending, dict):
            raise refuse(where("pending"), f"must be a table, not {_shown(pending)}")
        data["pending"] = {**pending, "seat": None}
        if "seat" in pending:
            data["pending"]["seat"] = seat_in(pending["seat"], where("pending.seat"))
    try:
        return TableChance.from_json(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise refuse(where(""), f"not a table's chance ({exc}); mode is \"table\" or \"generator\"") from None
