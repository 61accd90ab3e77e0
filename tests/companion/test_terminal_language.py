"""``wasteland companion --terminal --lang ru`` (and uk) speaks the chosen language
throughout: the set-up questions, the question of every step, its options, the events
with their rules, the table's reveals and the flow's own words. The terminal flow runs in
this process against a real companion server on a SQLite file; each game plays a few
steps (its own turn, then the automated part up to a card or die the table reveals)."""

from __future__ import annotations

import re
import threading

import pytest

from wasteland.cli.companion import Client, TerminalFlow
from wasteland.core.registry import registered_games

# The steps each game plays (numbers as a person types them, or notation); after them, quit.
# A game is found by what its spec offers, never named here beyond its registry key.
STEPS = {
    "saltlands": ["1", "1", "end", "run", "1", "run", "1"],
    "fallout": ["1", "1", "1", "1"],
    "quest": ["1", "1", "1", "1", "1", "1", "1", "1"],  # the first round's dice are the table's too (WQ-40.2)
    "age-of-thirst": ["1", "1", "1", "1"],
}
ANCHOR = re.compile(r"\b(?:SL|WQ|FO|LO)[ -]?§?[\d.]+[a-z]?\b")
# The flow's English words, which must not reach a Russian or Ukrainian table.
ENGLISH = re.compile(r"\b(?:resume|which|default|the table reveals|decided for you|refused|chooses|"
                     r"the game is over|your turn|choose|place|move|reveal)\b", re.IGNORECASE)  # "Enter" is the key


def session(base, game: str, lang: str, steps: list[str]) -> tuple[list[str], list[str]]:
    """(the questions asked, the lines told) of a new session of ``game`` in ``lang``: the
    set-up's defaults, then ``steps``, then quit."""
    spec = registered_games()[game]
    setup = sum(1 for o in spec.options if not o.hidden and o.rulebook)
    answers = iter(["", *[""] * setup, *steps])
    asked: list[str] = []
    told: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(answers, "quit")

    url, key = base
    TerminalFlow(Client(url, lang, key), told.append, ask).run(game)
    return asked, told


def latin_and_cyrillic(text: str) -> tuple[int, int]:
    letters = ANCHOR.sub("", text)
    return (sum(c.isascii() and c.isalpha() for c in letters),
            sum("\u0400" <= c <= "\u04ff" for c in letters))


@pytest.mark.parametrize("game", sorted(STEPS))
def test_a_russian_table_reads_no_english_question(base, game):
    asked, told = session(base, game, "ru", STEPS[game])
    questions = [q for q in asked if q != "> "]
    steps = [line for line in told if re.match(r"(?:p\d+|стол) — ", line)]
    options = [line for line in told if re.match(r"\s+\d+\. ", line)]
    events = [line for line in told if line.startswith("  ") and not re.match(r"\s+\d+\. ", line)
              and "chance custom" not in line]
    assert questions and steps and options and events, (asked, told)
    for line in [*questions, *steps, *options, *events]:
        assert not ENGLISH.search(ANCHOR.sub("", line)), line
    for line in [*questions, *steps, *events]:
        latin, cyrillic = latin_and_cyrillic(line)
        assert cyrillic > latin, line


def test_a_ukrainian_table_too(base):
    asked, told = session(base, "fallout", "uk", STEPS["fallout"])
    assert any("Enter — нова партія" in q for q in asked), asked
    reveal = [line for line in told if line.startswith("стіл — ")]
    assert reveal and "оберіть, що випало" in reveal[0], told


def test_english_reads_names_and_takes_names_or_ids(base):
    """In English too a person reads names (Fallout's "Move to Red Rocket", never
    ``move red_rocket``) and plays an option by its number, its words or its notation."""
    asked, told = session(base, "fallout", "en", ["Move to RED ROCKET", "end", "log"])
    assert any("Enter for a new session" in q for q in asked)
    options = [line for line in told if re.match(r"\s+\d+\. ", line)]
    assert any(re.match(r"\s+1\. Move to [A-Z]", line) for line in options), told
    assert not any("_" in line for line in options), options  # no id
    assert any(line.startswith("  Survivor 1 moves ") and line.endswith("→ Red Rocket.") for line in told), told
    assert "1. p1: Move to Red Rocket" in told and "2. p1: End the turn" in told, told  # the log, in words


def test_a_refusal_names_its_rule_in_the_tables_words(base):
    """The engine's refusal is in English; the rule it breaks is said beside it in Russian
    (LO-13: two clans in the normal form win on circle 3, so an Eye at 3 is refused)."""
    asked, told = session(base, "age-of-thirst", "ru", ["1", "edit set clan.1.eye 3"])
    refusals = [line for line in told if line.startswith("отказано: ")]
    assert len(refusals) == 1 and "(LO-13: Формы игры)" in refusals[0], told


def test_a_session_the_terminal_starts_keeps_the_tuned_numbers_it_was_given(base):
    """``companion fallout --terminal --params FILE``: the session is set up with the set
    (FO-13.5's influence target), as one made on the page with the form's field would be."""
    url, key = base
    answers = iter([""] * 8 + ["quit"])
    told: list[str] = []
    TerminalFlow(Client(url, "en", key), told.append, lambda q: next(answers, "quit"), {"target_1p": 5}).run("fallout")
    client = Client(url, "en", key)
    _status, listing = client.call("GET", "/api/companion")
    newest = max(listing["sessions"], key=lambda s: s.get("created_at", 0))
    _status, snap = client.call("GET", f"/api/companion/{newest['id']}")
    assert snap["session"]["config"]["params"] == {"target_1p": 5}


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_companions_first_lines_are_in_the_tables_language(tmp_path, lang):
    """The address to open on a phone and where the sessions are kept: the first lines a
    table reads, before any question (they were English whatever --lang said)."""
    from wasteland.cli.companion import companion_command

    told: list[str] = []

    def ask(question: str) -> str:
        raise EOFError  # the table leaves at the first question

    # in a thread of its own, as on a terminal: the browser tests' Playwright may hold an event
    # loop in this one, and the command runs its own (asyncio.run)
    codes: list[int] = []
    runner = threading.Thread(target=lambda: codes.append(companion_command(
        "fallout", "127.0.0.1", 0, str(tmp_path / "t.db"), True, lang, told.append, ask)))
    runner.start()
    runner.join(60)
    assert codes == [0]
    head = [line for line in told[:3]]
    assert len(head) == 3 and "companion.html" in head[0] and "t.db" in head[2], told
    for line in head:
        words = re.sub(r"\S*[/.:]\S*", "", line)  # the address and the file's path are not words
        assert not re.search(r"[A-Za-z]{3,}", words), line
