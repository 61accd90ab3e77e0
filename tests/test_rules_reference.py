"""The rules reference (``wasteland.core.rules_reference``): every anchor a game cites, in
its code and data or in what a game shows (a decision's rule, a prompt, an event, an end
reason), has its text in English, Russian and Ukrainian, each in its own language; and
the loader refuses a malformed file with an error naming the file, the entry and the
problem."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from wasteland.core import rules_reference as rr
from wasteland.core.registry import registered_games

GAMES = sorted(registered_games())
WITH_TEXTS = [name for name in GAMES if registered_games()[name].rules_texts]
GOLDEN = Path(__file__).parent / "golden"
CITING = (".py", ".toml", ".json", ".js", ".css", ".md", ".txt")


def package_files(spec):
    found = []

    def walk(folder):
        for entry in folder.iterdir():
            if entry.is_dir() and entry.name != "__pycache__":
                walk(entry)
            elif entry.is_file() and entry.name.endswith(CITING):
                found.append(entry)

    walk(resources.files(spec.package))
    return found


def cited_in_source(spec) -> dict[str, str]:
    """anchor → the first file of the game's package that cites it."""
    found: dict[str, str] = {}
    for entry in package_files(spec):
        for anchor in rr.anchors_in(spec, entry.read_text(encoding="utf-8", errors="replace")):
            found.setdefault(anchor, entry.name)
    return found


def shown_in_games(spec) -> dict[str, str]:
    """anchor → where a recorded game of the game showed it: the golden records hold each
    decision (its rule and prompt), its events and the end reason; and the events of one
    record replayed, as the game describes them in words."""
    found: dict[str, str] = {}
    records = sorted((GOLDEN / spec.name).glob("*.jsonl"))
    for path in records:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for anchor in rr.anchors_in(spec, line):
                found.setdefault(anchor, f"{path.name}:{number}")
    if records:
        game = spec.engine
        lines = [json.loads(line) for line in records[0].read_text(encoding="utf-8").splitlines()]
        header = lines[0]
        state, events = game.new_game_with_events(header["config"], header["seed"])
        shown = [game.describe(e) for e in events]
        for line in lines[1:]:
            if "action" in line:
                shown += [game.describe(e) for e in game.apply_in_place(state, line["action"])]
        for anchor in rr.anchors_in(spec, "\n".join(shown)):
            found.setdefault(anchor, f"an event of {records[0].name}")
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_game_carries_a_rules_reference_for_all_its_anchors(name):
    """Every registered game names its rule texts, and they cover every anchor it declares
    (so a new citation of any of them already has its text)."""
    spec = registered_games()[name]
    assert spec.rules_texts, f"{name} names no rules reference (GameSpec.rules_texts)"
    for lang in rr.LANGUAGES:
        missing = [a for a in spec.anchors if a not in rr.texts(spec, lang)]
        assert not missing, f"{name}: no {lang} text for {missing[:20]}"


@pytest.mark.parametrize("name", WITH_TEXTS)
@pytest.mark.parametrize("lang", rr.LANGUAGES)
def test_every_anchor_the_game_cites_or_shows_has_its_text(name, lang):
    spec = registered_games()[name]
    have = rr.texts(spec, lang)
    cited = {**shown_in_games(spec), **cited_in_source(spec)}
    assert cited, f"{name}: no anchor found at all (is the anchor search broken?)"
    missing = sorted(f"{anchor} (in {where})" for anchor, where in cited.items() if anchor not in have)
    assert not missing, f"{name}: no {lang} rule text for {len(missing)} cited anchors: {missing[:30]}"


@pytest.mark.parametrize("name", WITH_TEXTS)
def test_the_three_languages_cover_the_same_anchors(name):
    spec = registered_games()[name]
    en = set(rr.texts(spec, "en"))
    for lang in ("ru", "uk"):
        other = set(rr.texts(spec, lang))
        assert other == en, f"{name}: {lang} lacks {sorted(en - other)[:10]}, has extra {sorted(other - en)[:10]}"


@pytest.mark.parametrize("name", WITH_TEXTS)
@pytest.mark.parametrize("lang", rr.LANGUAGES)
def test_each_text_is_in_its_language(name, lang):
    wrong = [f"{r.anchor}: {rr.language_problem(r.title + ' ' + r.text, lang)}"
             for r in rr.texts(name, lang).values() if rr.language_problem(r.title + " " + r.text, lang)]
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("name", WITH_TEXTS)
def test_texts_of_one_anchor_differ_between_languages(name):
    """A text copied unchanged into another language's file is not a translation."""
    en, ru, uk = (rr.texts(name, lang) for lang in rr.LANGUAGES)
    same = [a for a in en if en[a].text in (ru[a].text, uk[a].text) or ru[a].text == uk[a].text]
    assert not same, same[:10]


