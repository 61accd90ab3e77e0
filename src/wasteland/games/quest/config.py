"""The quest's configuration: heroes (one seat each), quest, a round limit."""

from __future__ import annotations

from typing import Any

from wasteland.core.params import of_config
from wasteland.core.protocol import RuleError

from .spec import SPEC

# The heroes' stand-in numbers (heroes.py), here below every rule module so that the
# designers' parameters (params.py) can name them without importing the rules.
RECOVER = 2  # wounds a Recover action heals (stand-in)
HERO_DAMAGE = 1  # a hero's weapon use (stand-in)

# The options' ranges, values and defaults are the spec's (``Option.take``).
OPTION = {o.name: o for o in SPEC.options}


def normalize(config: dict[str, Any]) -> dict[str, Any]:
    """The full config, or a RuleError naming the option."""
    if not isinstance(config, dict):
        raise RuleError("config", "the config must be a table of options")
    unknown = sorted(set(config) - set(OPTION) - {"params"})
    if unknown:
        raise RuleError("config", f"unknown config keys: {', '.join(unknown)}")
    for key in ("players", "quest"):  # no "nothing" for what every quest has
        if key in config and config[key] is None:
            raise RuleError(key, f"{key} needs a value, not null")
    out = {name: option.take(config) for name, option in OPTION.items()}
    tuned = of_config(SPEC.name, config)  # a designer's set (params.py) goes with the game
    if tuned:
        out["params"] = tuned
    return out
