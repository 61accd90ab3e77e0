"""The checks a key of a written position goes through in any game's scenario reader: a
table and its keys, a flag, a text, a list of texts, a seat by its number, and the
``[[procedure]]`` tables that hold an engine's procedure records. Each wrong value
is one :class:`ScenarioError` naming the key (``scenario.toml: [[player]] #2 hand``) and,
where a rule forbids it, the rule; a game adds the checks its own keys need."""

from __future__ import annotations

import tomllib
from pathlib import Path
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


def scenario_file(path: str | Path) -> str:
    """The text of a scenario file, or a ScenarioError naming the file: it cannot be read,
    or it is not UTF-8 text."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ScenarioError(str(path), f"cannot read ({exc.strerror})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(str(path), f"not UTF-8 text (byte {exc.start})") from None


def scenario_document(source: Any, origin: str = "scenario") -> dict[str, Any]:
    """The tables of a scenario's TOML text, or a ScenarioError naming ``origin``."""
    if not isinstance(source, str):
        raise ScenarioError(origin, "a scenario is TOML text")
    try:
        return tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(origin, f"not valid TOML ({exc})") from None
    except RecursionError:
        raise ScenarioError(origin, "not valid TOML (nested too deep)") from None


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


def numbered(value: Any, where: str, n: int, word: str) -> int:
    """A seat written by its number, 1 to ``n`` (``word``: the game's name for a seat,
    "survivor", "hero"), as the engine's 0-based seat."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= n:
        raise ScenarioError(where, f"{shown(value)} is not a {word} (1-{n})")
    return value - 1


def plain_value(value: Any) -> bool:
    """A number, text, true/false, or a list or table of those: what an engine's record
    of a procedure holds."""
    if isinstance(value, list):
        return all(plain_value(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain_value(v) for k, v in value.items())
    return isinstance(value, (bool, int, str))


# -- [[procedure]]: the engine's procedure records, written out and read back ----------------

#: the key of a written procedure listing its fields that hold nothing (TOML has no empty value)
NONE_KEY = "none"


def procedure_tables(stack: list[dict[str, Any]], seat_keys: tuple[str, ...] = ("seat",)) -> list[dict[str, Any]]:
    """An engine's frames as ``[[procedure]]`` tables, outermost first: the ``seat_keys``
    as seat numbers from 1, the fields holding nothing listed under ``none``."""
    out = []
    for frame in stack:
        entry: dict[str, Any] = {}
        empty = []
        for key, value in frame.items():
            if value is None:
                empty.append(key)
            else:
                entry[key] = value + 1 if key in seat_keys else value
        if empty:
            entry[NONE_KEY] = empty
        out.append(entry)
    return out


def read_procedure_tables(entries: Any, kinds: list[str] | tuple[str, ...], label: str, seat: Any,
                          seat_keys: tuple[str, ...] = ("seat",)) -> list[dict[str, Any]]:
    """The ``[[procedure]]`` tables back as frames, each table's form checked: a known
    ``kind``, its ``seat``, ``none`` naming fields given no value, plain values only.
    ``label`` names the i-th table (``"procedure {i}"``); ``seat(value, where)`` reads a seat
    number. What each kind's fields must hold is the game's to check."""
    if not isinstance(entries, list):
        raise ScenarioError("procedure", "must be a list of [[procedure]] tables")
    out = []
    for i, entry in enumerate(entries, 1):
        where = label.format(i=i)
        if not isinstance(entry, dict):
            raise ScenarioError(where, "must be a table")
        kind = entry.get("kind")
        if not isinstance(kind, str) or kind not in kinds:
            raise ScenarioError(f"{where}.kind", f"{shown(kind)} is not a procedure ({', '.join(kinds)})")
        if "seat" not in entry:
            raise ScenarioError(where, f"the {kind} procedure needs its seat")
        empty = entry.get(NONE_KEY, [])
        if not isinstance(empty, list) or not all(isinstance(k, str) for k in empty):
            raise ScenarioError(f"{where}.{NONE_KEY}", "must be a list of field names")
        frame: dict[str, Any] = {}
        for key, value in entry.items():
            if key == NONE_KEY:
                continue
            if key in empty:
                raise ScenarioError(f"{where}.{NONE_KEY}", f"{key!r} is given a value too")
            if not plain_value(value):
                raise ScenarioError(f"{where}.{key}", "must be a number, text, true/false, a list or a table "
                                    f"of them, not {shown(value)}")
            frame[key] = seat(value, f"{where}.{key}") if key in seat_keys else value
        for key in empty:
            frame[key] = None
        out.append(frame)
    return out
