"""The summary text of a simulation: win rates with their intervals, per option, seat and
bot, the comparisons of ``compare``, and the game length (``wasteland simulate``)."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Callable

from wasteland.core.page_words import words_of_game
from wasteland.core.protocol import Outcome
from wasteland.core.spec import GameSpec
from wasteland.sim.compare import bot_pairs, head_to_head, option_tables
from wasteland.sim.defeats import table as defeats_table
from wasteland.sim.report import (Rate, Row, shown, config_key, fmt_rate, is_dealt, is_error, keep_order, rates_by,
                                  row_label, seat_bot_rates, seat_name_rates, seat_rates, table,
                                  turn_position_rates, won)
from wasteland.sim.sweep import seats_option


def reason_words(spec: GameSpec) -> Callable[[str], str]:
    """A game's end reason as its terminal says it: the engine's reason names things by
    their ids ("a hero holds sanctum.c"), the renderer by their names ("Lantern Sanctum
    c"); a failed game's error, or a game without a renderer, as it was written."""
    renderer = spec.renderer
    if renderer is None:
        return lambda reason: reason

    def said(reason: str) -> str:
        if reason.startswith("error:"):
            return reason
        return renderer.end_reason(Outcome((), reason)) or reason
    return said


def component_names(spec: GameSpec) -> Callable[[str], str]:
    """A seat's component (a character) by its English name with the id a run's options
    take beside it; the id alone where the game's texts do not name it."""
    texts = spec.component_texts
    names = {key.partition(":")[2]: entry.get("name") for key, entry in
             (texts.catalogue("en") if texts is not None else {}).items()}
    return lambda v: f"{names[v]} ({v})" if names.get(v) and names[v] != v else str(v)


def value_names(spec: GameSpec, option: Any) -> Callable[[str], str]:
    """A choice's value by the page's English word for it with its id beside, where the
    word is not the id itself ("The Last Lantern (lantern)"; "classic" stays "classic")."""
    page = words_of_game(spec, "en") if option.kind == "choice" else None

    def name(v: str) -> str:
        word = page.own_text(f"option.{option.name}.{v}") if page is not None else None
        return f"{word} ({v})" if word and word.casefold() != str(v).casefold() else str(v)
    return name


def summary(rows: list[Row], spec: GameSpec, *, seconds: float, header: list[str] | None = None,
            notes: list[str] | None = None, extra: list[str] | None = None) -> str:
    """The summary text; its first line is exactly ``win rate: X``. ``extra``: more
    lines before the game length (a round robin's table)."""
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
        by = rates_by(rows, lambda r, c=o.name: shown(r[c]))
        name = value_names(spec, o)  # "The Last Lantern (lantern)": the name, and the id --NAME takes
        lines += table(f"by {o.name.replace('_', ' ')}{rule}", {name(k): r for k, r in by.items()},
                       [name(shown(v)) for v in keep_order(rows, o.name)])
    lines += table("by bot", rates_by(rows, lambda r: r["bot"]), keep_order(rows, "bot"))
    if seats is not None:
        named = seat_name_rates(rows, seats.name)
        if named:
            order = [v for v in seats.values if v in named] + sorted(set(named) - set(seats.values))
            name = component_names(spec)  # "Little Girl (little_girl)": the name, and the id --NAME takes
            lines += table(f"by {seats.name} (games with it; won = its own seat won)",
                           {name(v): r for v, r in named.items()}, [name(v) for v in order])
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
    said = reason_words(spec)
    lines += [f"  {k:6d}  {said(reason)}" for reason, k in defeats.most_common()] or ["  none"]
    lines.append("causes of victory:")
    lines += [f"  {k:6d}  {said(reason)}" for reason, k in victories.most_common()] or ["  none"]
    lines += defeats_table(rows, said)
    if errors:
        lines.append(f"ERRORS: {len(errors)} game(s) failed (end_reason 'error: ...' in games.csv):")
        causes = Counter(r["end_reason"] for r in errors)
        lines += [f"  {k:6d}  {reason}" for reason, k in causes.most_common(10)]
    total_actions = sum(int(row["actions"]) for row in rows)
    speed = n / seconds if seconds > 0 else float("inf")
    lines.append(f"speed: {speed:.1f} games/s, {total_actions / seconds if seconds > 0 else 0:,.0f} actions/s "
                 f"({n} games in {seconds:.2f} s)")
    return "\n".join(lines) + "\n"
