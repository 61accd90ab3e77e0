"""The options of a game and the rules they set (checked; see ``spec.py``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from wasteland.core.params import of_config
from wasteland.core.protocol import RuleError

from .spec import FIGHTS, SPEC  # FIGHTS: the scenario reader checks a position's fight by it

# FO-13.5: influence needed to win, by the number of players (the players option's range,
# 1 to 4, is the spec's; a test holds the two equal).
TARGETS = {1: 11, 2: 10, 3: 9, 4: 8}
# The options' ranges, values and defaults are the spec's (``Option.take``).
OPTION = {o.name: o for o in SPEC.options}
KEYS = tuple(OPTION)


@dataclass(frozen=True)
class Rules:
    players: int = 1
    fight: str = "demo"
    first_player: int = 0
    turn_limit: int | None = None  # not a rulebook ending: a bound for simulations
    # a designer's tuned set (``params.py``): the rules carry it, the table stays the rulebook's
    params: tuple[tuple[str, int], ...] = ()

    @property
    def target(self) -> int:
        if self.params:  # a tuned set's target for this many players, if it names one
            return dict(self.params).get(f"target_{self.players}p", TARGETS[self.players])  # FO-13.5
        return TARGETS[self.players]  # FO-13.5

    def to_config(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": self.players, "fight": self.fight, "first_player": self.first_player,
                               "turn_limit": self.turn_limit}
        if self.params:
            out["params"] = dict(self.params)
        return out

    def key(self) -> str:
        return json.dumps(self.to_config(), sort_keys=True)


def rules_from_config(config: dict[str, Any]) -> Rules:
    """The rules of a config, or a RuleError naming the option it breaks."""
    if not isinstance(config, dict):
        raise RuleError("config", "the config must be a table of options")
    unknown = sorted(set(config) - set(KEYS) - {"params"})
    if unknown:
        raise RuleError("config", f"unknown config keys: {', '.join(unknown)}")
    players = OPTION["players"].take(config)  # FO-13.5
    fight = OPTION["fight"].take(config)  # FO-13.2
    first = OPTION["first_player"].take(config)
    if not first < players:
        raise RuleError("FO-13.4", f"first_player must be a seat 0-{players - 1}, not {first!r}")
    limit = OPTION["turn_limit"].take(config)
    return Rules(players, fight, first, limit, tuple(of_config(SPEC.name, config).items()))
