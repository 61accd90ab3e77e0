"""The quest plays to its end with every bot and hero count, round-trips through JSON,
and hides only the deck orders."""

from __future__ import annotations

import json

import pytest

from wasteland.agents.registry import make_agent
from wasteland.core.agent import Observation
from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.core.rng import Rng

SPEC = get_spec("quest")
GAME = SPEC.engine


def playout(bot: str, players: int, seed: int, limit: int = 3000):
    s = GAME.new_game(SPEC.validate({"players": players}), seed)
    agents = [make_agent(bot, seed + q, spec=SPEC) for q in range(players)]
    steps = 0
    while (d := GAME.decision(s)) is not None:
        s, _ = GAME.apply(s, agents[d.seat].choose(Observation(GAME, s, d)), d.seat)
        steps += 1
        assert steps < limit
    return s


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_bots_play_to_success_or_failure(bot, players):
    ends = {playout(bot, players, seed).end_reason.split(":")[0] for seed in range(3)}
    assert ends and all(ends)


def test_ismcts_plays_to_the_end():
    s = playout("ismcts:15", 2, 4)
    assert s.over and GAME.outcome(s) is not None


def test_the_heuristic_bot_wins_more_than_random():
    """Not a rule: the bot of ours should at least beat random play at its own game."""
    won = {bot: sum(bool(playout(bot, 2, seed).winners) for seed in range(12)) for bot in ("random", "heuristic")}
    assert won["heuristic"] > won["random"]


def test_json_round_trip_mid_game():
    s = GAME.new_game({"players": 3}, 11)
    rng = Rng(2)
    for _ in range(25):
        d = GAME.decision(s)
        s, _ = GAME.apply(s, rng.choice(list(d.actions)))
    text = json.dumps(GAME.to_json(s))
    back = GAME.from_json(json.loads(text))
    assert GAME.to_json(back) == GAME.to_json(s) and GAME.decision(back) == GAME.decision(s)


def test_a_state_with_a_zone_that_does_not_exist_is_refused():
    data = GAME.to_json(GAME.new_game({"players": 1}, 1))
    data["heroes"][0]["zone"] = "gatehouse.q"
    with pytest.raises(RuleError, match="unknown zone 'gatehouse.q'"):
        GAME.from_json(data)


def test_views_hide_deck_order_only():
    s = GAME.new_game({"players": 2}, 8)
    view = GAME.view(s, 0)
    assert view["decks"] == {"exploration": 7, "encounter": 8, "crisis": 4}
    text = json.dumps(view)
    assert "x_sanctum" not in text and "rng" not in view
    sample = GAME.determinize(s, 0, Rng(3))
    assert GAME.view(sample, 0) == view


@pytest.mark.parametrize("config, option", [({"players": 5}, "players"), ({"quest": "moon"}, "quest"),
                                            ({"heroes": 2}, "config")])
def test_bad_configs(config, option):
    with pytest.raises(RuleError) as err:
        SPEC.validate(config)
    assert option in str(err.value) or option == err.value.rule


def test_table_chance_takes_every_chance_result_from_the_table():
    """With the table answering chance, every card drawn and die thrown is the chance
    seat's decision (the engine's generator only keeps in step), and the quest still plays
    to its end."""
    s = GAME.with_table_chance(GAME.new_game(SPEC.validate({"players": 2}), 6))
    rng = Rng(6)
    terms = set()
    steps = 0
    while (d := GAME.decision(s)) is not None:
        pending = GAME.chance_pending(s)
        if pending is not None:
            assert d.seat == CHANCE_SEAT
            terms.add(pending.point.term)
        s, _ = GAME.apply(s, rng.choice(list(d.actions)))
        steps += 1
        assert steps < 5000
    assert {"activation_die", "event_die", "destiny_die"} <= terms and GAME.outcome(s) is not None


def test_rounds_and_turn_order_for_the_simulator():
    s = playout("heuristic", 3, 2)
    assert GAME.rounds(s) == s.round >= 1 and GAME.turn_order(s) == (0, 1, 2)
