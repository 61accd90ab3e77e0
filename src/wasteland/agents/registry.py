"""Bots by name, for the CLI, the simulator and the server.

Two bots play every game: ``random`` and ``ismcts`` (guided by the game's search guide
when its spec declares one, as OpenSpiel's ``ISMCTSBot(game, evaluator)`` takes its
evaluator). Every other name is one of the game's own bots, from its spec, or a bot given by
import path: ``package.module:factory`` (a dotted module, a colon, a name in it), called as
``factory(seed=..., spec=...)`` and returning an agent (``choose(observation) -> action``).
"""

from __future__ import annotations

import importlib
from typing import Any

from wasteland.core.agent import Agent
from wasteland.core.spec import GameSpec

SHARED_BOTS = {"random": "picks uniformly among the legal actions",
               "ismcts": "information-set Monte-Carlo tree search on samples of what it cannot see "
                         "(a budget may follow: ismcts:200 iterations, ismcts:1s CPU seconds a decision)"}


def bot_names(spec: GameSpec) -> tuple[str, ...]:
    """Every bot name the game accepts (budgets aside)."""
    return tuple(SHARED_BOTS) + tuple(b.name for b in spec.bots)


def _budget(name: str, budget: str, options: dict[str, Any]) -> dict[str, Any]:
    if name != "ismcts":
        raise ValueError(f"only ismcts takes a budget, not {name!r}")
    try:
        if budget.endswith("s"):
            return {**options, "iterations": None, "seconds": float(budget[:-1])}
        return {**options, "iterations": int(budget)}
    except ValueError:
        raise ValueError(f"bad ismcts budget {budget!r}: write iterations (ismcts:200) or seconds (ismcts:1s)") from None


def make_agent(name: str, seed: int = 0, spec: GameSpec | None = None, game: str | None = None,
               **options: Any) -> Agent:
    """A bot by name for the game of ``spec`` (or the installed game named ``game``):
    ``random``, ``ismcts[:budget]`` or one of the game's own (``heuristic``...)."""
    if spec is None and game is not None:
        from wasteland.core.registry import get_spec

        spec = get_spec(game)
    base, _, budget = name.partition(":")
    if "." in base:
        return _imported(name, seed, spec)
    if budget:
        options = _budget(base, budget, options)
    if base == "random":
        from wasteland.agents.random_agent import RandomAgent

        return RandomAgent(seed)
    if base == "ismcts":
        from wasteland.agents.ismcts import ISMCTSAgent

        guide = spec.make_guide if spec is not None and spec.guide else None
        return ISMCTSAgent(seed, guide=guide, **options)
    own = spec.bot(base) if spec is not None else None
    if own is None:
        known = bot_names(spec) if spec is not None else tuple(SHARED_BOTS)
        raise ValueError(f"unknown bot {name!r}; choose one of {', '.join(known)}")
    return own.make(seed, **options)


def _imported(path: str, seed: int, spec: GameSpec | None) -> Agent:
    """The bot of an import path ``package.module:factory``."""
    module, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"bot {path!r}: an import path names its factory after a colon (package.module:factory)")
    try:
        factory = getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"bot {path!r}: cannot import it ({exc})") from None
    agent = factory(seed=seed, spec=spec)
    if not callable(getattr(agent, "choose", None)):
        raise ValueError(f"bot {path!r}: {attribute} made no agent (an object with choose(observation))")
    return agent
