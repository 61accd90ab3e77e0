"""``wasteland play`` in English at 80x24: no screen shows an id of the game's data
(``red_rocket``, ``gatehouse.a``): the log's echo of an answer and the panel name places
as the options do. The screen is read back through pyte after each prompt."""

from __future__ import annotations

import os
import re
import sys

import pexpect
import pyte
import pytest

ROWS, COLUMNS = 24, 80
PROMPT = r"p\d [\w ]+ \(1-\d+, help\) > "
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]{4,}\.[a-z]\b")  # snake_case, or a quest zone's tile.zone
STEPS = 12


@pytest.mark.parametrize("game", ("fallout", "quest"))
def test_no_screen_shows_a_raw_id(game, tmp_path):
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "play", game, "--seed", "4",
                                           "--record", str(tmp_path / "game.jsonl")], encoding="utf-8",
                          dimensions=(ROWS, COLUMNS), env=env, timeout=60)
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.Stream(screen)
    for step in range(STEPS):
        child.expect(PROMPT)
        stream.feed(child.before + child.after)
        shown = [line.rstrip() for line in screen.display]
        found = sorted({m for line in shown for m in RAW_ID.findall(line)})
        assert not found, f"{game}, question {step}: raw ids {found} on the screen:\n" + "\n".join(shown)
        child.sendline(str(1 + step % 2))
    child.sendline("quit")
    child.expect(pexpect.EOF)
