"""Movement: once per turn, terrain, figures and tokens, face-down tiles, Fuel, sandstorm
(SL §53, SL §78 to SL §84)."""

from __future__ import annotations

from wasteland.games.saltlands.game import GAME

from sltest import build, decision_kind, engaged, find_all, hand, has, legal, play, where

ONE = """
    seed = 1
    [config]
    players = 1
    characters = ["{who}"]
    [state]
    wind = "N"
    weather = ["w01", "w02"]
    storm = {storm}
    [[player]]
    seat = "p1"
    hex = "{hex}"
    hand = {hand}
    cargo = {cargo}
    vehicle = "{vehicle}"
"""


def one(who="healer", hex="-1,0", hand="[]", cargo="[]", vehicle="sailer", storm="false", extra=""):
    return build(ONE.format(who=who, hex=hex, hand=hand, cargo=cargo, vehicle=vehicle, storm=storm) + extra)


def dests(s):
    return {a.split()[1] for a in find_all(s, "move")}


def test_move_once_per_turn_and_vehicle_engaged_SL78():
    s = one()
    play(s, "move 0,-2")
    assert "sailer" in engaged(s)
    assert not has(s, "move")


def test_move_less_than_the_maximum_SL78():
    s = one(vehicle="speedster_vehicle")
    assert "move -1,-1" in legal(s)  # one hex of four


def test_never_end_on_a_figure_or_token_but_pass_through_SL78():
    s = one(vehicle="speedster_vehicle", hex="1,-2",
            extra='[[raider]]\ntype = "truck"\nhex = "0,-1"\n[[token]]\nhex = "-1,0"\ntoken = "loot"\n')
    assert "0,-1" not in dests(s) and "-1,0" not in dests(s)
    assert "-2,1" in dests(s)  # 3 hexes on through both of them


def test_players_never_enter_face_down_tiles_SL78():
    s = one(vehicle="speedster_vehicle", hex="3,-7", hand='["fuel", "fuel"]')
    geo = s.static.geo
    face_down = {geo.names[h] for pos, up in enumerate(s.face_up) if not up for h in geo.hexes_of(pos)}
    assert "3,-8" in face_down  # the hex straight north of 3,-7 is face down
    assert not (dests(s) & face_down)


def test_start_on_any_terrain_motorized_terrain_limits_SL79():
    # The Speedster (salt and mountains) may start on dunes, never end on dunes.
    s = one(who="scout", vehicle="speedster_vehicle", hex="0,0")  # Born Driver: 4 + 2
    terrain = s.terrain.terrain
    geo = s.static.geo
    assert dests(s)
    assert all(terrain[geo.index[tuple(map(int, d.split(",")))]] != 1 for d in dests(s))
    assert "2,0" in dests(s)  # mountains


def test_hovercraft_cannot_enter_mountains_SL79():
    s = one(vehicle="hovercraft_vehicle", hex="1,1")
    assert "2,0" not in dests(s)
    assert "0,1" in dests(s)  # dunes are fine


def test_sailer_never_ends_on_mountains_SL79():
    s = one(vehicle="sailer", hex="-1,0")
    terrain = s.terrain.terrain
    geo = s.static.geo
    assert all(terrain[geo.index[tuple(map(int, d.split(",")))]] != 2 for d in dests(s))


def test_fuel_only_for_motorized_vehicles_SL84():
    s = one(vehicle="sailer", hand='["fuel", "fuel"]')
    assert not any("fuel" in a for a in find_all(s, "move"))


def test_fuel_any_number_one_move_SL84():
    s = one(who="arsonist", vehicle="speedster_vehicle", hex="-2,1",
            hand='["fuel", "fuel", "fuel", "fuel"]')
    moves = find_all(s, "move")
    assert any(a.endswith("fuel 2") for a in moves)  # more than one card for one move
    # The fewest cards needed are written: 7 hexes = fuel 1, never fuel 2.
    assert "move 5,-3 fuel 1" in moves and "move 5,-3 fuel 2" not in moves
    play(s, "move 5,-3 fuel 1")
    assert hand(s) == ["fuel", "fuel", "fuel"]


def test_movement_is_uninterrupted_collect_only_after_SL78_SL81():
    # SL §81: the Scout cannot stop mid-move to pick up a token; he collects it from his
    # final hex, after the move.
    s = one(who="scout", hex="-2,1", extra='[[token]]\nhex = "0,-2"\ntoken = "loot"\n')
    assert not has(s, "collect")
    play(s, "move 0,-1")
    assert has(s, "collect 0,-2")


# -- SL §53: sandstorm ------------------------------------------------------------------------


def test_sandstorm_each_tile_crossed_costs_a_card_SL53():
    s = one(vehicle="pickup_vehicle", hex="2,-2", storm="true", hand='["axe", "medkit"]')
    play(s, "move 3,-3")  # compass tile -> start_1: one crossing
    d = GAME.decision(s)
    assert (d.kind, d.rule) == ("storm", "SL §53")
    play(s, d.actions[0])
    assert len(hand(s)) == 1 and decision_kind(s) == "turn"


