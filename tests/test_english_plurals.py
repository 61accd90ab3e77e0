"""The English words people read say a number's noun right, or name the count after a
colon as the Russian and Ukrainian ones do ("enemy groups: 1"): no "card(s)", "1
survivor(s)" in a log line, an option or a card of the page or the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import wasteland

SRC = Path(wasteland.__file__).parent


def test_no_english_template_writes_a_plural_as_s_in_brackets():
    catalogues = sorted(SRC.glob("web/i18n/en.json")) + sorted(SRC.glob("games/*/web/i18n/en.json"))
    assert len(catalogues) >= 5
    lazy = [(path.relative_to(SRC).as_posix(), key, text)
            for path in catalogues for key, text in json.loads(path.read_text(encoding="utf-8")).items()
            if "(s)" in text]
    assert lazy == []
    terminal = [(path.relative_to(SRC).as_posix(), line) for path in sorted(SRC.glob("games/*/texts/en.toml"))
                for line in path.read_text(encoding="utf-8").splitlines() if "(s)" in line]
    assert terminal == []


def test_age_of_thirst_terminal_events_name_their_counts():
    from wasteland.games.age_of_thirst.describe import describe

    texts = [describe({"type": "pumps_lost", "seat": 0, "count": 1}),
             describe({"type": "tower_drawn", "seat": 0, "count": 1})]
    assert all("(s)" not in text and text.rstrip(".").endswith(": 1") for text in texts), texts


def test_the_terminal_log_says_one_and_many_right():
    from wasteland.core.english import count
    from wasteland.games.fallout.describe import describe as fallout
    from wasteland.games.quest.describe import describe as quest

    assert (count(1, "space"), count(2, "space"), count(1, "hex", "hexes"), count(0, "hex", "hexes")) == \
        ("1 space", "2 spaces", "1 hex", "0 hexes")
    assert fallout({"type": "setup", "players": 1, "first": 0, "target": 11, "fight": "demo"}).startswith("Set-up: 1 survivor,")
    assert "1 enemy group." in quest({"type": "exploration_card", "tile": "ossuary", "gates": ["w"], "groups": 1,
                                      "quest_symbol": False})


def test_no_english_terminal_word_writes_a_plural_as_s_in_brackets():
    sources = sorted(SRC.glob("games/*/describe.py")) + sorted(SRC.glob("games/*/terminal_words.py"))
    lazy = [(path.relative_to(SRC).as_posix(), n) for path in sources
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "(s)" in line]
    assert lazy == []
