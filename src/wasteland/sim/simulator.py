"""``wasteland simulate``: the balance simulator, from options to files and summary.

Output directory (``--out``):

* ``games.csv`` — one row per game (``wasteland.sim.runner.columns``: the game's options,
  the outcome, the game's tallies), in sweep order (configuration, then game number);
* ``summary.txt`` — the summary printed on the terminal (first line ``win rate: X``);
* ``win_rate_by_players.png``, ``game_length.png`` — the charts;
* ``run.json`` — the options of the run, its configurations and the skipped ones.

The game comes from the registry and its spec says everything else: which options can
be swept, their values, the valid combinations (``wasteland.sim.sweep``), the bots, the
tallies, the seats' names and a round robin of bots (``wasteland.sim.round_robin``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
import json
import os
from pathlib import Path
import time
from typing import Callable

from wasteland.core.spec import GameSpec
from wasteland.sim import html_report, report, round_robin, sensitivity
from wasteland.sim.plots import write_plots
from wasteland.sim.summary import summary as summary_text
from wasteland.sim.runner import BACKENDS, Row, run
from wasteland.sim.sweep import Sweep, SweepError, build_sweep, parse_bots


@dataclass
class Options:
    game: str
    games: int = 100  # per configuration
    values: dict[str, list[str]] = field(default_factory=dict)  # option name -> its command-line texts
    seat_sweep: bool = False  # every name of the seats option as seat 1
    bots: str | None = None  # bot entries, comma-separated (default: the game's own default bot, ``GameSpec.default_bot``; a round robin: the spec's)
    round_robin: bool = False
    against: str | None = None  # the round robin's common opponent
    seed: int = 0
    workers: int | None = None
    backend: str = "local"
    out: Path | None = None
    params: dict[str, int] = field(default_factory=dict)  # the game's tuned numbers (checked)
    sensitivity: bool = False  # each parameter and optional rule one step at a time (``sim.sensitivity``)


@dataclass
class Result:
    sweep: Sweep
    rows: list[Row]
    seconds: float
    summary: str
    files: list[Path]
    failed: int = 0  # games outside ``rows`` that failed (a sensitivity's changes)

    @property
    def errors(self) -> int:
        return sum(report.is_error(r) for r in self.rows) + self.failed


def spec_of(opts: Options) -> GameSpec:
    from wasteland.core.registry import UnknownGame, get_spec

    try:
        return get_spec(opts.game)
    except UnknownGame as exc:
        raise SweepError(str(exc)) from None


def prepare(opts: Options) -> Sweep:
    """Check the options and build the sweep; :class:`SweepError` for anything wrong."""
    spec = spec_of(opts)
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
    if opts.against is not None and not opts.round_robin:
        raise SweepError("--against: an option of --round-robin")
    if opts.round_robin:
        names = parse_bots(opts.bots, spec) if opts.bots else None
        if names and any("+" in n for n in names):
            raise SweepError("--round-robin: name single bots with --bot, not lineups")
        if opts.against is not None:
            parse_bots(opts.against, spec)
        bots = round_robin.lineups(spec, names, opts.against)
    else:
        # the game's own bot by default: a random bot's 0/20 reads as the game's win rate
        bots = parse_bots(opts.bots or spec.default_bot, spec)
    sweep = build_sweep(spec, opts.values, bots, opts.seat_sweep)
    if opts.params:
        tuned = tuple(opts.params.items())
        sweep = Sweep([replace(c, params=tuned) for c in sweep.configurations], sweep.notes)
    return sweep


def simulate(opts: Options, sweep: Sweep, progress: Callable[[int], None] | None = None) -> Result:
    spec = spec_of(opts)
    workers = opts.workers or os.cpu_count() or 1
    started = time.perf_counter()
    effects: list = []
    failed = 0  # the sensitivity's changed games that failed (their rows are not the run's)
    if opts.sensitivity:
        effects, why, rows, failed = sensitivity.study(spec, sweep.configurations, opts.games, opts.seed, workers,
                                               opts.backend, progress)
        sweep.notes.extend(f"--sensitivity: {n}" for n in why)
    else:
        rows = run(sweep.configurations, opts.games, opts.seed, workers, opts.backend, progress)
    seconds = time.perf_counter() - started
    configs = sweep.configurations
    bots = list(dict.fromkeys(c.bot for c in configs))
    chosen = "--bot" if opts.bots else ("the game's round-robin bots" if opts.round_robin else
                                        "the game's default bot; --bot names others")
    header = [
        f"played by: {', '.join(bots)} ({chosen})",
        f"{spec.title}; games: {len(rows)} = {len(configs)} configuration(s) x {opts.games}; seed {opts.seed}; "
        f"bots: {','.join(bots)}; {workers} worker(s), {opts.backend} backend",
    ]
    for o in spec.options:  # say it plainly when a bound that is not a rule ended games
        values = {c.value(o.name) for c in configs} - {None, o.default}
        if not o.rulebook and values:
            header.append(f"{o.name.replace('_', ' ')} {', '.join(map(str, sorted(values)))}: {o.description} "
                          "(not a rulebook option)")
    extra = round_robin.table(rows, spec, bots) if opts.round_robin else []
    if opts.sensitivity:
        extra += sensitivity.table(spec, effects, lambda c: c.label(spec))
    text = summary_text(rows, spec, seconds=seconds, header=header, notes=sweep.notes, extra=extra)
    files: list[Path] = []
    if opts.out is not None:
        out = Path(opts.out)
        out.mkdir(parents=True, exist_ok=True)
        report.write_csv(out / "games.csv", spec, rows)
        (out / "summary.txt").write_text(text, encoding="utf-8")
        meta = {k: (str(v) if isinstance(v, Path) else v) for k, v in asdict(opts).items()}
        meta["workers"] = workers
        meta["configurations"] = [{"options": c.game_config(), "bot": c.bot} for c in configs]
        meta["skipped"] = sweep.notes
        (out / "run.json").write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
        files = [out / "games.csv", out / "summary.txt", out / "run.json"]
        charts = write_plots(rows, spec, out)
        if opts.sensitivity:
            charts += sensitivity.write(effects, out)
        files += charts
        ranked = sensitivity.table(spec, effects, lambda c: c.label(spec)) if opts.sensitivity else None
        files.append(html_report.write_simulation(out, spec, text, opts.params,
                                                  [c for c in charts if c.suffix == ".png"], ranked))
    return Result(sweep, rows, seconds, text, files, failed)
