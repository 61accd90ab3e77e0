"""The results of a simulation run: the CSV of games, the summary text, win-rate intervals."""

from __future__ import annotations

from collections import Counter, defaultdict
import csv
from dataclasses import dataclass
import math
from pathlib import Path
from typing import Any, Callable, Iterable

from wasteland.sim.runner import COLUMNS, Row

COL = {name: i for i, name in enumerate(COLUMNS)}
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


def rates_by(rows: Iterable[Row], key: Callable[[Row], Any]) -> dict[Any, Rate]:
    out: dict[Any, Rate] = defaultdict(Rate)
    for row in rows:
        out[key(row)].add(row[COL["won"]])
    return dict(out)


def winner_seats(row: Row) -> set[str]:
    """The seats (``p1``, ``p2``...) that won the game of a ``games.csv`` row."""
    return set(row[COL["winners"]].split(";")) if row[COL["winners"]] else set()


def seat_bot_rates(rows: Iterable[Row]) -> dict[str, Rate]:
    """For each bot of a lineup (``heuristic+random``): the seats it played, and those won."""
    from wasteland.sim.sweep import seat_bot

    out: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        winners = winner_seats(row)
        for k in range(int(row[COL["players"]])):
            out[seat_bot(row[COL["bot"]], k)].add(f"p{k + 1}" in winners)
    return dict(out)


def character_rates(rows: Iterable[Row]) -> dict[str, Rate]:
    """For each character: the games it was in, and those its own player won."""
    out: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        winners = winner_seats(row)
        for seat, character in enumerate(row[COL["characters"]].split(";")):
            out[character].add(f"p{seat + 1}" in winners)
    return dict(out)


# -- files ----------------------------------------------------------------------------


