"""``wasteland play`` in an 80x24 terminal: every question shows the board (its map, cropped
to what the question is about), the question and its options on one screen.

The terminal is a real pseudo-terminal; what a person would see is read back through
pyte, a terminal emulator, after each prompt. The expected map lines are drawn from the
game rebuilt out of the record file the session writes after every action."""

from __future__ import annotations

import os
import sys

import pexpect
import pyte
import pytest
from rich.console import Console
from testkit import plain

from wasteland.cli.common import renderer_of
from wasteland.core.record import GameRecord
from wasteland.core.registry import get_spec, registered_games
from wasteland.core.terminal import numbered

ROWS, COLUMNS = 24, 80
PROMPT = r"p\d \w+ \(1-\d+, help\) > "


def spawn(game: str, record, *extra: str) -> pexpect.spawn:
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "play", game, "--seed", "4", "--record",
                                          str(record), *extra], encoding="utf-8", dimensions=(ROWS, COLUMNS),
                         env=env, timeout=60)


def rebuilt(record, lang: str = "en"):
    """The deciding seat's decision, its question and the map lines it should see, from the record."""
    rec = GameRecord.load(record)
    spec = get_spec(rec.game)
    game = spec.engine
    state = game.new_game(rec.config, rec.seed)
    for action in rec.actions:
        state, _ = game.apply(state, action)
    d = game.decision(state)
    ui = renderer_of(spec).in_language(lang)
    view = game.view(state, d.seat)
    order = numbered(d.actions)
    marks = ui.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(order)})
    console = Console(width=COLUMNS, color_system=None, force_terminal=False)
    with console.capture() as captured:
        console.print(ui.render_map(view, COLUMNS, marks), crop=True, overflow="crop")
    map_lines = [line.rstrip() for line in captured.get().split("\n") if line.strip()]
    return d, ui.prompt_text(d, view), map_lines


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("game", registered_games())
def test_each_question_fits_an_80x24_screen_with_its_board_and_options(game, lang, tmp_path):
    """In English and in Russian (whose words run longer) alike."""
    record = tmp_path / "game.jsonl"
    child = spawn(game, record, "--lang", lang)
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.Stream(screen)
    for step in range(6):
        child.expect(PROMPT)
        stream.feed(child.before + child.after)
        shown = [line.rstrip() for line in screen.display]
        d, prompt, map_lines = rebuilt(record, lang)
        written = [line for line in shown if line.strip()]
        assert written[-1].endswith(">"), f"question {step}: the prompt is not the last line: {written[-1]!r}"
        assert any(prompt[:40] in line for line in shown), f"question {step}: {prompt!r} is off the screen"
        assert any("[1]" in line for line in shown), f"question {step}: option 1 is off the screen"
        on_screen = [line for line in shown if line.strip() and line in map_lines]
        assert len(on_screen) >= min(3, len(map_lines)), \
            f"question {step}: the map is off the screen:\n" + "\n".join(shown)
        child.sendline("1")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_long_option_list_is_cut_and_options_lists_it_whole(tmp_path):
    """Saltlands' move question has dozens of options: a third of the screen shows them and
    ``options`` prints them all."""
    record = tmp_path / "game.jsonl"
    child = spawn("saltlands", record, "--characters", "scout")
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.Stream(screen)
    for _ in range(10):
        child.expect(PROMPT)
        stream.feed(child.before + child.after)
        d, _, _ = rebuilt(record)
        if d.kind == "turn" and sum(a.startswith("move ") for a in d.actions) > 20:
            break
        child.sendline("1")
    else:
        pytest.fail("no move question with many options came up")
    shown = "\n".join(screen.display)
    assert "more lines: 'options' lists them all" in shown
    last = numbered(d.actions)[-1]
    assert f"[{len(d.actions)}]" not in shown
    child.sendline("options")
    child.expect(PROMPT)
    listed = plain(child.before)
    assert f"[{len(d.actions)}] {last}" in listed, listed
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_a_tall_terminal_keeps_scrolling_and_redraws_the_board_only_when_it_changed(tmp_path):
    """At 60 lines the log scrolls: the board is drawn before the first question and not
    again for a question whose board would look the same."""
    record = tmp_path / "game.jsonl"
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "play", "age-of-thirst", "--seed", "4",
                                           "--record", str(record), "--seats", "human,human"],
                          encoding="utf-8", dimensions=(60, 140), env=env, timeout=60)
    child.expect(PROMPT)
    assert "OASIS" in child.before  # the board, once
    child.sendline("help")
    child.expect(PROMPT)
    assert "OASIS" not in child.before  # help does not redraw it
    child.sendline("quit")
    child.expect(pexpect.EOF)
