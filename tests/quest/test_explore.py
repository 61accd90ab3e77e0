"""Exploring: drawing the card (WQ-38.1), the dead end (WQ-38.2), placing the tile (WQ-38.3)."""

from __future__ import annotations

import pytest

from qtest import GAME, act, answer, asked, kind, legal, of_type, play, pos

from wasteland.core.protocol import RuleError

BELOW = {"tile": "alley", "turns": 0, "at": [2, 2]}  # squares 2,2 3,2 4,2: south-east of the gatehouse


def test_drawing_shows_what_the_card_shows():
    """WQ-38.1: the leader draws the top card; it shows gate positions, lychgates, mystic
    items, the number of enemy groups and the quest symbol."""
    s = pos(table=False, heroes=[{"zone": "gatehouse.b", "dice": [2]}],
            state={"exploration_deck": ["x_alley", "x_sanctum"]})
    s, ev = play(s, "explore a2")
    (card,) = of_type(ev, "exploration_card")
    assert card["rule"] == "WQ-38.1"
    assert (card["card"], card["gates"], card["mystic_items"], card["groups"], card["quest_symbol"]) == (
        "x_sanctum", ["n", "w", "e", "s"], ["b"], 2, True)
    assert s.exploration_deck == ["x_alley"] and kind(s) == "place"


def test_a_table_says_the_card_it_drew():
    """WQ-38.1 at a table: the table says the card drawn, among those still in the deck."""
    s = pos(heroes=[{"zone": "gatehouse.b", "dice": [2]}], state={"exploration_deck": ["x_alley", "x_bridge"]})
    s, _ = play(s, "explore a2")
    assert asked(s) == "exploration_card" and legal(s) == ["chance x_alley", "chance x_bridge"]
    s, ev = answer(s, "x_bridge", rest=False)
    assert of_type(ev, "exploration_card")[0]["card"] == "x_bridge" and s.exploration_deck == ["x_alley"]


def test_empty_deck_is_a_dead_end_and_the_quest_fails():
    """WQ-38.2: no card to draw; without a card no area can be added, so every hero is out
    of action and the quest fails (the digest's ruling, which the original's text bears)."""
    s = pos(players=2, heroes=[{"zone": "gatehouse.b", "dice": [1]}, {"zone": "gatehouse.a"}],
            state={"exploration_deck": []})
    s, ev = play(s, "explore a1")
    (dead,) = of_type(ev, "dead_end")
    assert dead["rule"] == "WQ-38.2"
    assert s.over and s.winners == [] and "dead end" in s.end_reason
    assert [h["zone"] for h in s.heroes] == [None, None] and len(of_type(ev, "out_of_action")) == 2
    assert GAME.decision(s) is None


@pytest.mark.worked_example("WQ-38.3")
def test_the_illustration_closed_gate_goes_furthest():
    """WQ-38.3, the page's illustration in our own numbers: the alley (three zones a b c in
    a row) is laid by its west gate position on the gatehouse's closed gate at 1,0 E. That
    gate turns open; of the other positions, e is 2 zone steps from the opened gate and n
    and s only 1, so e (4,0 E) is the one place for the new closed gate."""
    s = pos(drawn="x_alley")
    s, ev = act(s, "place w")
    (tile,) = of_type(ev, "tile_placed")
    assert tile["squares"] == [[2, 0], [3, 0], [4, 0]] and tile["turns"] == 0
    assert s.open_gates == [[[1, 0], "E"]]
    (closed,) = of_type(ev, "closed_gate")
    assert (closed["gate"], closed["edge"], closed["steps"], closed["tied"]) == ("e", [[4, 0], "E"], 2, ["e"])
    from wasteland.games.quest.explore import gate_distances

    assert gate_distances(s, "x_alley", "w") == {"e": 2, "n": 1, "s": 1}
    assert "alley.a" in s.board.neighbours["gatehouse.b"]  # through the open gate
    assert s.closed_gate_zone() == "alley.c"


def test_a_position_fixes_the_tiles_turn():
    """WQ-38.3 lined up: laying the alley by its north position turns it three quarter
    turns so that the position faces west onto the gate; e and w are then both one zone
    step from the entry zone b: the leader chooses."""
    s = pos(drawn="x_alley")
    s, ev = act(s, "place n")
    assert of_type(ev, "tile_placed")[0]["squares"] == [[2, -1], [2, 0], [2, 1]]
    assert kind(s) == "close" and legal(s) == ["close e", "close w"]
    s, ev = act(s, "close w")  # then the card's enemies are drawn: the table says which
    assert of_type(ev, "closed_gate")[0]["edge"] == [[2, 1], "S"]


def test_furthest_ties_are_the_leaders_choice():
    """WQ-38.3: ties for the furthest position: the leader chooses (graveyard by n: e, s
    and w are all one zone step from zone b)."""
    s = pos(drawn="x_graveyard")
    s, _ = act(s, "place n")
    d = GAME.decision(s)
    assert (d.kind, d.rule, d.seat, d.actions) == ("close", "WQ-38.3", 0, ("close e", "close s", "close w"))


def test_lychgates_and_items_come_last():
    """WQ-38.3 point 5: after the closed gate, the card's lychgates and mystic items."""
    s = pos(drawn="x_graveyard")
    s, ev = act(s, "place w")
    types = [e["type"] for e in ev]
    assert types.index("tile_placed") < types.index("closed_gate") < types.index("furnished")
    assert s.lychgates == [[[4, 0], "N"]] and s.items == ["graveyard.b"]


