"""The results of a simulation run: the CSV of games, the summary text, win-rate intervals.

Everything here reads the rows (``runner.columns``) and the game's spec, never a game's
name: a table per option the run swept, one by the names the spec gives the seats (its
``seats`` option: characters, colours), one by seat, one by place in the turn order when
the game reports it, the head-to-head tables for bot lineups, and the game's tallies.
"""

from __future__ import annotations

from collections import Counter, defaultdict
import csv
from dataclasses import dataclass
import math
from pathlib import Path
from typing import Any, Callable, Iterable

from wasteland.core.spec import GameSpec
from wasteland.sim.runner import Row, columns
from wasteland.sim.sweep import config_label, seat_bot, seats_option

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return min(lo, p), max(hi, p)


@dataclass
class Rate:
    wins: int = 0
    n: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.n)

    def add(self, won: bool) -> None:
        self.n += 1
        self.wins += bool(won)


def won(row: Row) -> bool:
    """The ``won`` column, whether from a run in memory (int) or read from the CSV (text)."""
    return row["won"] in (True, 1, "1", "True", "true")


def seat_count(row: Row) -> int:
    return int(row["seats"] or 0)


def rates_by(rows: Iterable[Row], key: Callable[[Row], Any]) -> dict[Any, Rate]:
    out: dict[Any, Rate] = defaultdict(Rate)
    for row in rows:
        out[key(row)].add(won(row))
    return dict(out)


def winner_seats(row: Row) -> set[str]:
    """The seats (``p1``, ``p2``...) that won the game of a ``games.csv`` row."""
    return set(row["winners"].split(";")) if row["winners"] else set()


def seat_bot_rates(rows: Iterable[Row]) -> dict[str, Rate]:
    """For each bot of a lineup (``heuristic+random``): the seats it played, and those won."""
    out: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        winners = winner_seats(row)
        for k in range(seat_count(row)):
            out[seat_bot(row["bot"], k)].add(f"p{k + 1}" in winners)
    return dict(out)


def seat_name_rates(rows: Iterable[Row], column: str) -> dict[str, Rate]:
    """For each name a seat had (a character, a colour): the games it was in, and those
    its own seat won."""
    out: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        if not row[column]:
            continue
        winners = winner_seats(row)
        for seat, name in enumerate(str(row[column]).split(";")):
            out[name].add(f"p{seat + 1}" in winners)
    return dict(out)


def seat_rates(rows: Iterable[Row]) -> dict[str, Rate]:
    """For each seat (p1, p2, ...): the games it sat in, and those it won."""
    out: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        winners = winner_seats(row)
        for k in range(seat_count(row)):
            out[f"p{k + 1}"].add(f"p{k + 1}" in winners)
    return dict(out)


def turn_position_rates(rows: Iterable[Row], by_bot: bool = False) -> dict[str, Rate]:
    """For each place in the turn order (1st, 2nd, ...; from the ``order`` column), the
    games and the wins of the seat that sat there; ``by_bot``: per bot too."""
    out: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        if not row["order"]:
            continue
        winners = winner_seats(row)
        for i, seat in enumerate(row["order"].split(";")):
            key = f"moves {ordinal(i + 1)}"
            if by_bot:
                key = f"{seat_bot(row['bot'], int(seat[1:]) - 1)} {key}"
            out[key].add(seat in winners)
    return dict(out)


def ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n % 100 not in (11, 12, 13) else 0, 'th') }"


def is_dealt(row: Row) -> bool:
    """Were the row's seat names dealt by the game's seed (no lineup given)?"""
    return str(row.get("dealt", "0")) == "1"


def option_cell(spec: GameSpec, row: Row, name: str) -> Any:
    """A row's option cell as its configuration had it: a dealt lineup reads ``dealt``
    (each game of the configuration has its own)."""
    option = spec.option(name)
    if option is not None and option.kind == "seats" and is_dealt(row):
        return "dealt"
    return row[name]


def config_key(spec: GameSpec, row: Row, *left_out: str) -> tuple:
    """A row's configuration (its option cells, bot and tuned numbers), less the columns
    ``left_out``."""
    names = [o.name for o in spec.options] + ["bot"]
    return tuple(option_cell(spec, row, name) for name in names if name not in left_out) \
        + ((row.get("params", ""),) if "params" not in left_out else ())


def row_label(spec: GameSpec, row: Row, with_bot: bool = True) -> str:
    label = config_label(spec, lambda name: option_cell(spec, row, name))
    label = f"{label} {row['bot']}" if with_bot else label
    return f"{label} [{row['params']}]" if row.get("params") else label


# -- files ----------------------------------------------------------------------------


