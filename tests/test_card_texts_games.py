"""Saltlands' and Age of Thirst's component texts against their content data: every
content id has its text, the catalogues name nothing the data lacks, and the texts carry
the data's numbers (a changed number changes the text)."""

from __future__ import annotations

import dataclasses

import msgspec
import pytest

from wasteland.core.card_texts import Templates
from wasteland.games.age_of_thirst.content import load_content as aot_content
from wasteland.games.age_of_thirst.texts import TEXTS as AOT, _Builder as AotBuilder
from wasteland.games.saltlands.content import load_content as sl_content
from wasteland.games.saltlands.texts import TEXTS as SL, _Builder as SlBuilder

LANGS = ("en", "ru", "uk")


def test_every_saltlands_component_has_its_id():
    c = sl_content()
    ids = set(SL.ids())
    wanted = ({f"card:{x}" for x in c.cards} | {f"character:{x}" for x in c.characters}
              | {f"raider:{x}" for x in c.raiders} | {f"token:{x}" for x in c.tokens}
              | {f"rumor:{x}" for x in c.rumors} | {f"rumor:{x}/{side}" for x in c.rumors for side in ("top", "bottom")}
              | {f"tile:{x}" for x in c.tiles} | {f"weather:{x}" for x in c.weather}
              | {f"damage:{x}" for x in c.damage_cards} | {f"ability:{ch.ability}" for ch in c.characters.values()}
              | {f"hex:spawn_{letter}" for letter in "ABCMH"} | {f"marker:{m}" for m in ("blue", "green", "red")})
    assert wanted <= ids, sorted(wanted - ids)


def test_every_age_of_thirst_component_has_its_id():
    c = aot_content()
    wanted = ({f"source:{x}" for x in c.sources} | {f"bunker:{x}" for x in c.bunkers}
              | {f"tower:{x}" for x in c.towers} | {f"species:{x}" for x in c.kinds})
    assert wanted <= set(AOT.ids()), sorted(wanted - set(AOT.ids()))


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_saltlands_catalogues_name_exactly_the_data(lang):
    c = sl_content()
    names = Templates("wasteland.games.saltlands", "texts", lang).table["names"]
    assert set(names["card"]) == set(c.cards)
    assert set(names["character"]) == set(c.characters)
    assert set(names["raider"]) == set(c.raiders)
    assert set(names["tile"]) == set(c.tiles)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_age_of_thirst_catalogues_name_exactly_the_data(lang):
    c = aot_content()
    names = Templates("wasteland.games.age_of_thirst", "texts", lang).table["names"]
    assert set(names["source"]) == set(c.sources)
    assert set(names["bunker"]) == set(c.bunkers)
    assert set(names["tower"]) == set(c.towers)
    assert set(names["species"]) == set(c.kinds)


@pytest.mark.parametrize("lang", LANGS)
def test_every_template_key_is_in_every_language(lang):
    """A key only one language has is a text the others never show."""
    for package in ("wasteland.games.saltlands", "wasteland.games.age_of_thirst"):
        def keys(table, prefix=""):
            for k, v in table.items():
                if isinstance(v, dict):
                    yield from keys(v, f"{prefix}{k}.")
                elif not prefix.startswith("names."):
                    yield prefix + k
        en = set(keys(Templates(package, "texts", "en").table))
        other = set(keys(Templates(package, "texts", lang).table))
        assert en == other, (package, lang, sorted(en ^ other))


# -- the rulebook's numbers, as the data gives them -------------------------------------


def test_saltlands_numbers_of_the_rulebook():
    assert "3 hexes farther" in SL.text("card:fuel")  # SL §84
    assert "draw 3 Mirage cards" in SL.text("token:loot")  # SL §74
    assert "Hand limit +4" in SL.text("card:hovercraft_vehicle")  # SL §55 example
    assert "Armor 2" in SL.text("card:apc_vehicle")  # SL §89 example
    assert "1 armor-piercing damage" in SL.text("card:spear")  # SL §87
    assert "Option 2: 2 damage" in SL.text("card:curved_scythe")  # SL §136
    assert "2 hexes farther" in SL.text("character:scout")  # SL §135 Born Driver
    assert "up to 3 times a turn" in SL.text("character:trader")  # SL §146 Trade
    assert "Binoculars" in SL.text("character:scout") and "Бинокль" in SL.text("character:scout", "ru")


