"""Train MaskablePPO (sb3-contrib, on the CPU) on one game's solo Gymnasium environment with
its dense reward, then measure the policy's win rate against the masked random policy on
the same seeds.

    pip install torch==2.13.0 '.[train]'   # a CPU torch first, then the extra
    python scripts/train_ppo.py --env wasteland/Fallout-solo-v0 --reward influence \
        --steps 100000 --eval 200 --seed 0

Prints one JSON line: the budget (steps, CPU seconds), the policy's wins and the random
policy's wins over the same ``--eval`` seeded games, each with its 95% Wilson interval. The
specs page (docs/environments.md) quotes the result it was given with ``--write``.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import wasteland.envs.gymnasium  # noqa: F401  (registers the ids)

RESULT = Path(__file__).resolve().parents[1] / "docs" / "baselines" / "ppo.json"


class Masked(gymnasium.ObservationWrapper):
    """The tensor alone as the observation; the legal mask through ``action_masks()``, which
    MaskablePPO asks before every step."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]
        self._mask: np.ndarray | None = None

    def observation(self, obs):
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"]

    def action_masks(self) -> np.ndarray:
        return self._mask


def wilson(wins: int, n: int) -> list[float]:
    if n == 0:
        return [0.0, 1.0]
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def evaluate(env_id: str, choose, games: int, seed: int, max_steps: int) -> int:
    """Wins of ``choose(obs, mask, rng)`` over ``games`` games seeded ``seed``, ``seed + 1``..."""
    env = Masked(gymnasium.make(env_id, max_steps=max_steps))
    rng = np.random.default_rng(seed)
    wins = 0
    for k in range(games):
        obs, _ = env.reset(seed=seed + k)
        done = False
        while not done:
            obs, _r, terminated, truncated, _ = env.step(choose(obs, env.action_masks(), rng))
            done = terminated or truncated
        outcome = env.unwrapped.table.outcome()
        wins += bool(outcome is not None and 0 in outcome.winners)
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="wasteland/Fallout-solo-v0")
    parser.add_argument("--reward", default="influence", help="the game's dense reward, or outcome")
    parser.add_argument("--steps", type=int, default=100_000, help="environment steps of training")
    parser.add_argument("--eval", type=int, default=200, help="games to measure the win rate on")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-steps", type=int, default=400, help="truncate a game after this many steps")
    parser.add_argument("--write", action="store_true", help="keep the result for the specs page")
    args = parser.parse_args()
    torch.set_num_threads(1)  # the figures are for one core

    env = Masked(gymnasium.make(args.env, reward=args.reward, max_steps=args.max_steps))
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=2048, batch_size=256, learning_rate=3e-4,
                        gamma=0.995, ent_coef=0.01, verbose=0, device="cpu")
    started = time.process_time()
    model.learn(total_timesteps=args.steps)
    cpu = time.process_time() - started

    def policy(obs, mask, _rng):
        return int(model.predict(obs, action_masks=mask, deterministic=True)[0])

    def random_policy(_obs, mask, rng):
        return int(rng.choice(np.flatnonzero(mask)))

    eval_seed = 1_000_000 + args.seed  # games never seen in training
    won = evaluate(args.env, policy, args.eval, eval_seed, args.max_steps)
    won_random = evaluate(args.env, random_policy, args.eval, eval_seed, args.max_steps)
    result = {"env": args.env, "reward": args.reward, "algorithm": "MaskablePPO (sb3-contrib 2.9.2, MlpPolicy)",
              "steps": args.steps, "cpu_seconds": round(cpu), "seed": args.seed, "games": args.eval,
              "wins": won, "interval": wilson(won, args.eval),
              "random_wins": won_random, "random_interval": wilson(won_random, args.eval),
              "command": f"python scripts/train_ppo.py --env {args.env} --reward {args.reward} --steps {args.steps} "
                         f"--eval {args.eval} --seed {args.seed} --max-steps {args.max_steps} --write"}
    print(json.dumps(result))
    if args.write:
        RESULT.parent.mkdir(parents=True, exist_ok=True)
        RESULT.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
