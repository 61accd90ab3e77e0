"""``wasteland replay``: step through a game record of any installed game, the board
and the events after each action (``--seat N``: only what that seat could see). A
companion record (``mode: companion``, exported by the table companion) replays the
same way: its chance answers are the table's, its corrections are steps of their own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from wasteland.core.protocol import Event, Game, RuleError
from wasteland.core.record import GameRecord, RecordError, check_record
from wasteland.core.spec import TerminalRenderer

from .common import fail, find_spec, renderer_of, shown, typed_number
from .events import print_events
from .prompt import Quit, enable_line_editing, read_line
from .words import WORDS, say


def replay_command(record: Path, auto: bool = False, seat: int | None = None,
                   console: Console | None = None, lang: str = "en") -> int:
    """``wasteland replay``; returns the exit code."""
    console = console or Console(highlight=False)
    if lang not in WORDS:
        return fail(console, f"--lang {lang!r}: the terminal speaks {', '.join(WORDS)}")
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
    renderer = renderer.in_language(lang)
    if rec.mode == "companion":
        try:
            states, seats, events, policy_words = _table_replay(spec, rec, lang)
        except RuleError as exc:
            return fail(console, f"{record}: {exc.message}" + (f" ({exc.rule})" if exc.rule else ""))
        g = _TableGame(g)
    else:
        try:
            state, setup_events = g.new_game_with_events(rec.config, rec.seed)
        except RuleError as exc:
            return fail(console, f"{record}: bad config: {exc}")
        policy_words = {}
        states = [state]
        seats = [None]
        events = [setup_events]
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
    players = g.seats(states[0])
    if seat is not None and not 1 <= seat <= players:
        return fail(console, f"--seat must be a seat of this game (1-{players})")
    total = len(rec.actions)
    viewers = {seat - 1} if seat is not None else None

    def show(i: int) -> None:
        view_seat = seat - 1 if seat is not None else (seats[i] if i > 0 else (seats[1] if total else None))
        if view_seat is not None and view_seat < 0:
            view_seat = None  # the table's chance answer: everybody sees the card it revealed
        view = g.view(states[i], view_seat)
        if i == 0:
            console.print(Rule(say(lang, "replay_setup", seed=rec.seed, n=total), style="yellow"))
        else:
            # a companion record's steps without a seat are the table's corrections; the
            # chance seat's, the table's answers
            label = (say(lang, "correction") if seats[i] is None else say(lang, "table") if seats[i] < 0
                     else renderer.seat_label(view, seats[i]))
            action = rec.actions[i - 1]
            if lang != "en" and seats[i] is not None and seats[i] >= 0:
                action = renderer.action_text(action, g.view(states[i - 1], seats[i]))
            if i - 1 in policy_words:  # "decide for us": the policy's rule that chose it
                action += f" ({say(lang, 'by_policy')}: {policy_words[i - 1]})"
            console.print(Rule(Text(say(lang, "replay_step", i=i, n=total, who=label, action=action)), style="yellow"))
        print_events(console, g, renderer, events[i], viewers)
        console.print(renderer.render_board(view, console.width))

    if auto:
        for i in range(total + 1):
            show(i)
        _replay_end(console, g, renderer, states[-1], lang)
        return 0

    enable_line_editing()
    i = 0
    show(i)
    while True:
        try:
            entry = read_line(say(lang, "replay_ask", i=i, n=total)).strip().lower()
        except Quit:
            return 0
        if entry in ("q", "quit", "exit"):
            return 0
        if entry == "":
            if i >= total:
                _replay_end(console, g, renderer, states[-1], lang)
                return 0
            i += 1
        elif entry in ("b", "back"):
            if i == 0:
                console.print("[yellow]already at the set-up[/yellow]")
                continue
            i -= 1
        elif (number := typed_number(entry)) is not None and 0 <= number <= total:
            i = number
        else:
            console.print(Text(f"✗ '{shown(entry)}': press Enter, b, q, or a step number from 0 to {total}",
                               style="bold red"))
            continue
        show(i)


def _table_replay(spec: Any, rec: GameRecord, lang: str) -> tuple[list[Any], list[int | None], list[list[Event]],
                                                                  dict[int, str]]:
    """The states, seats and events of a companion record, step by step, as the companion
    played them (its session replays the record's lines), and the words of the policy's
    rule behind each step "decide for us" chose."""
    from wasteland.server.companion_session import Session

    session = Session.from_record(spec, rec.config, rec.seed, list(rec.actions), policies=rec.policies)
    states = [p.before for p in session.played] + [session.state]
    seats: list[int | None] = [None] + [p.seat for p in session.played]
    events = [session.setup_events] + [p.events for p in session.played]
    words = {i: session.policy_text(key, lang) for i, key in rec.policies.items()}
    return states, seats, events, words


class _TableGame:
    """The game, with a companion correction's event in its own words (no game describes it)."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def describe(self, event: Event) -> str:
        if event.get("type") == "correction":
            return str(event.get("text", "correction"))
        return self._game.describe(event)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def _replay_end(console: Console, game: Game, renderer: TerminalRenderer, state: Any, lang: str = "en") -> None:
    outcome = game.outcome(state)
    if outcome is None:
        console.print(Text(say(lang, "replay_unfinished"), style="bold"))
    else:
        view = game.view(state, None)
        winners = ", ".join(renderer.seat_label(view, w) for w in outcome.winners)
        reason = renderer.end_reason(outcome)
        said = say(lang, "winners", winners=winners) if winners else say(lang, "everybody_loses")
        console.print(Text(say(lang, "replay_end", said=said, reason=reason), style="bold"))
