"""Bots by name, for the CLI, the simulator and the server."""

from __future__ import annotations

from typing import Any, Callable

from wasteland.agents.base import Agent

AgentFactory = Callable[[int, dict[str, Any]], Agent]


def _random(seed: int, options: dict[str, Any]) -> Agent:
    from wasteland.agents.random_agent import RandomAgent

    return RandomAgent(seed)


def _heuristic(seed: int, options: dict[str, Any]) -> Agent:
    from wasteland.games.saltlands.bot import HeuristicAgent

    return HeuristicAgent(seed)


def _ismcts(seed: int, options: dict[str, Any]) -> Agent:
    from wasteland.agents.ismcts import ISMCTSAgent

    return ISMCTSAgent(seed, **options)


AGENTS: dict[str, AgentFactory] = {"random": _random, "heuristic": _heuristic, "ismcts": _ismcts}


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """A bot by name: ``random``, ``heuristic`` (the game's own), ``ismcts``."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(AGENTS)}") from None
    return factory(seed, options)
