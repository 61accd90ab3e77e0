"""``wasteland simulate GAME --sensitivity``: what moves the game. Each named parameter
(``wasteland.core.params``) one step down and one step up, and each optional rule (a
yes/no rulebook option turned over, each name of a list option such as the variants
added alone), from every configuration of the run, ranked by the change of the win rate
and of the length, with 95% intervals.

A parameter's step plays the very same games (the seeds leave the numbers out), so its
change of the win rate has the paired interval (Newcombe, as the bot comparisons) and its
change of length the interval of the mean paired difference. A rule changes the box
and the set-up, so its games are other deals: its intervals are those of two separate
samples.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, replace
import math
from pathlib import Path
from typing import Callable

from wasteland.core.params import as_text, game_params
from wasteland.core.protocol import RuleError
from wasteland.core.spec import GameSpec
from wasteland.sim.compare import difference, paired_difference
from wasteland.sim.plots import _pyplot
from wasteland.sim.report import Row, is_error, won
from wasteland.sim.runner import run
from wasteland.sim.sweep import Configuration
from wasteland.sim.targets import Z95, configuration

SENSITIVITY_PNG = "sensitivity.png"


@dataclass(frozen=True)
class Change:
    base: Configuration
    changed: Configuration
    what: str  # "letters_normal 4 -> 5", "expansion on", "variants + overkill"
    rule: str
    paired: bool  # the same seeds (a parameter) or other deals (a rule)


@dataclass(frozen=True)
class Effect:
    change: Change
    base_rate: float
    rate: float
    win: tuple[float, float, float]  # change of the win rate, 95% interval
    length: tuple[float, float, float]  # change of the mean rounds, 95% interval
    n: int


def changes(spec: GameSpec, base: Configuration) -> tuple[list[Change], list[str]]:
    """Every one-step change from ``base``, and notes on the rules that cannot apply."""
    out: list[Change] = []
    notes: list[str] = []
    tuned = dict(base.params)
    for p in game_params(spec).params:
        now = tuned.get(p.name, p.default)
        for value in (now - p.step, now + p.step):
            if p.low <= value <= p.high:
                values = {**tuned, p.name: value}
                kept = tuple((q.name, values[q.name]) for q in game_params(spec).params
                             if q.name in values and values[q.name] != q.default)
                out.append(Change(base, replace(base, params=kept), f"{p.name} {now} -> {value}", p.rule, True))
    options = base.game_config()
    for o in spec.options:
        if not o.rulebook or not o.sweep or o.kind not in ("bool", "names"):
            continue
        current = base.value(o.name)
        if o.kind == "bool":
            tries = [(not bool(current), f"{o.name} {'off' if current else 'on'}")]
        else:
            have = list(current or ())
            tries = [(have + [v], f"{o.name} + {v}") for v in o.values if v not in have]
        for value, what in tries:
            try:
                changed = configuration(spec, {**options, o.name: value}, base.bot)
            except RuleError as exc:
                notes.append(f"{what}: {exc}")
                continue
            out.append(Change(base, replace(changed, params=base.params), what, o.rule, False))
    return out, notes


def _mean_interval(xs: list[float]) -> tuple[float, float, float]:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def _two_means(a: list[float], b: list[float]) -> tuple[float, float, float]:
    ma, la, _ = _mean_interval(a)
    mb, lb, _ = _mean_interval(b)
    half = math.sqrt((ma - la) ** 2 + (mb - lb) ** 2)
    return ma - mb, ma - mb - half, ma - mb + half


def effect(change: Change, base_rows: list[Row], rows: list[Row]) -> Effect:
    a = sorted(rows, key=lambda r: r["game"])
    b = sorted(base_rows, key=lambda r: r["game"])
    wins_a, wins_b = [won(r) for r in a], [won(r) for r in b]
    rounds_a, rounds_b = [float(r["rounds"]) for r in a], [float(r["rounds"]) for r in b]
    if change.paired:
        win = paired_difference(wins_a, wins_b)
        length = _mean_interval([x - y for x, y in zip(rounds_a, rounds_b)])
    else:
        win = difference(sum(wins_a), len(a), sum(wins_b), len(b))
        length = _two_means(rounds_a, rounds_b)
    return Effect(change, sum(wins_b) / len(b), sum(wins_a) / len(a), win, length, len(a))


def plan(spec: GameSpec, bases: list[Configuration]) -> tuple[list[Change], list[str], list[Configuration]]:
    """The changes of every base, the notes on those that cannot apply, and every
    configuration to play (the bases first)."""
    all_changes: list[Change] = []
    notes: list[str] = []
    for base in bases:
        found, why = changes(spec, base)
        all_changes += found
        notes += [n for n in why if n not in notes]
    return all_changes, notes, list(dict.fromkeys([*bases, *(c.changed for c in all_changes)]))


def study(spec: GameSpec, bases: list[Configuration], games: int, seed: int, workers: int, backend: str,
          progress: Callable[[int], None] | None = None) -> tuple[list[Effect], list[str], list[Row], int]:
    """Play every base and its one-step changes on the run's seeds; the effects ranked by
    the size of the change of the win rate, then of the length; notes on the rules that
    could not apply or whose games failed; the rows of the bases; the number of failed games."""
    all_changes, notes, configs = plan(spec, bases)
    rows = run(configs, games, seed, workers, backend, progress)
    by_config: dict[Configuration, list[Row]] = {c: rows[k * games:(k + 1) * games] for k, c in enumerate(configs)}
    effects, failures, failed = measured(all_changes, by_config)
    return effects, notes + failures, [r for base in bases for r in by_config[base]], failed


def measured(all_changes: list[Change], by_config: dict[Configuration, list[Row]]
             ) -> tuple[list[Effect], list[str], int]:
    """The effects ranked by the size of the change of the win rate, then of the length;
    a change whose games failed is left out and named (its rows would read as 0 rounds,
    a change of the length that never happened), with the number of failed games."""
    effects: list[Effect] = []
    failures: list[str] = []
    failed = 0
    for c in all_changes:
        bad = [r for r in by_config[c.changed] if is_error(r)]
        if bad:
            failed += len(bad)
            failures.append(f"{c.what} ({c.rule}): {len(bad)} game(s) failed ({bad[0]['end_reason']}); "
                            "left out of the ranking")
        else:
            effects.append(effect(c, by_config[c.base], by_config[c.changed]))
    effects.sort(key=lambda e: (-abs(e.win[0]), -abs(e.length[0]), e.change.what))
    return effects, failures, failed


def table(spec: GameSpec, effects: list[Effect], label: Callable[[Configuration], str]) -> list[str]:
    lines = ["sensitivity: one step at a time, ranked by the change of the win rate (95% intervals; "
             "a parameter on the same seeds, paired; a rule on other deals)"]
    several = len({e.change.base for e in effects}) > 1
    for e in effects:
        w, lo, hi = e.win
        d, dlo, dhi = e.length
        where = f" [{label(e.change.base)}]" if several else ""
        lines.append(f"  {e.change.what} ({e.change.rule}){where}: win rate {e.base_rate:.3f} -> {e.rate:.3f}, "
                     f"{w:+.3f} [{lo:+.3f}, {hi:+.3f}]; rounds {d:+.2f} [{dlo:+.2f}, {dhi:+.2f}]; {e.n} games")
    return lines


def write(effects: list[Effect], out: Path) -> list[Path]:
    """``sensitivity.csv`` and a chart of the changes with their intervals."""
    path = out / "sensitivity.csv"
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["change", "rule", "paired", "base_params", "params", "games", "base_win_rate", "win_rate",
                         "win_change", "win_low", "win_high", "rounds_change", "rounds_low", "rounds_high"])
        for e in effects:
            c = e.change
            writer.writerow([c.what, c.rule, int(c.paired), as_text(dict(c.base.params)),
                             as_text(dict(c.changed.params)), e.n, f"{e.base_rate:.6f}", f"{e.rate:.6f}",
                             *(f"{v:.6f}" for v in e.win), *(f"{v:.6f}" for v in e.length)])
    plt = _pyplot()
    shown = effects[:20]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 0.45 * len(shown) + 1.8), sharey=True)
    ys = list(range(len(shown)))[::-1]
    for ax, pick, title in ((ax1, lambda e: e.win, "change of the win rate"),
                            (ax2, lambda e: e.length, "change of the mean rounds")):
        for y, e in zip(ys, shown):
            mid, lo, hi = pick(e)
            ax.errorbar([mid], [y], xerr=[[mid - lo], [hi - mid]], fmt="o", capsize=4,
                        color="#4c72b0" if e.change.paired else "#dd8452")
        ax.axvline(0, color="#333333", linewidth=0.8)
        ax.set_title(title + ", 95% intervals", fontsize="small")
        ax.grid(alpha=0.3)
    ax1.set_yticks(ys, [f"{e.change.what} ({e.change.rule})" for e in shown], fontsize="small")
    fig.suptitle("what moves the game: blue a parameter (same seeds), orange a rule (other deals)",
                 fontsize="small")
    fig.tight_layout()
    fig.savefig(out / SENSITIVITY_PNG, dpi=100)
    plt.close(fig)
    return [path, out / SENSITIVITY_PNG]
