"""PNG charts of a simulation run (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

from wasteland.core.spec import GameSpec
from wasteland.sim.report import Rate, Row, won
from wasteland.sim.sweep import seats_option

WIN_RATE_PNG = "win_rate_by_players.png"
LENGTH_PNG = "game_length.png"


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _series_key(row: Row, varied: list[str], with_lineup: str | None) -> str:
    parts = [str(row[c]) or "none" for c in varied]
    if with_lineup:
        parts.append(str(row[with_lineup]).split(";")[0] + " first")
    return " / ".join(parts) or "all games"


def write_plots(rows: list[Row], spec: GameSpec, out: Path) -> list[Path]:
    """Win rate by number of seats (95% Wilson error bars), one line per value of the
    other options the run varied (and bot, and seat-1 name when the lineups vary); the
    distribution of game length."""
    plt = _pyplot()
    seats = seats_option(spec)
    varied = [c for c in [o.name for o in spec.options if o is not seats and o.name != "players"] + ["bot"]
              if len({r[c] for r in rows}) > 1]
    with_lineup = None
    if seats is not None and seats.sweep:
        lineups = {(r["seats"], r[seats.name]) for r in rows}
        if len(lineups) > len({n for n, _ in lineups}):
            with_lineup = seats.name
    series: dict[str, dict[int, Rate]] = defaultdict(lambda: defaultdict(Rate))
    rows = [r for r in rows if int(r["seats"] or 0)]  # a game that failed before its set-up has no seats
    for row in rows:
        series[_series_key(row, varied, with_lineup)][int(row["seats"])].add(won(row))
    paths = []

    fig, ax = plt.subplots(figsize=(8, 5))
    names = list(series)
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
    ax.set_ylabel("win rate (share of games with a winner)")
    ax.set_title(f"Win rate by player count, 95% Wilson intervals ({len(rows)} games)")
    ax.set_xticks(sorted({int(r["seats"]) for r in rows}))
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    paths.append(out / WIN_RATE_PNG)
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)

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
    paths.append(out / LENGTH_PNG)
    fig.savefig(paths[-1], dpi=100)
    plt.close(fig)
    return paths
