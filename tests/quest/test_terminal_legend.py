"""The terminal map labels each zone by three letters of its tile and the zone's letter
("gat.a"); the legend says so (a new player read "cha.c" and "all.b" on the map with no key)."""

from __future__ import annotations

import pytest

from wasteland.games.quest.terminal import legend
from wasteland.games.quest.terminal_words import QuestWords


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_legend_explains_a_zones_label_as_the_map_writes_it(lang):
    text = legend(lang).plain
    # the label the map draws for the gatehouse's zone a in that language (terminal.py)
    label = QuestWords(lang).zone_label("gatehouse.a") if lang != "en" else "gat.a"
    assert label in text, text
    assert QuestWords(lang).tile("gatehouse") in text, text


@pytest.mark.parametrize("lang, name", [("en", "Lantern Sanctum c"), ("ru", "Святилище фонаря c")])
def test_the_end_line_names_the_zone_held_never_its_id(lang, name):
    # `watch quest` ended "a hero holds sanctum.c, the quest symbol's zone" in English
    from wasteland.core.protocol import Outcome
    from wasteland.games.quest.terminal import QuestTerminal

    terminal = QuestTerminal()
    terminal.lang = lang
    said = terminal.end_reason(Outcome((0,), "a hero holds sanctum.c, the quest symbol's zone: the quest succeeds"))
    assert name in said and "sanctum.c" not in said, said