def test_a_rumor_card_shows_both_options_in_every_language():
    card = sl_content().rumors["r2"]  # top: green N; bottom: blue NW, red N
    assert [m.marker for m in card.top] == ["green"] and [m.marker for m in card.bottom] == ["blue", "red"]
    assert SL.text("rumor:r2") == ("Choose one option; each moves rumor markers one tile.\n"
                                   "Top: the green marker north.\n"
                                   "Bottom: the blue marker north-west, the red marker north.")
    assert "зелёный маркер на север" in SL.text("rumor:r2", "ru")
    assert "синій маркер на північний захід" in SL.text("rumor:r2/bottom", "uk")


def test_age_of_thirst_cards_say_what_they_do():
    assert "2 gal" in AOT.text("source:wet") and "10 of the 50" in AOT.text("source:wet")  # LO-9
    assert "3 gal" in AOT.text("source:generous")
    assert "doubles" in AOT.text("source:pocket")
    assert "health +2" in AOT.text("bunker:regen2") and "10 gal" in AOT.text("bunker:regen2")  # LO-10, LO-10.2
    assert "movement +1" in AOT.text("bunker:anabolic")
    assert "loses 1 health" in AOT.text("tower:strike")  # LO-11
    assert "Smarts" in AOT.text("tower:madness") and "neither move nor attack" in AOT.text("tower:madness")
    assert "at most 5 in hand" in AOT.text("tower:blast")
    assert AOT.name("species:smart", "uk") == "Розумники" and AOT.name("species:smart") == "Smarts"


def test_a_changed_number_changes_the_text():
    c = sl_content()
    pickaxe = msgspec.structs.replace(c.cards["pickaxe"], actions=[
        msgspec.structs.replace(c.cards["pickaxe"].actions[0], amount=4)])
    changed = msgspec.structs.replace(c, cards={**c.cards, "pickaxe": pickaxe})
    for lang in LANGS:
        before = SlBuilder(c, Templates("wasteland.games.saltlands", "texts", lang)).card_text("pickaxe")
        after = SlBuilder(changed, Templates("wasteland.games.saltlands", "texts", lang)).card_text("pickaxe")
        assert "1" in before and "4" not in before and "4" in after, (lang, after)

    a = aot_content()
    wet = msgspec.structs.replace(a.sources["wet"], gallons=7)
    moved = dataclasses.replace(a, sources={**a.sources, "wet": wet})
    text = AotBuilder(moved, Templates("wasteland.games.age_of_thirst", "texts", "ru")).entries()["source:wet"][1]
    assert "7 галл." in text


def test_every_fallout_and_quest_component_has_its_id():
    from wasteland.games.fallout.texts import TEXTS as FO
    from wasteland.games.fallout.content import load_content as fo_content
    from wasteland.games.quest.texts import TEXTS as WQ
    from wasteland.games.quest.content import load_content as wq_content

    f = fo_content()
    wanted = ({f"card:{x}" for x in f.cards} | {f"enemy:{x}" for x in f.types}
              | {f"space:{x}" for x in f.board.graph.names})
    assert wanted <= set(FO.ids()), sorted(wanted - set(FO.ids()))
    q = wq_content()
    wanted = ({f"tile:{x}" for x in q.tiles} | {f"card:{x}" for x in q.cards} | {f"enemy:{x}" for x in q.enemies}
              | {f"encounter:{x}" for x in q.encounters} | {f"hero:{h.id}" for h in q.heroes})
    assert wanted <= set(WQ.ids()), sorted(wanted - set(WQ.ids()))


def test_fallout_and_quest_numbers_come_from_the_data():
    from wasteland.games.fallout.texts import TEXTS as FO
    from wasteland.games.fallout.content import load_content as fo_content
    from wasteland.games.quest.texts import TEXTS as WQ
    from wasteland.games.quest.content import load_content as wq_content

    a01 = fo_content().cards["a01"]  # FO-13.5: +bonus influence when the requirement is met
    assert f"+{a01.bonus} influence if you have defeated at least {a01.n} enemies" in FO.text("card:a01")
    wraith = wq_content().enemies["wraith"]
    assert f"Wounds {wraith.wounds}; its weapon hits on {wraith.hit}+" in WQ.text("enemy:wraith")
    assert WQ.text("event:masters_will").startswith("Event die 2–4:")  # WQ-40.4 results 2 to 4
