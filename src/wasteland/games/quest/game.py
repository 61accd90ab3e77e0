"""The quest on the engine protocol (see ``wasteland.core.protocol``)."""

from __future__ import annotations

from typing import Any

from wasteland.core.game_base import EngineGame

from . import engine
from .config import normalize
from .describe import describe
from .determinize import determinize
from .evaluate import evaluate
from .setup import lay_out, new_game
from .spec import SPEC
from .state import State
from .validate import load_state
from .view import view


class Quest(EngineGame):
    spec = SPEC  # name, title, rules version and player range are declared there only

    def __init__(self) -> None:
        super().__init__(engine, new_game, load_state, view, describe, determinize, evaluate, resume=engine.resume)

    def new_game_at_table(self, config: dict[str, Any], seed: int) -> tuple[State, list[dict[str, Any]]]:
        """At a table the first round's destiny and activation dice (WQ-40.2) are the
        table's too: the quest is laid out, then its first round begins under the table's
        answers, waiting on the first die."""
        s, events = lay_out(normalize(config), seed)
        s = self.with_table_chance(s)
        events += self.resume_at_table(s)
        return s, events

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        return normalize(config)

    def seats(self, state: State) -> int:
        return state.players

    def rounds(self, state: State) -> int:
        """Rounds played, the one in progress included (the simulator's game length)."""
        return state.round

    def turn_order(self, state: State) -> tuple[int, ...]:
        """The heroes' seats in the order their initiative cards start on the battle track."""
        return tuple(range(state.players))

    def reveals_hidden(self, before: State, after: State) -> bool:
        """Did the step use the generator or draw a card? (Undo stops there.)"""
        return (before.rng != after.rng or len(before.exploration_deck) != len(after.exploration_deck)
                or len(before.encounter_deck) != len(after.encounter_deck)
                or len(before.crisis_deck) != len(after.crisis_deck))


GAME = Quest()
