"""Every game's component texts (``spec.card_texts``): each id has a name and a text in
every language the game speaks, written in that language, and a person's way of naming a
component (``pickaxe#1``, ``Кирка``) finds it."""

from __future__ import annotations

import pytest

from wasteland.core.card_texts import LANGUAGES, Templates, TextsError, language_problem
from wasteland.core.registry import get_spec, registered_games

GAMES = [g for g in registered_games() if get_spec(g).card_texts]

#: Latin words a Russian or Ukrainian text may carry: none so far (spawn letters are
#: single letters, which the check lets through).
ALLOWED_LATIN: tuple[str, ...] = ()


def test_the_two_games_of_the_issue_have_texts():
    assert {"saltlands", "age-of-thirst"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_id_has_a_name_and_a_text_in_every_language(game):
    texts = get_spec(game).component_texts
    assert set(LANGUAGES) <= set(texts.languages)
    ids = texts.ids()
    assert len(ids) == len(set(ids)) and ids
    for lang in texts.languages:
        table = texts.catalogue(lang)
        assert list(table) == ids, f"{game} {lang}: the ids differ from the English ones"
        for cid, entry in table.items():
            assert entry["name"].strip(), f"{game} {lang} {cid}: no name"
            assert entry["text"].strip(), f"{game} {lang} {cid}: no text"
            assert entry["kind"] == cid.split(":", 1)[0]


@pytest.mark.parametrize("game", GAMES)
def test_every_text_is_in_its_language(game):
    texts = get_spec(game).component_texts
    problems = []
    for lang in texts.languages:
        for cid, entry in texts.catalogue(lang).items():
            for field in ("name", "text"):
                why = language_problem(entry[field], lang, ALLOWED_LATIN + tuple(getattr(texts, "allowed_latin", ())))
                if why:
                    problems.append(f"{lang} {cid} {field}: {why}: {entry[field][:60]!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", GAMES)
def test_no_text_shows_a_raw_id_or_an_unfilled_template(game):
    texts = get_spec(game).component_texts
    for lang in texts.languages:
        for cid, entry in texts.catalogue(lang).items():
            for field in ("name", "text"):
                value = entry[field]
                assert "{" not in value and "}" not in value, f"{lang} {cid}: unfilled {value!r}"
                assert "_" not in value and "#" not in value, f"{lang} {cid}: a raw id in {value!r}"


@pytest.mark.parametrize("game", GAMES)
def test_every_id_is_found_by_its_names(game):
    texts = get_spec(game).component_texts
    for cid in texts.ids():
        assert texts.find(cid) == cid
        for lang in texts.languages:
            name = texts.name(cid, lang)
            found = texts.find(name.upper())
            # two kinds may share a name (the Pickup raider and its vehicle card): the
            # search order decides, and what it finds goes by that name or that bare id
            assert found is not None, f"{lang} {name!r} finds nothing"
            words = {texts.name(found, other).lower() for other in texts.languages} | {found.split(":", 1)[1]}
            assert name.lower() in words, f"{lang} {name!r} finds {found}"


def test_the_language_check_catches_a_wrong_language():
    assert language_problem("Кирка", "en")
    assert language_problem("Pickaxe", "ru")
    assert language_problem("урон 2 (crew action)", "ru")
    assert language_problem("здоров'я і рух", "ru")  # Ukrainian letters in a Russian text
    assert language_problem("ещё здоровье", "uk")  # Russian letters in a Ukrainian text
    assert language_problem("точка появления M", "ru") is None  # a spawn letter is not a word
    assert language_problem("Pickaxe", "en") is None


def test_a_missing_key_names_the_file_and_the_key():
    t = Templates("wasteland.games.saltlands", "texts", "ru")
    with pytest.raises(TextsError, match=r"texts/ru.toml: no text at names.card.no_such_card"):
        t.get("names.card.no_such_card")
    with pytest.raises(TextsError, match=r"texts/ru.toml: effect.damage cannot be filled"):
        t.fill("effect.damage")


def test_the_api_of_the_spec_says_whether_a_game_has_texts():
    for game in registered_games():
        spec = get_spec(game)
        assert spec.to_json()["card_texts"] == bool(spec.card_texts)
