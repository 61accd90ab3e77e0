"""Lost in the Desert (SL §137 to SL §147) and the optional variants (SL §148 to SL §152).

Every test cites the rule it checks. Positions use the compass tile (see conftest) and,
with seed 1 in a small area, ``start_1`` at NE (centre 5,-3) and ``start_3`` at N
(centre 2,-5).
"""

from __future__ import annotations

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.saltlands.board import fmt_pos
from wasteland.games.saltlands.config import normalize
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.movement import move_options
from wasteland.games.saltlands.turn import area_hexes

from .conftest import (
    act,
    cargo,
    assert_illegal,
    build,
    decision_kind,
    find,
    find_all,
    has,
    hand,
    held,
    hex_index,
    of_type,
    play,
    raiders,
    damage_card,
    set_damage_card,
    tokens,
    where,
)

EXP = 'expansion = true\n'


def scene(body: str, players: int = 1, characters: str = '"trader"', extra: str = "") -> str:
    return f"""
        game = "saltlands"
        seed = 1
        [config]
        players = {players}
        characters = [{characters}]
        expansion = true
        {extra}
        {body}
    """


# -- configuration and set-up (SL §140, SL §141, SL §148, SL §149, SL §150) ---------------------------------


def test_variants_are_set_up_options_and_epic_excludes_the_tutorial():
    rules = normalize({"players": 2, "expansion": True, "variants": ["overkill", "epic"]})
    assert rules.variants == ("epic", "overkill") and rules.last_round == 7  # SL §150
    assert rules.area == "epic_small" and rules.rumor_cards == 4 + 2  # SL §150: two more rumors
    with pytest.raises(RuleError, match="tutorial") as err:  # SL §149
        normalize({"players": 2, "mode": "tutorial", "expansion": True, "variants": ["epic"]})
    assert err.value.rule == "SL §149"
    with pytest.raises(RuleError, match="expansion") as err:  # ruling: epic uses expansion parts
        normalize({"players": 2, "variants": ["epic"]})
    assert err.value.rule == "SL §150"
    with pytest.raises(RuleError) as err:
        normalize({"players": 2, "variants": ["turbo"]})
    assert err.value.rule == "SL §148"
    with pytest.raises(RuleError):
        normalize({"players": 2, "expansion": "yes"})
    # Overkill and explorer's luck need no expansion part (SL §148: any combination).
    assert normalize({"players": 3, "variants": ["explorers_luck", "overkill"]}).variants == (
        "overkill", "explorers_luck")


def test_expansion_components_join_only_when_switched_on():
    """SL §140, SL §141: tiles shuffled in, 6 more figures, extra tokens, new item cards."""
    base = GAME.new_game({"players": 4, "characters": ["scout", "healer", "plowman", "arsonist"]}, 3)
    exp = GAME.new_game({"players": 4, "expansion": True,
                         "characters": ["trader", "healer", "plowman", "huntress"]}, 3)
    cards = base.static.catalog.cards
    in_decks = lambda s: {cards[c].id for c in s.mirage + s.raider_deck + s.supply}  # noqa: E731
    assert not any(cards[c].expansion for c in base.mirage + base.raider_deck + base.supply)
    assert {"wind_tractor", "dynamite"} <= {cards[c].id for c in exp.mirage}  # spear back
    assert {"grenade_launcher", "flare_gun"} <= {cards[c].id for c in exp.raider_deck}  # pistol back
    assert "grenade_launcher" not in in_decks(base)
    assert any(base.static.catalog.tokens[t].expansion for t in exp.token_pool)
    assert not any(base.static.catalog.tokens[t].expansion for t in base.token_pool)
    from wasteland.games.saltlands.raiders import figures_in_box

    assert figures_in_box(exp, "pickup") == 7 and figures_in_box(base, "pickup") == 6  # SL §141 ruling
    # The expansion tiles are shuffled in with the ordinary ones (SL §140).
    kinds = set()
    for seed in range(12):
        s = GAME.new_game({"players": 4, "expansion": True}, seed)
        kinds |= {s.static.content.tiles[t].kind for t in s.tiles}
    assert "expansion" in kinds
    # The new characters are offered only with the expansion (SL §146).
    d = GAME.decision(GAME.new_game({"players": 2}, 1))
    assert "character trader" not in d.actions
    d = GAME.decision(GAME.new_game({"players": 2, "expansion": True}, 1))
    assert {"character trader", "character marauder", "character scout"} <= set(d.actions)
    with pytest.raises(RuleError) as err:
        GAME.new_game({"players": 1, "characters": ["trader"]}, 1)
    assert err.value.rule == "SL §141"


def test_epic_set_up_stacks_rounds_area_and_rumors():
    """SL §150: epic area, round 7 under each stack (solo: 11233455677), two more rumors."""
    s = GAME.new_game({"players": 2, "expansion": True, "variants": ["epic"], "characters": ["scout", "trader"]}, 5)
    content = s.static.content
    for stack in s.damage_stacks.values():
        assert [content.damage_cards[c].round for c in reversed(stack)] == [1, 2, 3, 4, 5, 6, 7]
    assert len(s.rumor_deck) == 6
    assert s.static.geo.layout == "epic_small" and len(s.tiles) == 1 + 2 + 7
    solo = GAME.new_game({"players": 1, "expansion": True, "variants": ["epic"], "characters": ["scout"]}, 5)
    for stack in solo.damage_stacks.values():
        rounds = "".join(str(content.damage_cards[c].round) for c in reversed(stack))
        assert rounds == "11233455677"
    assert len(solo.rumor_deck) == 4
    large = GAME.new_game({"players": 5, "expansion": True, "variants": ["epic"]}, 5)
    assert large.static.geo.layout == "epic_large" and len(large.rumor_deck) == 8


def test_epic_game_lasts_seven_rounds():
    """SL §150: the round-7 damage cards add a seventh round; then time runs out (SL §47)."""
    s = GAME.new_game({"players": 2, "expansion": True, "variants": ["epic"], "difficulty": "easy",
                       "characters": ["scout", "trader"]}, 2)
    from .conftest import autoplay

    autoplay(s)
    assert s.over
    if s.end_reason.startswith("time ran out"):
        assert s.round == 7



