"""Age of Thirst's chance points (core.chance): every card drawn from the source, bunker and
ray-tower decks is, at a table, the card the players drew. The source-card tests of LO-9
are written this way: the table names the cards instead of a stacked deck."""

from __future__ import annotations

import pytest
from aottest import play, position, seat

from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.protocol import RuleError
from wasteland.games.age_of_thirst.game import GAME

ON_TWO_SOURCES = {"1,-3": ("red", "skinny"), "2,-3": ("red", "skinny"), "3,3": ("blue", "skinny")}


def at_table(s):
    return GAME.with_table_chance(s)


def answer(s, *outcomes: str) -> None:
    """Give the table's answers, checking each is asked for as a source card (LO-9)."""
    for outcome in outcomes:
        d = GAME.decision(s)
        assert d.seat == CHANCE_SEAT and d.kind == "chance" and d.rule == "LO-9", d
        assert f"chance {outcome}" in d.actions
        play(s, f"chance {outcome}")


def test_lo_9_sources_pay_water_and_pump_keeps_paying():
    s = at_table(position(ON_TWO_SOURCES, turn="red"))
    play(s, "end phase")
    answer(s, "wet", "pump")
    red = seat(s, "red")
    assert GAME.chance_pending(s) is None
    assert s.pumps[red] == 1
    assert s.water[red] == 2 + 1, "wet day 2 + the pump drawn this turn 1"


def test_lo_9_water_pocket_doubles_this_turns_water_only():
    s = at_table(position(ON_TWO_SOURCES, turn="red", water={"red": 7}))
    red = seat(s, "red")
    s.pumps[red] = 1
    play(s, "end phase")
    answer(s, "pocket", "generous")
    assert s.water[red] == 7 + (3 + 1) * 2, "banked water is not doubled"


def test_the_table_may_name_only_a_card_still_in_the_deck():
    s = at_table(position(ON_TWO_SOURCES, turn="red"))
    s.source_deck = ["dry"] * 5 + ["wet"]
    play(s, "end phase")
    d = GAME.decision(s)
    assert d.actions == ("chance dry", "chance wet")  # sorted, never the deck's order
    before = GAME.to_json(s)
    for wrong in ("chance pocket", "chance", "end phase"):
        with pytest.raises(RuleError) as exc:
            play(s, wrong)
        assert exc.value.rule == "LO-9"
    assert GAME.to_json(s) == before
    answer(s, "wet")
    assert GAME.decision(s).actions == ("chance dry",)  # the one wet card is gone


@pytest.mark.parametrize("deck, rule", [("bunker", "LO-10.1"), ("tower", "LO-11")])
def test_bunker_and_ray_tower_cards_are_asked_of_the_table_citing_their_rule(deck, rule):
    """A game at the table reaches a draw from each deck; the point names the deck's rule."""
    from wasteland.agents.random_agent import RandomAgent

    agent = RandomAgent(3)
    for seed in range(1, 40):
        s = at_table(GAME.new_game({"players": 2}, seed))
        for _ in range(3000):
            d = GAME.decision(s)
            if d is None:
                break
            if d.seat == CHANCE_SEAT:
                if d.rule == rule:
                    assert d.prompt.startswith("chance: the ") and d.actions
                    return
                play(s, d.actions[0])
                continue
            play(s, agent.choose(d))
    pytest.fail(f"no {deck} card was drawn in 40 games")
