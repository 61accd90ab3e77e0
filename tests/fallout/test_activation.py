"""The end of a round and enemy activation (FO-13.1, FO-13.2)."""

import pytest

from wasteland.core.protocol import RuleError

from .conftest import of, play, position

ONE = [{"space": "vault_gate", "health": 10, "radiation": 0}]


def test_fo_13_1_round_ends_when_every_survivor_has_had_a_turn(game):
    s = game.new_game({"players": 2}, 5)
    assert s.current == 0 and not s.stack
    s, events = play(s, "end")
    assert s.current == 1 and not of(events, "round_end")
    top = s.deck[-1]
    s, events = play(s, "end")
    # FO-13.1: the top agenda card is revealed, its icons resolved, then it is discarded
    revealed = of(events, "agenda_revealed")
    assert revealed and revealed[0]["card"] == top
    assert s.discard[-1] == top
    assert [e["enemy_type"] for e in of(events, "type_activates")] == list(s.content.cards[top].icons)


def test_fo_13_1_card_text_plays_no_part_in_activation(game):
    """Two cards with the same strip and different requirements activate the same way."""
    cards = game.new_game({}, 0).content.cards
    a, b = cards["a08"], cards["a04"]
    assert a.requirement != b.requirement and a.icons == ["super_mutant"] and b.icons[0] == "super_mutant"
    runs = []
    for card in ("a08", "a04"):
        s = position(ONE, [("super_mutant", "crossroads", "up")], revealed=card)
        s, events = play(s, "resolve")
        runs.append([(e["enemy"], e["to"]) for e in of(events, "enemy_moves") if e["enemy_type"] == "super_mutant"])
    assert runs[0] == runs[1]


def test_fo_13_2_types_act_in_icon_order_left_to_right(game):
    s = position(ONE, [("radroach", "crater", "up"), ("ghoul", "crater", "up")], icons=["ghoul", "radroach"])
    s, events = play(s, "resolve")
    order = [e["enemy_type"] for e in events if e["type"] in ("enemy_moves", "enemy_fights")]
    assert order == ["ghoul", "radroach"]


def test_fo_13_2_same_space_survivor_is_fought_instead_of_moving(game):
    s = position([{"space": "crossroads", "health": 9, "radiation": 1}], [("marauder", "crossroads", "up")],
                 icons=["marauder"], fight="demo", seed=3)
    s, events = play(s, "resolve")
    fight = of(events, "enemy_fights")
    assert fight and fight[0]["distance"] == 0 and fight[0]["target"] == 0
    assert not of(events, "enemy_moves")  # it does not move after fighting
    assert of(events, "roll")  # the demo fight rolls from the state's generator


def test_fo_13_2_ranged_enemy_fights_an_adjacent_survivor(game):
    s = position([{"space": "robco_factory", "health": 9, "radiation": 0}], [("super_mutant", "radio_tower", "up")],
                 icons=["super_mutant"])
    s, events = play(s, "resolve")
    fight = of(events, "enemy_fights")[0]
    assert fight["distance"] == 1 and fight["reason"] == "ranged icon, survivor adjacent"
    assert s.enemies["super_mutant#1"][1] == "radio_tower"


def test_fo_13_2_enemy_without_the_ranged_icon_steps_into_an_adjacent_survivors_space(game):
    s = position([{"space": "robco_factory", "health": 9, "radiation": 0}], [("marauder", "radio_tower", "up")],
                 icons=["marauder"])
    s, events = play(s, "resolve")
    assert not of(events, "enemy_fights")
    move = of(events, "enemy_moves")[0]
    assert (move["from"], move["to"], move["distance"]) == ("radio_tower", "robco_factory", 1)


def test_fo_13_2_face_down_enemies_flip_after_the_type_acted_and_do_not_act(game):
    s = position(ONE, [("ghoul", "crater", "up"), ("ghoul", "water_plant", "down")], icons=["ghoul"])
    s, events = play(s, "resolve")
    moves = of(events, "enemy_moves")
    assert [m["enemy"] for m in moves] == ["ghoul#1"]
    assert s.enemies["ghoul#2"] == ("ghoul", "water_plant", True)
    assert [e["type"] for e in events].index("enemy_moves") < [e["type"] for e in events].index("flipped")


