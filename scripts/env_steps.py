"""A fixed amount of research-environment work, for a counter outside the process.

``wasteland bench`` times the environment in CPU seconds, which on a shared machine move by
a fifth from one run to the next; the instructions a run executes do not (every game is
seeded). This script does one of these and nothing else, so that two runs under
``valgrind --tool=cachegrind --cache-sim=no`` (or ``farm-bench``) differ only by the work:

* ``setup GAME``: build the PettingZoo environment and reset it (what every mode below
  does first: subtract it);
* ``env GAME N [--dump FILE]``: N steps of PettingZoo's ``performance_benchmark`` loop on
  ``wasteland.envs.pettingzoo.env`` (a random index among the mask's ones, games seeded 0,
  1, 2...); ``--dump`` writes the actions played, per game, as JSON;
* ``replay GAME FILE``: the same actions on the bare engine (``apply_in_place`` and
  ``decision``, as a random player's loop asks), so that ``(env - setup) / (replay - setup)``
  is the environment's cost over the raw engine on the very same games;
* ``null GAME N``: N steps of the same loop on the bench's null environment of the game's
  spaces (the loop and the agent's scan of the mask alone).

Run with ``PYTHONHASHSEED=0`` so that the dump and its replay see the same games, e.g.::

    PYTHONHASHSEED=0 python scripts/env_steps.py env fallout 1500 --dump /tmp/played.json
    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no python scripts/env_steps.py env fallout 1500
    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no python scripts/env_steps.py replay fallout /tmp/played.json
    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no python scripts/env_steps.py setup fallout
"""

from __future__ import annotations

import argparse
import json
import random

import numpy as np

from wasteland.core.registry import get_spec
from wasteland.envs.bench import NullEnv
from wasteland.envs.pettingzoo import env as make_env
from wasteland.sim.bench import config_for, player_counts


def _loop(e, steps: int, rng: random.Random, played: list | None, reseed: bool) -> None:
    """PettingZoo's ``performance_benchmark`` loop for ``steps`` steps (``played``: the
    actions' texts per game, each list starting with the game's seed)."""
    turn, seed = 0, 0
    table = getattr(e.unwrapped, "table", None)
    while turn < steps:
        for _agent in e.agent_iter(e.num_agents):
            obs, _reward, termination, truncation, _info = e.last()
            action = None if termination or truncation else rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            if played is not None and action is not None and table is not None:
                played[-1].append(table.actions.decode(action, table.state))
            e.step(action)
            turn += 1
            if all(e.terminations.values()) or all(e.truncations.values()):
                seed += 1
                e.reset(seed=seed if reseed else None)
                if played is not None:
                    played.append([seed])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("setup", "env", "replay", "null"))
    parser.add_argument("game")
    parser.add_argument("amount", nargs="?", default="0", help="steps (env, null) or the dump to replay")
    parser.add_argument("--dump", help="env: write the actions played here (JSON)")
    args = parser.parse_args()
    spec = get_spec(args.game)
    e = make_env(args.game, **config_for(spec, player_counts(spec)[0]))
    e.reset(seed=0)
    rng = random.Random(0)
    if args.mode == "env":
        played: list | None = [[0]] if args.dump else None
        _loop(e, int(args.amount), rng, played, reseed=True)
        if args.dump:
            with open(args.dump, "w") as out:
                json.dump(played, out)
    elif args.mode == "null":
        t = e.unwrapped.table
        null = NullEnv(t.players, t.observer.size, t.actions.size)
        null.reset(seed=0)
        _loop(null, int(args.amount), rng, None, reseed=False)
    elif args.mode == "replay":
        engine, config = spec.engine, e.unwrapped.table.config
        with open(args.amount) as f:
            games = json.load(f)
        for game in games:
            state = engine.new_game(config, game[0])
            for action in game[1:]:
                engine.apply_in_place(state, action)
                engine.decision(state)


if __name__ == "__main__":
    main()
