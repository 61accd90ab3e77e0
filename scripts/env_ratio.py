"""Our research environment's part of a step as a share of the engine's, on the very same games.

``wasteland bench`` splits a PettingZoo step from three separate runs (the environment's
random games, the engine's own random games, a null environment of the same spaces), whose
games differ. This script plays ``STEPS`` steps of PettingZoo's ``performance_benchmark``
loop on each game's environment (games seeded 0, 1, 2...), keeps the actions played, and
times in this process's CPU seconds, five rounds interleaved, the median of each:

* the environment's loop on those games;
* the same actions on the bare engine (``apply_in_place`` and ``decision``, what a random
  player's loop asks);
* the loop on the bench's null environment of the game's spaces (PettingZoo's loop and the
  agent's scan of the mask, which are not ours).

Ours is the environment's loop less the other two, divided by the engine's (issue #29 aims
at 30% or less). To compare two versions of the code, run it under each checkout in turn
(``PYTHONHASHSEED=0 PYTHONPATH=<checkout>/src python scripts/env_ratio.py 2000``), A B A B.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from wasteland.core.registry import get_spec
from wasteland.envs.base import env_games
from wasteland.envs.bench import NullEnv
from wasteland.envs.pettingzoo import env as make_env
from wasteland.sim.bench import config_for, player_counts


def play(e, steps: int, played: list | None) -> None:
    """``steps`` steps of the benchmark loop (``played``: each game's seed and actions' texts)."""
    rng = random.Random(0)
    turn = seed = 0
    e.reset(seed=0)
    table = getattr(e.unwrapped, "table", None)
    while turn < steps:
        for _agent in e.agent_iter(e.num_agents):
            obs, _reward, termination, truncation, _info = e.last()
            action = None if termination or truncation else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            if played is not None and action is not None:
                played[-1].append(table.actions.decode(action, table.state))
            e.step(action)
            turn += 1
            if all(e.terminations.values()) or all(e.truncations.values()):
                seed += 1
                e.reset(seed=seed)
                if played is not None:
                    played.append([seed])


def ratio(game: str, steps: int, rounds: int = 5) -> tuple[float, float, float, float]:
    """(ours ÷ the engine, µs a step of the environment, of the engine, of the null loop)."""
    spec = get_spec(game)
    e = make_env(game, **config_for(spec, player_counts(spec)[0]))
    played: list = [[0]]
    play(e, steps, played)
    table, engine = e.unwrapped.table, spec.engine
    null = NullEnv(table.players, table.observer.size, table.actions.size)

    def replay() -> None:
        for game_played in played:
            state = engine.new_game(table.config, game_played[0])
            for action in game_played[1:]:
                engine.apply_in_place(state, action)
                engine.decision(state)

    runs: dict[str, list[float]] = {"env": [], "engine": [], "null": []}
    for _ in range(rounds):
        for name, run in (("env", lambda: play(e, steps, None)), ("engine", replay), ("null", lambda: play(null, steps, None))):
            started = time.process_time()
            run()
            runs[name].append(time.process_time() - started)
    env_s, engine_s, null_s = (statistics.median(runs[k]) for k in ("env", "engine", "null"))
    return (env_s - engine_s - null_s) / engine_s, *(1e6 * s / steps for s in (env_s, engine_s, null_s))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("steps", type=int, nargs="?", default=2000)
    parser.add_argument("games", nargs="*", help="default: every game with an environment")
    args = parser.parse_args()
    for game in args.games or list(env_games()):
        ours, env_us, engine_us, null_us = ratio(game, args.steps)
        print(f"{game}: ours ÷ engine {ours:.0%} (µs a step: environment {env_us:.1f}, engine {engine_us:.1f}, "
              f"PettingZoo's loop on a null environment {null_us:.1f})", flush=True)


if __name__ == "__main__":
    main()
