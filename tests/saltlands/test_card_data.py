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
