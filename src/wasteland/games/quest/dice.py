"""Dice from the state's generator, each result also written to ``state.rolls`` (the
dice rolled by the last action, shown in every view: at a table everybody sees them).

Every die is a chance point (``core.chance``): with the table answering chance, the table
throws it and says the face."""

from __future__ import annotations

from wasteland.core import chance

from .state import State


def roll(s: State, sides: int, what: str, rule: str, term: str = "", about: tuple[tuple[str, str], ...] = ()) -> int:
    """``term`` and ``about`` name the die for a front end's words (``"weapon_die"``,
    ``(("model", "g1.2"),)``)."""
    value = chance.roll(s, f"the {what} die", sides, rule, term=term, about=about)
    s.rolls.append([what, value])
    return value
