"""``wasteland watch``: a whole game played by bots, its log as it goes, the result at
the end; any installed game, its options from its spec."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.text import Text

from wasteland.core.protocol import RuleError
from wasteland.core.record import GameRecord

from .common import fail, find_spec, renderer_of
from .events import print_events
from .options import game_config, read_options, summary
from .seats import HUMAN_NAMES, bot_action, make_seats, seat_names

MAX_ACTIONS = 100_000  # a safety net: no game of the supported rules gets near it


def watch_command(game: str, players: int | None = None, seats: str | None = None, seed: int = 1,
                  record: Path | None = None, quiet: bool = False, options: Sequence[str] = (),
                  extra: Sequence[str] = (), console: Console | None = None) -> int:
    """``wasteland watch``; returns the exit code."""
    console = console or Console(highlight=False)
    spec = find_spec(console, game)
    if spec is None:
        return 2
    g = spec.engine
    renderer = renderer_of(spec)
    names_given = seat_names(seats, 0) if seats else None
    try:
        config = game_config(spec, read_options(spec, options, extra), players,
                             len(names_given) if names_given else None)
        state, setup_events = g.new_game_with_events(config, seed)
    except RuleError as exc:
        return fail(console, str(exc))
    n = g.seats(state)
    names = names_given or seat_names(None, n, spec.default_bot, spec.default_bot)
    if len(names) != n:
        return fail(console, f"--seats names {len(names)} seat(s) but the game has {n} player(s)")
    if any(name in HUMAN_NAMES for name in names):
        return fail(console, "watch seats bots only; play a seat yourself with: wasteland play")
    made = make_seats(spec, names, seed)
    if isinstance(made, str):
        return fail(console, made)
    if not quiet:
        title = Text(spec.title.upper(), style=renderer.title_style)
        title.append(f"  {summary(spec, config)}, seed {seed}; seats: "
                     + ", ".join(f"p{i + 1} {a.name}" for i, a in enumerate(made)), style="bold")
        console.print(title)
        print_events(console, g, renderer, setup_events, None)
    actions: list[str] = []
    while (d := g.decision(state)) is not None:
        action, failed = bot_action(g, state, d, made[d.seat], len(actions))
        if failed:
            console.print(Text(failed, style="bold red"))
        events = g.apply_in_place(state, action, d.seat)
        actions.append(action)
        if not quiet:
            print_events(console, g, renderer, events, None)
        if len(actions) >= MAX_ACTIONS:
            return fail(console, f"the game did not end within {MAX_ACTIONS} actions")
    if record is not None:
        GameRecord(spec.name, spec.rules_version, config, seed, actions).save(record)
        console.print(f"record written to {record}", highlight=False, markup=False)
    outcome = g.outcome(state)
    view = g.view(state, None)
    winners = ", ".join(renderer.seat_label(view, w) for w in outcome.winners) if outcome else ""
    console.print(Text.assemble(("Result:", "bold"), f" winners: {winners or 'nobody'}; "
                                f"{outcome.reason if outcome else 'not finished'}; {len(actions)} actions."))
    return 0
