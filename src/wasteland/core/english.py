"""A number and its English noun, said right ("1 space", "2 spaces", "1 hex", "3 hexes"):
the English log lines of every game's ``describe``, so none reads "1 space(s)". Russian and
Ukrainian name a count after a colon instead ("групп врагов: 1") in their templates."""

from __future__ import annotations


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun in its number: ``many`` where the plural is not ``one`` + "s"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
