"""The text interface (``wasteland.envs.text``): per seat the board and question in words,
the legal actions with their notation and description, the result of an answer; the
example agent plays a game through the words alone."""

from __future__ import annotations

import pytest

from wasteland.core.rng import Rng
from wasteland.envs.base import env_games
from wasteland.envs.text import ScriptedAgent, TextTable, play

from .conftest import GAMES

LIMITS = {"turn_limit": 6, "round_limit": 3}


def bounded(game: str) -> dict:
    return {o.name: v for o in env_games()[game].options for k, v in LIMITS.items() if o.name == k}


@pytest.mark.parametrize("game", GAMES)
def test_the_scripted_agent_plays_a_game_through_the_words(game: str) -> None:
    shown: list[str] = []
    table = play(game, seed=2, max_turns=3000, echo=shown.append, **bounded(game))
    assert table.over and shown
    assert all("Refused" not in s.rsplit("\n> ", 1)[1] for s in shown)  # every answer it read was legal
    first = shown[0]
    assert "Your decision:" in first and "\n1. " in first


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_reads_the_same_words_in_every_deal_it_cannot_tell_apart(game: str) -> None:
    table = TextTable(game, seed=4, **bounded(game))
    seat = table.to_act
    before = (table.observation(seat), table.menu(seat))
    table.table.state = table.table.engine.determinize(table.table.state, seat, Rng(9))
    assert (table.observation(seat), table.menu(seat)) == before


@pytest.mark.parametrize("game", GAMES)
def test_answers_by_notation_number_or_index_and_refusals(game: str) -> None:
    table = TextTable(game, seed=3, **bounded(game))
    seat = table.to_act
    legal = table.legal_actions(seat)
    assert legal and all(a.notation and a.index is not None for a in legal)
    assert any(a.description for a in legal)  # words beside the notation, with the rule
    before = table.observation(seat)
    assert table.act(seat, "xyzzy").startswith("Refused")
    if table.to_act is not None and table.to_act != seat or len(legal) < 1:
        return
    other = next((s for s in range(table.table.players) if s != seat), None)
    if other is not None:
        assert table.act(other, "1").startswith("Refused")
    assert table.observation(seat) == before  # nothing changed
    result = table.act(seat, legal[0].index)
    assert result and not result.startswith("Refused")


def test_the_agent_answers_a_line_of_the_menu() -> None:
    menu = "1. end — end your turn (FO-13.1)\n2. move x — walk to an adjacent space (FO-13.1)"
    answers = {ScriptedAgent(k).answer("", menu) for k in range(20)}
    assert answers <= {"1", "2"} and "2" in answers
