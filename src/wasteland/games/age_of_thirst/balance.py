"""Balance study of the chosen stat table (LO-B 1) and of the seats, on the simulator.

The unit stat table is ours (``data/units.toml``, ``source = "chosen"``), so the rulebook
cannot vouch for it: this study plays heuristic bots restricted to one opening (buy only
one kind, rush one kind's upgrades, grow a hedge wall; ``bot.POLICIES``) against the
default heuristic bot, or against each other, and prints each opening's win rate with its
95% Wilson interval. Every pairing is played in both seat orders over the same deals, so
the first player's edge cancels out; the seat table (who moved first) is printed too.

An opening *dominates* if its interval lies wholly above 50% against the default bot;
one that is wholly below 50% is *dominated* (not a balance problem by itself: a one-kind
army is meant to be weaker than a mixed one). "even" means the interval contains 50%.

    python -m wasteland.games.age_of_thirst.balance --games 200 --workers 2
    python -m wasteland.games.age_of_thirst.balance --policies skinny,handsome,smart --round-robin

The same games come from ``wasteland simulate age-of-thirst --bot heuristic-skinny+heuristic,
heuristic+heuristic-skinny --games N`` (the "by seat's bot" table).
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import defaultdict

from wasteland.sim.report import COL, Rate, winner_seats
from wasteland.sim.runner import run
from wasteland.sim.sweep import Configuration, aot_colours, seat_bot

from .bot import POLICIES

GAME = "age-of-thirst"


def bot_name(policy: str) -> str:
    return "heuristic" if policy in ("default", "heuristic") else f"heuristic-{policy}"


def configurations(a: str, b: str, mode: str, turn_limit: int | None) -> list[Configuration]:
    """Two-player games of ``a`` against ``b``, in both seat orders (the heuristic bot
    that chooses the first player picks its own colour, red, so seat 1 moves first)."""
    out = []
    for lineup in (f"{a}+{b}", f"{b}+{a}"):
        c = Configuration(2, mode, "", (), lineup, game=GAME, turn_limit=turn_limit)
        out.append(Configuration(2, mode, "", aot_colours(c), lineup, game=GAME, turn_limit=turn_limit))
    return out


def verdict(r: Rate) -> str:
    lo, hi = r.interval
    return "DOMINATES" if lo > 0.5 else "dominated" if hi < 0.5 else "even"


def duel(a: str, b: str, games: int, *, mode: str = "normal", seed: int = 0, workers: int = 1,
         turn_limit: int | None = 300) -> dict[str, Rate]:
    """``games`` games in each seat order; rates of ``a`` and ``b`` (draws count as not won),
    of the first and second mover, and the draw rate."""
    rows = run(GAME, configurations(a, b, mode, turn_limit), games, seed, workers)
    rates: dict[str, Rate] = defaultdict(Rate)
    for row in rows:
        winners = winner_seats(row)
        rates["draw"].add(not winners)
        for place, seat in enumerate(row[COL["order"]].split(";")):
            name = seat_bot(row[COL["bot"]], int(seat[1:]) - 1)
            won = seat in winners
            rates["first" if place == 0 else "second"].add(won)
            rates["a" if name == a else "b"].add(won)
    return dict(rates)


def _fmt(r: Rate) -> str:
    lo, hi = r.interval
    return f"{r.rate:6.1%} [{lo:5.1%}, {hi:5.1%}]"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m wasteland.games.age_of_thirst.balance",
                                description="Age of Thirst balance study: openings against the default "
                                "heuristic bot (or each other), both seat orders, 95%% Wilson intervals.")
    p.add_argument("--games", type=int, default=200, help="games per seat order of each pairing (default 200)")
    p.add_argument("--policies", default=",".join(POLICIES),
                   help=f"openings to test, comma-separated (default: all: {', '.join(POLICIES)})")
    p.add_argument("--against", default="heuristic", help="the opponent of every opening (default: heuristic; "
                   "or an opening name)")
    p.add_argument("--round-robin", action="store_true", help="every opening against every other instead")
    p.add_argument("--mode", default="normal", choices=("normal", "long", "blitz"))
    p.add_argument("--turn-limit", type=int, default=300, help="end a game without a winner after N turns "
                   "(default 300; not a rule)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args(argv)
    policies = [x.strip() for x in args.policies.split(",") if x.strip()]
    for x in policies + [args.against]:
        if x not in POLICIES and x not in ("heuristic", "default"):
            p.error(f"unknown opening {x!r}; choose from heuristic, {', '.join(POLICIES)}")
    names = [bot_name(x) for x in policies]
    pairs = list(itertools.combinations(names, 2)) if args.round_robin else \
        [(n, bot_name(args.against)) for n in names if n != bot_name(args.against)]
    print(f"Age of Thirst, 2 players, {args.mode}; {args.games} games per seat order "
          f"({2 * args.games} per pairing); seed {args.seed}; turn limit {args.turn_limit}")
    print(f"{'A':<24} {'B':<24} {'A wins':>24} {'draws':>7} {'1st mover wins':>24}  verdict for A")
    for a, b in pairs:
        r = duel(a, b, args.games, mode=args.mode, seed=args.seed, workers=args.workers,
                 turn_limit=args.turn_limit)
        print(f"{a:<24} {b:<24} {_fmt(r['a']):>24} {r['draw'].rate:7.1%} {_fmt(r['first']):>24}  {verdict(r['a'])}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
