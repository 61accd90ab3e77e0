"""FO-13.6: the page's example of an enemy activation, with facts of our own.

The page: the card shows two enemy icons; all enemies of both types activate. First
the inactive token of the first type is flipped face up (it is a marauder), then the
second type activates and the mole rat attacks the survivor in its own space. The
picture labels Raider Camp, RobCo Factory, Pendleton Estate and Super Duper Mart,
which are spaces of our demo map.
"""

import pytest

from wasteland.games.fallout.content import load_content

from .conftest import of, play, position


@pytest.mark.worked_example("FO-13.6")
def test_fo_13_6_marauder_flipped_then_mole_rat_attacks_in_its_space(game):
    # Agenda card a02 shows the strip marauder, mole rat (left to right).
    assert load_content().cards["a02"].icons == ["marauder", "mole_rat"]
    s = position(
        survivors=[{"space": "super_duper_mart", "health": 7, "radiation": 3},
                   {"space": "pendleton_estate", "health": 10, "radiation": 0}],
        enemies=[("marauder", "raider_camp", "down"), ("mole_rat", "super_duper_mart", "up")],
        revealed="a02")
    s, events = play(s, "resolve")
    kinds = [e["type"] for e in events]
    # Marauders act first: none is face up, so nobody acts; then the face-down one flips.
    first = of(events, "type_activates")[0]
    assert first["enemy_type"] == "marauder" and first["enemies"] == []
    flipped = of(events, "flipped")[0]
    assert flipped["enemies"] == ["marauder#1"] and flipped["spaces"] == ["raider_camp"]
    assert s.enemies["marauder#1"] == ("marauder", "raider_camp", True)  # flipped, not moved (FO-13.2)
    # Then the mole rats: the mole rat attacks the survivor in its own space.
    assert kinds.index("flipped") < [i for i, e in enumerate(events) if e["type"] == "type_activates"][1]
    attack = of(events, "enemy_fights")[0]
    assert attack["enemy"] == "mole_rat#1" and attack["target"] == 0 and attack["distance"] == 0
    assert attack["reason"] == "survivor in its space"
    assert not of(events, "enemy_moves")
    # The table now fights it out as if survivor 1 had taken the Fight action (FO-13.2).
    d = game.decision(s)
    assert d.kind == "fight" and d.seat == 0
    s, events = play(s, "result 6 3 defeated")
    assert (s.health[0], s.radiation[0], s.kills[0]) == (6, 3, 1)
    assert of(events, "agenda_discarded")[0]["card"] == "a02"  # FO-13.1: then the card is discarded
    assert s.discard[-1] == "a02" and s.revealed is None
