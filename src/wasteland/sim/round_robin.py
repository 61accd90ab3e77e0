"""A round robin of a game's named bots and openings (``wasteland simulate GAME
--round-robin``): a balance study of the choices its bots stand for.

A game declares the bots worth pitting against each other in its spec
(``spec.round_robin``: its heuristic bot and its openings, say). Every two of them play
(or each of them against one, ``--against``), each pairing in both seat orders
(``a+b`` and ``b+a``) on the same deals, since the game seed leaves the bot out: the
first player's edge cancels out, and it is printed too when the game reports its turn
order. For each pairing: A's share of the seats it played that won, with its 95% Wilson
interval, the draw rate (games nobody won; a draw is not a win), and the first mover's
wins. A *dominates* when its interval lies wholly above 50%, is *dominated* when wholly
below, and is *even* when the interval holds 50%.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from wasteland.core.spec import GameSpec
from wasteland.sim.report import Rate, config_key, row_label, seat_count, winner_seats
from wasteland.sim.runner import Row
from wasteland.sim.sweep import SweepError, round_robin_lineups, seat_bot


def lineups(spec: GameSpec, bots: list[str] | None, against: str | None) -> list[str]:
    """The lineups of the round robin: of ``bots`` if given, else of the spec's."""
    names = list(bots or spec.round_robin)
    if not names:
        raise SweepError(f"--round-robin: {spec.title} declares no round robin of bots; name them with --bot a,b,c")
    if against is None and len(names) < 2:
        raise SweepError("--round-robin: a round robin needs two bots at least (or --against BOT)")
    if against is not None and all(n == against for n in names):
        raise SweepError(f"--against: nothing to play against {against!r}")
    return round_robin_lineups(names, against)


def verdict(r: Rate) -> str:
    lo, hi = r.interval
    return "DOMINATES" if lo > 0.5 else "dominated" if hi < 0.5 else "even"


def pairing(lineup: str) -> tuple[str, str]:
    """The pairing a lineup plays: (A, B) in the order of its first seat order."""
    a, b = lineup.split("+")[:2]
    return a, b


def duel_rates(rows: Iterable[Row], a: str, b: str) -> dict[str, Rate]:
    """Over the games of ``a`` against ``b`` (either seat order): the seats of each that won,
    the first and second movers' wins (when the game reports its turn order), the draws."""
    rates: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        winners = winner_seats(row)
        rates["draw"].add(not winners)
        for k in range(seat_count(row)):
            name = seat_bot(row["bot"], k)
            rates["a" if name == a else "b"].add(f"p{k + 1}" in winners)
        if row["order"]:
            for place, seat in enumerate(row["order"].split(";")):
                rates["first" if place == 0 else "later"].add(seat in winners)
    return dict(rates)


def _fmt(r: Rate | None) -> str:
    if r is None or not r.n:
        return "n/a"
    lo, hi = r.interval
    return f"{r.rate:6.1%} [{lo:5.1%}, {hi:5.1%}]"


def table(rows: list[Row], spec: GameSpec, order: list[str]) -> list[str]:
    """The round robin's lines: one per pairing (``order``: its lineups, both seat orders
    each) and configuration of the other options."""
    pairs: list[tuple[str, str]] = []
    for lineup in order:
        a, b = pairing(lineup)
        if (a, b) not in pairs and (b, a) not in pairs:
            pairs.append((a, b))
    groups: dict[tuple, list[Row]] = defaultdict(list)
    labels: dict[tuple, str] = {}
    for row in rows:
        key = config_key(spec, row, "bot")
        labels.setdefault(key, row_label(spec, row, with_bot=False))
        groups[key].append(row)
    width = max([len(x) for p in pairs for x in p] + [8])
    lines = ["round robin (both seat orders on the same deals; A's won seats with a 95% interval; "
             "a draw is no win):"]
    for key, group in groups.items():
        lines.append(f"  {labels[key] or spec.title}")
        lines.append(f"    {'A':<{width}} {'B':<{width}} {'A wins':>22} {'draws':>7} {'1st mover wins':>22}"
                     "  verdict for A")
        for a, b in pairs:
            games = [r for r in group if set(r["bot"].split("+")) == {a, b}]
            if not games:
                continue
            r = duel_rates(games, a, b)
            lines.append(f"    {a:<{width}} {b:<{width}} {_fmt(r.get('a')):>22} {r['draw'].rate:7.1%} "
                         f"{_fmt(r.get('first')):>22}  {verdict(r['a'])}")
    return lines
