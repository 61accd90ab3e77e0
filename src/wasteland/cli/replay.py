"""``wasteland replay``: step through a game record of any installed game, the board
and the events after each action (``--seat N``: only what that seat could see)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from wasteland.core.protocol import Event, RuleError
from wasteland.core.record import GameRecord, RecordError, check_record

from .common import fail, find_spec, renderer_of
from .events import print_events
from .prompt import Quit, enable_line_editing, read_line


def replay_command(record: Path, auto: bool = False, seat: int | None = None,
                   console: Console | None = None) -> int:
    """``wasteland replay``; returns the exit code."""
    console = console or Console(highlight=False)
    try:
        rec = GameRecord.load(record)
    except RecordError as exc:
        return fail(console, str(exc))
    spec = find_spec(console, rec.game)
    if spec is None:
        return 2
    try:  # this rules version, a valid config
        rec = check_record(rec, spec, str(record))
    except RecordError as exc:
        return fail(console, str(exc))
    if not rec.actions:
        console.print(Text(f"{record} holds no actions: the game was saved before its first one; "
                           "only the set-up is shown", style="yellow"), soft_wrap=True)
    g = spec.engine
    renderer = renderer_of(spec)
    try:
        state, setup_events = g.new_game_with_events(rec.config, rec.seed)
    except RuleError as exc:
        return fail(console, f"{record}: bad config: {exc}")
    players = g.seats(state)
    if seat is not None and not 1 <= seat <= players:
        return fail(console, f"--seat must be a seat of this game (1-{players})")
    states = [state]
    seats: list[int | None] = [None]
    events: list[list[Event]] = [setup_events]
    for index, action in enumerate(rec.actions):
        d = g.decision(state)
        if d is None:
            return fail(console, f"{record}: action {index + 1} ({action!r}) comes after the end of the game")
        try:
            state, evs = g.apply(state, action)
        except RuleError as exc:
            return fail(console, f"{record}: action {index + 1} ({action!r}) does not replay: {exc}")
        states.append(state)
        seats.append(d.seat)
        events.append(evs)
    total = len(rec.actions)
    viewers = {seat - 1} if seat is not None else None

    def show(i: int) -> None:
        view_seat = seat - 1 if seat is not None else (seats[i] if i > 0 else (seats[1] if total else None))
        view = g.view(states[i], view_seat)
        if i == 0:
            console.print(Rule(f"Set-up (seed {rec.seed}) · {total} actions in the record", style="yellow"))
        else:
            label = renderer.seat_label(view, seats[i])
            console.print(Rule(Text(f"Action {i}/{total} · {label}: {rec.actions[i - 1]}"), style="yellow"))
        print_events(console, g, renderer, events[i], viewers)
        console.print(renderer.render_board(view, console.width))

    if auto:
        for i in range(total + 1):
            show(i)
        _replay_end(console, g, renderer, states[-1])
        return 0

    enable_line_editing()
    i = 0
    show(i)
    while True:
        try:
            entry = read_line(f"step {i}/{total} (Enter next, b back, NUMBER jump, q quit) > ").strip().lower()
        except Quit:
            return 0
        if entry in ("q", "quit", "exit"):
            return 0
        if entry == "":
            if i >= total:
                _replay_end(console, g, renderer, states[-1])
                return 0
            i += 1
        elif entry in ("b", "back"):
            if i == 0:
                console.print("[yellow]already at the set-up[/yellow]")
                continue
            i -= 1
        elif entry.isdigit() and 0 <= int(entry) <= total:
            i = int(entry)
        else:
            console.print(Text(f"✗ '{entry}': press Enter, b, q, or a step number from 0 to {total}",
                               style="bold red"))
            continue
        show(i)


def _replay_end(console: Console, game: Any, renderer: Any, state: Any) -> None:
    outcome = game.outcome(state)
    if outcome is None:
        console.print(Text("End of the record (the game was not finished).", style="bold"))
    else:
        view = game.view(state, None)
        winners = ", ".join(renderer.seat_label(view, w) for w in outcome.winners)
        console.print(Text(f"End of the record. GAME OVER: {('winners: ' + winners) if winners else 'everybody loses'}"
                           f" — {outcome.reason}", style="bold"))
