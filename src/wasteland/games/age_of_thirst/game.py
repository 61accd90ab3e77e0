"""Age of Thirst on the engine protocol (see ``wasteland.core.protocol``)."""

from __future__ import annotations

from wasteland.core.game_base import EngineGame

from . import engine
from .config import rules_from_config
from .describe import describe
from .determinize import determinize
from .evaluate import evaluate
from .setup import new_game
from .spec import SPEC
from .state import State
from .validate import load_state
from .view import view


class AgeOfThirst(EngineGame):
    spec = SPEC  # name, title, rules version and player range are declared there only

    def __init__(self) -> None:
        super().__init__(engine, new_game, load_state, view, describe, determinize, evaluate, rules=rules_from_config)

    def rounds(self, state: State) -> int:
        """Full rounds of turns (turns / players, rounded up): a game of turns, not rounds."""
        return -(-state.turn // state.rules.players)

    def turn_order(self, state: State) -> tuple[int, ...]:
        return tuple(state.order)  # clockwise from the first player (LO-4.5)

    def reveals_hidden(self, before: State, after: State) -> bool:
        """Did the step draw a card or use the generator? (Undo stops there.)"""
        return (before.rng != after.rng or len(before.source_deck) != len(after.source_deck)
                or len(before.bunker_deck) != len(after.bunker_deck) or len(before.tower_deck) != len(after.tower_deck))


GAME = AgeOfThirst()