def test_sandstorm_two_crossings_cost_two_cards_SL53():
    # A Truck (no dunes, 3 hexes) from 1,-2 (compass) to 4,-4 (start_1) must go by
    # 2,-3 and 3,-4 on start_3: two tile boundaries, two cards (ruling SL §53).
    s = one(vehicle="truck_vehicle", hex="1,-2", storm="true", hand='["axe", "medkit"]')
    play(s, "move 4,-4")
    d = GAME.decision(s)
    assert d.kind == "storm" and s.stack[-1]["count"] == 2
    play(s, d.actions[0])
    d = GAME.decision(s)
    assert d.kind == "storm"
    play(s, d.actions[0])
    assert hand(s) == [] and decision_kind(s) == "turn"
    poorer = one(vehicle="truck_vehicle", hex="1,-2", storm="true", hand='["axe"]')
    assert "move 4,-4" not in legal(poorer)  # one card pays for one crossing only


def test_sandstorm_without_cards_cannot_cross_tiles_SL53():
    s = one(vehicle="pickup_vehicle", hex="2,-2", storm="true", hand="[]")
    geo = s.static.geo
    for d in dests(s):
        assert geo.index[tuple(map(int, d.split(",")))] // 19 == 0  # compass tile only
    calm = one(vehicle="pickup_vehicle", hex="2,-2", storm="false", hand="[]")
    assert "3,-3" in dests(calm)


def test_sandstorm_never_takes_vehicle_or_character_SL53():
    s = one(vehicle="pickup_vehicle", hex="2,-2", storm="true", cargo='["crew"]')
    play(s, "move 3,-3")
    d = GAME.decision(s)
    assert d.kind == "storm" and len(d.actions) == 1 and d.actions[0].startswith("discard crew#")
    play(s, d.actions[0])
    assert where(s) == "3,-3"


def test_sandstorm_burnt_fuel_cannot_pay_the_crossing_SL53_SL84():
    # Her only card is a Fuel card: burning it to reach 2,-4 on start_3 (5 hexes, one
    # tile boundary) would leave nothing to discard for the sandstorm.
    s = one(vehicle="speedster_vehicle", hex="-2,1", storm="true", hand='["fuel"]')
    assert "move 2,-4 fuel 1" not in legal(s)
    s = one(vehicle="speedster_vehicle", hex="-2,1", storm="true", hand='["fuel", "axe"]')
    play(s, "move 2,-4 fuel 1")
    d = GAME.decision(s)
    assert d.kind == "storm" and d.actions == (f"discard {s.static.catalog.card_names[s.players[0].hand[0]]}",)
    play(s, d.actions[0])
    assert hand(s) == [] and where(s) == "2,-4"


def test_sandstorm_cost_of_each_move_is_in_the_players_view_SL53():
    # Every move the player may choose shows, before she chooses, the cards the storm will
    # take for it; playing it asks for exactly that many discards (the Truck of the test above).
    s = one(vehicle="truck_vehicle", hex="1,-2", storm="true", hand='["axe", "medkit"]')
    view = GAME.view(s, 0)
    toll = view["storm_cards"]
    assert set(toll) == set(find_all(s, "move"))
    assert toll["move 4,-4"] == 2  # by 2,-3 and 3,-4 on start_3 (ruling SL §53)
    assert toll["move 2,-2"] == 0  # within the compass tile
    for action, cards in toll.items():
        t = build(ONE.format(who="healer", hex="1,-2", hand='["axe", "medkit"]', cargo="[]",
                             vehicle="truck_vehicle", storm="true"))
        play(t, action)
        paid = 0
        while decision_kind(t) == "storm":
            play(t, GAME.decision(t).actions[0])
            paid += 1
        assert paid == cards, action
    # nobody else's view and no calm view carries it
    assert "storm_cards" not in GAME.view(s, None)
    calm = one(vehicle="truck_vehicle", hex="1,-2", storm="false", hand='["axe", "medkit"]')
    assert "storm_cards" not in GAME.view(calm, 0)


def test_sandstorm_cost_with_fuel_counts_the_storm_cards_only_SL53_SL84():
    s = one(vehicle="speedster_vehicle", hex="-2,1", storm="true", hand='["fuel", "axe"]')
    toll = GAME.view(s, 0)["storm_cards"]
    assert toll["move 2,-4 fuel 1"] == 1  # the Fuel card is the action's own; the storm takes one more


def test_sandstorm_cost_of_each_move_is_in_the_terminal_options_SL53():
    from wasteland.games.saltlands.terminal import TERMINAL

    s = one(vehicle="truck_vehicle", hex="1,-2", storm="true", hand='["axe", "medkit"]')
    view = GAME.view(s, 0)
    actions = list(GAME.decision(s).actions)
    words = {"en": "the sandstorm takes 2 cards", "ru": "буря заберёт карт: 2", "uk": "буря забере карт: 2"}
    for lang, text in words.items():
        labels = TERMINAL.option_labels(actions, view, lang)
        # the option is said in the player's language; the cost follows it
        label = labels["move 4,-4"]
        assert "4,-4" in label and label.endswith(f" — {text}"), (lang, label)
        assert lang != "en" or label == f"move 4,-4 — {text}"
        assert labels["move 2,-2"].endswith(text.replace("2", "0")), lang
        assert "storm" not in labels.get("end", "end")
