"""``wasteland play``: a new game or a saved one (``--load``), people and bots at the
seats, for any installed game; the options come from the game's spec (see
``options.py``), the drawing from its renderer, the loop from ``session.py``."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.text import Text

from wasteland.core.protocol import RuleError
from wasteland.core.record import GameRecord, RecordError, check_record

from .common import fail, find_spec, renderer_of
from .events import event_lines
from .options import game_config, game_title, read_options, summary
from .prompt import LANGUAGES, Quit, enable_line_editing
from .screen import LAYOUTS
from .seats import HUMAN, make_seats, seat_names
from .session import Session
from .words import say


def play_command(game: str | None, players: int | None = None, seats: str | None = None, seed: int | None = None,
                 load: Path | None = None, record: Path | None = None, options: Sequence[str] = (),
                 extra: Sequence[str] = (), console: Console | None = None, lang: str = "en",
                 layout: str = "auto", params: dict[str, int] | None = None) -> int:
    """``wasteland play``; returns the exit code. ``params``: the tuned numbers of a new
    game (``wasteland.cli.tuned``), kept in its record; a loaded game keeps its own."""
    console = console or Console(highlight=False)
    if lang not in LANGUAGES:
        return fail(console, f"--lang {lang!r}: the terminal speaks {', '.join(LANGUAGES)}")
    if layout not in LAYOUTS:
        return fail(console, f"--layout {layout!r}: one of {', '.join(LAYOUTS)}")
    rec: GameRecord | None = None
    if load is not None:
        try:
            rec = GameRecord.load(load)
        except RecordError as exc:
            return fail(console, str(exc))
    elif game is None:
        from wasteland.core.registry import registered_games

        return fail(console, f"name the game to play: wasteland play GAME (installed: {', '.join(registered_games())})")
    spec = find_spec(console, game or rec.game)
    if spec is None:
        return 2
    g = spec.engine
    renderer = renderer_of(spec)
    names_given = seat_names(seats, 0, HUMAN, spec.default_bot) if seats else None

    if rec is not None:
        if rec.mode == "companion":  # its chance answers and corrections replay only as a table's session
            return fail(console, f"{load} is a table companion's record (chance answered by the table, "
                        f"corrections as steps): `wasteland replay {load}` shows it; play resumes games it saved")
        try:  # the same game, this rules version, a valid config
            rec = check_record(rec, spec, str(load))
        except RecordError as exc:
            return fail(console, str(exc))
        ignored = [name for name, value in (("--players", players), ("--seed", seed)) if value is not None]
        ignored += [w for w in extra if w.startswith("--")] + [f"--option {o}" for o in options]
        if ignored:
            console.print(Text(f"note: {', '.join(ignored)} ignored: the saved game's settings apply",
                               style="yellow"))
    else:
        try:
            given = read_options(spec, options, extra)
            config = game_config(spec, given, players, len(names_given) if names_given else None)
        except RuleError as exc:
            return fail(console, str(exc))
        seed = seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)
        rec = GameRecord(spec.name, spec.rules_version, config, seed, [], params=dict(params or {}))
    try:
        n = spec.validate(dict(rec.config))["players"]
    except RuleError as exc:
        return fail(console, f"{load}: bad config: {exc}")

    names = names_given or seat_names(None, n, HUMAN, spec.default_bot)
    if len(names) != n:
        return fail(console, f"--seats names {len(names)} seat(s) but the game has {n} player(s)")
    made = make_seats(spec, names, rec.seed)
    if isinstance(made, str):
        return fail(console, made)

    path = record or load or Path(f"{spec.name}-{rec.seed}-{time.strftime('%Y%m%d-%H%M%S')}.jsonl")
    session = Session(g, renderer, console, rec, made, path, lang=lang, layout=layout)
    try:
        setup_events = session.start()
    except RuleError as exc:  # a bad config
        return fail(console, str(exc))
    except RecordError as exc:
        return fail(console, str(exc))
    except OSError as exc:
        return fail(console, f"cannot write the record {path}: {exc.strerror}")

    title = Text(game_title(spec, lang).upper(), style=renderer.title_style)
    title.append("  " + say(lang, "summary", options=summary(spec, rec.config, lang), seed=rec.seed), style="bold")
    console.print(title)
    who = " · ".join(f"{session.who(i)} {say(lang, 'you') if s == HUMAN else session.bot_name(s.name)}"
                     for i, s in enumerate(made))
    console.print(say(lang, "seats", seats=who), highlight=False, markup=False)
    console.print(say(lang, "saving", path=path, game=spec.name), highlight=False, soft_wrap=True, markup=False)
    console.print(say(lang, "type"), style="dim")
    if load is not None:
        console.print(say(lang, "resumed", n=len(rec.actions)), highlight=False)
    else:
        session.say(*event_lines(g, session.renderer, setup_events, session.viewers))
    enable_line_editing()
    try:
        session.run()
    except (Quit, KeyboardInterrupt):
        console.print("\n" + say(lang, "stopped", path=path, game=spec.name), highlight=False, soft_wrap=True,
                      markup=False)
    return 0

