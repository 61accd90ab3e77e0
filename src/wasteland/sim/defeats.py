"""Where the bots lose: the simulator's defeats by bot, cause and round (issue 33).

A seat lost when it is not among a game's winners. Its cause is the game's end reason (the
rule that ended it, as the game words it: the last round ended without an escape, the
exploration deck ran out...), prefixed with "another seat won:" when someone else won. Per bot (a
lineup's bots each on their own seats), each cause gets its count and the rounds the
games ended in: mean, range, and a count per band of rounds, so a designer sees whether
the game's end or the bot's play decides, and when.
"""

from __future__ import annotations

from collections import defaultdict
import math
from typing import Callable, Iterable

from wasteland.sim.runner import Row
from wasteland.sim.sweep import seat_bot

BANDS = 5  # round bands shown per cause


def _winners(row: Row) -> set[str]:
    return set(str(row["winners"]).split(";")) if row["winners"] else set()


def losses(rows: Iterable[Row], said: Callable[[str], str] = str) -> dict[str, dict[str, list[int]]]:
    """Per bot, per cause (the end reason in ``said``'s words): the round each lost seat's
    game ended in."""
    out: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for row in rows:
        reason = str(row["end_reason"])
        if reason.startswith("error:"):
            continue
        winners = _winners(row)
        cause = f"another seat won: {said(reason)}" if winners else said(reason)
        for k in range(int(row["seats"] or 0)):
            if f"p{k + 1}" not in winners:
                out[seat_bot(str(row["bot"]), k)][cause].append(int(row["rounds"]))
    return {bot: dict(causes) for bot, causes in out.items()}


def bands(rounds: list[int], top: int) -> str:
    """The rounds counted in ``BANDS`` bands of equal width up to ``top``."""
    width = max(1, math.ceil(top / BANDS))
    counts: dict[int, int] = defaultdict(int)
    for r in rounds:
        counts[max(0, r - 1) // width] += 1
    return ", ".join(f"r{b * width + 1}-{(b + 1) * width}: {counts[b]}" for b in sorted(counts))


def table(rows: list[Row], said: Callable[[str], str] = str) -> list[str]:
    """The summary's lines (none when no seat lost)."""
    lost = losses(rows, said)
    if not lost:
        return []
    top = max(int(r["rounds"]) for r in rows)
    lines = ["defeats by bot, cause and round (seats that lost; the round the game ended in):"]
    for bot in sorted(lost):
        causes = lost[bot]
        total = sum(len(v) for v in causes.values())
        lines.append(f"  {bot}: {total} seat(s) lost")
        for cause, rounds in sorted(causes.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"    {len(rounds):6d}  {cause}")
            lines.append(f"            rounds: mean {sum(rounds) / len(rounds):.1f} (min {min(rounds)}, "
                         f"max {max(rounds)}); {bands(rounds, top)}")
    return lines


__all__ = ["bands", "losses", "table"]
