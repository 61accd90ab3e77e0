"""Comparisons a designer or a bot author reads off a run: bots on the same seeds, and
each optional part of a game (an expansion, variants) against the game without it.

Both work on the rows of ``games.csv`` (see ``runner.columns``). A run that sweeps
several bots (``--bot random,heuristic``) plays every configuration with the same game
seeds for each bot, so the bots can be compared game by game: the difference of their
win rates gets a paired 95% interval, much narrower than two separate intervals when
the same seeds are hard or easy for both. A run that sweeps a switch or a list of names
(``--variant none,overkill``) gets a table per cell of the other options with each
value's win rate and length beside the game without it, and the change of the win rate
with a 95% interval for separate samples (they play different set-ups).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import combinations
import math
from typing import Any, Iterable

from wasteland.core.spec import GameSpec
from wasteland.sim.report import config_key, row_label, seat_count, wilson, winner_seats, won
from wasteland.sim.runner import Row
from wasteland.sim.sweep import cell, seat_bot


def _newcombe(wins1: int, wins2: int, n1: int, n2: int, phi: float) -> tuple[float, float, float]:
    """``p1 - p2`` with Newcombe's hybrid score interval (1998): the two Wilson intervals
    combined, ``phi`` the correlation of paired games (0 for independent samples)."""
    p1, p2 = wins1 / n1, wins2 / n2
    l1, u1 = wilson(wins1, n1)
    l2, u2 = wilson(wins2, n2)
    below = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    above = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    diff = p1 - p2
    return diff, diff - below, diff + above


def difference(wins1: int, n1: int, wins2: int, n2: int) -> tuple[float, float, float]:
    """The difference of two win rates from separate games (different seeds or set-ups),
    with its 95% interval by Newcombe's hybrid score method for independent proportions
    (1998, method 10)."""
    if n1 == 0 or n2 == 0:
        raise ValueError("a difference of win rates needs games on both sides")
    return _newcombe(wins1, wins2, n1, n2, 0.0)


def paired_difference(a: list[bool], b: list[bool]) -> tuple[float, float, float]:
    """The difference of win rates ``a - b`` over the same games, with its 95% interval
    by Newcombe's score method for paired proportions (1998, method 10): built from the
    two Wilson intervals and the correlation of the pairs, it stays sensible when wins are
    rare or absent, where the plain normal interval collapses to a point."""
    n = len(a)
    if n == 0 or n != len(b):
        raise ValueError("a paired comparison needs the same, non-zero number of games on each side")
    both = sum(1 for x, y in zip(a, b) if x and y)
    only_a = sum(1 for x, y in zip(a, b) if x and not y)
    only_b = sum(1 for x, y in zip(a, b) if y and not x)
    neither = n - both - only_a - only_b
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = (both * neither - only_a * only_b) / math.sqrt(margins) if margins else 0.0
    return _newcombe(both + only_a, both + only_b, n, n, phi)


def bot_pairs(rows: Iterable[Row], spec: GameSpec) -> list[str]:
    """Lines comparing every two bots that played the same configurations on the same
    seeds (one bot for every seat, ``--bot a,b``)."""
    games: dict[tuple, dict[str, dict[Any, bool]]] = defaultdict(lambda: defaultdict(dict))
    labels: dict[tuple, str] = {}
    for row in rows:
        bot = row["bot"]
        if "+" in bot:
            continue  # head-to-head lineups have their own table
        key = config_key(spec, row, "bot")
        labels.setdefault(key, row_label(spec, row, with_bot=False))
        games[key][bot][str(row["seed"])] = won(row)
    lines: list[str] = []
    for config, by_bot in games.items():
        for x, y in combinations(sorted(by_bot), 2):
            seeds = sorted(set(by_bot[x]) & set(by_bot[y]))
            if not seeds:
                continue
            a = [by_bot[x][s] for s in seeds]
            b = [by_bot[y][s] for s in seeds]
            diff, lo, hi = paired_difference(a, b)
            lines.append(
                f"  {labels[config]}: {x} {sum(a)}/{len(a)} vs {y} {sum(b)}/{len(b)}; "
                f"{x} - {y} = {diff:+.4f} [{lo:+.4f}, {hi:+.4f}]; "
                f"seeds only {x} won {sum(1 for p, q in zip(a, b) if p and not q)}, "
                f"only {y} won {sum(1 for p, q in zip(a, b) if q and not p)}"
            )
    if lines:
        lines.insert(0, "bots on the same seeds (paired difference of win rates, 95% interval):")
    return lines


def head_to_head(rows: Iterable[Row]) -> list[str]:
    """Lines for every two bots that met in lineups (``--bot a+b,b+a``): how many won
    seats each took, and the first one's share of them with a 95% Wilson interval, the
    head-to-head score of the games somebody won."""
    seats: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for row in rows:
        lineup = row["bot"]
        names = sorted(set(lineup.split("+")))
        if "+" not in lineup or len(names) != 2:
            continue
        score = seats[(names[0], names[1])]
        winners = winner_seats(row)
        score[2] += bool(winners)
        for k in range(seat_count(row)):
            if f"p{k + 1}" in winners:
                score[names.index(seat_bot(lineup, k))] += 1
    lines = []
    for (x, y), (wx, wy, decided) in sorted(seats.items()):
        if wx + wy == 0:
            continue
        lo, hi = wilson(wx, wx + wy)
        lines.append(
            f"  {x} {wx} vs {y} {wy} won seats in {decided} decided games: "
            f"{x} {wx / (wx + wy):.1%} [{lo:.1%}, {hi:.1%}]"
        )
    if lines:
        lines.insert(0, "head to head (won seats of each bot; the first one's share, 95% interval):")
    return lines


def option_tables(rows: Iterable[Row], spec: GameSpec) -> list[str]:
    """For each option that adds to the game (a switch or a list of names: an expansion,
    variants) and that the run swept: per cell of the other options and the bot, each of
    its values beside the game without it (listed first), with the change of the win rate
    and its 95% interval for separate samples (different set-ups, different deals)."""
    rows = list(rows)
    lines: list[str] = []
    for option in spec.options:
        if option.kind not in ("bool", "names") or not option.sweep:
            continue
        base_value = str(cell(option, option.default if option.default is not None else
                              (() if option.kind == "names" else False)))
        cells: dict[tuple, dict[str, list[Row]]] = defaultdict(lambda: defaultdict(list))
        labels: dict[tuple, str] = {}
        for row in rows:
            key = config_key(spec, row, option.name)
            labels.setdefault(key, row_label(spec, {**row, option.name: ""}))
            cells[key][str(row[option.name])].append(row)
        if not any(len(v) > 1 for v in cells.values()):
            continue
        extra = "".join(f", {t.title}" for t in spec.tallies)
        lines.append(f"by {option.name} against the game without ({base_value}; {option.rule or 'option'}): "
                     f"win rate [95%], mean rounds, actions{extra}; then the change, its win rate with a "
                     "95% interval:")
        for key, by_value in cells.items():
            if len(by_value) < 2:
                continue
            lines.append(f"  {labels[key]}")
            base: tuple[int, int, float, float] | None = None
            for value in sorted(by_value, key=lambda v: (v != base_value, v)):
                games = by_value[value]
                n = len(games)
                wins = sum(1 for r in games if won(r))
                lo, hi = wilson(wins, n)

                def mean(col: str) -> float:
                    values = [float(r[col]) for r in games if r[col] not in ("", None)]
                    return sum(values) / len(values) if values else 0.0

                line = (f"    {value:<28} {wins / n:.4f} [{lo:.4f}, {hi:.4f}] {wins}/{n}"
                        f"  rounds {mean('rounds'):.2f}  actions {mean('actions'):.1f}"
                        + "".join(f"  {t.title} {mean(t.name):.2f}" for t in spec.tallies))
                if value == base_value:
                    base = (wins, n, mean("rounds"), mean("actions"))
                elif base is not None:  # no change column without the game without it beside it
                    diff, dlo, dhi = difference(wins, n, base[0], base[1])
                    line += (f"  | win rate {diff:+.4f} [{dlo:+.4f}, {dhi:+.4f}]"
                             f"  rounds {mean('rounds') - base[2]:+.2f}  actions {mean('actions') - base[3]:+.1f}")
                lines.append(line)
    return lines
