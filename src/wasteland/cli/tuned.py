"""A command run with a game's tuned numbers (``wasteland.core.params``): ``--params FILE``
of watch and play, and a record's own numbers for replay and ``play --load``. The whole
command runs inside them, so the game's set-up, play, views and result all use them."""

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
