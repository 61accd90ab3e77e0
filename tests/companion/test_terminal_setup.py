"""``wasteland companion GAME --terminal``'s set-up and resume list, as a new table meets
them: a value is typed by its number as listed or by its word; a wrong one is refused in
the table's language naming the option, and only that option is asked again; Enter's
default is said; a session to resume is listed by its game and when it was last used,
never by its internal id; every step's question starts with a capital letter."""

from __future__ import annotations

import re

import pytest

from wasteland.cli.companion import Client, TerminalFlow


def flow(base, game: str, lang: str, answers: list[str]) -> tuple[list[str], list[str]]:
    feed = iter(answers)
    asked: list[str] = []
    told: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return next(feed, "quit")

    url, key = base
    TerminalFlow(Client(url, lang, key), told.append, ask).run(game)
    return asked, told


@pytest.mark.parametrize("lang, fight, refused", [("en", "Fights", "refused"), ("ru", "Бои", "отказано"),
                                                  ("uk", "Бої", "відмовлено")])
def test_a_wrong_value_is_refused_in_the_tables_words_and_only_its_option_asked_again(base, lang, fight, refused):
    # Enter: a new session; Enter: the survivors' default; then fights: a word no value has,
    # then the second value by its number
    asked, told = flow(base, "fallout", lang, ["", "", "x", "2"])
    fights = [q for q in asked if "demo" in q and "table" in q]
    assert len(fights) == 2 and len(asked) == 1 + 1 + 2 + 1, asked  # survivors once, then the game's "> "
    assert all(re.search(r"\[Enter(:| —)[^]]*? 1\. demo", q) for q in fights), fights  # the default, said
    assert "1. demo" in fights[0] and "2. table" in fights[0], fights[0]  # the numbers a value is typed by
    errors = [line for line in told if refused in line]
    assert len(errors) == 1 and fight.lower() in errors[0].lower() and "'x'" in errors[0], told
    assert "must be one of" not in " ".join(told), told
    assert any(re.match(r"p1 — [A-ZА-ЯІЇЄҐ]", line) for line in told), told  # the question, capitalised


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_resume_list_names_the_game_and_when_never_the_id(base, lang):
    flow(base, "fallout", lang, ["", "", "1"])
    _, told = flow(base, "fallout", lang, ["quit"])
    listed = [line for line in told if re.match(r"\d+\. ", line)]
    assert listed, told
    assert all(re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d UTC", line) for line in listed), listed
    assert all(not re.search(r"\b[0-9a-f]{8,}\b|[0-9a-f]{8}-[0-9a-f]{4}", line) for line in listed), listed
    title = {"en": "Fallout", "ru": "Фоллаут", "uk": "Фоллаут"}[lang]
    assert all(title.lower() in line.lower() for line in listed), listed


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_age_of_thirst_questions_start_with_a_capital(base, lang):
    from wasteland.core.registry import registered_games

    setup = sum(1 for o in registered_games()["age-of-thirst"].options if not o.hidden and o.rulebook)
    _, told = flow(base, "age-of-thirst", lang, ["", *[""] * setup, "1", "1"])
    questions = [line.partition(" — ")[2] for line in told if re.match(r"(p\d|\w+) — ", line)]
    assert questions, told
    assert all(q[:1].isupper() for q in questions), questions
