"""The chosen content loads, is marked chosen, and a mistyped file names file and entry."""

from __future__ import annotations

import pytest

from wasteland.games.quest.content import DATA_DIR, QUESTS, ContentError, build_content, load_content
from wasteland.games.quest.spec import SPEC


def test_content_loads_and_the_spec_lists_its_quests():
    c = load_content()
    assert tuple(c.quests) == QUESTS == SPEC.option("quest").values
    assert all(card.source == "chosen" for card in c.cards.values())
    assert all(e.source == "chosen" for e in c.enemies.values())
    assert {e.size for e in c.enemies.values()} == {"small", "large"}
    assert c.tiles["graveyard"].neighbours["b"] == ("a", "c", "d")


def broken(name: str, old: str, new: str) -> dict[str, bytes]:
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    assert old in text
    return {name: text.replace(old, new, 1).encode()}


@pytest.mark.parametrize("name, old, new, words", [
    ("tiles.toml", '{ id = "b", squares = [[1, 0]] },', '{ id = "b", squares = [[0, 0]] },',
     "tiles.toml: tile gatehouse zone b: square [0, 0] is already in zone a"),
    ("exploration.toml", '{ id = "e", square = [2, 0], side = "E" },', '{ id = "e", square = [1, 0], side = "E" },',
     "exploration.toml: exploration card x_alley gate e: edge [1, 0] E is not on the border of tile alley"),
    ("exploration.toml", 'mystic_items = ["b"]', 'mystic_items = ["q"]',
     "exploration.toml: exploration card x_graveyard: mystic item in unknown zone 'q'"),
    ("enemies.toml", 'enemies = [{ enemy = "ghoul", count = 3 }]', 'enemies = [{ enemy = "ogre", count = 3 }]',
     "enemies.toml: encounter e_pack: unknown enemy 'ogre'"),
    ("enemies.toml", "hit = 4", "hit = 7", "enemies.toml: enemy ghoul: hit must be a d6 result from 2 to 6"),
    ("quests.toml", 'night_zones = [15]', 'night_zones = [16]', "quests.toml: quest lantern: the dusk track needs"),
    ("tiles.toml", 'name = "Gatehouse"', 'name = "Gatehouse"\nfloor = 1', "tiles.toml: Object contains unknown field `floor`"),
])
def test_errors_name_file_and_entry(name, old, new, words):
    with pytest.raises(ContentError) as err:
        build_content(broken(name, old, new))
    assert str(err.value).startswith(words), str(err.value)