@pytest.mark.parametrize("last", [6, 7])
def test_epic_time_runs_out_after_the_seventh_round_not_the_sixth_SL150_SL47(last):
    """SL §150: the round-7 damage cards add a seventh round. The weather phase ending
    round 6 starts round 7, with the round-7 card left on each stack; the one ending
    round 7 ends the game (SL §47, SL §114)."""
    s = build(f"""
        game = "saltlands"
        seed = 1
        [config]
        players = 2
        characters = ["scout", "trader"]
        expansion = true
        variants = ["epic"]
        [state]
        round = {last}
        activated = ["speedster", "pickup", "truck", "bulldozer"]
        [[player]]
        seat = "p1"
        hex = "0,-2"
        [[player]]
        seat = "p2"
        hex = "2,-2"
        [[raider]]
        type = "truck"
        hex = "-2,1"
    """)
    events = play(s, "end")
    assert [e["round"] for e in of_type(events, "round_end")] == [last]
    if last == 6:
        assert not s.over and s.round == 7
        content = s.static.content
        assert all([content.damage_cards[c].round for c in stack] == [7] for stack in s.damage_stacks.values())
    else:
        assert s.over and s.end_reason.startswith("time ran out")



def test_an_epic_position_in_round_7_reveals_the_round_7_damage_cards_SL150():
    """SL §150: round 7 under each stack; a position written in round 7 (the stacks not
    named) has the cards of rounds 1 to 6 in the discard, and an activation reveals a
    round-7 card."""
    s = build("""
        game = "saltlands"
        seed = 3
        [config]
        players = 2
        characters = ["scout", "trader"]
        expansion = true
        variants = ["epic"]
        [state]
        round = 7
        activated = ["pickup"]
        [[player]]
        seat = "p1"
        hex = "0,-2"
        [[player]]
        seat = "p2"
        hex = "2,-2"
        [[raider]]
        type = "truck"
        hex = "-2,1"
    """)
    rounds = lambda cards: [s.static.content.damage_cards[c].round for c in cards]  # noqa: E731
    assert rounds(s.revealed["pickup"]) == [7] and s.damage_stacks["pickup"] == []
    assert all(rounds(s.damage_stacks[t]) == [7] for t in ("speedster", "truck", "bulldozer"))
    assert sorted(rounds(s.damage_discard)) == sorted([1, 2, 3, 4, 5, 6] * 4)


# -- special items and symbols -----------------------------------------------------------


@pytest.mark.worked_example("SL §144")
def test_wind_tractor_sl144_example_own_numbers():
    """SL §144, SL §145: moves like a motorized vehicle up to the wind strength (2 + 3 = 5),
    over any terrain, straight upwind too, no double steps, no Fuel."""
    s = build(scene("""
        [state]
        weather = ["w01", "w02"]
        wind = "S"
        [[player]]
        seat = "p1"
        hex = "2,0"
        vehicle = "wind_tractor"
        hand = ["fuel"]
        [[raider]]
        type = "truck"
        hex = "-2,2"
        [[token]]
        hex = "7,-3"
        token = "loot"
    """))
    geo = s.static.geo
    here = geo.coords[hex_index(s, "2,0")]
    opts = move_options(s, s.players[0])
    dists = {geo.names[o[0]]: max(abs(geo.coords[o[0]][0] - here[0]), abs(geo.coords[o[0]][1] - here[1]),
                                  abs(geo.coords[o[0]][0] + geo.coords[o[0]][1] - here[0] - here[1]))
             for o in opts}
    assert max(dists.values()) == 5  # at most the wind strength; a Fuel card adds nothing
    assert all(o[1] == 0 for o in opts)
    assert not any(a.endswith("fuel 1") for a in find_all(s, "move "))
    assert "4,-3" in dists and "5,-4" in dists  # mountains (SL §144: any terrain)
    assert "2,-1" in dists  # one step N = straight against a wind blowing S (SL §145)
    # 4 of the 5 steps: onto the B spawn point 6,-2, next to the loot token.
    play(s, "move 6,-2", "collect 7,-3 by trader")
    assert where(s) == "6,-2" and "7,-3" not in tokens(s)
    # A sail with the same wind never goes straight upwind and never into mountains (SL §79, SL §81).
    sail = build(scene("""
        [state]
        weather = ["w01", "w02"]
        wind = "S"
        [[player]]
        seat = "p1"
        hex = "2,-1"
        vehicle = "sailer"
    """))
    dests = {a.split()[1] for a in find_all(sail, "move ")}
    from wasteland.games.saltlands.movement import sail_step_options

    assert sail_step_options(sail)[0] == 0  # no step straight N, upwind (SL §81)
    assert "4,-3" not in dests and "5,-4" not in dests



TRACTOR = """
    [state]
    weather = ["w01", "w02"]
    wind = "S"
    discard = ["fuel"]
    [[player]]
    seat = "p1"
    hex = "2,0"
    vehicle = "wind_tractor"
"""


def _tractor_reach(s) -> int:
    geo = s.static.geo
    q0, r0 = geo.coords[hex_index(s, "2,0")]
    return max(max(abs(q - q0), abs(r - r0), abs(q + r - q0 - r0))
               for q, r in (geo.coords[o[0]] for o in move_options(s, s.players[0])))


def test_wind_tractor_with_the_base_abilities_SL144_SL135():
    """Ruling (SL §144, SL §135): the Wind Tractor moves like a motorized vehicle but its
    maximum *is* the wind strength, so what changes the wind strength changes it and
    nothing else does: Light (+1 wind for her) reaches 2 + 3 + 1 = 6 hexes; Born Driver's
    +2 on motorized vehicles adds nothing (5); the tractor is no motorized vehicle card for
    Fuel Drain, whose discard of it takes no Fuel from the pile."""
    assert _tractor_reach(build(scene(TRACTOR, characters='"scout"'))) == 5
    assert _tractor_reach(build(scene(TRACTOR, characters='"little_girl"'))) == 6
    s = build(scene(TRACTOR, characters='"arsonist"'))
    play(s, "discard wind_tractor#1")
    assert decision_kind(s) == "turn" and not has(s, "take fuel")
    s = build(scene(TRACTOR.replace("wind_tractor", "speedster_vehicle"), characters='"arsonist"'))
    play(s, "discard speedster_vehicle#1")
    assert decision_kind(s) == "fuel_drain"  # a motorized vehicle card does (SL §135)


