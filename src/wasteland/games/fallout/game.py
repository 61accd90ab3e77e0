"""The Fallout round end on the engine protocol (see ``wasteland.core.protocol``)."""

from __future__ import annotations

from typing import Any

from wasteland.core.game_base import EngineGame
from wasteland.core.view import view_head

from . import engine
from .validate import load_state
from .config import rules_from_config
from .describe import describe
from .determinize import determinize
from .evaluate import evaluate
from .influence import influence
from .setup import new_game
from .spec import SPEC
from .state import State

# Events that name an agenda card going into or out of a hand: only its holder sees
# which card it is (FO-13.5: agenda cards in hand are kept hidden).
SECRET_EVENTS = ("agenda_gained", "agenda_returned")


class Fallout(EngineGame):
    spec = SPEC  # name, title, rules version and player range are declared there only

    def __init__(self) -> None:
        super().__init__(engine, new_game, load_state, view, describe, determinize, evaluate)

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        return rules_from_config(config).to_config()

    def seats(self, state: State) -> int:
        return state.rules.players

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


def _map_view(s: State) -> dict[str, Any]:
    b = s.board
    return {"name": b.name, "start": b.start, "quests": list(b.quests),
            "spaces": [{"id": n, "x": b.coords[n][0], "y": b.coords[n][1], "adjacent": b.graph.neighbours(n)}
                       for n in b.graph.names]}


def view(s: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (None = a spectator): no deck order, no other survivor's
    agenda cards or influence (it follows from the cards), no generator state. The
    discard pile is face up. When the game ends the winners' cards are shown (FO-13.5)."""
    survivors = []
    for q in s.players:
        entry: dict[str, Any] = {"seat": q, "space": s.space[q], "health": s.health[q],
                                 "radiation": s.radiation[q], "kills": s.kills[q], "quests": s.quests[q],
                                 "hand_size": len(s.hands[q]), "position": s.order.index(q)}
        if q == seat or (s.over and q in s.winners):
            entry["hand"] = sorted(s.hands[q])
            entry["influence"] = influence(s, q)
        survivors.append(entry)
    # During a round end nobody takes a turn; the first player runs it (FO-13.2 rulings),
    # so the view's ``current`` names them.
    current = s.current if s.current is not None or s.over else s.first
    out = view_head("fallout", seat, current, s.over, s.winners, s.end_reason, engine.decision(s))
    out.update({
        "config": s.rules.to_config(),
        "round": s.round,
        "turn": s.turns,
        "actions_left": s.actions_left,
        "first": s.first,
        "order": list(s.order),
        "target": s.rules.target,
        "map": _map_view(s),
        "survivors": survivors,
        # FO-13.2: each face-up enemy's own ranged icon (a face-down token shows nothing)
        "enemies": [{"id": e, "type": t, "space": sp, "face_up": up, "ranged": s.has_ranged_icon(e) if up else None}
                    for e, (t, sp, up) in sorted(s.enemies.items())],
        "markers": sorted(s.markers),
        "agenda": {"deck": len(s.deck), "discard": list(s.discard), "revealed": s.revealed},
        "factions": dict(zip(s.content.factions, s.factions)),
        "track": s.content.track.length,
        "last_roll": s.last_roll,
    })
    return out


GAME = Fallout()
