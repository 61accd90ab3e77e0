"""The companion page's own words exist in English, Russian and Ukrainian, key for key,
and a Russian or Ukrainian text is in Cyrillic (the games' words are the games' to test)."""

from __future__ import annotations

import re
from pathlib import Path

import wasteland

PACKAGE = Path(wasteland.__file__).parent
# The page's own words and every game's table corrections (games/<game>/web/companion.js).
FILES = [PACKAGE / "web" / "js" / "companion-i18n.js", *sorted(PACKAGE.glob("games/*/web/companion.js"))]
BLOCK = re.compile(r"^\s*(en|ru|uk): \{(.*?)\}\s*,\s*$", re.S | re.M)
ENTRY = re.compile(r'(\w+): "((?:[^"\\]|\\.)*)"')


def words(path: Path) -> dict[str, dict[str, str]]:
    found = {lang: dict(ENTRY.findall(body)) for lang, body in BLOCK.findall(path.read_text(encoding="utf-8"))}
    assert set(found) == {"en", "ru", "uk"}, path
    return found


def test_every_game_with_a_table_page_is_checked():
    assert len(FILES) >= 5, FILES  # the page's words and the four games' corrections


def test_every_word_in_three_languages():
    for path in FILES:
        found = words(path)
        assert found["en"], path
        for lang in ("ru", "uk"):
            assert set(found[lang]) == set(found["en"]), (path, lang, set(found["en"]) ^ set(found[lang]))
            for key, text in found[lang].items():
                letters = re.sub(r"\{\w+\}", "", text)
                latin = sum(c.isascii() and c.isalpha() for c in letters)
                cyrillic = sum("\u0400" <= c <= "\u04ff" for c in letters)
                assert cyrillic > latin, (path, lang, key, text)


def test_the_page_asks_for_a_place_not_a_hex():
    """The words every game's table reads while correcting or entering a turn ("tap ...") name
    no hex: Fallout's board has spaces and the quest's zones, which a hex would send a table
    looking for a grid that is not there."""
    found = words(FILES[0])
    for lang in ("en", "ru", "uk"):
        for key in ("correcting", "pick_hex"):
            assert not re.search(r"hex|гекс", found[lang][key], re.I), (lang, key, found[lang][key])