def test_flare_gun_lures_without_attacking_and_grenade_launcher_loots_only_next_to_me():
    """SL §142, SL §143, SL §144 example (own numbers): the flare gun pulls the Truck on my tile 3 hexes
    toward me, without an attack; the Grenade Launcher (3 damage, a line of two hexes)
    destroys the adjacent Pickup and the Speedster behind it, loot only from the Pickup."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "1,-2"
        vehicle = "sailer"
        hand = ["flare_gun", "grenade_launcher"]
        [[raider]]
        type = "truck"
        hex = "-2,0"
        [[raider]]
        type = "pickup"
        hex = "2,-3"
        [[raider]]
        type = "speedster"
        hex = "3,-4"
    """))
    events = act(s, "use flare_gun#1")
    while decision_kind(s) == "lure":  # ties: the lurer picks (SL §142 ruling)
        events += act(s, "")
    truck = [r for r in raiders(s) if r[0] == "truck"][0]
    assert hex_index(s, truck[1]) in s.static.geo.adj[hex_index(s, "1,-2")]
    assert not of_type(events, "attacked")  # lured raiders do not attack (SL §142)
    assert ("pickup", "2,-3", 2) in raiders(s)  # another tile: not lured
    # Aim the line at the Pickup and the Speedster behind it (SL §143: any orientation).
    p = s.players[0]
    act_ = s.static.catalog.cards[s.static.catalog.card_index["grenade_launcher#1"]].actions[0]
    rots = [k for k in range(6) if {s.static.geo.names[h] for h in area_hexes(s, p, act_.area, k)}
            == {"2,-3", "3,-4"}]
    assert len(rots) == 1
    before = len(p.hand) + len(p.cargo)
    events = play(s, f"use grenade_launcher#1 by trader rot {rots[0]}")
    destroyed = {e["raider"] for e in of_type(events, "raider_destroyed")}
    assert destroyed == {"pickup", "speedster"}
    assert [e["raider"] for e in of_type(events, "no_loot")] == ["speedster"]
    gained = [e for e in of_type(events, "gain") if e["how"] == "loot"]
    assert gained and any(e["card"].startswith("pickup_vehicle") for e in gained)
    assert not any(e["card"].startswith("speedster_vehicle") for e in gained)
    assert len(p.hand) + len(p.cargo) + (1 if p.vehicle is not None else 0) >= before


def test_area_options_only_orientations_that_hit_and_bad_rotation_is_refused():
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "1,-2"
        vehicle = "sailer"
        hand = ["grenade_launcher"]
        [[raider]]
        type = "pickup"
        hex = "2,-3"
    """))
    uses = find_all(s, "use grenade_launcher#1")
    assert uses and all(" rot " in u for u in uses)
    before = GAME.to_json(s)
    for bad in ("use grenade_launcher#1 by trader rot 9", "use grenade_launcher#1 by trader at 2,-3"):
        if bad in uses:
            continue
        with pytest.raises(RuleError):
            GAME.apply_in_place(s, bad)
        assert GAME.to_json(s) == before


def test_area_weapon_robs_players_it_covers_in_competitive_mode():
    """SL §143 with SL §122 (digest ruling): in competitive mode the area robs covered players."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "1,-2"
        hand = ["katana", "water"]
        [[player]]
        seat = "p2"
        hex = "1,-3"
        hand = ["plants"]
        [[raider]]
        type = "truck"
        hex = "-2,2"
    """, players=2, characters='"pickpocket", "scout"', extra='mode = "competitive"'))
    use = find(s, "use katana#1 by pickpocket rot")
    play(s, use)
    assert decision_kind(s) == "soak" and GAME.decision(s).seat == 1
    play(s, find(s, "yield plants"))
    assert "plants" in hand(s, 0)


def test_katana_never_harms_players_outside_competitive():
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "1,-2"
        hand = ["katana"]
        [[player]]
        seat = "p2"
        hex = "1,-3"
        [[raider]]
        type = "truck"
        hex = "-2,2"
    """, players=2, characters='"pickpocket", "scout"'))
    assert not has(s, "use katana#1")  # no raider under any orientation (SL §143)


def test_horn_is_not_a_crew_action_and_is_reused_next_turn():
    """SL §147: "ГРОН" lures raiders, not a crew action; it is engaged, not discarded."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "1,-2"
        hand = ["horn"]
        [[raider]]
        type = "truck"
        hex = "-2,0"
    """, characters='"huntress"'))
    assert "use horn#1" in find_all(s, "use horn")
    play(s, "use horn#1")
    assert "horn" in hand(s) and not has(s, "use horn")