def write_csv(path: Path, rows: list[Row]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(COLUMNS)
        writer.writerows(rows)


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


# -- the summary ----------------------------------------------------------------------


def _fmt_rate(name: str, r: Rate, width: int) -> str:
    lo, hi = r.interval
    return f"  {name:<{width}}  {r.rate:.4f}  [{lo:.4f}, {hi:.4f}]  {r.wins}/{r.n}"


def _table(title: str, rates: dict[Any, Rate], order: list[Any] | None = None) -> list[str]:
    keys = order if order is not None else sorted(rates, key=str)
    width = max([len(str(k)) for k in keys] + [8])
    return [title] + [_fmt_rate(str(k), rates[k], width) for k in keys]


def seat_rates(rows: Iterable[Row]) -> dict[str, Rate]:
    """For each seat (p1, p2, ...): the games it sat in, and those it won."""
    out: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        winners = winner_seats(row)
        for k in range(int(row[COL["players"]])):
            out[f"p{k + 1}"].add(f"p{k + 1}" in winners)
    return dict(out)


def turn_position_rates(rows: Iterable[Row], by_bot: bool = False) -> dict[str, Rate]:
    """Age of Thirst: for each place in the turn order (1st, 2nd, ...; from the ``order``
    column), the games and the wins of the seat that sat there; ``by_bot``: per bot too."""
    from wasteland.sim.sweep import seat_bot

    out: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        if not row[COL["order"]]:
            continue
        winners = winner_seats(row)
        for i, seat in enumerate(row[COL["order"]].split(";")):
            key = f"moves {_ordinal(i + 1)}"
            if by_bot:
                key = f"{seat_bot(row[COL['bot']], int(seat[1:]) - 1)} {key}"
            out[key].add(seat in winners)
    return dict(out)


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def summary(rows: list[Row], *, seconds: float, header: list[str] | None = None,
            notes: list[str] | None = None, game: str = "saltlands") -> str:
    """The summary text; its first line is exactly ``win rate: X``. Age of Thirst (a game
    of clans, no characters): by teams instead of by variant, by colour and by seat
    instead of by character, no Saltlands counters."""
    aot = game == "age-of-thirst"
    n = len(rows)
    wins = sum(row[COL["won"]] for row in rows)
    lines = [f"win rate: {wins / n:.4f}" if n else "win rate: 0.0000"]
    lines += header or []
    for note in notes or []:
        lines.append(f"note: {note}")
    lines.append("win rates with 95% Wilson intervals (wins/games):")
    overall = Rate(wins, n)
    lines.append(_fmt_rate("all games", overall, 12))

    def keep_order(col: str) -> list[Any]:
        seen: list[Any] = []
        for row in rows:
            if row[COL[col]] not in seen:
                seen.append(row[COL[col]])
        return seen

    for title, col in (("by mode", "mode"), ("by difficulty", "difficulty"), ("by players", "players"),
                       ("by bot", "bot")):
        if aot and col == "difficulty":
            continue
        lines += _table(title, rates_by(rows, lambda r, c=COL[col]: r[c]), keep_order(col))
    if len(keep_order("variant")) > 1:
        title = "by teams (LO-13.4, LO-13.5; blank: no teams)" if aot else "by variant (expansion / SL §148-§152)"
        lines += _table(title, rates_by(rows, lambda r: r[COL["variant"]]), keep_order("variant"))
    chars = character_rates(rows)
    if aot:
        from wasteland.games.age_of_thirst.content import COLOURS

        lines += _table("by colour (games the clan played; won = that clan's seat won)", chars,
                        [c for c in COLOURS if c in chars])
        seats = seat_rates(rows)
        lines += _table("by seat (games it sat in; won = that seat won)", seats,
                        sorted(seats, key=lambda k: int(k[1:])))
        places = turn_position_rates(rows)
        if places:
            lines += _table("by turn position (won = the seat that moved so won; LO-4.5)", places, sorted(places))
    else:
        lines += _table("by character (games with it; won = its own player won)", chars,
                        sorted(chars, key=lambda c: (-chars[c].n, c)))
    if any("+" in row[COL["bot"]] for row in rows):
        seats = seat_bot_rates(rows)
        lines += _table("by seat's bot, head to head (seats it played; won = that seat won)", seats, sorted(seats))
        if aot:
            places = turn_position_rates(rows, by_bot=True)
            lines += _table("by seat's bot and turn position", places, sorted(places))
    lineups = keep_order("characters")
    if len(lineups) > len(keep_order("players")) and not aot:
        lines += _table("by lineup (seat order)", rates_by(rows, lambda r: r[COL["characters"]]), lineups)

    configs = rates_by(rows, _config_key)
    if len(configs) > 1:
        lines.append("by configuration (players, mode, teams, bot):" if aot
                     else "by configuration (players, mode, difficulty, lineup, bot):")
        length: dict[Any, list[int]] = defaultdict(lambda: [0, 0])
        for row in rows:
            acc = length[_config_key(row)]
            acc[0] += row[COL["rounds"]]
            acc[1] += row[COL["actions"]]
        keys = list(dict.fromkeys(_config_key(r) for r in rows))
        label = _aot_config_label if aot else _config_label
        width = max(len(label(k)) for k in keys)
        for k in keys:
            r = configs[k]
            line = _fmt_rate(label(k), r, width)
            lines.append(f"{line}  rounds {length[k][0] / r.n:.2f}  actions {length[k][1] / r.n:.1f}")

    if not aot:
        from wasteland.sim.compare import bot_pairs, head_to_head, variant_table

        lines += bot_pairs(rows)
        lines += head_to_head(rows)
        lines += variant_table(rows)
    if n:
        rounds = [row[COL["rounds"]] for row in rows]
        actions = [row[COL["actions"]] for row in rows]
        lines.append(f"game length: mean {sum(rounds) / n:.2f} rounds (min {min(rounds)}, max {max(rounds)}), "
                     f"mean {sum(actions) / n:.1f} actions (min {min(actions)}, max {max(actions)})")
    if n and not aot:
        lines.append(f"per game: {sum(r[COL['deaths']] for r in rows) / n:.2f} deaths, "
                     f"{sum(r[COL['eliminated']] for r in rows) / n:.2f} eliminated, "
                     f"{sum(r[COL['raiders_destroyed']] for r in rows) / n:.2f} raiders destroyed, "
                     f"{sum(r[COL['rumors_played']] for r in rows) / n:.2f} rumor cards played")
    errors = [r for r in rows if is_error(r)]
    defeats = Counter(r[COL["end_reason"]] for r in rows if not r[COL["won"]] and not is_error(r))
    victories = Counter(r[COL["end_reason"]] for r in rows if r[COL["won"]])
    lines.append("causes of defeat (games nobody won):")
    lines += [f"  {k:6d}  {reason}" for reason, k in defeats.most_common()] or ["  none"]
    lines.append("causes of victory:")
    lines += [f"  {k:6d}  {reason}" for reason, k in victories.most_common()] or ["  none"]
    if errors:
        lines.append(f"ERRORS: {len(errors)} game(s) failed (end_reason 'error: ...' in games.csv):")
        causes = Counter(r[COL["end_reason"]] for r in errors)
        lines += [f"  {k:6d}  {reason}" for reason, k in causes.most_common(10)]
    total_actions = sum(row[COL["actions"]] for row in rows)
    speed = n / seconds if seconds > 0 else float("inf")
    lines.append(f"speed: {speed:.1f} games/s, {total_actions / seconds if seconds > 0 else 0:,.0f} actions/s "
                 f"({n} games in {seconds:.2f} s)")
    return "\n".join(lines) + "\n"


def is_error(row: Row) -> bool:
    return str(row[COL["end_reason"]]).startswith("error:")


def _config_key(row: Row) -> tuple:
    return (row[COL["players"]], row[COL["mode"]], row[COL["difficulty"]], row[COL["characters"]], row[COL["bot"]],
            row[COL["variant"]])


def _aot_config_label(key: tuple) -> str:
    players, mode, _difficulty, _colours, bot, teams = key
    return f"{players}p {mode}{' teams ' + teams if teams else ''} {bot}"


def _config_label(key: tuple) -> str:
    players, mode, difficulty, chars, bot, variant = key
    label = f"{players}p {mode} {difficulty} {chars} {bot}"
    return label if variant == "base" else f"{label} {variant}"
