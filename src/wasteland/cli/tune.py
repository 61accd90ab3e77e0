"""``wasteland tune``: the search of a game's numbers, as a command (``wasteland.sim.tune``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
import sys

from rich.console import Console

from wasteland.core.registry import UnknownGame, get_spec
from wasteland.sim.runner import BACKENDS
from wasteland.sim.targets import TargetError, read
from wasteland.sim.tune import summary, tune, write


def tune_command(game: str, targets_path: Path, budget: int | None, games: int | None, workers: int | None,
                 backend: str, out: Path | None) -> int:
    err = Console(stderr=True, highlight=False)

    def fail(message: str) -> int:
        err.print(f"error: {message}", style="red", markup=False, soft_wrap=True)
        return 2

    try:
        spec = get_spec(game)
        targets = read(spec, targets_path)
    except (UnknownGame, TargetError) as exc:
        return fail(str(exc))
    if backend not in BACKENDS:
        return fail(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    targets = replace(targets, budget=budget or targets.budget, games=games or targets.games)
    say = lambda line: err.print(line, markup=False, soft_wrap=True)  # noqa: E731
    try:
        tuning = tune(targets, workers, backend, say)
    except RuntimeError as exc:
        return fail(str(exc))
    except KeyboardInterrupt:
        err.print("interrupted: no results written", style="red")
        return 130
    sys.stdout.write(summary(tuning))
    if out is not None:
        files = write(tuning, out)
        err.print(f"results written to {out}: " + ", ".join(f.name for f in files), markup=False, soft_wrap=True)
    return 0 if tuning.met else 1