def test_camouflage_cloak_raiders_ignore_her_unless_already_adjacent():
    """SL §147: until her next turn raiders not next to her treat her as a token; those
    already next to her attack as usual."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["camouflage_cloak"]
        [[raider]]
        type = "truck"
        hex = "-2,2"
    """, characters='"marauder"'))
    play(s, "use camouflage_cloak#1 by marauder")
    assert s.players[0].hidden
    events = play(s, "end")
    while GAME.decision(s) is not None and decision_kind(s) != "turn":
        events += play(s, GAME.decision(s).actions[0])
    assert not of_type(events, "attacked")
    truck_moves = [e for e in of_type(events, "raider_move") if e["raider"] == "truck"]
    assert not truck_moves  # nobody else to chase: it stays
    # Already adjacent: attacks as usual.
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["camouflage_cloak"]
        [[raider]]
        type = "truck"
        hex = "0,-1"
    """, characters='"marauder"'))
    set_damage_card(s, "truck", damage_card(damage=2))  # 2 normal damage
    play(s, "use camouflage_cloak#1 by marauder")
    events = play(s, "end")
    for _ in range(10):
        if GAME.decision(s) is None or decision_kind(s) in ("soak", "turn"):
            break
        events += play(s, GAME.decision(s).actions[0])
    assert of_type(events, "attacked")



def _run_activation(s, rtype: str):
    """End the turn and run the activation, choosing ``rtype`` first, up to the next soak or turn."""
    events = play(s, "end")
    for _ in range(20):
        d = GAME.decision(s)
        if d is None or d.kind in ("soak", "turn"):
            break
        events += play(s, f"activate {rtype}" if f"activate {rtype}" in d.actions else d.actions[0])
    return events


def test_camouflage_raider_ending_next_to_her_for_another_player_attacks_only_him_SL147():
    """SL §147: hidden, she is not attacked "even if they end their movement next to her for
    any other reason". The Pickup chases the Scout (2,-2) and ends on 1,-2, next to both;
    it attacks the Scout, never her."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["camouflage_cloak"]
        [[player]]
        seat = "p2"
        hex = "2,-2"
        [[raider]]
        type = "pickup"
        hex = "-2,0"
    """, players=2, characters='"marauder", "scout"'))
    set_damage_card(s, "pickup", damage_card(damage=2))
    play(s, "use camouflage_cloak#1 by marauder")
    events = _run_activation(s, "pickup")
    moves = [e for e in of_type(events, "raider_move") if e["raider"] == "pickup"]
    assert moves and moves[0]["to"] == "1,-2" and moves[0]["target"] == "p2"
    assert [e["seat"] for e in of_type(events, "attacked")] == [1]


def _hidden_at_0_m2(truck_hex: str):
    s = build(scene(f"""
        [state]
        weather = ["w01", "w02"]
        wind = "S"
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["camouflage_cloak"]
        [[raider]]
        type = "truck"
        hex = "{truck_hex}"
    """, characters='"marauder"'))
    set_damage_card(s, "truck", damage_card(damage=2))
    play(s, "use camouflage_cloak#1 by marauder")
    return s


def test_camouflage_a_raider_next_to_her_when_she_hid_still_chases_her_SL147():
    """SL §147 (the original: raiders that are not next to her when she takes this crew action
    treat her as a token until her next turn; those that were next to her act on her as
    usual): which raiders ignore her is settled when she hides. The Truck was next to her
    when she hid; she sailed away, and it still moves toward her as usual."""
    s = _hidden_at_0_m2("0,-1")
    geo = s.static.geo
    far = [a for a in find_all(s, "move ") if hex_index(s, a.split()[1]) not in geo.adj[hex_index(s, "0,-1")]]
    play(s, far[0])
    events = _run_activation(s, "truck")
    moves = [e for e in of_type(events, "raider_move") if e["raider"] == "truck"]
    assert moves and moves[0]["target"] == "p1"


def test_camouflage_a_raider_she_moves_next_to_after_hiding_ignores_her_SL147():
    """SL §147: a raider that was not next to her when she hid treats her as a token until her
    next turn, "even if" it ends up next to her: she hides, then sails next to the Truck,
    and it neither attacks her nor moves."""
    s = _hidden_at_0_m2("2,-4")
    geo = s.static.geo
    truck = hex_index(s, "2,-4")
    assert hex_index(s, "0,-2") not in geo.adj[truck]
    near = [a for a in find_all(s, "move ") if hex_index(s, a.split()[1]) in geo.adj[truck]]
    assert near, find_all(s, "move ")
    play(s, near[0])
    events = _run_activation(s, "truck")
    assert not of_type(events, "attacked")
    assert not [e for e in of_type(events, "raider_move") if e["raider"] == "truck"]
    assert ("truck", "2,-4", 2) in raiders(s)


def test_twin_is_a_crew_member_and_trailer_raises_the_hand_limit():
    """SL §147: Twin "is crew"; the Trailer is cargo with hand limit 7 (SL §55)."""
    from wasteland.games.saltlands.zones import fresh_crew, hand_limit

    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        cargo = ["twin", "trailer"]
        vehicle = ""
    """, characters='"prophet"'))
    p = s.players[0]
    assert len(fresh_crew(p)) == 2
    board = s.static.content.board
    assert p.vehicle is None
    assert hand_limit(s, p) == s.static.catalog.cards[p.char_card].hand_limit + 2 + 7 + board.vehicle_slot


# -- abilities (SL §146) -----------------------------------------------------------------


def test_trade_with_any_player_three_times_hand_items_only():
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["axe", "medkit", "machete", "helmet", "fuel"]
        cargo = ["crew"]
        [[player]]
        seat = "p2"
        hex = "5,-3"
        hand = ["fuel"]
        cargo = ["scrap_plating"]
        [[player]]
        seat = "p3"
        hex = "5,-2"
        hand = ["water"]
    """, players=3, characters='"trader", "scout", "healer"'))
    assert has(s, "trade p2") and has(s, "give axe#1 to p2")
    assert not has(s, "give crew#1 to p2")  # hand items only
    play(s, "trade p2")
    opts = GAME.decision(s).actions
    assert "give fuel#2" in opts and not any("scrap_plating" in a for a in opts)
    # SL §146: one trade may move any number of hand items; the limit counts trades.
    play(s, "give fuel#2", "done", "give axe#1 to p2", "accept", "give medkit#1 to p2", "accept")
    assert has(s, "give machete#1 to p2")  # still the first trade
    play(s, "give machete#1 to p3", "accept")  # the second, with another player
    play(s, "give helmet#1 to p2", "accept")  # the third: p2 again, but a new trade
    assert has(s, "give fuel#1 to p2")  # the third trade goes on
    assert not has(s, "trade p3") and not has(s, "to p3")  # a fourth is refused
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(s, "give fuel#1 to p3")
    assert err.value.rule == "SL §146"
    # Without the ability, a far player cannot be traded with (SL §72).
    t = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-1"
        [[player]]
        seat = "p2"
        hex = "5,-3"
    """, players=2, characters='"scout", "trader"'))
    assert not has(t, "trade p2")
    with pytest.raises(RuleError) as err:
        GAME.apply_in_place(t, "trade p2")
    assert err.value.rule == "SL §72"



def test_trader_at_his_limit_still_trades_with_a_neighbour_as_usual_SL146_SL72():
    """Ruling (SL §146, SL §72): the three trades and the hand-only clause bind the far
    trades the ability adds; with a neighbour the Trader trades as anyone does, cargo too."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["axe", "medkit", "machete", "helmet"]
        cargo = ["crew"]
        [[player]]
        seat = "p2"
        hex = "5,-3"
        [[player]]
        seat = "p3"
        hex = "2,-5"
        [[player]]
        seat = "p4"
        hex = "1,-2"
        [[raider]]
        type = "truck"
        hex = "-2,2"
    """, players=4, characters='"trader", "scout", "healer", "plowman"'))
    play(s, "give axe#1 to p2", "accept", "give medkit#1 to p3", "accept", "give machete#1 to p2", "accept")
    assert s.trades_used == 3
    assert not has(s, "trade p3") and not has(s, "give helmet#1 to p3")
    assert has(s, "trade p4") and has(s, "give crew#1 to p4")
    play(s, "give crew#1 to p4", "accept")
    assert "crew" in cargo(s, 3) and s.trades_used == 3


