"""Where an action's time goes, so the next person starts from figures (issue 29).

Two parts, both on seeded games of the game's default options with its simulation
endings (as ``wasteland bench`` plays them):

* per action, in µs of CPU: the decision (every legal action), the in-place apply, a
  state copy, the deciding seat's view and the spectator's; measured phase by phase
  over the same recorded random games, so each figure is that phase alone;
* a profile of the chosen workload: its own time summed by module, then the functions
  that cost most, by their own time and with what they call. By default a sampling
  profiler (the CPU-time timer interrupts every ``--interval`` seconds and the stack is
  read): cProfile (``--cprofile``) counts every call exactly but charges each call its
  own overhead, which inflates the many small functions of the hot path several times
  over (a function called 5,000 times can read 10% under cProfile and 4% sampled).

    PYTHONPATH=src python scripts/profile_action.py saltlands
    PYTHONPATH=src python scripts/profile_action.py saltlands --players 4 --games 50
    PYTHONPATH=src python scripts/profile_action.py saltlands --bot heuristic --games 5
    PYTHONPATH=src python scripts/profile_action.py saltlands --ismcts guided --iterations 200

The machine may be shared: read the shares, not the absolute µs, or compare with a
``wasteland bench`` run made at the same time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import signal
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from wasteland.agents.random_agent import RandomAgent
from wasteland.core.agent import Observation
from wasteland.core.registry import get_spec
from wasteland.sim.bench import random_record as record, config_for, ismcts_rate, player_counts

_clock = time.process_time


def phases(game: Any, config: dict[str, Any], games: int) -> dict[str, float]:
    """µs per action of each phase, over the same ``games`` recorded random games."""
    records = [(seed, record(game, config, seed)) for seed in range(games)]
    n = sum(len(r) for _, r in records)
    out: dict[str, float] = {}

    def timed(name: str, step) -> None:
        total = 0.0
        for seed, actions in records:
            state = game.new_game(config, seed)
            for action in actions:
                started = _clock()
                step(state)
                total += _clock() - started
                game.apply_in_place(state, action)
        out[name] = 1e6 * total / n

    total = 0.0
    for seed, actions in records:
        state = game.new_game(config, seed)
        for action in actions:
            started = _clock()
            game.apply_in_place(state, action)
            total += _clock() - started
    out["apply_in_place"] = 1e6 * total / n
    timed("decision (legal actions)", game.decision)
    timed("state copy", lambda s: s.copy())
    timed("view, deciding seat", lambda s: game.view(s, game.decision(s).seat))
    timed("view, spectator", lambda s: game.view(s, None))
    out["actions"] = n
    return out


def module_of(filename: str) -> str:
    """``.../src/wasteland/games/saltlands/turn.py`` → ``wasteland.games.saltlands.turn``;
    the interpreter's built-ins and the standard library by their own names."""
    if filename.startswith("~") or filename.startswith("<"):
        return "(built-ins)"
    p = Path(filename)
    parts = p.with_suffix("").parts
    if "wasteland" in parts:
        i = len(parts) - 1 - parts[::-1].index("wasteland")
        return ".".join(parts[i:])
    if "site-packages" in parts:
        i = parts.index("site-packages")
        return parts[i + 1] + " (third party)"
    return p.stem + " (stdlib)"


