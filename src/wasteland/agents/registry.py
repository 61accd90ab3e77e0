"""Bots by name, for the CLI, the simulator and the server."""

from __future__ import annotations

from typing import Any, Callable

from wasteland.agents.base import Agent

AgentFactory = Callable[[int, dict[str, Any]], Agent]


def _random(seed: int, options: dict[str, Any]) -> Agent:
    from wasteland.agents.random_agent import RandomAgent

    return RandomAgent(seed)


def _heuristic(seed: int, options: dict[str, Any]) -> Agent:
    """The game's own bot: ``game`` option, Saltlands by default (existing callers)."""
    game = options.get("game", "saltlands")
    if game == "saltlands":
        from wasteland.games.saltlands.bot import HeuristicAgent

        return HeuristicAgent(seed)
    if game == "age-of-thirst":
        from wasteland.games.age_of_thirst.bot import HeuristicAgent as AgeOfThirstAgent

        return AgeOfThirstAgent(seed)
    raise ValueError(f"no heuristic bot for game {game!r}")


def _ismcts(seed: int, options: dict[str, Any]) -> Agent:
    from wasteland.agents.ismcts import ISMCTSAgent

    # ISMCTS is game-agnostic: the game comes with each observation.
    return ISMCTSAgent(seed, **{k: v for k, v in options.items() if k != "game"})


AGENTS: dict[str, AgentFactory] = {"random": _random, "heuristic": _heuristic, "ismcts": _ismcts}


def make_agent(name: str, seed: int = 0, **options: Any) -> Agent:
    """A bot by name: ``random``, ``heuristic`` (the game's own, chosen by the ``game``
    option, default ``saltlands``), ``ismcts``. A budget may follow the name:
    ``ismcts:200`` searches 200 iterations a decision, ``ismcts:1s`` one second."""
    name, _, budget = name.partition(":")
    if budget:
        if name != "ismcts":
            raise ValueError(f"only ismcts takes a budget, not {name!r}")
        try:
            if budget.endswith("s"):
                options = {**options, "iterations": None, "seconds": float(budget[:-1])}
            else:
                options = {**options, "iterations": int(budget)}
        except ValueError:
            raise ValueError(f"bad ismcts budget {budget!r}: write iterations (ismcts:200) or seconds (ismcts:1s)") from None
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(AGENTS)}") from None
    return factory(seed, options)
