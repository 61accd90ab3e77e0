"""``wasteland play --lang ru|uk`` in an 80x24 pseudo-terminal: every screen a person
reads (the map, the status line, what happened, the question, its options and the
prompt) is in that language. The screen is read back through pyte after each prompt; a
Latin word of three letters or more fails the test unless it is a command the person
types (help, options, log...), which stay as they are in every language."""

from __future__ import annotations

import os
import re
import sys

import pexpect
import pyte
import pytest

ROWS, COLUMNS = 24, 80
PROMPT = r"p\d \w+ \(1-\d+, help\) > "
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
#: what a person types, the same in every language
COMMANDS = {"help", "options", "log", "board", "coords", "why", "undo", "save", "quit"}
#: the Fallout trademark, printed in Latin letters by the game's Russian and Ukrainian editions
NAMES = {"Fallout", "FALLOUT"}
GAMES = {"saltlands": ("--characters", "scout"), "age-of-thirst": (), "fallout": (), "quest": ()}
STEPS = 30


def spawn(game: str, lang: str, record, *extra: str) -> pexpect.spawn:
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "play", game, "--seed", "4", "--lang", lang,
                                          "--record", str(record), *extra], encoding="utf-8",
                         dimensions=(ROWS, COLUMNS), env=env, timeout=60)


def english_words(screen: list[str]) -> list[str]:
    """Latin words of three letters or more, but the commands, the names and the options one
    types (``--seed 3``)."""
    return sorted({w for line in screen for w in LATIN_WORD.findall(re.sub(r"--[a-z-]+", "", line))
                   if w not in COMMANDS | NAMES})


@pytest.mark.parametrize("lang", ("ru", "uk"))
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_of_a_game_is_in_the_chosen_language(game, lang, tmp_path):
    child = spawn(game, lang, tmp_path / "game.jsonl", *GAMES[game])
    screen = pyte.Screen(COLUMNS, ROWS)
    stream = pyte.Stream(screen)
    for step in range(STEPS):
        child.expect(PROMPT)
        stream.feed(child.before + child.after)
        shown = [line.rstrip() for line in screen.display]
        found = english_words(shown)
        assert not found, f"{game} {lang}, question {step}: English words {found} on the screen:\n" + "\n".join(shown)
        child.sendline(str(1 + step % 2))
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("game", GAMES)
def test_help_and_errors_speak_the_chosen_language(game, tmp_path):
    """A wrong number and ``help`` answer in Russian too."""
    child = spawn(game, "ru", tmp_path / "game.jsonl", *GAMES[game])
    child.expect(PROMPT)
    child.sendline("999")
    child.expect(PROMPT)
    assert "варианта 999 нет" in child.before, child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "Остановлено" in child.before, child.before


@pytest.mark.parametrize("lang", ("ru", "uk"))
@pytest.mark.parametrize("game", GAMES)
def test_a_refused_entry_is_explained_in_the_chosen_language(game, lang, tmp_path):
    """A word that is no action and an action of another moment ('end' while a choice is
    asked) are refused in the language: the rules they break by their titles, no English."""
    child = spawn(game, lang, tmp_path / "game.jsonl", *GAMES[game])
    child.expect(PROMPT)
    for entry in ("xyzzy", "end"):
        child.sendline(entry)
        child.expect(PROMPT)
        said = child.before.split("✗", 1)[-1] if "✗" in child.before else ""
        words = [w for w in english_words([re.sub(r"'[^']*'", "", said)]) if not re.fullmatch(r"[A-Z]{2,3}", w)]
        if "✗" in child.before:
            assert not words, f"{game} {lang} {entry!r}: English words {words} in:\n{said}"
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", ("ru", "uk"))
@pytest.mark.parametrize("game", GAMES)
def test_a_tall_terminal_draws_the_whole_board_panel_and_legend_in_the_language(game, lang, tmp_path):
    """At 60 lines the board is drawn whole, with its panel and legend: all of it in ``lang``."""
    env = dict(os.environ, TERM="xterm-256color")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "play", game, "--seed", "4", "--lang", lang,
                                           "--layout", "scroll", "--record", str(tmp_path / "game.jsonl"),
                                           *GAMES[game]], encoding="utf-8", dimensions=(60, 140), env=env, timeout=60)
    screen = pyte.Screen(140, 60)
    stream = pyte.Stream(screen)
    for step in range(8):
        child.expect(PROMPT)
        stream.feed(child.before + child.after)
        shown = [line.rstrip() for line in screen.display]
        # the opening lines name the record file and the command that resumes it
        shown = [line for line in shown if ".jsonl" not in line and "wasteland " not in line]
        found = english_words(shown)
        assert not found, f"{game} {lang}, question {step}: English words {found} on the screen:\n" + "\n".join(shown)
        child.sendline(str(1 + step % 2))
    child.sendline("quit")
    child.expect(pexpect.EOF)


