"""Saltlands on the engine protocol (see ``wasteland.core.protocol``)."""

from __future__ import annotations

from typing import Any

from wasteland.core.game_base import EngineGame
from wasteland.core.protocol import Event

from . import engine
from .config import normalize
from .describe import describe
from .determinize import determinize
from .evaluate import evaluate
from .setup import check_characters, new_game
from .spec import SPEC
from .state import State
from .validate import load_state
from .view import view, views
from .zones import HIDDEN_GAINS


class Saltlands(EngineGame):
    spec = SPEC  # name, title, rules version and player range are declared there only

    def __init__(self) -> None:
        super().__init__(engine, new_game, load_state, view, describe, determinize, evaluate, views=views)

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        rules = normalize(config)
        check_characters(rules)  # needs the content, so not in normalize (SL §44, SL §141)
        return rules.to_config()

    def rounds(self, state: State) -> int:
        return state.round

    def event_view(self, event: Event, seat: int | None) -> Event:
        """A card that comes into a hand from a hidden deck (a draw, loot, a respawn, a
        reconstruction) or from another hand by theft is named only to its new owner;
        everybody else reads "a card" (SL §57, SL §146)."""
        if event.get("type") == "gain" and event.get("seat") != seat and event.get("how") in HIDDEN_GAINS:
            return {**event, "card": "a card"}
        return event

    def reveals_hidden(self, before: State, after: State) -> bool:
        """Did going from ``before`` to ``after`` reveal anything hidden (a drawn card, an
        explored tile, a random result, another player's hand)? Undo is offered only
        across actions that did not."""
        d = engine.decision(before)
        actor = d.seat if d is not None else None
        return (
            before.rng != after.rng
            or len(before.mirage) != len(after.mirage)
            or len(before.raider_deck) != len(after.raider_deck)
            or len(before.token_pool) != len(after.token_pool)
            or len(before.rumor_deck) != len(after.rumor_deck)
            or len(before.weather_deck) != len(after.weather_deck)
            or before.face_up != after.face_up
            or any(len(v) != len(after.damage_stacks[k]) for k, v in before.damage_stacks.items())
            # Another seat's hand changed (cards came into it unseen, or left it face up);
            # a player died or was eliminated (the death shows that the hand held nothing
            # to soak the damage with, the elimination discards it, SL §85, SL §96); or
            # the step stopped at another seat's choice, or at a soak (whether a player
            # may soak shows what its hand holds, SL §85).
            or any(p.hand != q.hand for p, q in zip(before.players, after.players) if p.seat != actor)
            or any(p.status != q.status for p, q in zip(before.players, after.players))
            or bool(after.stack) and (after.stack[-1]["seat"] != actor or after.stack[-1]["kind"] == "soak")
        )


GAME = Saltlands()
