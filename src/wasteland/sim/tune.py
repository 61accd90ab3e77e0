"""``wasteland tune``: search a game's numbers (``wasteland.core.params``) toward the
targets a designer wrote (``wasteland.sim.targets``).

Optuna's TPE sampler proposes candidates, ``batch`` at a time; the game's own numbers are
the first. Every candidate plays every target's configuration for ``games`` games on the
same seeds (the seeds leave the parameters out, ``wasteland.sim.sweep``), so candidates
differ only by their numbers; a batch's games are spread over the local workers or Ray
(``wasteland.sim.runner``), which play the same games either way, and the sampler is
seeded and told the batch in order, so the search is the same on both backends. The
search stops after the first batch holding a candidate that meets every target, or when
``budget`` candidates were played.

Output directory: ``trials.csv`` (one row per candidate: its numbers, score and each
target's estimate and interval), ``best.toml`` (the best set, a ``--params`` file with
each target's distance in its comments), ``tune.txt`` (the summary printed), ``games.csv``
of the best candidate, and charts (``tune_score.png``, ``tune_targets.png``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
import csv
import json
import os
from pathlib import Path
import time
from typing import Callable

from matplotlib.ticker import MaxNLocator
import optuna

from wasteland.core.params import as_text, game_params
from wasteland.core.spec import GameSpec
from wasteland.sim import html_report, report
from wasteland.sim.plots import _pyplot
from wasteland.sim.runner import Row, run, session
from wasteland.sim.targets import SCORE_MEANING, Measure, Targets, measure, missed, rank, score

SCORE_PNG = "tune_score.png"
TARGETS_PNG = "tune_targets.png"


@dataclass
class Candidate:
    number: int
    values: dict[str, int]  # the searched numbers (the game's own where not searched)
    measures: list[Measure]
    rows: list[Row]

    @property
    def score(self) -> float:
        return score(self.measures)

    @property
    def met(self) -> bool:
        return all(m.met for m in self.measures)

    @property
    def met_count(self) -> int:
        return len(self.measures) - missed(self.measures)

    def state(self) -> str:
        return f"{self.met_count}/{len(self.measures)} targets met"


@dataclass
class Tuning:
    targets: Targets
    candidates: list[Candidate]
    seconds: float
    workers: int
    backend: str

    @property
    def best(self) -> Candidate:
        # the most targets met first, then the lowest score (``targets.rank``): never a
        # candidate that trades a met target for a smaller sum of distances
        return min(self.candidates, key=lambda c: (-c.met_count, c.score, c.number))

    @property
    def met(self) -> bool:
        return self.best.met


def play_candidates(targets: Targets, sets: list[dict[str, int]], workers: int, backend: str) -> list[list[Row]]:
    """The games of each set of numbers, on the same seeds (one run for the whole batch)."""
    configs = targets.configurations()
    tagged = []
    for values in sets:
        for c in configs:
            tagged.append(replace(c, params=tuple(sorted(values.items(), key=lambda kv: _order(targets, kv[0])))))
    rows = run(tagged, targets.games, targets.seed, workers, backend)
    out: list[list[Row]] = [[] for _ in sets]
    for k, row in enumerate(rows):  # rows come in configuration order, ``games`` each
        position = k // targets.games
        row["_config"] = configs[position % len(configs)]
        out[position // len(configs)].append(row)
    return out


def _order(targets: Targets, name: str) -> int:
    return [p.name for p in game_params(targets.spec).params].index(name)


def new_study(seed: int, first: dict[str, float] | None = None) -> optuna.Study:
    """The designers' optimiser: Optuna's TPE sampler, seeded, minimising a score, with
    ``first`` (the numbers as they are) as its first candidate. ``scripts/tune_bot.py``
    tunes the bots' weights with it too."""
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=seed))
    if first:
        study.enqueue_trial(first)
    return study


def optimise(study: optuna.Study, suggest: Callable[[optuna.Trial], dict], play: Callable[[list[dict]], list[float]],
             budget: int, batch: int, stop: Callable[[], bool] | None = None) -> None:
    """Ask ``batch`` candidates at a time (``suggest`` names their numbers), play them in one
    go (``play``: a score per candidate, lower is better) and tell the sampler in order,
    until ``budget`` candidates were played or ``stop`` says so after a batch."""
    told = 0
    while told < budget:
        size = min(batch, budget - told)
        trials = [study.ask() for _ in range(size)]
        sets = [suggest(trial) for trial in trials]
        for trial, value in zip(trials, play(sets)):
            study.tell(trial, value)
        told += size
        if stop is not None and stop():
            break


def tune(targets: Targets, workers: int | None = None, backend: str = "local",
         say: Callable[[str], None] | None = None) -> Tuning:
    spec = targets.spec
    workers = workers or os.cpu_count() or 1
    declared = game_params(spec)
    searched = [declared.param(n) for n in targets.params]
    study = new_study(targets.seed, {p.name: p.default for p in searched})  # the game's own numbers first
    candidates: list[Candidate] = []
    started = time.perf_counter()
    with session(backend):  # one Ray instance for every batch
        _search(targets, study, searched, candidates, workers, backend, say)
    return Tuning(targets, candidates, time.perf_counter() - started, workers, backend)


