"""Who plays each seat: a person at the keyboard or a bot (``--seats human,heuristic``)."""

from __future__ import annotations

import random
from typing import Any

from wasteland.core.agent import Observation
from wasteland.core.protocol import Decision, Game, RuleError
from wasteland.core.spec import GameSpec

HUMAN = "human"
HUMAN_NAMES = (HUMAN, "person", "me", "you")


def seat_names(text: str | None, players: int, default_first: str, default_rest: str) -> list[str]:
    """The seat kinds ``--seats`` names (default: the first seat ``default_first``, the
    others ``default_rest``: the game's own bot, so a new player meets a real opponent)."""
    if text:
        return [s.strip().lower() for s in text.split(",")]
    return [default_first] + [default_rest] * (players - 1)


def make_seats(spec: GameSpec, names: list[str], seed: int) -> list[Any] | str:
    """``"human"`` or an agent per seat, or the error message naming the seat that cannot
    be filled and the seat kinds there are."""
    from wasteland.agents.registry import bot_names, make_agent

    seats: list[Any] = []
    for i, name in enumerate(names):
        if name in HUMAN_NAMES:
            seats.append(HUMAN)
            continue
        try:
            seats.append(make_agent(name, seed=seed * 7 + i, spec=spec))
        except Exception as exc:  # unknown name, or a bot whose module does not load
            choices = ", ".join((HUMAN, *bot_names(spec)))
            return f"cannot seat bot {name!r} at p{i + 1}: {exc} (seat kinds: {choices})"
    return seats


def bot_action(game: Game, state: Any, d: Decision, agent: Any, salt: int) -> tuple[str, str | None]:
    """The bot's action, and a note when it failed: a broken bot must not end a person's
    game, so it then plays a random legal action instead."""
    try:
        action = agent.choose(Observation(game, state, d))
        if action not in d.actions:
            raise RuleError(d.rule, f"{action!r} is not a legal action")
        return action, None
    except Exception as exc:
        action = random.Random(salt).choice(list(d.actions))
        return action, f"p{d.seat + 1} ({agent.name}) failed ({exc}); it plays a random legal action instead"
