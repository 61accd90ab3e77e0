"""A command run with a game's tuned numbers (``wasteland.core.params``): ``--params FILE``
of watch, play, apply, bench, ladder and versus, and a record's own numbers for replay and
``play --load``. The whole command runs inside them, so the game's set-up, play, views and
result all use them. Ladder and versus play in worker processes forked inside the set
(``multiprocessing.get_context("fork")``), which inherit the swapped tables.

``serve`` and ``companion`` take no set: they keep games in a database that any node (and
any later process) resumes, and a set swapped for one process would play a stored game
with numbers it was not started with (see ``refused_for_server``)."""

from __future__ import annotations

from pathlib import Path
import sys
from typing import Callable

from wasteland.core.params import ParamError, applied, check, read_file
from wasteland.core.record import GameRecord, RecordError
from wasteland.core.registry import UnknownGame, get_spec


def with_params(game: str | None, path: Path | None, command: Callable[[dict[str, int]], int]) -> int:
    """``command(values)`` inside the numbers of the file at ``path`` (none: the game's own).
    A bad file is one line on stderr and exit code 2, before anything is played; an unknown
    game is left to the command to report."""
    if path is None or game is None:
        return command({})
    try:
        spec = get_spec(game)
    except UnknownGame:
        return command({})
    try:
        values = read_file(spec, path)
    except ParamError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    with applied(spec, values):
        return command(values)


def tuned_line(values: dict[str, int]) -> str:
    """The set a command plays with, as one line of its output."""
    return "tuned numbers: " + ", ".join(f"{k}={v}" for k, v in values.items())


def with_record_params(record: Path | None, command: Callable[[dict[str, int]], int]) -> int:
    """``command(values)`` inside the numbers a record was played with. A record that
    cannot be read, or whose numbers do not fit the game, is left to the command to report."""
    if record is None:
        return command({})
    try:
        rec = GameRecord.load(record)
        spec = get_spec(rec.game)
        values = check(spec, rec.params, f"{record}: params")
    except (RecordError, UnknownGame, ParamError):
        return command({})
    with applied(spec, values):
        return command(values)


def refused_for_server(command: str) -> str:
    """Why ``serve`` and ``companion`` take no ``--params``: their games live in a database
    that every node of the server (and any later run of it) resumes, and the records they
    export name no set, so one process's swapped tables would play a stored game with
    numbers it was not started with, and a game started tuned would resume with the game's
    own. A tuned set is a designer's, played where its numbers stay with the game: play,
    watch, simulate, ladder, the records they write; and ``serve --reports`` shows the runs."""
    return (f"{command} --params: refused: a server's games are kept in its database and resumed by any node "
            "and any later run, which would play them with numbers they were not started with; play tuned "
            "games with 'wasteland play/watch/simulate --params' and show the runs with 'wasteland serve "
            "--reports DIR'")
