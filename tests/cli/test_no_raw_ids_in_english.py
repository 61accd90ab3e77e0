"""``wasteland play`` and ``watch`` in every language at 80x24: no screen shows an id of the
game's data (``red_rocket``, ``gatehouse.a``), a Quest model's or battle-track place's id
(``g1.1``, ``h1``), a card instance (``water#2``) or a Saltlands tile position (``t0,-2``):
the log's echo of an answer and the panel name them as the options and the page do. The
screen of ``play`` is read back through pyte after each prompt."""

from __future__ import annotations

import io
import os
import re
import sys

import pexpect
import pyte
import pytest
from rich.console import Console

from wasteland.cli.watch import watch_command

ROWS, COLUMNS = 24, 80
PROMPT = r"p\d [\w ]+ \(1-\d+, help\) > "
RAW_ID = re.compile(r"\b[a-z]+_[a-z_]+\b"  # snake_case
                    r"|\b[a-z]{4,}\.[a-z]\b"  # a quest zone's tile.zone
                    r"|\bg\d+\.\d+\b|\b[hg]\d+\b"  # a quest model, a battle track's place
                    r"|\w#\d+\b"  # a card instance
                    r"|\bt-?\d+,-?\d+\b")  # a Saltlands tile position
STEPS = 12


@pytest.mark.parametrize("lang", ("en", "ru", "uk"))
@pytest.mark.parametrize("game", ("fallout", "quest"))
def test_no_screen_shows_a_raw_id(game, lang, tmp_path):
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "play", game, "--seed", "4", "--lang", lang,
                                           "--record", str(tmp_path / "game.jsonl")], encoding="utf-8",
                          dimensions=(ROWS, COLUMNS), env=env, timeout=60)
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.Stream(screen)
    for step in range(STEPS):
        child.expect(PROMPT)
        stream.feed(child.before + child.after)
        shown = [line.rstrip() for line in screen.display]
        found = sorted({m for line in shown for m in RAW_ID.findall(line)})
        assert not found, f"{game} {lang}, question {step}: raw ids {found} on the screen:\n" + "\n".join(shown)
        child.sendline(str(1 + step % 2))
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", ("en", "ru", "uk"))
@pytest.mark.parametrize("game", ("quest", "saltlands"))
def test_a_watched_game_shows_no_raw_id(game, lang):
    out = io.StringIO()
    console = Console(file=out, width=COLUMNS, color_system=None)
    assert watch_command(game=game, seed=4, delay=0, console=console, lang=lang, players=1 if game == "saltlands" else None) == 0
    lines = out.getvalue().splitlines()
    found = sorted({(m, line) for line in lines for m in RAW_ID.findall(line)})
    assert not found, f"{game} {lang}: raw ids on the screen: {found[:8]}"