def _search(targets: Targets, study: optuna.Study, searched: list, candidates: list[Candidate], workers: int,
            backend: str, say: Callable[[str], None] | None) -> None:
    spec = targets.spec

    def suggest(trial: optuna.Trial) -> dict[str, int]:
        return {p.name: trial.suggest_int(p.name, p.low, p.high, step=p.step) for p in searched}

    def play(sets: list[dict[str, int]]) -> list[float]:
        played = play_candidates(targets, [_checked(spec, s) for s in sets], workers, backend)
        out = []
        for values, rows in zip(sets, played):
            measures = [measure(t, spec, rows) for t in targets.targets]
            candidate = Candidate(len(candidates), values, measures, rows)
            candidates.append(candidate)
            out.append(rank(measures))  # the most targets met first, the score between equals
            if say is not None:
                state = "all targets met" if candidate.met else candidate.state()
                say(f"candidate {candidate.number}: {as_text(values)}; {state}; score {candidate.score:.4f}")
        return out

    optimise(study, suggest, play, targets.budget, targets.batch, lambda: any(c.met for c in candidates))


def _checked(spec: GameSpec, values: dict[str, int]) -> dict[str, int]:
    declared = game_params(spec)
    return {k: v for k, v in values.items() if declared.param(k).default != v}


# -- what it writes ------------------------------------------------------------------------


def summary(tuning: Tuning) -> str:
    t = tuning.targets
    best = tuning.best
    lines = [f"best: candidate {best.number}, {best.state()}; score {best.score:.4f} (lower is better); targets "
             f"{'met' if best.met else 'not all met'}",
             SCORE_MEANING,
             f"{t.spec.title}: {len(tuning.candidates)} candidate(s) of at most {t.budget}, {t.games} games per "
             f"configuration on the same seeds (seed {t.seed}); {len(t.configurations())} configuration(s); "
             f"{tuning.workers} worker(s), {tuning.backend} backend; {tuning.seconds:.1f} s",
             f"searched: {', '.join(t.params)}",
             "best numbers (the game's own in brackets):"]
    declared = game_params(t.spec)
    for name, value in best.values.items():
        p = declared.param(name)
        lines.append(f"  {name} = {value}  [{p.default}]  {p.rule}: {p.text}")
    lines.append("targets (estimate [95% interval]):")
    lines += [f"  {m.text()}" for m in best.measures]
    lines += out_of_reach(tuning)
    own = tuning.candidates[0]
    lines.append(f"the game's own numbers (candidate 0): {own.state()}; score {own.score:.4f}")
    lines += [f"  {m.text()}" for m in own.measures]
    return "\n".join(lines) + "\n"


def out_of_reach(tuning: Tuning) -> list[str]:
    """The targets the best candidate misses, said plainly: met by another candidate (not
    together with the best's), or by none within the parameters' ranges, with the nearest
    value any candidate reached and its numbers that stand at an end of their range (the
    target may lie beyond it: a number already at its range's maximum)."""
    t = tuning.targets
    declared = game_params(t.spec)
    searched = [declared.param(n) for n in t.params]
    lines: list[str] = []
    for k, m in enumerate(tuning.best.measures):
        if m.met:
            continue
        met_by = [c for c in tuning.candidates if c.measures[k].met]
        if met_by:
            c = met_by[0]
            lines.append(f"  {m.target.name}: met by candidate {c.number} ({as_text(c.values)}), "
                         f"but not together with as many other targets")
            continue
        near = min(tuning.candidates, key=lambda c: (c.measures[k].distance, c.number))
        got = near.measures[k]
        ranges = ", ".join(f"{p.name} {p.low} to {p.high}" for p in searched)
        lines.append(f"  {m.target.name}: out of reach within the ranges ({ranges}): no candidate "
                     f"({len(tuning.candidates)} tried) met {m.target.wants()}; the nearest reached is "
                     f"{got.estimate:.3f} [{got.low:.3f}, {got.high:.3f}], candidate {near.number} ({as_text(near.values)})")
        for p in searched:
            v = near.values[p.name]
            end = "maximum" if v == p.high else "minimum" if v == p.low else None
            if end:
                lines.append(f"    {p.name} = {v} is already its range's {end} ({p.rule}): "
                             f"the target may lie beyond what the range allows")
    return ["targets the best numbers miss:", *lines] if lines else []


def best_toml(tuning: Tuning) -> str:
    spec = tuning.targets.spec
    best = tuning.best
    declared = game_params(spec)
    lines = [f"# wasteland tune {spec.name}: candidate {best.number} of {len(tuning.candidates)}, "
             f"{best.state()}, score {best.score:.4f} (lower is better), targets {'met' if best.met else 'not all met'}",
             f"# {SCORE_MEANING}",
             f'game = "{spec.name}"']
    for name, value in best.values.items():
        p = declared.param(name)
        lines.append(f"{name} = {value}  # {p.rule}: {p.text} (the game's own: {p.default})")
    lines.append("# targets:")
    lines += [f"#   {m.text()}" for m in best.measures]
    return "\n".join(lines) + "\n"


