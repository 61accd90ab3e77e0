"""Balance study of the chosen stat table (LO-B 1): openings pitted against each other.

``python -m wasteland.games.age_of_thirst.balance [games]`` plays two-player games of
heuristic bots that favour one troop kind when buying (``prefer``), with seats swapped
every other game, and prints each pairing's win rates. A kind dominates if its bot beats
every other opening clearly; the figures are the evidence for the chosen values.
"""

from __future__ import annotations

import itertools
import sys
from collections import Counter

from wasteland.agents.base import Observation

from .bot import HeuristicAgent
from .game import GAME

OPENINGS = (None, "skinny", "handsome", "smart")


def duel(a: str | None, b: str | None, games: int, max_turns: int = 120) -> Counter:
    wins: Counter = Counter()
    for g in range(games):
        swap = g % 2 == 1
        prefs = (b, a) if swap else (a, b)
        s = GAME.new_game({"players": 2, "turn_limit": max_turns}, 1000 + g)
        bots = [HeuristicAgent(7 * g + k, prefer=prefs[k]) for k in range(2)]
        while (d := GAME.decision(s)) is not None:
            GAME.apply_in_place(s, bots[d.seat].choose(Observation(GAME, s, d)))
        if not s.winners:
            wins["draw"] += 1
            continue
        winner = s.winners[0]
        wins["b" if (winner == 0) == swap else "a"] += 1
        wins["first" if winner == s.order[0] else "second"] += 1
    return wins


def main(games: int = 40) -> None:
    for a, b in itertools.combinations(OPENINGS, 2):
        w = duel(a, b, games)
        print(f"{a or 'any':>8} vs {b or 'any':<8}: {w['a']:3d} - {w['b']:3d}  draws {w['draw']:3d}  "
              f"(first player won {w['first']}, second {w['second']})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
