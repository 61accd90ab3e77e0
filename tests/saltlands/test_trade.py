"""Trading (SL §72) and the slots traded cards need (SL §54, SL §70): a vehicle or cargo card
traded for the one in the slot it needs, a swap."""

from __future__ import annotations

from wasteland.games.saltlands.game import GAME

from sltest import assert_illegal, build, cargo, decision_kind, discard_ids, engaged, find, held, legal, play, vehicle

TWO = """
    seed = 1
    [config]
    players = 2
    characters = ["scout", "healer"]
    [[raider]]
    type = "truck"
    hex = "2,0"
    [[player]]
    seat = "p1"
    hex = "-1,0"
    vehicle = "sailer"
    hand = []
    cargo = {cargo1}
    [[player]]
    seat = "p2"
    hex = "-2,0"
    vehicle = "speedster_vehicle"
    hand = []
    cargo = {cargo2}
"""


def two(cargo1="[]", cargo2="[]"):
    return build(TWO.format(cargo1=cargo1, cargo2=cargo2))


def test_players_swap_vehicles_the_partners_first_SL70_SL72():
    # SL §70: "you may trade your vehicle". The Healer gives her Speedster first: the Scout's
    # slot is full, and he may give his Sailer to her for it instead of discarding one.
    s = two()
    play(s, "trade p2", f"give {held(s, 'speedster_vehicle', 1)}")
    assert decision_kind(s) == "place"
    sailer = held(s, "sailer")
    assert f"give {sailer} to p2" in legal(s)
    play(s, f"give {sailer} to p2")
    assert (GAME.decision(s).kind, GAME.decision(s).seat) == ("offer", 1)  # she agrees to it (SL §72)
    play(s, "accept")
    play(s, find(s, "place speedster_vehicle"))  # the slot is free now
    play(s, "done")
    assert (vehicle(s, 0), vehicle(s, 1)) == ("speedster_vehicle", "sailer")
    assert discard_ids(s) == []


def test_players_swap_vehicles_the_active_players_first_SL70_SL72():
    s = two()
    play(s, f"give {held(s, 'sailer')} to p2", "accept")
    assert (GAME.decision(s).kind, GAME.decision(s).seat) == ("place", 1)
    play(s, f"give {held(s, 'speedster_vehicle', 1)} to p1")  # the Scout asked to trade: no offer
    play(s, find(s, "place sailer"))
    assert (vehicle(s, 0), vehicle(s, 1)) == ("speedster_vehicle", "sailer")
    assert discard_ids(s) == [] and decision_kind(s) == "turn"


def test_a_vehicle_swapped_in_after_moving_arrives_engaged_SL70():
    s = two()
    play(s, "move -1,-1", "trade p2", f"give {held(s, 'speedster_vehicle', 1)}")
    play(s, f"give {held(s, 'sailer')} to p2", "accept")
    play(s, find(s, "place speedster_vehicle"), "done")
    assert "speedster_vehicle" in engaged(s)  # it replaced a vehicle engaged this turn
    assert "sailer" not in engaged(s, 1)  # traded cards arrive refreshed (SL §72)


def test_full_cargo_slots_swap_cargo_cards_SL54_SL72():
    s = two(cargo1='["crew", "scrap_plating"]', cargo2='["crew", "cargo_rack"]')
    play(s, "trade p2", f"give {held(s, 'cargo_rack', 1)}")
    plating = held(s, "scrap_plating")
    assert f"give {plating} to p2" in legal(s)
    play(s, f"give {plating} to p2", "accept")
    play(s, find(s, "place cargo_rack"), "done")
    assert cargo(s, 0) == ["cargo_rack", "crew"] and cargo(s, 1) == ["crew", "scrap_plating"]
    assert discard_ids(s) == []


def test_a_swap_goes_only_to_the_other_side_of_the_trade_SL54_SL72():
    s = two(cargo1='["crew", "scrap_plating"]', cargo2='["crew", "cargo_rack"]')
    play(s, "trade p2", f"give {held(s, 'cargo_rack', 1)}")
    assert_illegal(s, "give scout to p2", "SL §54")  # the character card never leaves its slot
    assert_illegal(s, f"give {held(s, 'sailer')} to p2", "SL §54")  # not the slot the rack needs
    rack = s.static.catalog.card_names[s.stack[-1]["card"]]
    assert_illegal(s, f"give {rack} to p2", "SL §72")  # it changed hands this turn already
    assert_illegal(s, f"give {held(s, 'crew')} to p3", "SL §72")  # no p3 in this trade


def test_a_card_gained_without_a_trade_is_placed_or_discarded_SL54():
    s = build("""
        seed = 1
        [config]
        players = 2
        characters = ["scout", "healer"]
        [[raider]]
        type = "truck"
        hex = "2,0"
        [[player]]
        seat = "p1"
        hex = "-1,0"
        cargo = ["crew", "crew"]
        [[player]]
        seat = "p2"
        hex = "-2,0"
        [[token]]
        hex = "-1,-1"
        token = "crew"
    """)
    play(s, "collect -1,-1 by scout")
    assert decision_kind(s) == "place"
    assert not [a for a in legal(s) if a.startswith("give")]  # nothing to swap with
    assert_illegal(s, f"give {held(s, 'crew')} to p2", "SL §54")


def test_the_heuristic_bot_weighs_a_swap_like_a_replacement_SL72():
    # The place decision of a traded card offers 'give OLD to pN' beside 'replace OLD' and
    # 'discard': the bot reads the card each names (it took 'OLD to pN' for a card's name).
    from wasteland.core.agent import Observation
    from wasteland.games.saltlands.bot import HeuristicAgent

    s = two()
    play(s, "trade p2", f"give {held(s, 'speedster_vehicle', 1)}")
    d = GAME.decision(s)
    assert d.kind == "place" and any(a.startswith("give ") for a in d.actions)
    scores = HeuristicAgent(0).scores(Observation(GAME, s, d))
    sailer = held(s, "sailer")
    assert scores[f"give {sailer} to p2"] == scores[f"replace {sailer}"], scores
