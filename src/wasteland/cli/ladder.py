"""``wasteland ladder GAME``: a round robin of bots on paired seeds, rated (the matches and
the ratings: ``wasteland.sim.ladder``)."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from wasteland.core.protocol import RuleError
from wasteland.core.registry import UnknownGame, get_spec
from wasteland.cli.options import OptionError, read_options
from wasteland.cli.tuned import tuned_line
from wasteland.sim import ladder


def table_lines(matches: list[ladder.Match], bots: list[str], players: int) -> list[str]:
    """The ladder's tables: ratings (or solo win rates) and the head-to-head scores."""
    lines: list[str] = []
    width = max(len(b) for b in bots)
    if players == 1:
        lines.append(f"{'bot':<{width}}  wins / games  win rate  95% interval")
        rows = ladder.solo_table(matches, bots)
        for b in sorted(bots, key=lambda b: -rows[b][0]):
            won, n, lo, hi = rows[b]
            lines.append(f"{b:<{width}}  {won:>4} / {n:<5}  {won / max(n, 1):>8.1%}  {lo:.1%} to {hi:.1%}")
        return lines
    rated = ladder.ratings(matches, bots)
    lines.append(f"{'bot':<{width}}  rating  95% interval (Bradley-Terry, Elo scale, random = 1000; bootstrap)")
    order = sorted(bots, key=lambda b: -rated[b][0])
    for b in order:
        r, lo, hi = rated[b]
        lines.append(f"{b:<{width}}  {r:>6.0f}  {lo:.0f} to {hi:.0f}")
    lines.append("")
    lines.append("head to head: the row's score against the column (win 1, both or neither won 1/2), matches")
    h2h = ladder.head_to_head(matches, bots)
    lines.append(" " * width + "  " + "  ".join(f"{b:>{max(len(b), 9)}}" for b in order))
    for a in order:
        cells = []
        for b in order:
            cell = "-" if a == b else (f"{h2h[a, b][0]:.2f} ({h2h[a, b][1]})" if (a, b) in h2h else "")
            cells.append(f"{cell:>{max(len(b), 9)}}")
        lines.append(f"{a:<{width}}  " + "  ".join(cells))
    return lines


def ladder_command(game: str, bots: list[str], games: int, seed: int, players: int, workers: int,
                   options: list[str], trace: Path | None, out: Callable[[str], None],
                   params: dict[str, int] | None = None) -> int:
    """``params``: the tuned numbers the command runs inside (``wasteland.cli.tuned``), named
    in the output so that a ladder of tuned games is never read as one of the game's own."""
    try:
        spec = get_spec(game)
    except UnknownGame as exc:
        out(str(exc))
        return 2
    if games < 1 or workers < 1 or players < 1:
        out("--games, --players and --jobs must be whole numbers from 1")
        return 2
    if trace is not None and (trace.is_dir() or not trace.parent.is_dir()):
        out(f"--trace: {trace} is a folder or in no folder: name a file to write the traces to")
        return 2
    bots = bots or ladder.default_bots(game, players)
    if len(bots) < (1 if players == 1 else 2):
        out("--bots: a ladder of a game of two seats or more needs two bots at least")
        return 2
    try:
        opts = read_options(spec, options)
        spec.validate({**ladder.match_options(game, opts), "players": players})
        for b in bots:
            ladder.make_bot(b, 0, game, {**ladder.match_options(game, opts), "players": players})
    except (OptionError, RuleError, ValueError, ImportError) as exc:
        out(f"refused: {exc}")
        return 2
    matches = ladder.round_robin(game, bots, games, seed, players, opts, workers)
    title = f"{spec.title}, {players} seat{'s' if players > 1 else ''}: {', '.join(bots)}; seeds {seed} to {seed + games - 1}"
    out(f"ladder of {title}, every seat order")
    if params:
        out(tuned_line(params))
    for line in table_lines(matches, bots, players):
        out(line)
    total = ladder.summary(matches)
    out(f"{total['matches']} matches, {total['actions']} actions, {total['cpu_seconds']} CPU s")
    for reason, count in sorted(total["reasons"].items(), key=lambda kv: -kv[1]):
        out(f"  {count} ended: {reason}")
    if trace is not None:
        ladder.write_trace(trace, matches, params)
        out(f"match traces: {trace}")
    return 0
