"""A tuned set given when a game or a companion session is created (``params`` of
``POST /api/games`` and ``POST /api/companion``; ``wasteland.core.params``).

The set goes into the game's config (``config.params``), which the store keeps with the
game: every node that resumes the game sets it up from that config, so the game plays
its own numbers wherever it is played, beside games with other numbers, and its record
names them."""

from __future__ import annotations

from typing import Any

from wasteland.core.params import ParamError, check, read_text
from wasteland.core.spec import GameSpec

from .errors import ApiError, bad_request

#: the longest tuned set a request may paste (a set is a few lines of NAME = NUMBER)
PARAMS_TEXT_LIMIT = 4000


def request_params(body: dict[str, Any], spec: GameSpec, config: dict[str, Any]) -> dict[str, int]:
    """The request's tuned set (``params``: the text of a TOML file of ``NAME = NUMBER``
    lines, or an object of them), checked against the game's ranges: an error (400
    ``bad_params``) names the parameter, its range and its rule, as ``wasteland games GAME
    --params`` lists them. The values at their defaults are left out."""
    raw = body.get("params")
    if raw is None:
        return {}
    if "params" in config:
        raise bad_request("give the tuned numbers either in 'params' or in 'config', not both", field="params")
    try:
        if isinstance(raw, str):
            if len(raw) > PARAMS_TEXT_LIMIT:
                raise bad_request(f"'params' must be at most {PARAMS_TEXT_LIMIT} characters of TOML", field="params")
            return read_text(spec, raw, "params")
        return check(spec, raw, "params")
    except ParamError as exc:
        raise ApiError(400, "bad_params", str(exc), exc.rule,
                       field=f"params.{exc.param}" if exc.param else "params") from None


def with_params(config: dict[str, Any], tuned: dict[str, int]) -> dict[str, Any]:
    """``config`` naming the set (unchanged without one)."""
    return {**config, "params": tuned} if tuned else config
