"""Reading a scenario's values: each wrong value is one :class:`ScenarioError` naming
the key (``scenario.toml: [[player]] #2 hand``) and, where a rule forbids it, the rule."""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import RuleError


class ScenarioError(RuleError):
    """A scenario key that cannot be read, or a position the rules do not allow. ``rule``
    is the anchor of the broken rule, or "scenario" for a key of the wrong form."""

    def __init__(self, where: str, message: str, rule: str = "scenario") -> None:
        # The anchor is written once, in brackets: a message that ends on it already drops it.
        message = message.removesuffix(f" ({rule})")
        super().__init__(rule, f"{where}: {message}")


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(where, f"must be a table, not {shown(value)}")
    return value


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


def flag(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(where, f"must be true or false, not {shown(value)}")
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ScenarioError(where, f"must be a text, not {shown(value)}")
    return value


def texts(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(where, f"must be a list of texts, not {shown(value)}")
    return value


def known(entries: dict[str, Any], allowed: set[str] | frozenset[str], where: str) -> None:
    unknown = sorted(k for k in entries if k not in allowed)
    if unknown:
        raise ScenarioError(where, f"unknown key(s) {', '.join(map(repr, unknown))}; known: {', '.join(sorted(allowed))}")


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
