"""``wasteland companion GAME --terminal``'s set-up and resume list, as a new table meets
them: a value is typed by its number as listed or by its word; a wrong one is refused in
the table's language naming the option, and only that option is asked again; Enter's
default is said; a session to resume is listed by its game and when it was last used,
never by its internal id; every step's question starts with a capital letter."""

from __future__ import annotations

import re

import pytest

from companiontest import terminal_server

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


NAMES = {"en": ("demo: a chosen die", "the table enters each result"), "ru": ("демо: выбранный кубик",
         "результат каждого боя вводит стол"), "uk": ("демо: обраний кубик", "результат кожного бою вводить стіл")}


@pytest.mark.parametrize("lang, fight, refused", [("en", "Fights", "refused"), ("ru", "Бои", "отказано"),
                                                  ("uk", "Бої", "відмовлено")])
def test_a_wrong_value_is_refused_in_the_tables_words_and_only_its_option_asked_again(base, lang, fight, refused):
    # Enter: a new session; Enter: the survivors' default; then fights: a word no value has,
    # then the second value by its number
    asked, told = flow(base, "fallout", lang, ["", "", "x", "2"])
    fights = [q for q in asked if "(1. " in q]
    assert len(fights) == 2 and len(asked) == 1 + 1 + 2 + 1, asked  # survivors once, then the game's "> "
    first, second = NAMES[lang]  # each value by its name, numbered: typed by its number, name or id
    assert all(re.search(rf"\[Enter(:| —)[^]]*? 1\. {first}\]", q) for q in fights), fights  # the default, said
    assert f"(1. {first}, 2. {second})" in fights[0], fights[0]
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


def test_a_list_of_names_is_typed_by_the_numbers_it_is_listed_with(base):
    # Saltlands' variants are listed "1. Epic game, 2. Overkill, 3. Explorer's luck": "1 2" names
    # the first two (it was refused as the unknown name '1', and every option asked again)
    from wasteland.core.registry import registered_games

    names = [o.name for o in registered_games()["saltlands"].options if not o.hidden and o.rulebook]
    answers = {"players": "1", "expansion": "yes", "variants": "1 2"}
    asked, told = flow(base, "saltlands", "en", ["", *[answers.get(n, "") for n in names]])
    assert not [line for line in told if "refused" in line], told
    assert sum("players" in q.lower() for q in asked) == 1, asked  # set-up once, then the game's question
    assert asked[-1].strip() == ">", asked


@pytest.mark.parametrize("lang, none", [("en", "none"), ("ru", "ни одного"), ("uk", "жодного")])
def test_an_empty_default_list_is_said_not_left_blank(base, lang, none):
    asked, _ = flow(base, "saltlands", lang, ["", "1", "", "", "", "yes", "quit"])
    variants = asked[-1]
    assert "[Enter: ]" not in variants and "[Enter — ]" not in variants, variants
    assert none in variants, variants


def test_a_name_the_server_refuses_asks_again_only_that_option(base):
    # the server's refusal starts "variants: unknown name 'foo'": only the variants are asked
    # again, not the whole set-up from the number of players
    asked, told = flow(base, "saltlands", "en", ["", "1", "", "", "", "yes", "foo", "2"])
    assert [line for line in told if "refused" in line and "foo" in line], told
    assert sum("players" in q.lower() for q in asked) == 1, asked
    assert sum("variants" in q.lower() for q in asked) == 2, asked


@pytest.mark.parametrize("lang, none", [("en", "no saved session"), ("ru", "сохранённых партий пока нет"),
                                        ("uk", "збережених партій поки немає")])
def test_with_nothing_to_resume_the_first_question_says_so(tmp_path, lang, none):
    # a new table's first line asked "resume which (number)" over an empty list
    with terminal_server(str(tmp_path / "empty.db")) as empty:
        asked, _ = flow(empty, "fallout", lang, ["quit"])
    assert none in asked[0], asked


@pytest.mark.parametrize("lang, girl", [("en", "Little Girl"), ("ru", "Девочка"), ("uk", "Дівчинка")])
def test_values_are_listed_by_their_names_and_typed_by_name_or_id(base, lang, girl):
    """A person reads "3. Little Girl", never ``little_girl``, and may type the name (any
    case, several parted by commas), the id or the number."""
    from wasteland.core.registry import registered_games

    names = [o.name for o in registered_games()["saltlands"].options if not o.hidden and o.rulebook]
    answers = {"players": "3", "characters": f"{girl.upper()}, scout, 6", "mode": "classic"}
    asked, told = flow(base, "saltlands", lang, ["", *[answers.get(n, "") for n in names]])
    characters = next(q for q in asked if f"3. {girl}," in q)
    assert "little_girl" not in characters and "explorers_luck" not in " ".join(asked), asked
    assert not [line for line in told if line.startswith(("refused", "отказано", "відмовлено"))], told
    client = Client(base[0], lang, base[1])
    _status, listing = client.call("GET", "/api/companion")
    newest = max(listing["sessions"], key=lambda s: s.get("created_at", 0))
    assert newest["config"]["characters"] == ["little_girl", "scout", "scientist"]
