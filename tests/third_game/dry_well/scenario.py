"""A Dry Well position from TOML: game = "dry-well", water (12), current (0), ropes (one
list per seat; [[1], [2]]), deck (empty)."""

from __future__ import annotations

import tomllib
from typing import Any

from wasteland.core.protocol import RuleError
from wasteland.core.rng import seed_state

from .game import State


def from_text(text: str, origin: str = "scenario") -> State:
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError("scenario", f"{origin}: not valid TOML ({exc})") from None
    if data.get("game") != "dry-well":
        raise RuleError("scenario", f"{origin}: game must be \"dry-well\"")
    unknown = set(data) - {"game", "water", "current", "ropes", "deck", "seed"}
    if unknown:
        raise RuleError("scenario", f"{origin}: unknown key(s) {', '.join(sorted(unknown))}")
    ropes = data.get("ropes", [[1], [2]])  # a position of two seats by default
    if not isinstance(ropes, list) or not 2 <= len(ropes) <= 3 or not all(isinstance(r, list) for r in ropes):
        raise RuleError("scenario", f"{origin}: ropes: one list of rope cards per seat (2 or 3 seats)")
    water, current = data.get("water", 12), data.get("current", 0)
    if not isinstance(water, int) or water < 1:
        raise RuleError("scenario", f"{origin}: water: a number of buckets, at least 1")
    if not isinstance(current, int) or not 0 <= current < len(ropes):
        raise RuleError("scenario", f"{origin}: current: a seat from 0 to {len(ropes) - 1}")
    config = {"players": len(ropes), "water": water}
    return State(len(ropes), water, current, [list(r) for r in ropes], list(data.get("deck", [])), [],
                 seed_state(int(data.get("seed", 0))), config=config)