def write_csv(path: Path, spec: GameSpec, rows: list[Row]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns(spec), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# -- the summary ----------------------------------------------------------------------


def fmt_rate(name: str, r: Rate, width: int) -> str:
    lo, hi = r.interval
    return f"  {name:<{width}}  {r.rate:.4f}  [{lo:.4f}, {hi:.4f}]  {r.wins}/{r.n}"


def table(title: str, rates: dict[Any, Rate], order: list[Any] | None = None) -> list[str]:
    keys = order if order is not None else sorted(rates, key=str)
    width = max([len(str(k)) for k in keys] + [8])
    return [title] + [fmt_rate(str(k), rates[k], width) for k in keys]


def keep_order(rows: list[Row], col: str) -> list[Any]:
    seen: dict[Any, None] = {}
    for row in rows:
        seen.setdefault(row[col], None)
    return list(seen)


def _shown(value: Any) -> str:
    return "none" if value in ("", None) else str(value)


def summary(rows: list[Row], spec: GameSpec, *, seconds: float, header: list[str] | None = None,
            notes: list[str] | None = None, extra: list[str] | None = None) -> str:
    """The summary text; its first line is exactly ``win rate: X``. ``extra``: more
    lines before the game length (a round robin's table)."""
    from wasteland.sim.compare import bot_pairs, head_to_head, option_tables
    from wasteland.sim.defeats import table as defeats_table

    n = len(rows)
    wins = sum(won(row) for row in rows)
    lines = [f"win rate: {wins / n:.4f}" if n else "win rate: 0.0000"]
    lines += header or []
    for note in notes or []:
        lines.append(f"note: {note}")
    lines.append("win rates with 95% Wilson intervals (wins/games):")
    lines.append(fmt_rate("all games", Rate(wins, n), 12))

    seats = seats_option(spec)
    # a table per number or choice the run can sweep, and per other option it varied; bots
    for o in spec.options:
        varied = len(keep_order(rows, o.name)) > 1
        if not o.sweep or o is seats or ((o.hidden or o.kind not in ("int", "choice")) and not varied):
            continue
        rule = f" ({o.rule})" if o.rule and o.kind in ("names", "bool") else ""
        by = rates_by(rows, lambda r, c=o.name: _shown(r[c]))
        lines += table(f"by {o.name.replace('_', ' ')}{rule}", by, [_shown(v) for v in keep_order(rows, o.name)])
    lines += table("by bot", rates_by(rows, lambda r: r["bot"]), keep_order(rows, "bot"))
    if seats is not None:
        named = seat_name_rates(rows, seats.name)
        if named:
            order = [v for v in seats.values if v in named] + sorted(set(named) - set(seats.values))
            lines += table(f"by {seats.name} (games with it; won = its own seat won)", named, order)
    by_seat = seat_rates(rows)
    if by_seat:
        lines += table("by seat (games it sat in; won = that seat won)", by_seat,
                       sorted(by_seat, key=lambda k: int(k[1:])))
    places = turn_position_rates(rows)
    if places:
        lines += table("by turn position (won = the seat that moved so won)", places,
                       sorted(places, key=lambda k: int("".join(ch for ch in k if ch.isdecimal()))))
    if any("+" in row["bot"] for row in rows):
        by_bot = seat_bot_rates(rows)
        lines += table("by seat's bot, head to head (seats it played; won = that seat won)", by_bot, sorted(by_bot))
        places = turn_position_rates(rows, by_bot=True)
        if places:
            lines += table("by seat's bot and turn position", places, sorted(places))
    fixed = [r for r in rows if not is_dealt(r)]  # a dealt lineup is each game's own
    if seats is not None and seats.sweep and fixed:
        lineups = keep_order(fixed, seats.name)
        if len(lineups) > len(keep_order(fixed, "seats")):
            lines += table("by lineup (seat order)", rates_by(fixed, lambda r: r[seats.name]), lineups)

    configs = rates_by(rows, lambda r: config_key(spec, r))
    if len(configs) > 1:
        lines.append("by configuration:")
        length: dict[Any, list[float]] = defaultdict(lambda: [0, 0])
        labels: dict[tuple, str] = {}
        for row in rows:
            key = config_key(spec, row)
            acc = length[key]
            acc[0] += float(row["rounds"])
            acc[1] += float(row["actions"])
            labels.setdefault(key, row_label(spec, row))
        width = max(len(v) for v in labels.values())
        for key, label in labels.items():
            r = configs[key]
            lines.append(f"{fmt_rate(label, r, width)}  rounds {length[key][0] / r.n:.2f}  "
                         f"actions {length[key][1] / r.n:.1f}")

    lines += bot_pairs(rows, spec)
    lines += head_to_head(rows)
    lines += option_tables(rows, spec)
    lines += extra or []
    if n:
        rounds = [int(row["rounds"]) for row in rows]
        actions = [int(row["actions"]) for row in rows]
        lines.append(f"game length: mean {sum(rounds) / n:.2f} rounds (min {min(rounds)}, max {max(rounds)}), "
                     f"mean {sum(actions) / n:.1f} actions (min {min(actions)}, max {max(actions)})")
    if n and spec.tallies:
        lines.append("per game: " + ", ".join(f"{sum(int(r[t.name]) for r in rows) / n:.2f} {t.title}"
                                              for t in spec.tallies))
    errors = [r for r in rows if is_error(r)]
    defeats = Counter(r["end_reason"] for r in rows if not won(r) and not is_error(r))
    victories = Counter(r["end_reason"] for r in rows if won(r))
    lines.append("causes of defeat (games nobody won):")
    lines += [f"  {k:6d}  {reason}" for reason, k in defeats.most_common()] or ["  none"]
    lines.append("causes of victory:")
    lines += [f"  {k:6d}  {reason}" for reason, k in victories.most_common()] or ["  none"]
    lines += defeats_table(rows)
    if errors:
        lines.append(f"ERRORS: {len(errors)} game(s) failed (end_reason 'error: ...' in games.csv):")
        causes = Counter(r["end_reason"] for r in errors)
        lines += [f"  {k:6d}  {reason}" for reason, k in causes.most_common(10)]
    total_actions = sum(int(row["actions"]) for row in rows)
    speed = n / seconds if seconds > 0 else float("inf")
    lines.append(f"speed: {speed:.1f} games/s, {total_actions / seconds if seconds > 0 else 0:,.0f} actions/s "
                 f"({n} games in {seconds:.2f} s)")
    return "\n".join(lines) + "\n"


def is_error(row: Row) -> bool:
    return str(row["end_reason"]).startswith("error:")
