"""The demo content: chosen, checked on load, errors naming file and entry."""

import tomllib

import msgspec
import pytest

from wasteland.games.fallout import content as C


def test_every_data_file_is_marked_chosen():
    for path in sorted(C.DATA_DIR.glob("*.toml")):  # the texts are in texts/, not data/
        assert tomllib.loads(path.read_text())["source"] == "chosen", path.name


def test_the_demo_has_a_graph_map_five_types_one_ranged_and_a_full_deck():
    c = C.load_content()
    assert len(c.board.graph) >= 8 and c.board.graph.connected()
    assert 4 <= len(c.types) <= 5 and sum(t.ranged for t in c.types.values()) == 1
    assert len(c.cards) >= 4 * C.HAND_LIMIT + 2
    assert all(icon in c.types for card in c.cards.values() for icon in card.icons)
    # the four locations of the page's example are spaces of the demo map (FO-13.6)
    for name in ("raider_camp", "robco_factory", "pendleton_estate", "super_duper_mart"):
        assert name in c.board.graph


def _map(**kw):
    base = {"name": "m", "start": "a", "space": [{"id": "a", "adjacent": ["b"]}, {"id": "b"}]}
    base.update(kw)
    return msgspec.convert(base, C.MapDef)


@pytest.mark.parametrize("kw, words", [
    ({"space": [{"id": "a", "adjacent": ["z"]}, {"id": "b"}]}, "map.toml: space a: adjacency names 'z'"),
    ({"space": [{"id": "a"}, {"id": "b"}]}, "map.toml: space b: cannot be reached"),
    ({"start": "q"}, "map.toml: start: 'q'"),
    ({"quests": ["a"], "markers": ["b"]}, "map.toml: markers: 'b' is not a quest space"),
])
def test_map_errors_name_file_and_entry(kw, words):
    with pytest.raises(C.ContentError) as err:
        C.build_board(_map(**kw))
    assert words in str(err.value)


def test_an_icon_with_no_enemy_type_names_the_card():
    c = C.load_content()
    bad = msgspec.structs.replace(c.cards["a01"], icons=["mole_rat", "deathclaw"])
    with pytest.raises(C.ContentError, match="agenda.toml: card a01: icon 'deathclaw' names no enemy type"):
        C.check_cards([bad], c.types, c.factions)


def test_other_card_and_type_errors():
    c = C.load_content()
    with pytest.raises(C.ContentError, match="card a01: requirement 'luck'"):
        C.check_cards([msgspec.structs.replace(c.cards["a01"], requirement="luck")], c.types, c.factions)
    with pytest.raises(C.ContentError, match="card a01: needs 1 to 3 enemy icons"):
        C.check_cards([msgspec.structs.replace(c.cards["a01"], icons=[])], c.types, c.factions)
    with pytest.raises(C.ContentError, match="needs at least 18 cards"):
        C.check_deck_size(list(c.cards.values())[:10])
    types = [msgspec.structs.replace(t, ranged=False) for t in c.types.values()]
    with pytest.raises(C.ContentError, match="ranged icon"):
        C.check_types(types, c.board)
    with pytest.raises(C.ContentError, match="enemies.toml: type ghoul: lair 'nowhere'"):
        C.check_types([msgspec.structs.replace(c.types["ghoul"], lair="nowhere")], c.board)
    with pytest.raises(C.ContentError, match="enemies.toml: token 1: 'nowhere'"):
        C.check_tokens([C.TokenDef(type="ghoul", space="nowhere")], c.types, c.board)