def by_module(stats: pstats.Stats) -> tuple[dict[str, float], list[tuple[float, int, str]]]:
    modules: dict[str, float] = defaultdict(float)
    functions = []
    for (filename, line, name), (_cc, calls, tottime, _cum, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        mod = module_of(filename)
        modules[mod] += tottime
        label = f"{mod}:{line}({name})" if mod != "(built-ins)" else name
        functions.append((tottime, calls, label))
    functions.sort(reverse=True)
    return dict(modules), functions


class Sampler:
    """Samples the stack on the CPU-time timer (``ITIMER_PROF``): per sample, the leaf
    function's own time and every function on the stack's inclusive time."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.own: dict[tuple[str, int, str], int] = defaultdict(int)
        self.inclusive: dict[tuple[str, int, str], int] = defaultdict(int)
        self.samples = 0

    def _tick(self, _signum, frame) -> None:
        self.samples += 1
        leaf = True
        seen = set()
        while frame is not None:
            code = frame.f_code
            key = (code.co_filename, code.co_firstlineno, code.co_name)
            if leaf:
                self.own[key] += 1
                leaf = False
            if key not in seen:
                seen.add(key)
                self.inclusive[key] += 1
            frame = frame.f_back

    def __enter__(self) -> "Sampler":
        signal.signal(signal.SIGPROF, self._tick)
        signal.setitimer(signal.ITIMER_PROF, self.interval, self.interval)
        return self

    def __exit__(self, *exc) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)
        signal.signal(signal.SIGPROF, signal.SIG_DFL)


def workload(args: argparse.Namespace, spec: Any, config: dict[str, Any]):
    game = spec.engine
    if args.ismcts:
        guided = args.ismcts == "guided"
        return f"ISMCTS ({args.ismcts}), {args.iterations} iterations", \
            lambda: ismcts_rate(spec, config["players"], iterations=args.iterations, guided=guided), None
    if args.bot:
        from wasteland.agents.registry import make_agent

        counter = [0]

        def run() -> None:
            for seed in range(args.games):
                state = game.new_game(config, seed)
                agents = [make_agent(args.bot, seed * 10 + k, spec=spec) for k in range(game.seats(state))]
                while (d := game.decision(state)) is not None:
                    game.apply_in_place(state, agents[d.seat].choose(Observation(game, state, d)))
                    counter[0] += 1
        return f"{args.games} games of the {args.bot} bot", run, counter

    counter = [0]

    def run() -> None:
        for seed in range(args.games):
            state = game.new_game(config, seed)
            agent = RandomAgent(seed)
            while (d := game.decision(state)) is not None:
                game.apply_in_place(state, agent.choose(d))
                counter[0] += 1
    return f"{args.games} random games", run, counter


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, help="default: the game's smallest player count")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--bot", help="profile full games of this bot in every seat instead of random play")
    ap.add_argument("--ismcts", choices=("random", "guided"), help="profile one ISMCTS search on a mid-game decision")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--cprofile", action="store_true", help="cProfile (exact calls, inflated small functions) "
                    "instead of sampling")
    ap.add_argument("--interval", type=float, default=0.0005, help="sampling: CPU seconds between samples")
    args = ap.parse_args(argv)

    spec = get_spec(args.game)
    game = spec.engine
    players = args.players or player_counts(spec)[0]
    config = config_for(spec, players)
    game.new_game(config, 0)  # warm the shared static data

    if not args.bot and not args.ismcts:
        p = phases(game, config, min(args.games, 50))
        print(f"{spec.title}, {players} player(s), per action over {p.pop('actions'):,.0f} random actions (CPU µs):")
        for name, us in p.items():
            print(f"  {name:28s} {us:8.1f}")

    title, run, counter = workload(args, spec, config)
    started = _clock()
    if args.cprofile:
        profiler = cProfile.Profile()
        profiler.enable()
        run()
        profiler.disable()
        seconds = _clock() - started
        modules, functions = by_module(pstats.Stats(profiler))
        inclusive: list[tuple[float, int, str]] = []
        how = "cProfile"
    else:
        with Sampler(args.interval) as sampler:
            run()
        seconds = _clock() - started
        modules = defaultdict(float)
        functions = []
        for key, n in sampler.own.items():
            modules[module_of(key[0])] += n
            functions.append((float(n), 0, f"{module_of(key[0])}:{key[1]}({key[2]})"))
        functions.sort(reverse=True)
        inclusive = sorted(((float(n), 0, f"{module_of(k[0])}:{k[1]}({k[2]})") for k, n in sampler.inclusive.items()),
                           reverse=True)
        how = f"{sampler.samples:,} samples"
    total = sum(modules.values()) or 1.0
    per = f", {1e6 * seconds / counter[0]:.1f} µs an action" if counter and counter[0] else ""
    print(f"\nprofile ({how}) of {title}, {players} player(s): {seconds:.2f} CPU s{per}")
    print("own time by module:")
    for mod, t in sorted(modules.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"  {100 * t / total:5.1f}%  {mod}")
    print("costliest functions (own time):")
    for t, calls, label in functions[: args.top]:
        print(f"  {100 * t / total:5.1f}%  " + (f"{calls:>9,} calls  " if calls else "") + label)
    if not args.cprofile:
        print("costliest functions with what they call (inclusive time):")
        skip = ("profile_action", "(built-ins)")
        shown = [x for x in inclusive if not x[2].startswith(skip)]
        for t, _calls, label in shown[: args.top]:
            print(f"  {100 * t / total:5.1f}%  {label}")

if __name__ == "__main__":
    main(sys.argv[1:])