def write(tuning: Tuning, out: Path) -> list[Path]:
    """The run's files in ``out`` (see the module docstring)."""
    out.mkdir(parents=True, exist_ok=True)
    t = tuning.targets
    files = [out / "tune.txt", out / "best.toml", out / "trials.csv", out / "games.csv", out / "tune.json"]
    files[0].write_text(summary(tuning), encoding="utf-8")
    files[1].write_text(best_toml(tuning), encoding="utf-8")
    with open(files[2], "w", newline="", encoding="utf-8") as f:
        head = ["candidate", *t.params, "score", "met"]
        for k, _ in enumerate(t.targets):
            head += [f"t{k + 1}_estimate", f"t{k + 1}_low", f"t{k + 1}_high", f"t{k + 1}_met"]
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(head)
        for c in tuning.candidates:
            cells = [c.number, *(c.values[n] for n in t.params), f"{c.score:.6f}", int(c.met)]
            for m in c.measures:
                cells += [f"{m.estimate:.6f}", f"{m.low:.6f}", f"{m.high:.6f}", int(m.met)]
            writer.writerow(cells)
    rows = [{k: v for k, v in r.items() if k != "_config"} for r in tuning.best.rows]
    report.write_csv(files[3], t.spec, rows)
    meta = {"game": t.spec.name, "games": t.games, "budget": t.budget, "batch": t.batch, "seed": t.seed,
            "params": t.params, "workers": tuning.workers, "backend": tuning.backend, "met": tuning.met,
            "best": {"candidate": tuning.best.number, "values": tuning.best.values, "score": tuning.best.score},
            "targets": [{"name": m.target.name, "kind": m.target.kind, "wants": m.target.wants(),
                         "estimate": m.estimate, "low": m.low, "high": m.high, "distance": m.distance, "met": m.met}
                        for m in tuning.best.measures]}
    files[4].write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    charts = write_charts(tuning, out)
    page = html_report.write_tuning(out, t.spec, summary(tuning), tuning.best.values, tuning.best.measures,
                                    tuning.candidates[0].measures, charts,
                                    f"Best: candidate {tuning.best.number}, {tuning.best.state()}, score "
                                    f"{tuning.best.score:.4f} (the game's own numbers: {tuning.candidates[0].state()}, "
                                    f"score {tuning.candidates[0].score:.4f}). {SCORE_MEANING}.")
    return files + charts + [page]


def write_charts(tuning: Tuning, out: Path) -> list[Path]:
    plt = _pyplot()

    fig, ax = plt.subplots(figsize=(8, 4.5))
    xs = [c.number for c in tuning.candidates]
    ax.plot(xs, [c.score for c in tuning.candidates], "o", label="candidate")
    best_so_far, leader = [], None
    for c in tuning.candidates:  # the best as ``Tuning.best`` ranks: targets met, then score
        if leader is None or (-c.met_count, c.score) < (-leader.met_count, leader.score):
            leader = c
        best_so_far.append(leader.score)
    ax.step(xs, best_so_far, where="post", label="best so far (most targets met, then lowest score)")
    ax.set_xlabel("candidate (0: the game's own numbers)")
    ax.set_ylabel("score (sum of squared distances to the targets; lower is better)")
    ax.set_yscale("symlog", linthresh=0.01)  # 0 (every target in its band) stays on the chart
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_title(f"wasteland tune {tuning.targets.spec.name}: score by candidate")
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(out / SCORE_PNG, dpi=100)
    plt.close(fig)

    measures = tuning.best.measures
    own = tuning.candidates[0].measures
    fig, axes = plt.subplots(1, len(measures), figsize=(3.2 * len(measures) + 1, 4.2), squeeze=False)
    for ax, m, m0 in zip(axes[0], measures, own):
        for x, mm, colour, label in ((0, m0, "#999999", "own"), (1, m, "#4c72b0", "best")):
            ax.errorbar([x], [mm.estimate], yerr=[[mm.estimate - mm.low], [mm.high - mm.estimate]], fmt="o",
                        capsize=5, color=colour)
        target = m.target
        if target.kind == "skill":
            ax.axhline(target.margin, color="#c44e52", linestyle="--", label="margin")
        else:
            ax.axhspan(target.value - target.tolerance, target.value + target.tolerance, color="#55a868", alpha=0.25)
            ax.axhline(target.value, color="#55a868", label="target")
        ax.set_xticks([0, 1], ["game's own", "best"])
        ax.set_xlim(-0.6, 1.6)
        ax.set_title(("met: " if m.met else "missed: ") + target.name, fontsize="small", wrap=True)
    fig.suptitle("targets: estimate and 95% interval; the band is the target ± tolerance", fontsize="small")
    fig.tight_layout()
    fig.savefig(out / TARGETS_PNG, dpi=100)
    plt.close(fig)
    return [out / SCORE_PNG, out / TARGETS_PNG]
