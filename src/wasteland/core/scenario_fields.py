"""The checks a key of a written position goes through in any game's scenario reader: a
table and its keys, a flag, a text, a list of texts, the generator's state. Each wrong value
is one :class:`ScenarioError` naming the key (``scenario.toml: [[player]] #2 hand``) and,
where a rule forbids it, the rule; a game adds the checks its own keys need."""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import RuleError


class ScenarioError(RuleError):
    """A key that cannot be read, or a position the rules do not allow. ``rule`` is the
    anchor of the broken rule, or "scenario" for a key of the wrong form (no rule is broken:
    the key is named)."""

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


def known(entries: dict[str, Any], allowed: set[str] | frozenset[str], where: str) -> None:
    unknown = sorted(k for k in entries if k not in allowed)
    if unknown:
        raise ScenarioError(where, f"unknown key(s) {', '.join(map(repr, unknown))}; known: {', '.join(sorted(allowed))}")


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
