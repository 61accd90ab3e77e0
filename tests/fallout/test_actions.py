"""The fixed action space (``games/fallout/actions.py``) has an index for the decisions that
random play seldom reaches: the hand limit's give-back (FO-13.5) and a written-down
reveal's ``resolve`` (FO-13.1). Every index decodes back to its action."""

from __future__ import annotations

from wasteland.games.fallout.actions import ACTIONS

from .conftest import play, position


def _round_trips(decision) -> None:
    indices = [ACTIONS.encode(a) for a in decision.actions]
    assert len(set(indices)) == len(indices) and all(0 <= i < ACTIONS.size for i in indices)
    assert [ACTIONS.decode(i) for i in indices] == list(decision.actions)


def test_fo_13_5_the_give_back_of_a_fifth_card_has_an_index(game):
    hand = ["a01", "a02", "a03", "a04"]
    s = position([{"space": "super_duper_mart", "health": 10, "radiation": 0, "hand": hand},
                  {"space": "vault_gate", "health": 10, "radiation": 0}], turn=1, seed=4)
    s, _ = play(s, "quest")
    d = game.decision(s)
    assert d.kind == "return" and len(d.actions) == 5
    _round_trips(d)


def test_fo_13_1_resolving_a_written_down_reveal_has_an_index(game):
    s = position([{"space": "vault_gate", "health": 10, "radiation": 0}], revealed="a10")
    d = game.decision(s)
    assert d.kind == "reveal" and d.actions == ("resolve",)
    _round_trips(d)


def test_the_first_layout_keeps_its_indices():
    # later templates were appended (return and resolve, then FO-13.5's share and decline):
    # every index of the first layout means what it meant
    assert [t for t, _o, _c in ACTIONS.layout()][-4:] == ["return {agenda}", "resolve", "share", "decline"]
    assert ACTIONS.encode("result 12 12 stands") == 912 and ACTIONS.encode("return a01") == 913
