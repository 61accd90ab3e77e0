"""A heuristic bot's weights: one named table per game, in the game's data.

Each game's heuristic bot reads the numbers it plays by (how much a crew member is worth,
how hurt it must be to rest...) from ``data/bot_weights.toml`` of the game's package, so
that ``scripts/tune_bot.py GAME`` can tune them on paired seeds and keep the tuned set, with
the run that produced it in the file's comments. The file holds one table per bot
(``[heuristic]``); each key is a weight, and ``[heuristic.range]`` gives the interval the
tuner searches for it (``name = [low, high]``; a weight without a range is not tuned).

A bot made with ``weights={...}`` (the tuner's candidates) plays with those numbers over
the file's; a name the table does not have is an error, so a misspelt weight never goes
unnoticed.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
import tomllib
from typing import Any, Mapping

FILE = "bot_weights.toml"


class WeightsError(ValueError):
    """A weight the bot does not have, or a malformed weights file."""


@lru_cache(maxsize=None)
def _table(package: str) -> dict[str, Any]:
    text = resources.files(package).joinpath("data", FILE).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise WeightsError(f"{package} data/{FILE}: {exc}") from None


def table(package: str, bot: str = "heuristic") -> dict[str, float]:
    """The bot's weights as the game's data gives them (ranges left out)."""
    try:
        raw = _table(package)[bot]
    except KeyError:
        raise WeightsError(f"{package} data/{FILE} has no [{bot}] table") from None
    return {k: v for k, v in raw.items() if k != "range"}


def ranges(package: str, bot: str = "heuristic") -> dict[str, tuple[float, float]]:
    """The interval the tuner searches for each tuned weight."""
    raw = _table(package)[bot].get("range", {})
    weights = table(package, bot)
    for name in raw:
        if name not in weights:
            raise WeightsError(f"{package} data/{FILE}: range for {name!r}, which [{bot}] does not have")
    return {k: (v[0], v[1]) for k, v in raw.items()}


def resolve(package: str, given: Mapping[str, float] | None = None, bot: str = "heuristic") -> dict[str, float]:
    """The weights a bot plays by: the file's, with ``given`` over them. Integers stay
    integers where the file writes an integer (a count of samples, a distance)."""
    weights = table(package, bot)
    for name, value in (given or {}).items():
        if name not in weights:
            raise WeightsError(f"unknown {bot} weight {name!r}; the bot has {', '.join(sorted(weights))}")
        weights[name] = int(round(value)) if isinstance(weights[name], int) else float(value)
    return weights


__all__ = ["FILE", "WeightsError", "ranges", "resolve", "table"]
