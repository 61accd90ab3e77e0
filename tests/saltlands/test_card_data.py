"""The cards whose text the rulebook gives, played against that text: the starting kits
(SL §44), the base special items (SL §136) and the cards of the examples.

Each test names the sentence it checks; the data itself is in games/saltlands/data/cards.toml.
"""

from __future__ import annotations

from .conftest import assert_illegal, build, discard_ids, engaged, play, raiders

PLOWMAN = """
    game = "saltlands"
    seed = 1
    [config]
    players = 1
    characters = ["plowman"]
    [[player]]
    seat = "p1"
    hex = "0,-2"
    hand = {hand}
    [[raider]]
    type = "truck"
    hex = "0,-1"
"""


def test_curved_scythe_is_discarded_for_1_ap_without_a_crew_action_SL136():
    """SL §136: "discard it for one armor-piercing damage, or deal two normal damage with a
    crew action": only the second option is a crew action. With his only crew engaged by
    the Machete (1 normal: the Truck's armor 1 stops it), the Plowman still discards the
    Scythe for 1 AP, and the Truck (crew 2) loses one."""
    s = build(PLOWMAN.format(hand='["curved_scythe", "machete"]'))
    play(s, "use machete#1 by plowman at 0,-1")
    assert ("truck", "0,-1", 2) in raiders(s) and "plowman" in engaged(s)
    assert_illegal(s, "use curved_scythe#1/2 by plowman at 0,-1", "SL §64")  # the 2 normal needs a crew
    play(s, "use curved_scythe#1 at 0,-1")
    assert ("truck", "0,-1", 1) in raiders(s) and "curved_scythe" in discard_ids(s)


def test_curved_scythe_second_option_is_a_reusable_crew_action_SL136():
    """SL §136: 2 normal damage with a crew action, the card stays (it is engaged, not
    discarded): 2 - armor 1 = 1 hit on the Truck."""
    s = build(PLOWMAN.format(hand='["curved_scythe"]'))
    play(s, "use curved_scythe#1/2 by plowman at 0,-1")
    assert ("truck", "0,-1", 1) in raiders(s)
    assert "curved_scythe" not in discard_ids(s) and "curved_scythe" in engaged(s)


def test_expansion_special_items_have_the_numbers_of_the_text_SL147_SL144():
    """SL §147: Trailer "cargo item, 7 hand limit"; Katana "2 damage, area effect, crew
    action"; Artillery "3 damage, area effect, crew action" (the column reading of the
    digest, 13.5); "ГРОН" lures raiders, "not a crew action"; Twin "is crew"; the unnamed
    item's effect is a crew action. SL §144: the Wind Tractor moves by the wind over any
    terrain. Each is one special item of one expansion character (SL §44)."""
    from wasteland.games.saltlands.content import load_content

    content = load_content()
    cards = content.cards
    trailer = cards["trailer"]
    assert (trailer.slot, trailer.hand_limit, trailer.actions) == ("cargo", 7, [])
    for item, amount in (("katana", 2), ("artillery", 3)):
        (act,) = cards[item].actions
        assert (act.effect, act.amount, act.damage_type, bool(act.area), act.crew_action, act.one_time) == (
            "damage", amount, "normal", True, True, False), item
    (horn,) = cards["horn"].actions
    assert (horn.effect, horn.crew_action) == ("lure", False)
    twin = cards["twin"]
    assert twin.crew and twin.slot == "cargo"
    (hide,) = cards["camouflage_cloak"].actions
    assert (hide.effect, hide.crew_action) == ("hide", True)
    tractor = cards["wind_tractor"]
    assert tractor.slot == "vehicle" and tractor.vehicle.movement == "tractor"
    assert sorted(tractor.vehicle.terrain) == ["dune", "mountain", "salt"]
    items = {ch.special_item for ch in content.characters.values() if ch.expansion}
    assert items == {"trailer", "katana", "artillery", "horn", "twin", "camouflage_cloak"}
    assert all(cards[i].deck == "starting" and cards[i].count == 1 and cards[i].expansion for i in items)


def test_every_character_starts_with_sailer_spear_water_and_its_special_item_SL44():
    """SL §44: the Sailer in the vehicle slot, the Spear, the Water and the character's
    special item; a blue-header item (Trailer, Twin) in a cargo slot (SL §54)."""
    from wasteland.games.saltlands.content import load_content
    from wasteland.games.saltlands.game import GAME

    from .conftest import cargo, hand, vehicle

    characters = list(load_content().characters.values())
    for i in range(0, len(characters), 6):
        lineup = [ch.id for ch in characters[i:i + 6]]
        s = GAME.new_game({"players": 6, "expansion": True, "characters": lineup}, 1)
        for seat, ch in enumerate(characters[i:i + 6]):
            assert vehicle(s, seat) == "sailer"
            kit = sorted(hand(s, seat) + cargo(s, seat))
            assert kit == sorted(["spear", "water", ch.special_item]), ch.id
            slot = load_content().cards[ch.special_item].slot
            assert (ch.special_item in cargo(s, seat)) == (slot == "cargo"), ch.id
