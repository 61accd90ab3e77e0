"""``views``: every seat's view of one position at once (issue 29: a server sends each seat
its own view after every action; Saltlands builds what they share once). Each must be
``view(state, seat)`` exactly: the same keys in the same order, the same values."""

import json

from wasteland.agents.random_agent import RandomAgent
from wasteland.games import get_game

GAME = get_game("saltlands")

CONFIGS = [
    {"players": 1, "mode": "solo"},
    {"players": 2, "mode": "classic", "expansion": True},
    {"players": 4, "mode": "competitive", "difficulty": "hard"},
    {"players": 3, "mode": "coop", "expansion": True, "variants": ["epic", "overkill", "explorers_luck"]},
]


def _same(state) -> tuple[bool, bool]:
    """(every seat's view equal, a storm toll among them)"""
    seats = [None, *range(GAME.seats(state))]
    together = GAME.views(state, seats)
    assert list(together) == seats
    toll = False
    for seat in seats:
        alone = GAME.view(state, seat)
        assert json.dumps(together[seat]) == json.dumps(alone), (seat, state.turn)
        toll |= "storm_cards" in alone
    return True, toll


def test_every_seats_view_at_once_is_its_view_alone():
    tolls = 0
    for config in CONFIGS:
        for seed in range(2):
            state = GAME.new_game(config, seed)
            agent = RandomAgent(seed)
            while (d := GAME.decision(state)) is not None:
                tolls += _same(state)[1]
                GAME.apply_in_place(state, agent.choose(d))
            _same(state)  # the finished game's too
    assert tolls  # a sandstorm's toll, the one part of a view only its mover sees, was met


def test_views_at_once_in_table_mode_keep_the_chance_part_per_seat():
    """With the table answering chance, the chance point's outcomes are the chance seat's
    alone (``EngineGame.view``): the views at once keep that per seat too."""
    from wasteland.core.chance import CHANCE_SEAT

    state, _ = GAME.new_game_at_table({"players": 2, "mode": "classic"}, 3)
    agent = RandomAgent(3)
    for _ in range(200):
        d = GAME.decision(state)
        if d is None:
            break
        seats = [None, CHANCE_SEAT, *range(GAME.seats(state))]
        together = GAME.views(state, seats)
        for seat in seats:
            assert json.dumps(together[seat]) == json.dumps(GAME.view(state, seat))
        GAME.apply_in_place(state, agent.choose(d))
