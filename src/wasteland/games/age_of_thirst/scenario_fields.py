"""The checks every key of an Age of Thirst position goes through: those every game's
reader shares (``core/scenario_fields.py``: flags, texts) and its own (a table's keys, whole
numbers whose range a rule sets, lists of card names). Each refusal is one
:class:`ScenarioError` naming the key; a position the rules forbid also names the rule."""

from __future__ import annotations

from typing import Any

from wasteland.core.scenario_fields import ScenarioError, flag, shown, text

__all__ = ["ScenarioError", "flag", "keys", "names", "shown", "text", "whole"]


def keys(table: Any, known: set[str], where: str) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise ScenarioError(where, f"must be a table, not {shown(table)}")
    unknown = sorted(set(table) - known)
    if unknown:
        raise ScenarioError(where, f"unknown key(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return table


def whole(value: Any, where: str, low: int, high: int | None = None, rule: str = "scenario") -> int:
    """A whole number from ``low`` to ``high``; out of range, the refusal cites ``rule``
    (a number of the wrong form is the key's fault, whatever the rule)."""
    span = f"from {low} to {high}" if high is not None else f"at least {low}"
    if not isinstance(value, int) or isinstance(value, bool):
        raise ScenarioError(where, f"{shown(value)} must be a whole number {span}")
    if value < low or (high is not None and value > high):
        raise ScenarioError(where, f"{value!r} must be a whole number {span}", rule)
    return value


def names(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(where, f"must be a list of card names, not {shown(value)}")
    return value