def test_fo_13_2_a_type_shown_twice_activates_twice(game):
    s = position(ONE, [("mole_rat", "crater", "up")], icons=["mole_rat", "mole_rat"])
    s, events = play(s, "resolve")
    assert [m["to"] for m in of(events, "enemy_moves")] == ["water_plant", "salvage_yard"]
    assert len(of(events, "type_activates")) == 2
    assert s.enemies["mole_rat#1"][1] == "salvage_yard"


def test_fo_13_2_the_first_player_orders_enemies_of_one_type(game):
    survivors = [{"space": "vault_gate", "health": 10, "radiation": 0},
                 {"space": "crater", "health": 10, "radiation": 0}]
    s = position(survivors, [("radroach", "drumlin_diner", "up"), ("radroach", "raider_camp", "up")],
                 icons=["radroach"], first=2)
    s, _ = play(s, "resolve")
    d = game.decision(s)
    assert d.kind == "order" and d.seat == 1 and d.rule == "FO-13.2"
    assert set(d.actions) == {"activate radroach#1", "activate radroach#2"}
    with pytest.raises(RuleError):
        game.apply(s, "activate radroach#1", 0)  # not the first player's seat
    s2, events = play(s, "activate radroach#2")
    assert of(events, "enemy_moves")[0]["enemy"] == "radroach#2"
    assert of(events, "enemy_moves")[1]["enemy"] == "radroach#1"


def test_fo_13_2_a_survivor_in_its_own_space_comes_before_an_adjacent_one(game):
    # The ranged super mutant has one survivor in its space and one next to it who is
    # closer to death: rule 1 (same space) is checked before rule 2 (ranged, adjacent).
    s = position([{"space": "robco_factory", "health": 3, "radiation": 2},
                  {"space": "radio_tower", "health": 12, "radiation": 0}],
                 [("super_mutant", "radio_tower", "up")], icons=["super_mutant"])
    s, events = play(s, "resolve")
    fight = of(events, "enemy_fights")[0]
    assert fight["target"] == 1 and fight["distance"] == 0 and fight["reason"] == "survivor in its space"


def test_fo_13_2_a_token_flipped_by_the_first_icon_acts_at_the_second(game):
    # The strip shows the ghoul twice. At the first icon no ghoul is face up: nobody acts,
    # then the face-down one is flipped. At the second icon it is an active ghoul and acts.
    s = position(ONE, [("ghoul", "water_plant", "down")], icons=["ghoul", "ghoul"])
    s, events = play(s, "resolve")
    first, second = of(events, "type_activates")
    assert first["enemies"] == [] and second["enemies"] == ["ghoul#1"]
    kinds = [e["type"] for e in events]
    assert kinds.index("flipped") < kinds.index("enemy_moves")
    assert of(events, "enemy_moves")[0]["enemy"] == "ghoul#1"


def test_fo_13_2_the_ranged_icon_is_an_enemys_own_not_its_types(game):
    """FO-13.2 (the original: an enemy fights a survivor next to it "if it has the icon"):
    two marauders side by side, only one of them showing the icon; the one with it fights
    the survivor next door, the other steps toward them. The position's text and JSON keep
    each enemy's own icon."""
    from wasteland.games.fallout.scenario import scenario_from_text
    from wasteland.games.fallout.scenario_write import to_text

    s = position([{"space": "robco_factory", "health": 9, "radiation": 0}],
                 [{"type": "marauder", "space": "radio_tower", "ranged": True},
                  {"type": "marauder", "space": "radio_tower"}], icons=["marauder"])
    assert s.has_ranged_icon("marauder#1") and not s.has_ranged_icon("marauder#2")
    assert game.from_json(game.to_json(s)).ranged == {"marauder#1": True}
    assert scenario_from_text(to_text(s), "written").ranged == {"marauder#1": True}
    s, events = play(s, "resolve", "activate marauder#1", "result 9 0 stands")
    fights, moves = of(events, "enemy_fights"), of(events, "enemy_moves")
    assert [f["enemy"] for f in fights] == ["marauder#1"] and fights[0]["reason"] == "ranged icon, survivor adjacent"
    assert [m["enemy"] for m in moves] == ["marauder#2"]


def test_fo_13_2_a_position_written_before_the_per_enemy_icon_still_loads(game):
    """A state's JSON without ``ranged`` (written by an earlier version): every enemy shows
    its type's icon."""
    s = game.new_game({"players": 1}, 1)
    data = game.to_json(s)
    del data["ranged"]
    old = game.from_json(data)
    assert old.ranged == {} and old.has_ranged_icon("super_mutant#1")
