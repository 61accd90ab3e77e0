"""The games on the engine, by name."""

from __future__ import annotations

from wasteland.core.protocol import Game

GAME_NAMES = ("saltlands", "age-of-thirst")


def get_game(name: str) -> Game:
    if name == "saltlands":
        from wasteland.games.saltlands.game import GAME

        return GAME
    if name == "age-of-thirst":
        from wasteland.games.age_of_thirst.game import GAME as AGE_OF_THIRST

        return AGE_OF_THIRST
    raise KeyError(f"unknown game {name!r}; known games: {', '.join(GAME_NAMES)}")
