"""Dice from the state's generator, each result also written to ``state.rolls`` (the
dice rolled by the last action, shown in every view: at a table everybody sees them).

Every die is a chance point (``core.chance``): with the table answering chance, the table
throws it and says the face."""

from __future__ import annotations

from wasteland.core import chance

from .state import State


def roll(s: State, sides: int, what: str, rule: str) -> int:
    value = chance.roll(s, f"the {what} die", sides, rule)
    s.rolls.append([what, value])
    return value
