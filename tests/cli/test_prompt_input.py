"""What a person types at a question of ``wasteland play`` (cli/prompt.py and the games'
terminal parsers), for every game and language: garbage, control characters, very long
lines, digits of other scripts, numbers of thousands of digits. Each is refused with its
reason on one line, the game does not move, and the question is asked again; a number
in Arabic-Indic digits is the option it names, as every parser of the package reads digits.

The question is asked by the real ``ask_person`` of a real session, its console captured."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from wasteland.cli.common import renderer_of
from wasteland.cli.prompt import MAX_ENTRY, Quit, ask_person
from wasteland.cli.seats import HUMAN
from wasteland.cli.session import Session
from wasteland.core.record import GameRecord
from wasteland.core.registry import registered_games
from wasteland.core.terminal import numbered

GAMES = sorted(registered_games())
GARBAGE = [
    "\x1b[A", "\x1b[31mend", "end\x00", "\x07", "\u200bend", "\u202eend", "\x7f",  # control and format characters
    "x" * (MAX_ENTRY + 1), "9" * 5000, "0", "99999", "٣٣٣٣٣٣٣٣٣٣", "¹", "²³", "-1", "1.5", "1e3", "+1",
    "move ٣,٣", "fly to the moon", "'; DROP TABLE", "\\", "{", "[notation]", "€",
]


def session_of(name: str, lang: str, answers: list[str], tmp_path) -> Session:
    spec = registered_games()[name]
    config = spec.validate({})
    seats = [HUMAN] * config["players"]
    record = GameRecord(spec.name, spec.rules_version, config, 3, [])
    console = Console(width=120, record=True, color_system=None, force_terminal=False)
    feed = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise Quit() from None

    session = Session(spec.engine, renderer_of(spec), console, record, seats, tmp_path / "g.jsonl", ask=ask,
                      lang=lang, layout="scroll")
    session.start()
    return session


def refusals(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("✗")]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("name", GAMES)
def test_garbage_at_a_question_is_refused_with_its_reason_and_changes_nothing(name, lang, tmp_path):
    session = session_of(name, lang, list(GARBAGE), tmp_path)
    d = session.game.decision(session.state)
    before = json.dumps(session.game.to_json(session.state), sort_keys=True)
    with pytest.raises(Quit):  # every entry refused; the question asked again until the input ends
        ask_person(session, d)
    said = session.console.export_text()
    lines = refusals(said)
    assert len(lines) == len(GARBAGE), "\n".join(lines)
    assert all(len(line) < 700 for line in lines)  # a pasted page is not echoed whole
    assert "\x1b" not in said and "\x00" not in said  # no control character reaches the terminal
    assert "U+001B" in lines[0] and "U+200B" in lines[4]  # the reason names the character
    assert json.dumps(session.game.to_json(session.state), sort_keys=True) == before
    assert not session.history


@pytest.mark.parametrize("name", GAMES)
def test_a_number_in_other_digits_names_its_option(name, tmp_path):
    """'٣' is 3, as int() and every parser of the package read it; '³' is no number."""
    session = session_of(name, "en", ["³", "٢"], tmp_path)
    d = session.game.decision(session.state)
    order = numbered(d.actions)
    assert len(order) >= 2, f"{name}'s first question has one option"
    assert ask_person(session, d) == order[1]
    assert len(refusals(session.console.export_text())) == 1


@pytest.mark.parametrize("name", GAMES)
def test_typed_text_never_breaks_the_question(name, tmp_path):
    session = session_of(name, "en", [], tmp_path)
    d = session.game.decision(session.state)
    before = json.dumps(session.game.to_json(session.state), sort_keys=True)

    @settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.text(max_size=60).filter(lambda t: t.strip() and t.split()[0].lower() not in
                                       ("help", "?", "why", "board", "options", "log", "undo", "save", "quit",
                                        "exit")))
    def check(text):
        feed = iter([text])

        def ask(prompt):
            try:
                return next(feed)
            except StopIteration:
                raise Quit() from None

        session.ask = ask
        try:
            action = ask_person(session, d)
        except Quit:
            return
        assert action in d.actions  # what it accepts is a legal action, never anything else

    check()
    assert json.dumps(session.game.to_json(session.state), sort_keys=True) == before