def test_theft_takes_a_random_hand_card_from_an_adjacent_player_once_per_turn():
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-1"
        hand = []
        [[player]]
        seat = "p2"
        hex = "1,-2"
        hand = ["axe", "fuel"]
    """, players=2, characters='"pickpocket", "scout"'))
    play(s, "steal p2")
    assert len(s.players[0].hand) == 1 and len(s.players[1].hand) == 1
    assert not has(s, "steal")  # once per turn
    before = GAME.to_json(s)
    with pytest.raises(RuleError):
        GAME.apply_in_place(s, "steal p2")
    assert GAME.to_json(s) == before


def test_weapon_mastery_draws_loot_from_the_raider_deck():
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["harpoon"]
        [[raider]]
        type = "truck"
        hex = "0,-1"
        crew = 1
    """, characters='"gunsmith"'))
    deck_before = len(s.raider_deck)
    mirage_before = len(s.mirage)
    play(s, "use harpoon#1 by gunsmith at 0,-1")
    rdef = s.static.content.raiders["truck"]
    assert deck_before - len(s.raider_deck) == rdef.loot_raider + rdef.loot_mirage
    assert len(s.mirage) == mirage_before


def test_weapon_mastery_with_one_raider_card_left_takes_the_rest_from_the_mirage_deck_SL99_SL146():
    """SL §146: all raider loot from the Raider deck "unless the Raider deck is empty";
    SL §99: from an empty Raider deck the cards come from the Mirage deck. With one
    Raider card left, the Gunsmith takes it and the rest of the Truck's loot from the
    Mirage deck."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["harpoon"]
        [[raider]]
        type = "truck"
        hex = "0,-1"
        crew = 1
    """, characters='"gunsmith"'))
    s.discard.extend(s.raider_deck[1:])
    s.raider_deck = s.raider_deck[:1]
    s.touch()
    mirage_before = len(s.mirage)
    rdef = s.static.content.raiders["truck"]
    assert rdef.loot_raider + rdef.loot_mirage >= 2
    events = play(s, "use harpoon#1 by gunsmith at 0,-1")
    assert s.raider_deck == []
    assert mirage_before - len(s.mirage) == rdef.loot_raider + rdef.loot_mirage - 1
    assert len([e for e in of_type(events, "gain") if e["how"] == "loot"]) == rdef.loot_raider + rdef.loot_mirage + 1


def test_born_killer_adds_up_consecutive_normal_damage():
    """SL §146: Machete 1 + Machete 1 against a Truck (armor 1): armor counts once → 1 hit."""
    text = scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["machete", "machete"]
        cargo = ["crew"]
        [[raider]]
        type = "truck"
        hex = "0,-1"
    """, characters='"huntress"')
    s = build(text)
    play(s, "use machete#1 by huntress at 0,-1")
    assert ("truck", "0,-1", 2) in raiders(s)
    play(s, find(s, "use machete#2 by crew"))
    assert decision_kind(s) == "streak"  # she may add it up (SL §146): her choice
    play(s, "join")
    assert ("truck", "0,-1", 1) in raiders(s)
    # A discard in between is no action (SL §55): the streak goes on (ruling).
    s = build(text)
    play(s, "use machete#1 by huntress at 0,-1", "discard sailer#1", "use machete#2 by crew#1 at 0,-1", "join")
    assert ("truck", "0,-1", 1) in raiders(s)
    s2 = build(text.replace('"huntress"', '"scout"'))
    play(s2, "use machete#1 by scout at 0,-1", find(s2, "use machete#2 by crew"))
    assert ("truck", "0,-1", 2) in raiders(s2)  # without the ability, armor stops each



def test_born_killer_streak_goes_on_across_a_refresh_SL146_SL65():
    """SL §146 with SL §65, SL §86 (ruling): the rulebook attacks twice with one crew by
    refreshing the crew and the weapon with Water in between, so a refresh keeps the
    streak. Machete 1 on a Truck (armor 1): no hit; Water refreshes the Huntress; the second
    Machete joins: 1 + 1 - 1 = 1 hit, the Truck is left with 1 crew (alone: 0 hits)."""
    text = scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["machete", "machete", "water"]
        [[raider]]
        type = "truck"
        hex = "0,-1"
    """, characters='"huntress"')
    s = build(text)
    play(s, "use machete#1 by huntress at 0,-1", "use water#1", "refresh huntress")
    assert ("truck", "0,-1", 2) in raiders(s)
    play(s, "use machete#2 by huntress at 0,-1")
    assert decision_kind(s) == "streak"
    play(s, "join")
    assert ("truck", "0,-1", 1) in raiders(s)
    s = build(text)
    play(s, "use machete#1 by huntress at 0,-1", "use water#1", "refresh huntress",
         "use machete#2 by huntress at 0,-1", "alone")
    assert ("truck", "0,-1", 2) in raiders(s)
    # Another action in between (here a move) ends the streak: armor stops the second too.
    s = build(text.replace('hex = "0,-2"', 'hex = "-1,-1"'))
    play(s, "use machete#1 by huntress at 0,-1", "use water#1", "refresh huntress", "move 0,-2")
    assert decision_kind(s) == "turn" and s.streak == []
    play(s, "use machete#2 by huntress at 0,-1")
    assert ("truck", "0,-1", 2) in raiders(s)



def test_born_killer_streak_ends_with_her_turn_SL146():
    """SL §146: "in her turn": a Machete on the Truck (armor 1, no hit) in one turn and the
    second Machete in her next turn do not add up; the armor stops both. (The Truck's
    damage card gives movement, SL §106: it does not attack her in between.)"""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["machete", "machete"]
        [[raider]]
        type = "truck"
        hex = "0,-1"
    """, characters='"huntress"'))
    set_damage_card(s, "truck", damage_card(move_bonus=3))  # raiders spawned now act only after her turn
    truck = next(iter(s.raiders))
    play(s, "use machete#1 by huntress at 0,-1")
    assert s.streak == [[truck, 1]]
    play(s, "end")
    while not (decision_kind(s) == "turn" and s.turn > 1):
        play(s, GAME.decision(s).actions[0])
    assert s.streak == [] and s.raiders[truck] == ["truck", hex_index(s, "0,-1"), 2]
    events = play(s, "use machete#2 by huntress at 0,-1")
    assert decision_kind(s) == "turn" and of_type(events, "attack_raider")[0]["hits"] == 0


BORN_KILLER_TRUCK = """
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["machete", "{second}"]
        cargo = ["crew"]
        [[raider]]
        type = "{raider}"
        hex = "0,-1"
