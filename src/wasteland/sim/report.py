"""The results of a simulation run: the CSV of games, the summary text, win-rate intervals.

Everything here reads the rows (``runner.columns``) and the game's spec, never a game's
name: a table per option the run swept, one by the names the spec gives the seats (its
``seats`` option: characters, colours), one by seat, one by place in the turn order when
the game reports it, the head-to-head tables for bot lineups, and the game's tallies.
"""

from __future__ import annotations

from collections import defaultdict
import csv
from dataclasses import dataclass
import math
from pathlib import Path
from typing import Any, Callable, Iterable

from wasteland.core.spec import GameSpec
from wasteland.sim.runner import Row, columns
from wasteland.sim.sweep import config_label, seat_bot

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


def shown(value: Any) -> str:
    return "none" if value in ("", None) else str(value)


def is_error(row: Row) -> bool:
    return str(row["end_reason"]).startswith("error:")
