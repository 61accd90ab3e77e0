"""An empty Enter at a question of ``wasteland play`` asks again in place: the 80x24 screen,
read back through pyte, shows the prompt once, not once per Enter."""

from __future__ import annotations

import os
import sys

import pexpect
import pyte

ROWS, COLUMNS = 24, 80
PROMPT = r"p\d [\w ]+ \(1-\d+, help\) > "


def test_an_empty_enter_leaves_one_prompt_on_the_screen(tmp_path):
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "play", "fallout", "--seed", "4",
                                           "--record", str(tmp_path / "game.jsonl")], encoding="utf-8",
                          dimensions=(ROWS, COLUMNS), env=env, timeout=60)
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.Stream(screen)
    child.expect(PROMPT)
    stream.feed(child.before + child.after)
    for _ in range(3):
        child.sendline("")
        child.expect(PROMPT)
        stream.feed(child.before + child.after)
    prompts = [line for line in screen.display if "(1-" in line and "help) >" in line]
    assert len(prompts) == 1, "\n".join(line.rstrip() for line in screen.display)
    child.sendline("quit")
    child.expect(pexpect.EOF)
