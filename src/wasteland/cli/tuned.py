"""A command run with a game's tuned numbers (``wasteland.core.params``): ``--params FILE``
of watch, play, apply, bench, ladder and versus, and a record's own numbers for replay and
``play --load``. The whole command runs inside them, so the game's set-up, play, views and
result all use them (the set is the context's, ``wasteland.core.params.applied``, and each
game set up inside keeps it in its config). Ladder and versus play in worker processes
forked inside the set (``multiprocessing.get_context("fork")``, the pools' workers all
started by the calling thread), which inherit its context and so the set.

``serve`` takes no set for the process: a server's games each carry their own, given when
the game is created (see ``refused_for_server``). ``companion GAME --terminal --params FILE``
gives the sessions the terminal starts theirs, the way the page's form does."""

from __future__ import annotations

from pathlib import Path
import sys
from typing import Callable

from wasteland.core import param_words
from wasteland.core.params import ParamError, applied, check, read_file
from wasteland.core.record import GameRecord, RecordError
from wasteland.core.registry import UnknownGame, get_spec


def with_params(game: str | None, path: Path | None, command: Callable[[dict[str, int]], int],
                lang: str = "en") -> int:
    """``command(values)`` inside the numbers of the file at ``path`` (none: the game's own).
    A bad file is one line on stderr (in ``lang``, the command's language) and exit code 2,
    before anything is played; an unknown game is left to the command to report."""
    if path is None or game is None:
        return command({})
    try:
        spec = get_spec(game)
    except UnknownGame:
        return command({})
    try:
        values = read_file(spec, path)
    except ParamError as exc:
        print(f"{param_words.say('error', lang, {})}: {exc.said(lang)}", file=sys.stderr)
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
    """Why ``serve`` and ``companion`` take no ``--params``. A server's game carries its own
    set: it is given when the game (or companion session) is created, by the API's
    ``params`` or the lobby's form, stored in the game's config, and every node that
    resumes the game sets it up with it (``wasteland.core.params``). A process-wide default
    for new games would make a game's numbers depend on which node answered its creation
    (nodes behind one balancer may be started with different flags), and would tune games
    whose creators never asked for it, without the lobby's form saying so; the set given
    with each game is explicit, shown in the lobby and kept in its record."""
    return (f"{command} --params: refused: a server's games each carry their own tuned numbers, given when the "
            "game is created (the lobby's 'Tuned numbers' field, or 'params' in POST /api/games and POST "
            "/api/companion), stored with the game and used by every node that resumes it; a default for the "
            "whole process would depend on which node created a game")


def read_session_params(game: str | None, path: Path | None, terminal: bool,
                        lang: str = "en") -> dict[str, int] | str:
    """The tuned numbers ``companion --params`` gives the sessions its terminal starts
    (empty without the option), or why they cannot be taken, as one line."""
    if path is None:
        return {}
    if game is None or not terminal:
        return ("companion --params: give the game and --terminal (companion GAME --terminal --params FILE): the "
                "sessions the terminal starts keep the numbers; on the page, the set-up form's 'Tuned numbers' "
                "field gives a session its own")
    try:
        return read_file(get_spec(game), path)
    except UnknownGame as exc:
        return f"error: {exc}"
    except ParamError as exc:
        return f"{param_words.say('error', lang, {})}: {exc.said(lang)}"