"""


def born_killer(second: str = "machete", raider: str = "truck", variants: str = "") -> object:
    s = build(scene(BORN_KILLER_TRUCK.format(second=second, raider=raider), characters='"huntress"', extra=variants))
    play(s, "use machete#1 by huntress at 0,-1")  # 1 normal on armor 1: no hit, a streak of 1
    play(s, find(s, f"use {second}#"))
    return s


def test_born_killer_may_let_an_attack_stand_alone_SL146():
    """SL §146: she *may* add up the damage. Machete 1, then Machete 1 standing alone: the
    Truck's armor 1 stops each, and the streak starts again from the second."""
    s = born_killer()
    assert list(GAME.decision(s).actions) == ["join", "alone"] and GAME.decision(s).rule == "SL §146"
    events = play(s, "alone")
    assert ("truck", "0,-1", 2) in raiders(s)
    assert of_type(events, "attack_raider")[-1]["hits"] == 0
    assert s.streak == [[next(iter(s.raiders)), 1]]


def test_born_killer_choice_keeps_the_overkill_loot_SL146_SL151():
    """SL §146 with Overkill (SL §151): Machete 1 then Molotov 3 on a Truck (crew 2, armor 1).
    Added up: 4 - 1 = 3 hits on 2 crew, destroyed without loot; alone: 3 - 1 = 2 hits, loot."""
    overkill = 'variants = ["overkill"]'
    s = born_killer("molotov", variants=overkill)
    assert decision_kind(s) == "streak"
    events = play(s, "join")
    assert of_type(events, "raider_destroyed") and of_type(events, "no_loot")
    assert of_type(events, "attack_raider")[-1]["hits"] == 3
    s = born_killer("molotov", variants=overkill)
    events = play(s, "alone")
    assert of_type(events, "attack_raider")[-1]["hits"] == 2
    assert of_type(events, "raider_destroyed") and [e for e in of_type(events, "gain") if e["how"] == "loot"]


def test_born_killer_is_not_asked_when_both_answers_are_the_same_SL146():
    """Ruling (SL §146): no choice when the answers cannot differ. Without Overkill the
    Molotov destroys the Truck with its loot either way; a first attack, or one after an
    armor-piercing attack (no normal damage to add to), has nothing to add to."""
    s = born_killer("molotov")
    assert decision_kind(s) != "streak" and not [r for r in raiders(s) if r[0] == "truck"]
    s = build(scene(BORN_KILLER_TRUCK.format(second="machete", raider="truck"), characters='"huntress"'))
    play(s, "use machete#1 by huntress at 0,-1")
    assert decision_kind(s) == "turn"
    s = build(scene(BORN_KILLER_TRUCK.format(second="machete", raider="truck").replace('"machete", "machete"',
                                                                                        '"spear", "machete"'),
                    characters='"huntress"'))
    play(s, "use spear#1 by huntress at 0,-1")  # 1 AP: 1 hit, nothing added up
    play(s, find(s, "use machete#1"))
    assert decision_kind(s) == "turn" and ("truck", "0,-1", 1) in raiders(s)


def test_born_killer_area_attack_asks_for_the_raider_under_it_SL146_SL143():
    """Ruling (SL §146, SL §143): an area attack on a raider of her streak asks too. Machete 1,
    then the Katana's 2 over the Truck: added up 3 - 1 = 2 hits destroy its 2 crew; alone
    2 - 1 = 1 hit leaves 1."""
    s = born_killer("katana")
    assert decision_kind(s) == "streak" and ("truck", "0,-1", 2) in raiders(s)
    events = play(s, "join")
    assert of_type(events, "raider_destroyed")
    s = born_killer("katana")
    play(s, "alone")
    assert ("truck", "0,-1", 1) in raiders(s) and decision_kind(s) == "turn"


def test_born_killer_choice_is_hers_the_bot_keeps_the_loot_SL146():
    """The heuristic bot adds up for more hits, but lets the Molotov stand alone when adding
    up would lose the Overkill loot (SL §151); "decide ties for me" never takes this choice:
    it is her own turn's (SL §146), not the raiders'."""
    from wasteland.core.agent import Observation
    from wasteland.games.saltlands.bot import HeuristicAgent
    from wasteland.games.saltlands.ties import decide

    s = born_killer("molotov", variants='variants = ["overkill"]')
    d = GAME.decision(s)
    assert HeuristicAgent(1).choose(Observation(GAME, s, d)) == "alone"
    assert decide(s, d) is None
    s = born_killer()
    assert HeuristicAgent(1).choose(Observation(GAME, s, GAME.decision(s))) == "join"


def test_born_killer_choice_is_written_and_read_back_as_a_procedure_SL146():
    """A position waiting on Born Killer's choice round-trips through the scenario format;
    a hand-written one where the two answers are the same is refused, naming SL §146."""
    from wasteland.core.registry import get_spec
    from wasteland.games.saltlands.scenario import ScenarioError, scenario_from_text

    spec = get_spec("saltlands")
    s = born_killer("molotov", variants='variants = ["overkill"]')
    text = spec.write_scenario(s)
    assert 'kind = "streak"' in text
    back = scenario_from_text(text)
    assert GAME.to_json(back) == GAME.to_json(s)
    assert GAME.decision(back).kind == "streak" and GAME.decision(back).actions == GAME.decision(s).actions
    with pytest.raises(ScenarioError) as info:
        scenario_from_text(text.replace('variants = ["overkill"]', ""))
    assert "SL §146" in str(info.value)


def test_born_killer_choice_refuses_words_not_offered_SL146():
    s = born_killer()
    assert_illegal(s, "end", "SL §146")
    assert_illegal(s, "join now", "join")
    s = build(scene(BORN_KILLER_TRUCK.format(second="machete", raider="truck"), characters='"huntress"'))
    assert_illegal(s, "alone", "SL §146")


