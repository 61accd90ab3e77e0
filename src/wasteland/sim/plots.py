"""PNG charts of a simulation run (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

from wasteland.sim.report import COL, Rate, Row

WIN_RATE_PNG = "win_rate_by_players.png"
LENGTH_PNG = "game_length.png"


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _series_key(row: Row, with_bot: bool, with_lineup: bool) -> str:
    parts = [row[COL["mode"]], row[COL["difficulty"]]]
    if with_lineup:
        parts.append(row[COL["characters"]].split(";")[0] + " first")
    if with_bot:
        parts.append(row[COL["bot"]])
    return " / ".join(parts)


def write_plots(rows: list[Row], out: Path) -> list[Path]:
    """Win rate by player count (95% Wilson error bars), one line per mode/difficulty
    (and bot, and seat-1 character when those vary); the distribution of game length."""
    plt = _pyplot()
    with_bot = len({r[COL["bot"]] for r in rows}) > 1
    lineups = {(r[COL["players"]], r[COL["characters"]]) for r in rows}
    with_lineup = len(lineups) > len({players for players, _ in lineups})
    series: dict[str, dict[int, Rate]] = defaultdict(lambda: defaultdict(Rate))
    for row in rows:
        series[_series_key(row, with_bot, with_lineup)][row[COL["players"]]].add(row[COL["won"]])
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
    ax.set_xlabel("players")
    ax.set_ylabel("win rate (share of games with a winner)")
    ax.set_title(f"Win rate by player count, 95% Wilson intervals ({len(rows)} games)")
    ax.set_xticks(sorted({r[COL["players"]] for r in rows}))
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
        by_players[row[COL["players"]]][row[COL["rounds"]]] += 1
    all_rounds = sorted({r[COL["rounds"]] for r in rows})
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
        acts = [r[COL["actions"]] for r in rows if r[COL["players"]] == players]
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
