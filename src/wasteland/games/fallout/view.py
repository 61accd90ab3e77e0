"""What one seat may know of a Fallout game (its ``view``): no deck order, no hidden hand,
no random generator state."""

from __future__ import annotations

from typing import Any

from wasteland.core.view import view_head

from . import engine
from .influence import influence
from .state import State


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
        "turn": s.round_turns,  # within the round (FO-13.1)
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
