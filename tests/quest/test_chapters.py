"""The chapters of the exploration pages, each played through from its first step to its
last: exploring (WQ-38) and the enemy groups a new tile brings (WQ-39)."""

from __future__ import annotations

from qtest import GAME, kind, legal, of_type, play, pos


def explored():
    """The hero at the gatehouse explores: the sanctum comes (two groups, mystic item b)."""
    s = pos(table=False, heroes=[{"zone": "gatehouse.b", "dice": [2]}],
            state={"exploration_deck": ["x_alley", "x_sanctum"]})
    closed = s.closed_gate
    s, ev = play(s, "explore a2")
    assert kind(s) == "place"
    s, more = play(s, "place n")
    return s, closed, ev + more


def test_exploring_lays_the_drawn_tile_against_the_closed_gate_WQ_38():
    s, closed, events = explored()
    (card,) = of_type(events, "exploration_card")
    (tile,) = of_type(events, "tile_placed")
    assert card["card"] == "x_sanctum" and tile["tile"] == "sanctum"
    assert s.open_gates == [closed]  # the closed gate it was laid against is now open
    assert s.closed_gate != closed  # and a new closed gate lies on the new tile
    assert s.exploration_deck == ["x_alley"]


def test_a_new_tile_brings_its_groups_by_its_mystic_item_onto_the_battle_track_WQ_39():
    s, _closed, events = explored()
    assert len(of_type(events, "encounter_card")) == 2  # two crossed swords on the card
    assert s.slots[:2] == [g["card"] for g in s.groups.values()]
    while GAME.decision(s) is not None and kind(s) in ("deploy", "anchor"):
        s, _ = play(s, legal(s)[0])
    assert kind(s) == "hero"
    assert s.track == ["h1", "g1", "g2"]  # the new initiative cards join the end of the track
    zones = {m["zone"] for m in s.models.values()}
    assert zones and all(z.startswith("sanctum.") for z in zones)
    assert "sanctum.b" in s.items and zones & {"sanctum.a", "sanctum.b"}  # beside or on the item's zone
