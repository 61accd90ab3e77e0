"""Dice from the state's generator, each result also written to ``state.rolls`` (the
dice rolled by the last action, shown in every view: at a table everybody sees them)."""

from __future__ import annotations

from wasteland.core.rng import randbelow

from .state import State


def roll(s: State, sides: int, what: str) -> int:
    value = 1 + randbelow(s, sides)
    s.rolls.append([what, value])
    return value
