"""The symbols printed on the cards (SL §125 to SL §133), each as the engine reads it."""

from __future__ import annotations

import pytest

from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.zones import hand_limit

from sltest import (build, cargo, damage_card, engaged, find, find_all, hand, held, of_type, play, raiders,
                    set_damage_card)


def one(who: str = "scout", hand: str = "[]", cargo: str = "[]", vehicle: str = "sailer", extra: str = "",
        players: int = 1):
    chars = {1: f'["{who}"]', 2: f'["{who}", "healer"]'}[players]
    second = ('[[player]]\nseat = "p2"\nhex = "-2,1"\nhand = ["medkit", "helmet"]\ncargo = []\n'
              'vehicle = "sailer"\n') if players == 2 else ""
    return build(f"""
        seed = 1
        [config]
        players = {players}
        characters = {chars}
        [state]
        wind = "N"
        weather = ["w01", "w02"]
        storm = false
        [[player]]
        seat = "p1"
        hex = "-1,0"
        hand = {hand}
        cargo = {cargo}
        vehicle = "{vehicle}"
        {second}
        {extra}
    """)


def attacked(damage_type: str, hand_cards: str = '["helmet", "medkit"]'):
    """A Speedster beside the Scout attacks with 2 damage of ``damage_type`` after his turn."""
    s = one(hand=hand_cards, cargo='["crew"]', extra='[[raider]]\ntype = "speedster"\nhex = "-1,-1"\n')
    set_damage_card(s, "speedster", damage_card(damage=2 if damage_type == "normal" else 1,
                                                damage_type=damage_type))
    play(s, "end", "activate speedster")
    return s


def distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = (map(int, a.split(",")), map(int, b.split(",")))
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def test_normal_damage_is_stopped_by_armor_SL125():
    s = attacked("normal")
    d = GAME.decision(s)
    assert d.kind == "soak" and "armor helmet#1" in d.actions


def test_reconstruction_draws_then_discards_as_many_SL125():
    """The Scientist's Repair: one Reconstruction, a Mirage card drawn, then one discarded."""
    s = one(who="scientist", hand='["axe"]')
    mirage, cards = len(s.mirage), len(hand(s))
    play(s, "ability")
    assert (len(s.mirage), len(hand(s))) == (mirage - 1, cards + 1)
    assert GAME.decision(s).kind == "discard"
    play(s, GAME.decision(s).actions[0])
    assert len(hand(s)) == cards


def test_armor_piercing_damage_ignores_armor_SL126():
    s = attacked("ap")
    d = GAME.decision(s)
    assert d.kind == "soak" and not [a for a in d.actions if a.startswith("armor")]


def test_armor_piercing_damage_costs_a_raider_crew_SL126():
    s = one(hand='["crossbow"]', extra='[[raider]]\ntype = "pickup"\nhex = "-1,-1"\n')
    play(s, f"use {held(s, 'crossbow')} by scout at -1,-1")
    assert raiders(s) == [("pickup", "-1,-1", 1)]  # 2 crew, 1 armor: the AP point kills one


def test_explore_turns_a_face_down_tile_SL126():
    s = one(hand='["map"]')
    hidden = sum(not up for up in s.face_up)
    play(s, find(s, f"use {held(s, 'map')} by scout tile"))
    assert sum(not up for up in s.face_up) == hidden - 1


def test_armor_and_healing_work_outside_ones_own_turn_SL127_SL128():
    """The Healer (p2) is attacked during the Scout's raider activation: she may use her
    Helmet's armor (SL §127) and her Medkit's healing (SL §128)."""
    s = one(players=2, extra='[[raider]]\ntype = "speedster"\nhex = "-2,2"\n')
    set_damage_card(s, "speedster", damage_card(damage=2))
    play(s, "end", "activate speedster")
    while GAME.decision(s).kind != "soak":
        play(s, GAME.decision(s).actions[0])
    d = GAME.decision(s)
    assert d.seat == 1 and s.current == 0
    assert {"armor helmet#1", "heal medkit#1"} <= set(d.actions)
    events = play(s, "heal medkit#1")
    assert "medkit" not in hand(s, 1)  # healing mostly costs the card
    assert not of_type(events, "death")


def test_refresh_makes_a_crew_member_and_its_last_card_fresh_SL129():
    s = one(hand='["axe", "water"]', extra='[[raider]]\ntype = "truck"\nhex = "-1,-1"\n')
    axe = held(s, "axe")
    play(s, f"use {axe} by scout at -1,-1")
    assert set(engaged(s)) == {"axe", "scout"}
    play(s, find(s, "use water"))
    assert find_all(s, "refresh") == ["refresh scout"]  # the crew action engaged the crew member
    events = play(s, "refresh scout")
    assert of_type(events, "refresh")[0]["card"] == axe and engaged(s) == []


def test_get_a_card_a_victory_token_gives_a_victory_card_SL131():
    s = one(extra='[[token]]\nhex = "-1,-1"\ntoken = "victory_blue"\n')
    assert not [c for c in hand(s) + cargo(s) if s.static.content.cards[c].victory]
    play(s, "collect -1,-1 by scout")
    assert [c for c in hand(s) + cargo(s) if s.static.content.cards[c].victory]


def test_terrain_a_sail_never_crosses_mountains_SL131_SL132():
    s = one()
    terrain = s.static.content.cards["sailer"].vehicle.terrain
    assert "mountain" not in terrain
    moves = [a.split()[1] for a in find_all(s, "move ")]
    assert "2,0" not in moves  # a mountain hex of the compass tile


def test_sail_moves_up_to_the_wind_strength_SL132():
    from wasteland.games.saltlands.movement import wind_strength

    s = one()
    strength = wind_strength(s)
    steps = [distance("-1,0", a.split()[1]) for a in find_all(s, "move ")]
    assert steps and max(steps) <= 2 * strength  # each step is 1 or 2 hexes (double arrows)


def test_the_character_card_is_a_crew_member_SL132():
    s = one(hand='["axe"]', extra='[[raider]]\ntype = "truck"\nhex = "-1,-1"\n')
    assert find_all(s, f"use {held(s, 'axe')} by") == [f"use {held(s, 'axe')} by scout at -1,-1"]


def test_motorized_movement_up_to_the_hexes_shown_SL133():
    s = one(who="healer", vehicle="speedster_vehicle")  # not the Scout: Born Driver adds 2 (SL §135)
    top = s.static.content.cards["speedster_vehicle"].vehicle.move
    steps = [distance("-1,0", a.split()[1]) for a in find_all(s, "move ")]
    assert top == 4 and max(steps) <= top


@pytest.mark.parametrize("vehicle", ["sailer", "speedster_vehicle", "hovercraft_vehicle"])
def test_a_hand_limit_symbol_raises_the_hand_limit_SL133(vehicle):
    s = one(vehicle=vehicle)
    base = one(vehicle="sailer")
    extra = s.static.content.cards[vehicle].hand_limit - s.static.content.cards["sailer"].hand_limit
    assert hand_limit(s, s.players[0]) == hand_limit(base, base.players[0]) + extra