def test_a_tile_never_overlaps_the_battlefield():
    """WQ-38.3: the chapel laid by its east position would cover square 3,2 of the alley."""
    s = pos(drawn="x_chapel", tiles=[{"tile": "gatehouse"}, BELOW])
    assert legal(s) == ["place n", "place w"]
    before = GAME.to_json(s)
    with pytest.raises(RuleError) as err:
        GAME.apply(s, "place e")
    assert err.value.rule == "WQ-38.3" and "overlap" in str(err.value) and "3,2" in str(err.value)
    assert GAME.to_json(s) == before


def test_no_tile_where_a_battlefield_lychgate_would_touch_it():
    """WQ-38.3: a lychgate on the alley's square 2,2, facing north onto 2,1, forbids any
    tile covering 2,1: the chapel by w (and e, which overlaps) is out; n remains."""
    s = pos(drawn="x_chapel", tiles=[{"tile": "gatehouse"}, BELOW],
            gates={"closed": [1, 0, "E"], "lychgates": [[2, 2, "N"]]})
    assert legal(s) == ["place n"]
    with pytest.raises(RuleError, match="lychgate on the battlefield"):
        GAME.apply(s, "place w")


def test_the_cards_lychgates_touch_no_other_tile():
    """WQ-38.3: the graveyard's lychgate (its square 2,0, north side) may touch no tile. By
    w it would face square 4,-1, where an alley lies; by e it faces 2,2, open ground."""
    s = pos(drawn="x_graveyard", tiles=[{"tile": "gatehouse"}, {"tile": "alley", "at": [3, -1]}])
    assert legal(s) == ["place e"]
    with pytest.raises(RuleError, match="card's lychgate at square 4,0 N would touch tile alley"):
        GAME.apply(s, "place w")


def test_a_gate_position_the_card_does_not_have():
    s = pos(drawn="x_bridge")
    before = GAME.to_json(s)
    with pytest.raises(RuleError, match="shows no gate position 'n'") as err:
        GAME.apply(s, "place n")
    assert err.value.rule == "WQ-38.3" and GAME.to_json(s) == before


def test_no_placement_possible_is_the_dead_end():
    """WQ-38.3 ruling: a drawn tile that fits nowhere is the dead end of WQ-38.2. The bridge
    needs squares 2,0 to 5,0 whichever end it is laid by; an alley lies on 3,0 to 5,0."""
    s = pos(table=False, heroes=[{"zone": "gatehouse.b", "dice": [3]}],
            tiles=[{"tile": "gatehouse"}, {"tile": "alley", "at": [3, 0]}], state={"exploration_deck": ["x_bridge"]})
    s, ev = play(s, "explore a3")
    assert of_type(ev, "dead_end")[0]["rule"] == "WQ-38.2" and s.over and s.winners == []


def test_placing_is_always_the_leaders_decision():
    """WQ-38.3: every placement the leader may choose is offered, to the leader (seat 1)."""
    s = pos(players=3, drawn="x_crossroads", state={"active": 2})
    d = GAME.decision(s)
    assert (d.seat, d.kind, d.actions) == (0, "place", ("place n", "place e", "place s", "place w"))


def test_the_furthest_position_counts_even_when_it_faces_a_laid_tile():
    """WQ-38.3 point 4: the closed gate goes on the furthest position, and the page makes
    no exception for one facing a tile already laid. The alley by w: e is two zone steps
    from the opened gate, n and s one; e faces the canal bridge east of it, and still
    takes the closed gate. No tile can then be lined up with it."""
    s = pos(drawn="x_alley", tiles=[{"tile": "gatehouse"}, {"tile": "bridge", "at": [5, 0]}])
    s, ev = act(s, "place w")
    (closed,) = of_type(ev, "closed_gate")
    assert (closed["gate"], closed["edge"], closed["steps"], closed["tied"]) == ("e", [[4, 0], "E"], 2, ["e"])
    assert s.board.tile_at[(5, 0)] == "bridge" and s.closed_gate_zone() == "alley.c"
    from wasteland.games.quest.explore import legal_gates

    assert all(legal_gates(s, card) == [] for card in s.content.cards if card != "x_alley")


def test_exploring_through_a_gate_that_faces_a_laid_tile_is_the_dead_end():
    """WQ-38.2, WQ-38.3: the closed gate on the alley's east end faces the bridge; the card
    drawn there fits nowhere: the dead end, every hero out of action, the quest fails."""
    s = pos(table=False, heroes=[{"zone": "alley.c", "dice": [2]}],
            tiles=[{"tile": "gatehouse"}, {"tile": "alley", "at": [2, 0]}, {"tile": "bridge", "at": [5, 0]}],
            gates={"open": [[1, 0, "E"]], "closed": [4, 0, "E"]}, state={"exploration_deck": ["x_chapel"]})
    s, ev = play(s, "explore a2")
    assert of_type(ev, "exploration_card")[0]["card"] == "x_chapel"
    assert of_type(ev, "dead_end")[0]["rule"] == "WQ-38.2" and s.over and s.winners == []


def test_a_written_closed_gate_on_an_edge_inside_one_tile_is_refused():
    """WQ-38.3: the closed gate lies on a tile's border (facing open ground or, as the
    engine can leave it, another tile); an edge inside one tile is refused, naming the field."""
    from wasteland.games.quest.scenario import ScenarioError

    with pytest.raises(ScenarioError, match="gates.closed"):
        pos(gates={"closed": [0, 0, "E"]})
