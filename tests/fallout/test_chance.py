"""The Fallout round end's chance points (core.chance): at a table the agenda card turned
(FO-13.1) or taken as a reward (FO-13.5) is the card the table names, and the demo fight's
die (FO-13.2) is the face the table threw."""

from __future__ import annotations

import pytest

from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.protocol import RuleError

from .conftest import of, play, position


def test_fo_13_1_the_agenda_card_revealed_is_the_one_the_table_names(game):
    s = game.with_table_chance(game.new_game({"players": 2}, 5))
    s, _ = play(s, "end")
    s, events = play(s, "end")
    assert events == []  # the round end waits for the card
    d = game.decision(s)
    assert d.seat == CHANCE_SEAT and d.rule == "FO-13.1"
    assert set(d.actions) == {f"chance {c}" for c in s.deck}
    wanted = sorted(s.deck)[0]
    if wanted == s.deck[-1]:  # not the card the generator would have turned
        wanted = sorted(s.deck)[1]
    s, events = play(s, f"chance {wanted}")
    assert of(events, "agenda_revealed")[0]["card"] == wanted
    assert s.discard[-1] == wanted
    assert [e["enemy_type"] for e in of(events, "type_activates")] == list(s.content.cards[wanted].icons)


def test_fo_13_1_a_card_already_discarded_cannot_be_named(game):
    s = game.with_table_chance(game.new_game({"players": 2}, 5))
    s, _ = play(s, "end", "end")
    first = game.decision(s).actions[0]
    s, _ = play(s, first)
    while game.decision(s).seat != CHANCE_SEAT:  # the next round, to its end
        s, _ = play(s, "end" if "end" in game.decision(s).actions else game.decision(s).actions[0])
    assert game.decision(s).rule == "FO-13.1" and first not in game.decision(s).actions
    before = game.to_json(s)
    with pytest.raises(RuleError) as exc:
        game.apply(s, first)
    assert exc.value.rule == "FO-13.1" and game.to_json(s) == before


@pytest.mark.parametrize("face, defeated", [(6, True), (1, False)])
def test_fo_13_2_the_demo_fight_die_is_the_face_the_table_threw(game, face, defeated):
    s = position([{"space": "crossroads", "health": 9, "radiation": 1}], [("marauder", "crossroads", "up")],
                 icons=["marauder"], fight="demo", seed=3)
    s = game.with_table_chance(s)
    s, _ = play(s, "resolve")
    d = game.decision(s)
    assert d.seat == CHANCE_SEAT and d.rule == "FO-13.2" and d.actions == tuple(f"chance {n}" for n in range(1, 7))
    s, events = play(s, f"chance {face}")
    assert of(events, "roll")[0]["roll"] == face
    assert of(events, "fight_result")[0]["defeated"] is defeated
