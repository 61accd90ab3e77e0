"""Content loading (core/content.py): one ContentError naming the file and the entry."""

from __future__ import annotations

import msgspec
import pytest

from wasteland.core.content import ContentError, Frozen, by_id, decode_toml


class Card(Frozen):
    id: str
    count: int


class Cards(Frozen):
    card: list[Card]


class Kind(Frozen):
    kind: str
    count: int


class Kinds(Frozen):
    victory_kind: list[Kind]


def test_a_valid_file_decodes_into_frozen_structs(tmp_path):
    (tmp_path / "cards.toml").write_text('[[card]]\nid = "axe"\ncount = 2\n')
    cards = decode_toml(tmp_path, "cards.toml", Cards).card
    assert cards == [Card(id="axe", count=2)]
    with pytest.raises(AttributeError):
        cards[0].count = 3  # type: ignore[misc]


@pytest.mark.parametrize("text, message", [
    ('[[card]]\nid = "axe"\ncount = 2\n[[card]]\nid = "rope"\ncount = "x"\n',
     r"^cards\.toml: card 'rope': Expected `int`, got `str` \(at \$\.card\[1\]\.count\)$"),
    ('[[card]]\ncount = 2\n', r"^cards\.toml: card #0: Object missing required field `id`"),
    ('[[card]]\nid = "axe"\ncount = 2\ncolour = "red"\n', r"^cards\.toml: card 'axe': Object contains unknown field `colour`"),
    ('[[card]\n', r"^cards\.toml: invalid TOML"),
])
def test_a_bad_file_names_the_file_and_the_entry(tmp_path, text, message):
    (tmp_path / "cards.toml").write_text(text)
    with pytest.raises(ContentError, match=message):
        decode_toml(tmp_path, "cards.toml", Cards)


def test_labels_and_id_fields_name_an_entry_in_the_games_words(tmp_path):
    (tmp_path / "board.toml").write_text('[[victory_kind]]\nkind = "plants"\ncount = -1.5\n')
    with pytest.raises(ContentError, match=r"^board\.toml: victory kind 'plants': Expected `int`"):
        decode_toml(tmp_path, "board.toml", Kinds, labels={"victory_kind": "victory kind"},
                    id_fields={"victory_kind": "kind"})


def test_a_missing_file_and_a_repeated_id(tmp_path):
    with pytest.raises(ContentError, match=r"^rumors\.toml: cannot read"):
        decode_toml(tmp_path, "rumors.toml", Cards)
    with pytest.raises(ContentError, match=r"^cards\.toml: card 'axe': duplicate id$"):
        by_id("cards.toml", "card", [Card(id="axe", count=1), Card(id="axe", count=2)])
    assert issubclass(ContentError, Exception) and not issubclass(ContentError, msgspec.ValidationError)
