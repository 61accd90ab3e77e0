"""Reading a Saltlands scenario's values: the checks every game's reader shares
(``core/scenario_fields.py``) and Saltlands' own (seats, whole numbers, the generator)."""

from __future__ import annotations

from typing import Any

from wasteland.core.scenario_fields import ScenarioError, flag, known, shown, table, text, texts

__all__ = ["ScenarioError", "flag", "known", "rng_state", "seat", "shown", "table", "tables", "text", "texts", "whole"]


def tables(data: dict[str, Any], key: str, origin: str) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ScenarioError(f"{origin}: {key}", f"must be an array of tables ([[{key}]] ...), not {shown(value)}")
    return value


def whole(value: Any, where: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ScenarioError(where, f"must be a whole number {span}, not {shown(value)}")
    return value


def seat(value: Any, where: str, players: int) -> int:
    name = text(value, where)
    if not name.startswith("p") or not name[1:].isdecimal() or not 1 <= int(name[1:]) <= players:
        raise ScenarioError(where, f"{name!r} is not one of p1..p{players}", "SL §15")
    return int(name[1:]) - 1


def rng_state(value: Any, where: str) -> int:
    """The generator's state, written as hexadecimal digits (it needs 64 bits unsigned,
    more than a TOML integer holds)."""
    digits = text(value, where)
    try:
        number = int(digits, 16)
    except ValueError:
        number = -1
    if not 0 <= number < 1 << 64:
        raise ScenarioError(where, f"{shown(value)} is not a generator state (up to 16 hexadecimal digits)")
    return number
