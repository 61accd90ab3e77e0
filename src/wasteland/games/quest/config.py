"""The quest's configuration: heroes (one seat each), quest, a round limit."""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import RuleError

from .content import QUESTS

DEFAULTS: dict[str, Any] = {"players": 1, "quest": "lantern", "round_limit": None}
#: the most rounds a quest may be set to last or a position may name: a sane bound, not a
#: rule (night ends a quest long before, WQ-40.2)
ROUND_BOUND = 10_000


def normalize(config: dict[str, Any]) -> dict[str, Any]:
    """The full config, or a RuleError naming the option."""
    if not isinstance(config, dict):
        raise RuleError("config", "the config must be a table of options")
    unknown = sorted(set(config) - set(DEFAULTS))
    if unknown:
        raise RuleError("config", f"unknown config keys: {', '.join(unknown)}")
    for key in ("players", "quest"):  # no "nothing" for what every quest has
        if key in config and config[key] is None:
            raise RuleError(key, f"{key} needs a value, not null")
    out = {**DEFAULTS, **{k: v for k, v in config.items() if v is not None}}
    n = out["players"]
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 4:
        raise RuleError("players", f"players (heroes) must be 1 to 4, not {n!r}")
    if out["quest"] not in QUESTS:
        raise RuleError("quest", f"unknown quest {out['quest']!r}; choose {', '.join(QUESTS)}")
    lim = out["round_limit"]
    if lim is not None and (isinstance(lim, bool) or not isinstance(lim, int) or not 1 <= lim <= ROUND_BOUND):
        raise RuleError("round_limit", f"round_limit must be a whole number from 1 to {ROUND_BOUND}")
    return out
