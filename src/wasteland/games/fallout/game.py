"""The Fallout round end on the engine protocol (see ``wasteland.core.protocol``)."""

from __future__ import annotations

from typing import Any

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

# Events that name an agenda card going into or out of a hand: only its holder sees
# which card it is (FO-13.5: agenda cards in hand are kept hidden).
SECRET_EVENTS = ("agenda_gained", "agenda_returned")


class Fallout(EngineGame):
    spec = SPEC  # name, title, rules version and player range are declared there only

    def __init__(self) -> None:
        super().__init__(engine, new_game, load_state, view, describe, determinize, evaluate, rules=rules_from_config)

    def rounds(self, state: State) -> int:
        """Rounds played, the one in progress included (the simulator's game length)."""
        return state.round

    def turn_order(self, state: State) -> tuple[int, ...]:
        """The seats in turn order from the first player the game began with (the role
        moves on as the agenda deck runs out, FO-13.4; the order itself never changes)."""
        i = state.order.index(state.rules.first_player)
        return tuple(state.order[i:] + state.order[:i])

    def reveals_hidden(self, before: State, after: State) -> bool:
        """Did the step use the generator or take a card from the agenda deck?"""
        return before.rng != after.rng or len(before.deck) != len(after.deck)

    def event_view(self, event: dict[str, Any], seat: int | None) -> dict[str, Any]:
        if event.get("type") in SECRET_EVENTS and event.get("seat") != seat:
            return {k: v for k, v in event.items() if k != "card"}
        return event


GAME = Fallout()
