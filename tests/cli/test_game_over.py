"""The end of a terminal game is said once: the board drawn at the end and the session's
closing line must not both announce it."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from wasteland.cli.common import renderer_of
from wasteland.cli.session import Session
from wasteland.cli.watch import watch_command
from wasteland.core.record import GameRecord
from wasteland.core.registry import get_spec


@pytest.mark.parametrize("game, args", [("saltlands", {"players": 2, "seed": 4}),
                                        ("age-of-thirst", {"seed": 2})])
def test_game_over_is_printed_once(tmp_path, game, args):
    record = tmp_path / "g.jsonl"
    quiet = Console(file=io.StringIO(), width=140)
    assert watch_command(game, record=record, quiet=True, console=quiet, **args) == 0
    spec = get_spec(game)
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    rec = GameRecord.load(record)
    seats = [None] * spec.validate(dict(rec.config))["players"]  # nobody is asked: the game is over
    session = Session(spec.engine, renderer_of(spec), console, rec, seats, tmp_path / "again.jsonl")
    session.start()
    session.run()  # the game is over: run only closes it
    text = out.getvalue()
    assert text.count("GAME OVER") == 1, text
    assert "wasteland replay" in text
