"""``wasteland versus``: OpenSpiel's IS-MCTS against our ISMCTS on a game, the tally with
95% intervals (the match itself: ``wasteland.envs.versus``)."""

from __future__ import annotations

from typing import Any, Callable

from wasteland.cli.tuned import tuned_line
from wasteland.sim.report import wilson


def summary(tally: dict[str, Any], title: str) -> list[str]:
    """The tally as lines: each side's wins with a 95% Wilson interval, the games nobody
    won, the end reasons, the time."""
    n = tally["played"]
    decided = tally["our_ismcts"] + tally["openspiel_ismcts"]
    options = ", ".join(f"{k}={v}" for k, v in tally["options"].items())
    lines = [f"OpenSpiel IS-MCTS against our ISMCTS on {title} ({options}): {tally['budget']} simulations a move "
             f"each, seats swapped every game, seeds {tally['seed']} to {tally['seed'] + tally['games'] - 1}",
             f"games played: {n}"]
    for side, name in (("our_ismcts", "our ISMCTS"), ("openspiel_ismcts", "OpenSpiel's IS-MCTS")):
        wins = tally[side]
        lo, hi = wilson(wins, n)
        line = f"{name} won {wins} ({wins / max(n, 1):.1%}, 95% interval {lo:.1%} to {hi:.1%})"
        if decided:
            dlo, dhi = wilson(wins, decided)
            line += f"; of the {decided} games one side won: {wins / decided:.1%} ({dlo:.1%} to {dhi:.1%})"
        lines.append(line)
    lines.append(f"both won {tally['both']}, nobody won {tally['nobody']}")
    for reason, count in tally.get("reasons", {}).items():
        lines.append(f"  {count} ended: {reason or '(no reason given)'}")
    lines.append(f"{tally.get('actions', 0) / max(n, 1):.0f} actions a game; {tally.get('seconds', 0)} s "
                 f"({tally.get('cpu_seconds', 0)} CPU s)")
    return lines


def versus_command(game: str, games: int, budget: int, seed: int, jobs: int, options: list[str],
                   out: Callable[[str], None], progress_every: int = 0, trace: Any = None,
                   params: dict[str, int] | None = None) -> int:
    """``params``: the tuned numbers the command runs inside (``wasteland.cli.tuned``), named
    in the output."""
    from wasteland.core.protocol import RuleError
    from wasteland.core.registry import UnknownGame, get_spec
    from wasteland.envs.base import env_games

    try:
        spec = get_spec(game)
    except UnknownGame as exc:
        out(str(exc))
        return 2
    if game not in env_games():
        out(f"{spec.title} has no research environment (no fixed action space or observation)")
        return 2
    if games < 1 or budget < 1 or jobs < 1:
        out("--games, --budget and --jobs must be whole numbers from 1")
        return 2
    try:
        import pyspiel
        from wasteland.envs.versus import parse_options, play_versus
    except ImportError:
        out("OpenSpiel is not installed (the rl extra): no match")
        return 2

    def progress(tally: dict[str, Any]) -> None:
        if progress_every and tally["played"] % progress_every == 0 and tally["played"] < games:
            out(f"after {tally['played']} games: our ISMCTS {tally['our_ismcts']}, OpenSpiel's IS-MCTS "
                f"{tally['openspiel_ismcts']}, both {tally['both']}, nobody {tally['nobody']}")

    try:
        tally = play_versus(game, games, budget, seed, progress=progress, jobs=jobs, trace=trace,
                            **parse_options(options))
    except (RuleError, pyspiel.SpielError) as exc:
        out(f"bad option: {exc}")
        return 2
    for line in summary(tally, spec.title):
        out(line)
    if params:
        out(tuned_line(params))
    if trace is not None:
        out(f"match traces: {trace}")
    return 0
