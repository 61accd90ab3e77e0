"""``wasteland simulate``: the balance simulator, from options to files and summary.

Output directory (``--out``):

* ``games.csv`` — one row per game, columns ``wasteland.sim.runner.COLUMNS``, in sweep
  order (configuration, then game number);
* ``summary.txt`` — the summary printed on the terminal (first line ``win rate: X``);
* ``win_rate_by_players.png``, ``game_length.png`` — the charts;
* ``run.json`` — the options of the run, its configurations and the skipped ones.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
import json
import os
from pathlib import Path
import time
from typing import Callable

from wasteland.sim import report
from wasteland.sim.runner import BACKENDS, Row, run
from wasteland.sim.sweep import Sweep, SweepError, build_sweep


@dataclass
class Options:
    game: str = "saltlands"
    games: int = 100  # per configuration
    players: str = "1"
    modes: str | None = None
    difficulties: str | None = None
    lineups: list[str] = field(default_factory=list)
    character_sweep: bool = False
    bots: str = "random"
    expansion: bool = False  # Saltlands: Lost in the Desert (SL §140)
    variants: list[str] = field(default_factory=list)  # e.g. ["none,epic", "epic+overkill"] (SL §148)
    teams: str | None = None  # Age of Thirst: team formats to sweep, e.g. "none,2x2" (LO-13.4)
    turn_limit: int | None = None  # Age of Thirst: end a game without a winner after N turns
    seed: int = 0
    workers: int | None = None
    backend: str = "local"
    out: Path | None = None


@dataclass
class Result:
    sweep: Sweep
    rows: list[Row]
    seconds: float
    summary: str
    files: list[Path]

    @property
    def errors(self) -> int:
        return sum(report.is_error(r) for r in self.rows)


def prepare(opts: Options) -> Sweep:
    """Check the options and build the sweep; :class:`SweepError` for anything wrong."""
    if opts.games < 1:
        raise SweepError(f"--games must be at least 1, not {opts.games}")
    if opts.workers is not None and opts.workers < 1:
        raise SweepError(f"--workers must be at least 1, not {opts.workers}")
    if opts.backend not in BACKENDS:
        raise SweepError(f"--backend must be one of {', '.join(BACKENDS)}, not {opts.backend!r}")
    if opts.backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise SweepError("--backend ray needs Ray: pip install 'wasteland[ray]'") from None
    return build_sweep(opts.game, opts.players, opts.modes, opts.difficulties, opts.lineups or None,
                       opts.character_sweep, opts.bots, opts.expansion, opts.variants or None, opts.teams,
                       opts.turn_limit)


def simulate(opts: Options, sweep: Sweep, progress: Callable[[int], None] | None = None) -> Result:
    workers = opts.workers or os.cpu_count() or 1
    started = time.perf_counter()
    rows = run(opts.game, sweep.configurations, opts.games, opts.seed, workers, opts.backend, progress)
    seconds = time.perf_counter() - started
    configs = sweep.configurations
    header = [
        f"games: {len(rows)} = {len(configs)} configuration(s) x {opts.games}; seed {opts.seed}; "
        f"bots: {opts.bots}; {workers} worker(s), {opts.backend} backend"
        + (f"; turn limit {opts.turn_limit} (games reaching it end without a winner)" if opts.turn_limit else ""),
    ]
    text = report.summary(rows, seconds=seconds, header=header, notes=sweep.notes, game=opts.game)
    files: list[Path] = []
    if opts.out is not None:
        out = Path(opts.out)
        out.mkdir(parents=True, exist_ok=True)
        report.write_csv(out / "games.csv", rows)
        (out / "summary.txt").write_text(text, encoding="utf-8")
        meta = {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(opts).items()}
        meta["workers"] = workers
        meta["configurations"] = [asdict(c) for c in configs]
        meta["skipped"] = sweep.notes
        (out / "run.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        files = [out / "games.csv", out / "summary.txt", out / "run.json"]
        from wasteland.sim.plots import write_plots

        files += write_plots(rows, out)
    return Result(sweep, rows, seconds, text, files)
