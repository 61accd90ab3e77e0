"""`wasteland --help` lists each command by its docstring's first paragraph, line breaks
kept: a summary written over two lines was shown cut mid-sentence ("... measured in the
same" / "run (see the README ...)"), so each command's first paragraph is one line."""

from __future__ import annotations

import inspect

from wasteland.cli.main import app


def test_every_commands_summary_is_one_line():
    broken = []
    for command in app.registered_commands:
        doc = inspect.getdoc(command.callback) or ""
        first = doc.split("\n\n")[0]
        if "\n" in first:
            broken.append((command.name or command.callback.__name__, first))
    assert not broken, broken
