"""One name for each component: the page's words (a game's web catalogue) name every
card, character and raider as its component text does (the hover text and ``help``), and
the words follow the original rulebooks where the catalogues once chose others."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from wasteland.games.age_of_thirst.texts import TEXTS as AOT_TEXTS
from wasteland.games.saltlands.texts import TEXTS as SALTLANDS_TEXTS

LANGS = ("en", "ru", "uk")
#: the page's key prefix -> the component kind it names
NAMED = {"char.": "character", "card.": "card", "raider.": "raider", "option.characters.": "character"}


def page_words(package: str, lang: str) -> dict[str, str]:
    return json.loads(resources.files(package).joinpath("web", "i18n", f"{lang}.json").read_text("utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_saltlands_page_names_components_as_their_texts_do(lang):
    words = page_words("wasteland.games.saltlands", lang)
    differ = {}
    for key, shown in words.items():
        for prefix, kind in NAMED.items():
            if key.startswith(prefix):
                name = SALTLANDS_TEXTS.name(f"{kind}:{key[len(prefix):]}", lang)
                if name is not None and name != shown:
                    differ[key] = (shown, name)
    assert not differ, f"page name vs component text: {differ}"


@pytest.mark.parametrize(("lang", "scout", "twin"), [("ru", "Скаут", "Близнец"), ("uk", "Скаут", "Близнюк")])
def test_the_saltlands_names_are_the_original_rulebooks(lang, scout, twin):
    """The Russian rulebook calls the Scout "Скаут" (ten times against three "Разведчик")
    and the Prophet's card "БЛИЗНЕЦ"; the Ukrainian names follow the same forms."""
    assert SALTLANDS_TEXTS.name("character:scout", lang) == scout
    assert SALTLANDS_TEXTS.name("card:twin", lang) == twin


HEDGE_WORDS = {"ru": re.compile(r"(?i)изгород|живоплот"), "uk": re.compile(r"(?i)живопл|огорож|ізгород")}
HEDGE_NAME = {"ru": "Быстрорасты", "uk": "Швидкороси"}


@pytest.mark.parametrize("lang", ("ru", "uk"))
def test_age_of_thirst_calls_the_hedge_by_the_originals_word_everywhere(lang):
    """The Ukrainian rulebook's hedges are "швидкороси" (Russian: "быстрорасты"): the
    component texts, the page, the terminal help and the rules reference all say so."""
    root = resources.files("wasteland.games.age_of_thirst")
    files = {"page": root.joinpath("web", "i18n", f"{lang}.json").read_text("utf-8"),
             "texts": root.joinpath("texts", f"{lang}.toml").read_text("utf-8"),
             "rules": root.joinpath("rules", f"{lang}.toml").read_text("utf-8"),
             "terminal help": root.joinpath("terminal_help.py").read_text("utf-8")}
    other = {where: HEDGE_WORDS[lang].findall(text) for where, text in files.items()}
    assert not any(other.values()), f"another word for the hedge: {other}"
    assert AOT_TEXTS.name("species:hedge", lang) == HEDGE_NAME[lang]
    assert page_words("wasteland.games.age_of_thirst", lang)["aot.kind.hedge"][:7] == HEDGE_NAME[lang][:7]


@pytest.mark.parametrize("lang", ("ru", "uk"))
def test_age_of_thirst_page_names_the_species_as_the_texts_do(lang):
    """One troop kind is one word: the page's unit name and the species card's name share
    their stem (uk: the original's "кощаві", "красунчики", "розумники", "швидкороси")."""
    words = page_words("wasteland.games.age_of_thirst", lang)
    for kind in ("skinny", "handsome", "smart", "hedge"):
        card = AOT_TEXTS.name(f"species:{kind}", lang)
        assert words[f"aot.kind.{kind}"][:4].lower() == card[:4].lower(), (kind, words[f"aot.kind.{kind}"], card)


@pytest.mark.parametrize("game", ("fallout", "quest"))
@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_words_of_a_tie_policy_are_the_games_own(game, lang):
    """The page names the rule its "decide for me" button follows (``ties.*``) in the words
    the game's policy gives the companion and the log."""
    from importlib import import_module

    texts = import_module(f"wasteland.games.{game}.ties").POLICY_TEXTS
    words = page_words(f"wasteland.games.{game}", lang)
    assert {key: words.get(key) for key in texts} == {key: by_lang[lang] for key, by_lang in texts.items()}
