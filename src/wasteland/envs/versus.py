"""OpenSpiel's IS-MCTS against our ISMCTS (``wasteland.agents.ismcts``) on one game.

Two seats, the two searchers swapping seats every game; each gets the same number of
simulations. ``python -m wasteland.envs.versus GAME --games 300 --budget 50`` prints the
tally as JSON (wins of each side, games nobody won, seconds), and the running tally on
stderr after each game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from wasteland.agents.registry import make_agent
from wasteland.core.agent import Observation

from . import openspiel as wo


def play_versus(game: str, games: int, budget: int = 30, seed: int = 0, progress: Any = None,
                **options: Any) -> dict[str, Any]:
    """The tally of ``games`` games; ``progress(tally)`` is called after each game."""
    options.setdefault("players", 2)
    g = wo.load(game, seed=seed, **options)
    table = g.table
    tally = {"game": game, "games": games, "budget": budget, "options": options,
             "openspiel_ismcts": 0, "our_ismcts": 0, "both": 0, "nobody": 0}
    start = time.perf_counter()
    for k in range(games):
        random.seed(seed + k)
        ours_seat = k % 2  # swap seats every game
        rs = np.random.RandomState(seed + k)
        theirs = ismcts.ISMCTSBot(g, mcts.RandomRolloutEvaluator(1, rs), 1.0, budget, random_state=rs)
        ours = make_agent(f"ismcts:{budget}", seed + k, spec=table.spec)
        state = g.new_initial_state()
        while not state.is_terminal():
            seat = state.current_player()
            if seat == ours_seat:
                d = table.engine.decision(state.engine_state)
                text = ours.choose(Observation(table.engine, state.engine_state, d))
                action = table.actions.encode(text, state.engine_state)
            else:
                action = theirs.step(state)
            state.apply_action(int(action))
        returns = state.returns()
        mine, other = returns[ours_seat] > 0, returns[1 - ours_seat] > 0
        key = "both" if mine and other else "our_ismcts" if mine else "openspiel_ismcts" if other else "nobody"
        tally[key] += 1
        tally["played"] = k + 1
        if progress is not None:
            progress(dict(tally, seconds=round(time.perf_counter() - start, 1)))
    tally["seconds"] = round(time.perf_counter() - start, 1)
    return tally


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--budget", type=int, default=30, help="simulations per move, for both")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option (an int or a text), repeatable")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = int(value) if value.lstrip("-").isdigit() else value
    def progress(tally: dict[str, Any]) -> None:
        print(json.dumps(tally), file=sys.stderr, flush=True)

    print(json.dumps(play_versus(args.game, args.games, args.budget, args.seed, progress=progress, **options)))


if __name__ == "__main__":
    main()
