"""A Fallout table with the box: the agenda card's icons picked from the data or entered
as printed (FO-13.1), and "decide for us" for the first player's choices (FO-13.2, FO-13.3)."""

from __future__ import annotations

import pytest

from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.games.fallout.ties import decide, policy_text

from .conftest import of, play, position


def _at_the_round_end(game):
    s = game.with_table_chance(position([{"space": "vault_gate", "health": 9}],
                                        [("ghoul", "robco_factory"), ("ghoul", "radio_tower")], turn=1))
    s, _ = play(s, "end")
    return s


def test_fo_13_1_the_table_enters_the_icons_printed_on_its_card(game):
    s = _at_the_round_end(game)
    d = game.decision(s)
    assert d.seat == CHANCE_SEAT and d.rule == "FO-13.1" and "chance custom icon1=<mole_rat|" in d.prompt
    top = s.deck[-1]
    s, events = play(s, "chance custom icon1=ghoul icon2=none icon3=ghoul")
    revealed = of(events, "icons_written")[0]
    # the card stands for the engine's top card, which goes on to the discard pile
    assert revealed == {"type": "icons_written", "card": top, "icons": ["ghoul", "ghoul"], "printed": True,
                        "rule": "FO-13.1"}
    assert game.describe(revealed) == "The table's agenda card: Feral ghoul, Feral ghoul act."
    assert s.revealed == top and top not in s.deck
    assert [e["enemy_type"] for e in of(events, "type_activates")][:1] == ["ghoul"]


def test_fo_13_1_the_short_form_of_the_icons_reads_the_same(game):
    s = _at_the_round_end(game)
    _, events = play(s, "chance custom icons=ghoul,marauder")
    assert of(events, "icons_written")[0]["icons"] == ["ghoul", "marauder"]


@pytest.mark.parametrize("entry, rule", [("icons=dragon", "FO-13.2"), ("icons=", "FO-13.1"), ("ghoul", "FO-13.1"),
                                         ("icon1=none", "FO-13.1"), ("icon9=ghoul", "FO-13.1"),
                                         ("icons=ghoul,ghoul,ghoul,ghoul,ghoul", "FO-13.1")])
def test_fo_13_1_icons_that_name_no_enemy_are_refused_and_change_nothing(game, entry, rule):
    s = _at_the_round_end(game)
    before = game.to_json(s)
    with pytest.raises(RuleError) as err:
        game.apply(s, f"chance custom {entry}")
    assert err.value.rule == rule and game.to_json(s) == before


def test_fo_13_5_a_reward_card_is_picked_never_entered(game):
    """Only the round end's card acts by its icons: a reward's card is named from the data."""
    from wasteland.core.chance import Answers, ChanceNeeded
    from wasteland.games.fallout.agenda import icons_format, take_top

    points = {}
    for why, printed in (("reward", None), ("round end", [])):
        s = position([{"space": "vault_gate", "health": 9}], turn=1)
        s.chance = Answers(())  # the table answers, and has not yet
        with pytest.raises(ChanceNeeded) as need:
            take_top(s, [], why, printed)
        points[why] = need.value.point
    assert (points["reward"].custom, points["reward"].rule) == ("", "FO-13.5")
    assert (points["round end"].custom, points["round end"].rule) == (icons_format(s), "FO-13.1")


def test_fo_13_2_decide_for_us_sends_the_enemy_nearest_to_a_survivor_first(game):
    s = position([{"space": "vault_gate", "health": 9}],
                 [("ghoul", "radio_tower"), ("ghoul", "vault_gate")], icons=["ghoul"])
    s, _ = play(s, "resolve")
    d = game.decision(s)
    assert d.kind == "order"
    action, key = decide(s, d)
    assert action == "activate ghoul#2" and key == "ties.order"  # ghoul#2 stands on the survivor's space
    assert get_spec("fallout").decide_for(s, d) == (action, key)


def test_fo_13_3_decide_for_us_steps_toward_all_the_survivors(game):
    g = game.new_game({"players": 1}, 1).board.graph
    # find an enemy space with two equally short steps toward a survivor
    for here in g.names:
        for there in g.names:
            if len(g.next_steps(here, there)) > 1:
                break
        else:
            continue
        break
    else:
        pytest.skip("the demo map has no two equally short routes")  # pragma: no cover
    s = position([{"space": there, "health": 9}], [("ghoul", here)], icons=["ghoul"])
    s, _ = play(s, "resolve")
    d = game.decision(s)
    assert d.kind == "step"
    action, key = decide(s, d)
    steps = g.next_steps(here, there)
    best = min(steps, key=lambda sp: (g.distance(sp, there), g.names.index(sp)))
    assert action == f"step ghoul#1 {best}" and key == "ties.step"


def test_the_survivors_own_choices_are_never_taken(game):
    s = position([{"space": "vault_gate", "health": 9}], turn=1)
    assert decide(s, game.decision(s)) is None


def test_every_rule_of_the_policy_has_its_words():
    for key in ("ties.order", "ties.step"):
        words = {lang: policy_text(key, lang) for lang in ("en", "ru", "uk")}
        assert len(set(words.values())) == 3 and all(w != key for w in words.values())
