"""Tune a game's heuristic bot weights on paired seeds (issue 33).

    PYTHONPATH=src python scripts/tune_bot.py GAME [--trials N] [--games N] [--check N] [--seed S]

The weights are the ``[heuristic]`` table of the game's ``data/bot_weights.toml``; the ones
with a ``[heuristic.range]`` are searched. The optimiser is the designers' tuner's
(``wasteland.sim.tune.new_study`` and ``optimise``: Optuna's TPE, seeded, the file's numbers
as the first candidate). Every candidate plays the same ``--games`` seeds (each in every seat
order, ``wasteland.sim.ladder.paired``): alone for a game the bot plays solo (its win rate),
or against the file's own heuristic (its score share) in a game of two seats.

The best candidate is then played again with the file's numbers on ``--check`` fresh seeds
(the search's own seeds flatter the best of many); it replaces the file's numbers only if
its paired difference there is above zero. Either way the file's header records the run:
the command, seeds, trials, the scores with their 95% intervals.
"""

from __future__ import annotations

import argparse
from datetime import datetime, timezone
from importlib import resources
import re
import sys
import time

from wasteland.core import bot_weights
from wasteland.core.registry import get_spec
from wasteland.sim import ladder
from wasteland.sim.report import wilson
from wasteland.sim.tune import new_study, optimise

#: what each game's bot is tuned on: the options and the lineup ("bot": the candidate)
SETTINGS = {
    "saltlands": ({"players": 1, "difficulty": "normal"}, ["bot"]),
    "quest": ({"players": 1}, ["bot"]),
    "fallout": ({"players": 2}, ["bot", "heuristic"]),
    "age-of-thirst": ({"players": 2}, ["bot", "heuristic"]),
}
CHECK_SEED = 100_000  # the check's seeds start here, far from the search's


def play(game: str, names: list[str], games: int, seed: int, workers: int) -> list[dict[int, float]]:
    """Each name's score per seed, on the same seeds (one pool for all of them)."""
    options, lineup = SETTINGS[game]
    options = ladder.match_options(game, options)
    jobs = []
    for name in names:
        jobs += ladder.paired(game, [name if b == "bot" else b for b in lineup], games, seed, options)
    matches = list(ladder.run(jobs, workers))
    return [ladder.by_seed([m for m in matches if name in m.lineup], name) for name in names]


def describe(scores: dict[int, float], solo: bool) -> str:
    if solo:
        won, n = int(round(sum(scores.values()))), len(scores)
        lo, hi = wilson(won, n)
        return f"{won}/{n} won = {won / n:.3f} [95% {lo:.3f}, {hi:.3f}]"
    mean, lo, hi = ladder.mean_interval(list(scores.values()))
    return f"score share {mean:.3f} [95% {lo:.3f}, {hi:.3f}] over {len(scores)} seeds"