def test_prophecy_discards_water_for_a_rumor_card():
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["water", "axe"]
    """, characters='"prophet"'))
    assert find_all(s, "ability") == ["ability water#1"]
    play(s, "ability water#1")
    assert decision_kind(s) == "rumor" and "water" not in hand(s)


def test_prophecy_takes_every_water_card_the_desalinator_takes_SL146_SL136():
    """Ruling (SL §146, SL §136): both texts name "Water or Gallon of Water"; the Canteen,
    the Mirage deck's Water, counts as Water for both. An Axe is no Water (SL §146)."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["canteen", "gallon_of_water", "axe"]
    """, characters='"prophet"'))
    assert find_all(s, "ability") == ["ability canteen#1", "ability gallon_of_water#1"]
    assert_illegal(s, "ability axe#1", "SL §146")
    play(s, "ability canteen#1")
    assert decision_kind(s) == "rumor" and "canteen" not in hand(s)


def test_prophecy_is_used_once_per_turn_SL71_SL146():
    """SL §71: an ability that is not permanent is usable once per turn; Prophecy names no
    other limit, so a second Water the same turn plays no second rumor card."""
    s = build(scene("""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["water", "water", "axe"]
    """, characters='"prophet"'))
    assert find_all(s, "ability") == ["ability water#1", "ability water#2"]
    play(s, "ability water#1")
    while decision_kind(s) != "turn":  # the rumor card's option (SL §109), whatever follows
        play(s, GAME.decision(s).actions[0])
    assert decision_kind(s) == "turn" and held(s, "water") == "water#2"
    assert not has(s, "ability")
    assert_illegal(s, "ability water#2", "SL §71")


def test_raid_collects_tokens_passed_over():
    """SL §146 Raid: after her move, tokens she passed over, each for a crew action."""
    s = build(scene("""
        [state]
        weather = ["w01", "w02"]
        wind = "S"
        [[player]]
        seat = "p1"
        hex = "-1,-1"
        vehicle = "wind_tractor"
        cargo = ["crew"]
        [[token]]
        hex = "1,-2"
        token = "loot"
        [[token]]
        hex = "-2,1"
        token = "loot"
    """, characters='"marauder"'))
    play(s, "move 3,-3")
    assert has(s, "collect 1,-2 by marauder")
    assert not has(s, "collect -2,1")  # not on any route of this move (2 + 5 steps > 5)
    play(s, "collect 1,-2 by marauder")
    assert "1,-2" not in tokens(s)


def test_raid_collects_the_tokens_of_one_route_not_of_every_route_SL146():
    """SL §146 Raid, in the original: she may collect the tokens "she crossed" (которые она
    пересекла), those of the one route she drove. From -1,-1 to 3,-3 (four steps of the
    tractor's five) a route passes 1,-1 (2 + 2 steps) or one passes 0,-3 (2 + 3), but none
    both (7 steps at the fewest): she may raid either, and once she has raided one, the
    other is refused."""
    s = build(scene("""
        [state]
        weather = ["w01", "w02"]
        wind = "S"
        [[player]]
        seat = "p1"
        hex = "-1,-1"
        vehicle = "wind_tractor"
        cargo = ["crew", "crew"]
        [[token]]
        hex = "1,-1"
        token = "loot"
        [[token]]
        hex = "0,-3"
        token = "loot"
    """, characters='"marauder"'))
    play(s, "move 3,-3")
    assert has(s, "collect 1,-1 by marauder") and has(s, "collect 0,-3 by marauder")
    play(s, "collect 1,-1 by marauder")
    while decision_kind(s) != "turn":  # where the loot goes (SL §54), whatever it is
        play(s, GAME.decision(s).actions[0])
    assert not has(s, "collect 0,-3")
    assert_illegal(s, "collect 0,-3 by crew#1", "SL §146")


def test_raid_routes_are_written_and_read_back_and_a_wrong_one_names_its_field_SL146():
    """SL §146: the tokens each route of the Raid move passes are part of the position:
    written and read back the same; a route through a hex the move did not pass is refused
    naming raid_routes."""
    from wasteland.core.registry import get_spec
    from wasteland.games.saltlands.scenario import ScenarioError, scenario_from_text

    s = build(scene("""
        [state]
        weather = ["w01", "w02"]
        wind = "S"
        [[player]]
        seat = "p1"
        hex = "-1,-1"
        vehicle = "wind_tractor"
        cargo = ["crew"]
        [[token]]
        hex = "1,-1"
        token = "loot"
        [[token]]
        hex = "0,-3"
        token = "loot"
    """, characters='"marauder"'))
    play(s, "move 3,-3")
    text = get_spec("saltlands").write_scenario(s)
    assert 'raid_routes = [["1,-1"], ["0,-3"]]' in text
    back = scenario_from_text(text)
    assert GAME.to_json(back) == GAME.to_json(s) and GAME.decision(back).actions == GAME.decision(s).actions
    with pytest.raises(ScenarioError) as info:
        scenario_from_text(text.replace('raid_routes = [["1,-1"], ["0,-3"]]', 'raid_routes = [["0,-3", "2,-2"]]'))
    assert "raid_routes" in str(info.value) and "SL §146" in str(info.value)


def test_raid_collects_a_token_her_sail_jumped_over_SL146_SL81():
    """SL §146 Raid with SL §81: a double step moves two hexes, over the one between. Wind N
    at strength 1 + 1: from -1,1 two double steps north-east reach 3,-3, jumping 0,0 where
    a loot token lies; by single steps the route would need three. She passed it: she may
    collect it from 3,-3, with a crew action."""
    s = build(scene("""
        [state]
        weather = ["w03", "w10"]
        wind = "N"
        storm = false
        [[player]]
        seat = "p1"
        hex = "-1,1"
        vehicle = "sailer"
        [[token]]
        hex = "0,0"
        token = "loot"
    """, characters='"marauder"'))
    play(s, "move 3,-3")
    assert find_all(s, "collect ") == ["collect 0,0 by marauder"]
    play(s, "collect 0,0 by marauder")
    assert "0,0" not in tokens(s)


# -- variants (SL §151, SL §152) -------------------------------------------------------------


def test_overkill_gives_no_loot():
    """SL §151 ruling: the killing attack's hits (after armor) exceed the crew left."""
    text = """
        game = "saltlands"
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        {variants}
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["harpoon", "machete"]
        cargo = ["crew"]
        [[raider]]
        type = "speedster"
        hex = "0,-1"
    """
    s = build(text.format(variants='variants = ["overkill"]'))
    events = play(s, "use harpoon#1 by scout at 0,-1")  # 2 AP on 1 crew
    assert of_type(events, "raider_destroyed") and of_type(events, "no_loot")
    assert not [e for e in of_type(events, "gain") if e["how"] == "loot"]
    s = build(text.format(variants='variants = ["overkill"]'))
    events = play(s, "use machete#1 by scout at 0,-1")  # exactly enough: loot as usual
    assert [e for e in of_type(events, "gain") if e["how"] == "loot"]
    s = build(text.format(variants=""))
    events = play(s, "use harpoon#1 by scout at 0,-1")
    assert [e for e in of_type(events, "gain") if e["how"] == "loot"]



@pytest.mark.parametrize("weapon, crew, loot", [
    ("molotov", 2, True),   # 3 normal - armor 1 = 2 hits on 2 crew: just enough
    ("molotov", 1, False),  # 2 hits on the 1 crew left: more than needed
    ("harpoon", 2, True),   # 2 AP ignore the armor: 2 hits on 2 crew
    ("axe", 1, True),       # 2 normal - armor 1 = 1 hit on 1 crew
])
def test_overkill_counts_the_damage_the_armor_lets_through_SL151(weapon, crew, loot):
    """SL §151 (ruling): "more damage than needed to destroy it" is the killing attack's
    hits after the raider's armor (SL §86, SL §87) against the crew it has left: a Truck
    (crew 2, armor 1) hit by a Molotov (3 normal) fresh is destroyed with its loot, wounded
    it is overkilled; armor-piercing damage is counted whole."""
    s = build(scene(f"""
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["{weapon}"]
        [[raider]]
        type = "truck"
        hex = "0,-1"
        crew = {crew}
    """, characters='"scout"', extra='variants = ["overkill"]'))
    events = play(s, f"use {weapon}#1 by scout at 0,-1")
    assert of_type(events, "raider_destroyed")
    gained = [e for e in of_type(events, "gain") if e["how"] == "loot"]
    assert bool(gained) == loot and bool(of_type(events, "no_loot")) != loot


def test_explorers_luck_offers_three_orientations():
    """SL §152 (ruling: arrow N, NE or NW) — a decision of the exploring player."""
    s = build("""
        game = "saltlands"
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        variants = ["explorers_luck"]
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["binoculars"]
    """)
    use = find(s, "use binoculars#1 by scout tile")
    play(s, use)
    d = GAME.decision(s)
    assert d.kind == "orient" and d.rule == "SL §152"
    assert set(d.actions) == {"orient N", "orient NE", "orient NW"}
    pos = next(p for p, up in enumerate(s.face_up) if up and p >= 3)
    pool = len(s.token_pool)
    events = play(s, "orient NE")
    assert s.rotation[pos] == 1 and of_type(events, "orient")
    assert len(s.token_pool) < pool  # the tokens go on the turned tile's wrecks
    # Without the variant the tile keeps the arrow's orientation and no decision is asked.
    t = build("""
        game = "saltlands"
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["binoculars"]
    """)
    play(t, find(t, "use binoculars#1 by scout tile"))
    assert decision_kind(t) == "turn"



def test_explorers_luck_turns_two_tiles_of_one_rumor_card_in_the_order_explored_SL152_SL109():
    """SL §109, SL §110, SL §152: a rumor card moving two markers onto face-down tiles explores
    both, and the player who played it turns each; the first marker's tile is turned first
    (it is placed as it is explored), each from the three orientations."""
    s = build("""
        game = "saltlands"
        seed = 1
        [config]
        players = 1
        characters = ["scout"]
        variants = ["explorers_luck"]
        [state]
        rumor_deck = ["r4", "r1"]
        markers = { blue = "t0,-1", green = "t1,-1" }
        [[player]]
        seat = "p1"
        hex = "0,-2"
        hand = ["compass"]
    """)
    play(s, "use compass#1")
    events = play(s, "top")  # r4 top: blue N, then green N
    explored = [e["at"] for e in of_type(events, "explore")]
    assert explored == ["t0,-2", "t1,-2"]
    turned = []
    for arrow, at in (("NW", "t0,-2"), ("NE", "t1,-2")):
        d = GAME.decision(s)
        assert (d.kind, d.seat, set(d.actions)) == ("orient", 0, {"orient N", "orient NE", "orient NW"})
        assert GAME.view(s, 0)["orienting"]["at"] == at  # the view names the tile turned now
        turned += [e["at"] for e in of_type(play(s, f"orient {arrow}"), "orient")]
    assert turned == explored and decision_kind(s) == "turn"
    geo = s.static.geo
    at = {fmt_pos(geo.positions[i]): r for i, r in enumerate(s.rotation)}
    assert (at["t0,-2"], at["t1,-2"]) == (5, 1)  # NW and NE: a sixth either way


def test_camouflage_the_raiders_she_did_not_hide_from_are_part_of_a_position_SL147():
    """SL §147: a written position says which raiders were next to her when she hid
    (``hidden_near``, by their hexes); unsaid, those next to her in the position. Written
    out again, the position keeps them; a player not hidden has none."""
    from wasteland.core.protocol import RuleError as Refused
    from wasteland.games.saltlands.scenario import scenario_from_text
    from wasteland.games.saltlands.scenario_write import to_text

    body = """
        [[player]]
        seat = "p1"
        hex = "-2,0"
        [[player]]
        seat = "p2"
        hex = "0,-2"
        hidden = true
        {near}
        [[raider]]
        type = "truck"
        hex = "0,-1"
        [[raider]]
        type = "pickup"
        hex = "2,-4"
    """
    s = build(scene(body.format(near=""), players=2, characters='"scout", "marauder"'))
    truck = next(rid for rid, r in s.raiders.items() if r[0] == "truck")
    pickup = next(rid for rid, r in s.raiders.items() if r[0] == "pickup")
    assert s.players[1].hidden_near == [truck]
    s = build(scene(body.format(near='hidden_near = ["2,-4"]'), players=2, characters='"scout", "marauder"'))
    assert s.players[1].hidden_near == [pickup]
    again = scenario_from_text(to_text(s))
    assert again.players[1].hidden_near == [next(r for r, x in again.raiders.items() if x[0] == "pickup")]
    with pytest.raises(Refused) as err:
        build(scene(body.format(near='hidden_near = ["1,-1"]'), players=2, characters='"scout", "marauder"'))
    assert err.value.rule == "SL §147"
    with pytest.raises(Refused) as err:
        build(scene(body.format(near='hidden_near = []').replace("hidden = true", "hidden = false"),
                    players=2, characters='"scout", "marauder"'))
    assert err.value.rule == "SL §147"
