"""The options of a game and the rules they set (checked; see ``spec.py``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from wasteland.core.protocol import RuleError

# FO-13.5: influence needed to win, by the number of players.
TARGETS = {1: 11, 2: 10, 3: 9, 4: 8}
FIGHTS = ("demo", "table")  # the chosen demo fight, or the table enters each result
KEYS = ("players", "fight", "first_player", "turn_limit")
#: the most turns a game may be set to last: a sane bound for simulations, not a rule
TURN_BOUND = 100_000


@dataclass(frozen=True)
class Rules:
    players: int = 1
    fight: str = "demo"
    first_player: int = 0
    turn_limit: int | None = None  # not a rulebook ending: a bound for simulations

    @property
    def target(self) -> int:
        return TARGETS[self.players]  # FO-13.5

    def to_config(self) -> dict[str, Any]:
        return {"players": self.players, "fight": self.fight, "first_player": self.first_player,
                "turn_limit": self.turn_limit}

    def key(self) -> str:
        return json.dumps(self.to_config(), sort_keys=True)


def rules_from_config(config: dict[str, Any]) -> Rules:
    """The rules of a config, or a RuleError naming the option it breaks."""
    if not isinstance(config, dict):
        raise RuleError("config", "the config must be a table of options")
    unknown = sorted(set(config) - set(KEYS))
    if unknown:
        raise RuleError("config", f"unknown config keys: {', '.join(unknown)}")
    players = config.get("players", 1)
    if isinstance(players, bool) or not isinstance(players, int) or players not in TARGETS:
        raise RuleError("FO-13.5", f"players must be 1 to 4 (the influence targets cover 1-4), not {players!r}")
    fight = config.get("fight", "demo")
    if fight is None:
        fight = "demo"
    if fight not in FIGHTS:
        raise RuleError("FO-13.2", f"fight must be one of {', '.join(FIGHTS)}, not {fight!r}")
    first = config.get("first_player", 0)
    if first is None:
        first = 0
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise RuleError("FO-13.4", f"first_player must be a seat 0-{players - 1}, not {first!r}")
    limit = config.get("turn_limit")
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= TURN_BOUND):
        raise RuleError("config", f"turn_limit must be a number of turns from 1 to {TURN_BOUND}, not {limit!r}")
    return Rules(players, fight, first, limit)
