"""Playing whole games with bots, for the simulator, the benchmark and the tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from wasteland.agents.random_agent import RandomAgent
from wasteland.core.protocol import Game

MAX_ACTIONS = 100_000  # a safety net: no legal game of the supported rules gets near it


@dataclass
class GameResult:
    seed: int
    config: dict[str, Any]
    winners: tuple[int, ...]
    reason: str
    actions: int
    rounds: int
    record: list[str] = field(default_factory=list)


def random_playout(
    game: Game, config: dict[str, Any], seed: int, keep_record: bool = False,
    on_events: Callable[[list[dict[str, Any]]], None] | None = None,
) -> GameResult:
    """One full game in which every seat picks uniformly among its legal actions."""
    state = game.new_game(config, seed)
    agent = RandomAgent(seed ^ 0x5A17)
    record: list[str] = []
    n = 0
    while True:
        decision = game.decision(state)
        if decision is None:
            break
        action = agent.choose(decision)
        events = game.apply_in_place(state, action)
        if on_events is not None:
            on_events(events)
        if keep_record:
            record.append(action)
        n += 1
        if n >= MAX_ACTIONS:
            raise RuntimeError(f"game with seed {seed} did not end within {MAX_ACTIONS} actions")
    outcome = game.outcome(state)
    assert outcome is not None
    return GameResult(seed, config, outcome.winners, outcome.reason, n, game.rounds(state), record)