# -- the language check itself ---------------------------------------------------------


def test_the_language_check_tells_the_three_apart():
    assert rr.language_problem("Each Fuel card adds 3 hexes (SL §84).", "en") is None
    assert rr.language_problem("Каждая карта топлива даёт 3 гекса (SL §84).", "ru") is None
    assert rr.language_problem("Кожна карта пального дає 3 гекси (SL §84).", "uk") is None
    assert "Cyrillic" in rr.language_problem("Fuel: топливо", "en")
    assert "Latin letters dominate" in rr.language_problem("Each Fuel card adds 3 hexes.", "ru")
    assert "Latin letters dominate" in rr.language_problem("Each Fuel card adds 3 hexes.", "uk")
    assert "Russian letters" in rr.language_problem("Каждая карта топлива даёт 3 гекса.", "uk")
    assert "Ukrainian letters" in rr.language_problem("Кожна карта пального дає 3 гекси, їдьте.", "ru")


# -- the loader --------------------------------------------------------------------------


SPEC = registered_games()[WITH_TEXTS[0]]
FIRST = SPEC.anchors[0]


@pytest.mark.parametrize("text, problem", [
    ("[[", "not valid TOML"),
    ('["XX 1"]\ntitle = "a"\ntext = "b"\n', "is not one of"),
    (f'"{FIRST}" = "a bare string"\n', "must be a table"),
    (f'["{FIRST}"]\ntitle = "a"\n', "text must be a non-empty string"),
    (f'["{FIRST}"]\ntitle = ""\ntext = "b"\n', "title must be a non-empty string"),
    (f'["{FIRST}"]\ntitle = "a"\ntext = "b"\nsee = "c"\n', "unknown field 'see'"),
    (f'["{FIRST}"]\ntitle = "Заголовок"\ntext = "Текст"\n', "Cyrillic letters in an English text"),
])
def test_a_malformed_file_is_refused_naming_file_entry_and_problem(text, problem):
    with pytest.raises(rr.RulesTextError) as exc:
        rr.parse(text, SPEC, "en", "rules/en.toml")
    assert str(exc.value).startswith("rules/en.toml: ")
    assert problem in str(exc.value)
    if "TOML" not in problem:
        assert "[" in str(exc.value)  # the entry


def test_a_language_outside_the_three_is_refused_and_rule_text_falls_back_to_english():
    with pytest.raises(rr.RulesTextError, match="language 'de'"):
        rr.texts(SPEC, "de")
    assert rr.rule_text(SPEC, FIRST, "de") == rr.rule_text(SPEC, FIRST, "en")


@pytest.mark.parametrize("name", WITH_TEXTS)
def test_an_anchor_is_found_in_any_spelling(name):
    spec = registered_games()[name]
    for anchor in spec.anchors:
        tail = anchor[len(spec.anchor_prefix):].lstrip(" -§")
        for spelling in (anchor, anchor.lower(), tail, rr.SIGN + tail, f"{spec.anchor_prefix.lower()} {tail}"):
            assert rr.normalize_anchor(spec, spelling) == anchor, (spelling, anchor)
    assert rr.normalize_anchor(spec, "not an anchor") is None
    assert rr.normalize_anchor(spec, "99999") is None


@pytest.mark.parametrize("name", WITH_TEXTS)
def test_a_search_finds_an_anchor_or_words_in_the_chosen_language(name):
    spec = registered_games()[name]
    for lang in rr.LANGUAGES:
        some = rr.texts(spec, lang)[spec.anchors[-1]]
        assert rr.search(spec, spec.anchors[-1], lang) == [some]
        word = max(re.findall(r"\w+", some.title), key=len)
        hits = rr.search(spec, word.upper(), lang)
        assert some in hits and all(word.casefold() in f"{h.title} {h.text}".casefold() for h in hits)
    assert rr.search(spec, "zzzqqq", "en") == []
    assert rr.search(spec, "", "en") == []


def test_anchors_in_a_message_are_found_whole_and_in_order():
    spec = registered_games()["saltlands"]
    assert rr.anchors_in(spec, "discard (SL §55, SL §134); see SL §1 and SL §13, again SL §55") == [
        "SL §55", "SL §134", "SL §1", "SL §13"]
    assert rr.anchors_in(spec, f"SL {rr.SIGN}1234 is none") == []  # written apart: not a citation
