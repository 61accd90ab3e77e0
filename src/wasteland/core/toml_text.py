"""TOML text for scenario positions: the standard library reads TOML (tomllib) but writes
none. Positions are meant to be read and edited by hand, so tables are written one key a
line and lists on one line, in the order the caller gives them."""

from __future__ import annotations

import json
import math
import re
from typing import Any, Sized

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


class TomlValueError(ValueError):
    """A value TOML cannot hold (None, NaN, an object)."""


def key(name: str) -> str:
    return name if _BARE_KEY.match(name) else json.dumps(name, ensure_ascii=False)


def value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise TomlValueError("a TOML number is finite")
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + "}"
    if v is None:
        raise TomlValueError("TOML has no null value")
    raise TomlValueError(f"TOML cannot hold {type(v).__name__} values")


def position_head(title: str, game: str, guide: str, *keys: str, **tables: Sized) -> list[str]:
    """The first lines of a game's position: what it is and where its format is told
    (``guide``), the game, seed 0, the top-level ``keys`` lines given, then ``name = []``
    for each of ``tables`` that holds nothing, and a blank line. An empty list of tables
    is written as a key because TOML allows plain keys only before the first table."""
    lines = [f"# {title} position: every part named ({guide})", f"game = {value(game)}", "seed = 0", *keys]
    lines += [f"{name} = []" for name, items in tables.items() if not items]
    lines.append("")
    return lines


def table(name: str, entries: dict[str, Any], many: bool = False) -> list[str]:
    """``[name]`` (``[[name]]`` with ``many``) and its keys, then a blank line; ``name``
    may be dotted (``chance.pending``), each part a key already."""
    head = f"[[{name}]]" if many else f"[{name}]"
    return [head, *(f"{key(k)} = {value(v)}" for k, v in entries.items()), ""]


def dumps(data: dict[str, Any]) -> str:
    """A whole document: plain keys first, then each table, then the arrays of tables."""
    head, tables, arrays = [], [], []
    for k, v in data.items():
        if isinstance(v, dict):
            tables += ["", *table(key(k), v)[:-1]]
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for entry in v:
                arrays += ["", *table(key(k), entry, many=True)[:-1]]
        else:
            head.append(f"{key(k)} = {value(v)}")
    return "\n".join(head + tables + arrays) + "\n"