def rewrite(package: str, values: dict[str, float], run: list[str]) -> str:
    """The weights file with ``values`` in its ``[heuristic]`` table and ``run`` as its record."""
    text = resources.files(package).joinpath("data", bot_weights.FILE).read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if not ln.startswith(("# tuned:", "#   ")) and "(none yet" not in ln]
    out, table = [], None
    for ln in lines:
        head = re.match(r"\[(.+)\]", ln)
        if head:
            table = head.group(1)
        key = re.match(r"(\w+)(\s*=\s*)([^#]+?)(\s*#.*)?$", ln)
        if table == "heuristic" and key and key.group(1) in values:
            v = values[key.group(1)]
            shown = str(int(round(v))) if re.fullmatch(r"-?\d+", key.group(3).strip()) else f"{v:.6g}"
            if "." not in shown and "e" not in shown and not re.fullmatch(r"-?\d+", key.group(3).strip()):
                shown += ".0"
            ln = f"{key.group(1)}{key.group(2)}{shown}{key.group(4) or ''}"
        out.append(ln)
    first = next(k for k, ln in enumerate(out) if ln.startswith("[heuristic]"))
    block = ["# tuned: " + run[0]] + ["#   " + r for r in run[1:]] + [""]
    head = first
    while first > 0 and out[first - 1] == "":
        first -= 1
    return "\n".join(out[:first] + [""] + block + out[head:]) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(SETTINGS))
    ap.add_argument("--trials", type=int, default=16, help="candidates the optimiser plays (the file's first)")
    ap.add_argument("--batch", type=int, default=4, help="candidates played at once")
    ap.add_argument("--games", type=int, default=30, help="seeds each candidate plays (every seat order)")
    ap.add_argument("--check", type=int, default=30, help="fresh seeds the best plays against the file's numbers")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--dry-run", action="store_true", help="print the file, do not write it")
    args = ap.parse_args(argv)

    spec = get_spec(args.game)
    package = spec.package
    solo = len(SETTINGS[args.game][1]) == 1
    current = bot_weights.table(package)
    space = bot_weights.ranges(package)
    started = time.perf_counter()
    tried: list[tuple[dict[str, float], dict[int, float]]] = []

    def suggest(trial) -> dict[str, float]:
        out = {}
        for name, (low, high) in space.items():
            if isinstance(current[name], int):
                out[name] = trial.suggest_int(name, int(low), int(high))
            else:
                out[name] = trial.suggest_float(name, float(low), float(high))
        return out

    def score(sets: list[dict[str, float]]) -> list[float]:
        names = [ladder.weights_name("heuristic", s) for s in sets]
        per_seed = play(args.game, names, args.games, args.seed, args.workers)
        out = []
        for s, scores in zip(sets, per_seed):
            tried.append((s, scores))
            out.append(-sum(scores.values()) / len(scores))
            print(f"candidate {len(tried) - 1}: {describe(scores, solo)}  {s}", file=sys.stderr, flush=True)
        return out

    study = new_study(args.seed, {k: current[k] for k in space})
    optimise(study, suggest, score, args.trials, args.batch)
    own_values, own = tried[0]
    best_k = max(range(len(tried)), key=lambda k: (sum(tried[k][1].values()), -k))
    best_values, best = tried[best_k]
    diff = ladder.paired_difference(best, own)
    # the check: fresh seeds, the best against the file's numbers, paired
    best_name = ladder.weights_name("heuristic", best_values)
    check_best, check_own = play(args.game, [best_name, ladder.weights_name("heuristic", own_values)],
                                 args.check, CHECK_SEED + args.seed, args.workers)
    check = ladder.paired_difference(check_best, check_own)
    keep = best_k != 0 and check[0] > 0
    seconds = time.perf_counter() - started
    opts, lineup = SETTINGS[args.game]
    against = "alone" if solo else "against the file's heuristic, every seat order"
    run = [f"scripts/tune_bot.py {args.game} --trials {args.trials} --batch {args.batch} --games {args.games} "
           f"--check {args.check} --seed {args.seed} ({datetime.now(timezone.utc):%Y-%m-%d}, {seconds:.0f} s "
           f"on a loaded shared machine)",
           f"setting: {opts}, {against}; optimiser: Optuna TPE (wasteland.sim.tune.new_study), seed {args.seed}",
           f"search: {len(tried)} candidates x seeds {args.seed}..{args.seed + args.games - 1}; "
           f"best candidate {best_k}",
           f"  best: {describe(best, solo)}",
           f"  the file's: {describe(own, solo)}",
           f"  paired difference best - the file's on the search seeds: {diff[0]:+.3f} [95% {diff[1]:+.3f}, "
           f"{diff[2]:+.3f}] (flattered: the best of {len(tried)} on these seeds)",
           f"check: seeds {CHECK_SEED + args.seed}..{CHECK_SEED + args.seed + args.check - 1}, paired difference "
           f"best - the file's {check[0]:+.3f} [95% {check[1]:+.3f}, {check[2]:+.3f}]",
           f"  best {describe(check_best, solo)}; the file's {describe(check_own, solo)}",
           ("kept: the numbers below are the best candidate's" if keep else
            "not kept: the check shows no gain, the numbers below are the file's as they were")]
    text = rewrite(package, best_values if keep else {}, run)
    print("\n".join(run))
    if args.dry_run:
        print(text)
        return 0
    path = resources.files(package).joinpath("data", bot_weights.FILE)
    with open(str(path), "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