ENDINGS = {"saltlands": {"players": 1}, "age-of-thirst": {"players": 2, "turn_limit": 3},
           "fallout": {"players": 2, "turn_limit": 4}, "quest": {"players": 1, "round_limit": 2}}


@pytest.mark.parametrize("lang", ("ru", "uk"))
@pytest.mark.parametrize("game", ENDINGS)
def test_the_end_of_a_game_is_told_in_the_language(game, lang):
    """A random game to its end: why it ended, and the events of its last action, in ``lang``
    (the terminal's GAME OVER line and log)."""
    import random

    from wasteland.core.registry import get_spec

    spec = get_spec(game)
    engine = spec.engine
    renderer = spec.renderer.in_language(lang)
    state = engine.new_game(spec.validate(dict(ENDINGS[game])), 11)
    rng = random.Random(5)
    events: list = []
    for _ in range(20_000):
        d = engine.decision(state)
        if d is None:
            break
        state, events = engine.apply(state, rng.choice(d.actions))
    outcome = engine.outcome(state)
    assert outcome is not None, "the game did not end"
    said = [renderer.end_reason(outcome)] + [renderer.event_text(engine, e) for e in events]
    assert not english_words(said), said


@pytest.mark.parametrize("game", ENDINGS)
def test_watch_tells_a_bots_game_in_the_language(game):
    """``wasteland watch --lang uk``: the board, every action and event, and the result."""
    from rich.console import Console

    from wasteland.cli.watch import watch_command

    console = Console(width=140, record=True, color_system=None)
    options = [f"{k}={v}" for k, v in ENDINGS[game].items() if k != "players"]
    assert watch_command(game, players=ENDINGS[game]["players"], seed=3, options=options, console=console,
                         delay=0, lang="uk") == 0
    lines = console.export_text().splitlines()
    assert lines[-1].startswith("Підсумок:"), lines[-1]
    found = english_words(lines)
    assert not found, f"English words {found}:\n" + "\n".join(line for line in lines if any(w in line for w in found))


@pytest.mark.parametrize("game", ENDINGS)
def test_replay_steps_through_a_record_in_the_language(game, tmp_path):
    """``wasteland replay --auto --lang ru``: each step's heading, events and board, and the end."""
    from rich.console import Console

    from wasteland.cli.replay import replay_command
    from wasteland.cli.watch import watch_command

    record = tmp_path / "game.jsonl"
    options = [f"{k}={v}" for k, v in ENDINGS[game].items() if k != "players"]
    quiet = Console(width=140, file=open(os.devnull, "w"))
    assert watch_command(game, players=ENDINGS[game]["players"], seed=4, options=options, console=quiet, delay=0,
                         quiet=True, record=record) == 0
    console = Console(width=140, record=True, color_system=None)
    assert replay_command(record, auto=True, console=console, lang="ru") == 0
    lines = [line for line in console.export_text().splitlines() if ".jsonl" not in line]
    assert lines[-1].startswith("Конец записи"), lines[-1]
    found = english_words(lines)
    assert not found, f"English words {found}:\n" + "\n".join(line for line in lines if any(w in line for w in found))


@pytest.mark.parametrize("lang", ("ru", "uk"))
@pytest.mark.parametrize("game", GAMES)
def test_help_explains_the_question_in_the_language(game, lang, tmp_path):
    """``help``: the question, how to answer and the commands in ``lang``; only the notation's
    forms (``move X,Y``, what one types) keep their words."""
    child = spawn(game, lang, tmp_path / "game.jsonl", *GAMES[game])
    child.expect(PROMPT)
    child.sendline("help")
    child.expect(PROMPT)
    shown = plain_lines(child.before)
    # a verb's line begins with its form in notation, then its words after " — "
    words = [line.split(" — ", 1)[1] if line.startswith("  ") and " — " in line else line for line in shown]
    # and an example of the notation is quoted ('move 3,-4'), which may wrap onto the next line
    text = re.sub(r"'[^']*'", "", "\n".join(w for w in words if not w.startswith("help")))
    found = english_words(text.splitlines())
    assert not found, f"{game} {lang}: English words {found} in the help:\n" + "\n".join(shown)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def plain_lines(text: str) -> list[str]:
    return [re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", line).rstrip() for line in text.replace("\r", "").split("\n")]
