"""``wasteland watch``: a whole game played by bots, its log and its board as it goes, at
a pace a person can follow, the result at the end; any installed game, its options from
its spec. Without ``--seed`` every watch is a fresh game; the seed is printed so that it
can be watched again. The spec's simulation options (the non-rulebook endings that keep a
bots' game finite) apply unless given, as in ``simulate``."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from rich.console import Console
from rich.text import Text

from wasteland.core.protocol import RuleError
from wasteland.core.record import GameRecord

from .common import fail, find_spec, renderer_of
from .events import print_events
from .options import game_config, game_title, read_options, summary
from .seats import HUMAN_NAMES, bot_action, make_seats, seat_names
from .words import WORDS, bot_word, say

MAX_ACTIONS = 100_000  # a safety net: no game of the supported rules gets near it
DELAY = 0.6  # seconds after each action: about a hundred actions a minute, readable


def watch_command(game: str, players: int | None = None, seats: str | None = None, seed: int | None = None,
                  record: Path | None = None, quiet: bool = False, options: Sequence[str] = (),
                  extra: Sequence[str] = (), console: Console | None = None, delay: float = DELAY,
                  pause: Callable[[float], Any] = time.sleep, lang: str = "en",
                  params: dict[str, int] | None = None) -> int:
    """``wasteland watch``; returns the exit code. ``delay``: the pause after each action
    (0: as fast as it plays; ``quiet`` never pauses). ``params``: the tuned numbers the
    game is played with (``wasteland.cli.tuned``), kept in the record."""
    console = console or Console(highlight=False)
    if delay < 0:
        return fail(console, f"--delay {delay}: a pause is 0 seconds or more")
    if lang not in WORDS:
        return fail(console, f"--lang {lang!r}: the terminal speaks {', '.join(WORDS)}")
    if record is not None and (record.is_dir() or not record.parent.is_dir()):  # before the game, not after it
        return fail(console, f"--record {record}: " + ("is a folder" if record.is_dir() else
                                                      f"there is no folder {record.parent}"))
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    spec = find_spec(console, game)
    if spec is None:
        return 2
    g = spec.engine
    renderer = renderer_of(spec)
    renderer = renderer.in_language(lang)
    names_given = seat_names(seats, 0, spec.default_bot, spec.default_bot) if seats else None
    try:
        config = game_config(spec, {**spec.simulation, **read_options(spec, options, extra)}, players,
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
        title = Text(game_title(spec, lang).upper(), style=renderer.title_style)
        title.append("  " + say(lang, "watch_title", options=summary(spec, config, lang), seed=seed, seats=", ".join(
            f"p{i + 1} {bot_word(lang, a.name)}" for i, a in enumerate(made))), style="bold")
        console.print(title)
        print_events(console, g, renderer, setup_events, None)
    drawn: list[str] = []  # the map last drawn, to draw it again only when it changed

    def draw() -> None:
        view = g.view(state, None)
        signature = renderer.map_signature(view)
        if not drawn or drawn[-1] != signature:
            console.print(renderer.render_board(view, console.width, {}, False))
            drawn[:] = [signature]

    if not quiet:
        draw()
    actions: list[str] = []
    while (d := g.decision(state)) is not None:
        action, failed = bot_action(g, state, d, made[d.seat], len(actions))
        if failed:
            console.print(Text(failed, style="bold red"))
        events = g.apply_in_place(state, action, d.seat)
        actions.append(action)
        if not quiet:
            label = Text(f"{renderer.seat_label(g.view(state, None), d.seat)} ({bot_word(lang, made[d.seat].name)}): ",
                         style="bold")
            label.append(renderer.action_text(action, g.view(state, d.seat)),
                         style="bold green")
            console.print(label)
            print_events(console, g, renderer, events, None)
            if any(e.get("type") == renderer.turn_event for e in events):
                draw()  # a new turn: the board as it now stands
            if delay:
                pause(delay)
        if len(actions) >= MAX_ACTIONS:
            return fail(console, f"the game did not end within {MAX_ACTIONS} actions")
    if record is not None:
        try:
            GameRecord(spec.name, spec.rules_version, config, seed, actions, params=dict(params or {})).save(record)
        except OSError as exc:
            return fail(console, f"cannot write the record {record}: {exc.strerror}")
        console.print(say(lang, "record_written", path=record), highlight=False, markup=False)
    outcome = g.outcome(state)
    view = g.view(state, None)
    winners = ", ".join(renderer.seat_label(view, w) for w in outcome.winners) if outcome else ""
    if not quiet:
        draw()
    reason = renderer.end_reason(outcome) if outcome else ""
    console.print(Text.assemble((say(lang, "result"), "bold"), " " + say(
        lang, "result_line", winners=winners or say(lang, "nobody"), reason=reason, n=len(actions), seed=seed)))
    return 0
