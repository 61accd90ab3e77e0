"""The checks every key of an Age of Thirst position goes through: a table's keys, whole
numbers, flags, lists of card names. Each refusal is one :class:`ScenarioError` naming the
key; a position the rules forbid also names the rule."""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import RuleError


class ScenarioError(RuleError):
    """A key that cannot be read, or a position the rules do not allow. ``rule`` is the
    anchor of the broken rule, or "scenario" for a key of the wrong form."""

    def __init__(self, where: str, message: str, rule: str = "scenario") -> None:
        # The anchor is written once: a message that ends on it leaves it to ``rule``.
        message = message.removesuffix(f" ({rule})")
        super().__init__(rule, f"{where}: {message}")


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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


def flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(where, f"{shown(value)} must be true or false")
    return value


def names(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(where, f"must be a list of card names, not {shown(value)}")
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ScenarioError(where, f"must be a text, not {shown(value)}")
    return value
