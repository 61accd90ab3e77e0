"""PNG charts of a simulation run (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

from wasteland.core.spec import GameSpec
from wasteland.sim.report import Rate, Row, is_dealt, option_cell, won
from wasteland.sim.sweep import seats_option

WIN_RATE_PNG = "win_rate_by_players.png"
LENGTH_PNG = "game_length.png"


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _series_key(spec: GameSpec, row: Row, varied: list[str], with_lineup: str | None) -> str:
    parts = [str(option_cell(spec, row, c)) or "none" for c in varied]
    if with_lineup:
        parts.append(str(row[with_lineup]).split(";")[0] + " first")
    return " / ".join(parts) or "all games"


def write_plots(rows: list[Row], spec: GameSpec, out: Path) -> list[Path]:
    """The win-rate chart (``win_rate_figure``) and the game length's."""
    plt = _pyplot()
    paths = [out / WIN_RATE_PNG]
    fig = win_rate_figure(rows, spec)
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    rows = [r for r in rows if int(r["seats"] or 0)]  # a game that failed before its set-up has no seats
    return paths + [_length_chart(plt, rows, out)]


def win_rate_figure(rows: list[Row], spec: GameSpec):
    """Win rate with 95% Wilson error bars, its form picked from the sweep: with one
    player count, one labelled bar per value of the options the run varied (and bot,
    tuned set, first seat's name when fixed lineups vary); with several, a line per value
    over the player counts, each line named in the legend. And the game length."""
    plt = _pyplot()
    seats = seats_option(spec)
    varied = [c for c in [o.name for o in spec.options if o.name != "players"
                          and not (o is seats and seats.sweep)] + ["bot", "params"]
              if len({str(option_cell(spec, r, c)) for r in rows}) > 1]
    with_lineup = None
    if seats is not None and seats.sweep:
        lineups = {(r["seats"], r[seats.name]) for r in rows if not is_dealt(r)}
        if len(lineups) > len({n for n, _ in lineups}):
            with_lineup = seats.name
    series: dict[str, dict[int, Rate]] = defaultdict(lambda: defaultdict(Rate))
    rows = [r for r in rows if int(r["seats"] or 0)]  # a game that failed before its set-up has no seats
    for row in rows:
        series[_series_key(spec, row, varied, with_lineup)][int(row["seats"])].add(won(row))
    counts_played = sorted({int(r["seats"]) for r in rows})

    fig, ax = plt.subplots(figsize=(8, 5))
    names = list(series)
    if len(counts_played) == 1:  # one player count: a labelled bar per group
        players = counts_played[0]
        rates = [series[name][players] for name in names]
        xs = list(range(len(names)))
        lo = [max(0.0, r.rate - r.interval[0]) for r in rates]
        hi = [max(0.0, r.interval[1] - r.rate) for r in rates]
        bars = ax.bar(xs, [r.rate for r in rates], yerr=[lo, hi], capsize=5, color="#4c72b0")
        ax.bar_label(bars, labels=[f"{r.rate:.2f}\n{r.wins}/{r.n}" for r in rates], padding=3, fontsize="small")
        ax.set_xticks(xs, names, rotation=20 if len(names) > 4 else 0, ha="right" if len(names) > 4 else "center")
        ax.set_xlabel(" / ".join(c.replace("_", " ") for c in varied) or f"{players} player(s)")
        ax.set_title(f"Win rate, {players} player(s), 95% Wilson intervals ({len(rows)} games)")
        ax.set_ylim(0, min(1.15, max([r.interval[1] for r in rates] + [0.1]) + 0.15))
    else:
        for k, name in enumerate(names):
            counts = sorted(series[name])
            # a small sideways shift keeps overlapping error bars apart
            shift = (k - (len(names) - 1) / 2) * 0.06
            xs = [p + shift for p in counts]
            ys = [series[name][p].rate for p in counts]
            lo = [max(0.0, series[name][p].rate - series[name][p].interval[0]) for p in counts]
            hi = [max(0.0, series[name][p].interval[1] - series[name][p].rate) for p in counts]
            ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=4, label=name)
        ax.set_xlabel("players (seats)")
        ax.set_title(f"Win rate by player count, 95% Wilson intervals ({len(rows)} games)")
        ax.set_xticks(counts_played)
        ax.set_ylim(bottom=0)
        ax.legend(fontsize="small", title=" / ".join(c.replace("_", " ") for c in varied) or None)
    ax.set_ylabel("win rate (share of games with a winner)")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig


def _length_chart(plt, rows: list[Row], out: Path) -> Path:
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.5))
    by_players: dict[int, Counter] = defaultdict(Counter)
    for row in rows:
        by_players[int(row["seats"])][int(row["rounds"])] += 1
    all_rounds = sorted({int(r["rounds"]) for r in rows})
    width = 0.8 / max(1, len(by_players))
    for k, players in enumerate(sorted(by_players)):
        total = sum(by_players[players].values())
        xs = [x + (k - (len(by_players) - 1) / 2) * width for x in all_rounds]
        ax1.bar(xs, [by_players[players][x] / total for x in all_rounds], width=width, label=f"{players}p")
    ax1.set_xlabel("rounds (the round the game ended in)")
    ax1.set_ylabel("share of games")
    ax1.set_xticks(all_rounds)
    ax1.set_title("Game length in rounds")
    ax1.legend(fontsize="small")
    for players in sorted(by_players):
        acts = [int(r["actions"]) for r in rows if int(r["seats"]) == players]
        ax2.hist(acts, bins=30, histtype="step", density=True, label=f"{players}p")
    ax2.set_xlabel("actions (decisions taken)")
    ax2.set_ylabel("density")
    ax2.set_title("Game length in actions")
    ax2.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(out / LENGTH_PNG, dpi=100)
    plt.close(fig)
    return out / LENGTH_PNG
