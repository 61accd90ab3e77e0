"""The games on the engine, by name."""

from __future__ import annotations

from wasteland.core.protocol import Game

GAME_NAMES = ("saltlands",)


def get_game(name: str) -> Game:
    if name == "saltlands":
        from wasteland.games.saltlands.game import GAME

        return GAME
    raise KeyError(f"unknown game {name!r}; known games: {', '.join(GAME_NAMES)}")
