"""What one seat may know of an Age of Thirst game (its ``view``): no deck order, no hidden hand,
no random generator state."""

from __future__ import annotations

from collections import Counter
from typing import Any

from wasteland.core.view import view_head

from . import engine
from .combat import health
from .content import KINDS
from .state import State


def _board_view(b: Any) -> dict[str, Any]:
    """The static map, for drawing it: every hex, the Last Oasis, sources, bunkers, ray towers,
    and each clan's landing and base hexes."""
    names = lambda hexes: [b.names[h] for h in sorted(hexes)]  # noqa: E731
    return {"hexes": list(b.names), "centre": b.names[b.centre], "sources": names(b.sources),
            "bunkers": names(b.bunkers), "ray_towers": names(b.ray_towers),
            "landing": {c: names(hs) for c, hs in b.landing.items()},
            "base": {c: names(hs) for c, hs in b.base.items()}}


def view(s: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (None = a spectator): no deck order, no other player's
    ray-tower hand, no generator state. Discard piles are face up (LO-9 to LO-11)."""
    b = s.board
    players = []
    for q in range(s.rules.players):
        entry: dict[str, Any] = {
            "seat": q,
            "colour": s.colour[q],
            "team": s.team(q),
            "water": s.water[q],
            "pumps": s.pumps[q],
            "levels": dict(zip(KINDS, s.levels[q])),
            "on_board": {k: s.count(q, k) for k in KINDS},
            "injections": [list(x) for x in s.injections[q]],
            "statuses": list(s.statuses[q]),
            "hand_size": len(s.hands[q]),
            "eye": s.eye[q],
            "barred": s.barred[q],
        }
        if q == seat:
            entry["hand"] = list(s.hands[q])
        players.append(entry)
    pieces = []
    for h, (owner, kind) in sorted(s.pieces.items()):
        pieces.append({"hex": b.names[h], "owner": owner, "colour": s.colour[owner], "kind": kind,
                       "health": health(s, owner, kind) - s.damage.get(h, 0), "flipped": h in s.done})
    out = view_head("age-of-thirst", seat, s.current, s.over, s.winners, s.end_reason, engine.decision(s))
    out.update({
        "config": s.rules.to_config(),
        "turn": s.turn,
        "phase": s.phase,
        "order": list(s.order),
        "acting": b.names[s.acting] if s.acting is not None else None,
        "bought": s.bought,
        "market_used": s.market_used,
        "board": _board_view(b),
        "pieces": pieces,
        "players": players,
        "decks": {"source": len(s.source_deck), "bunker": len(s.bunker_deck), "ray_tower": len(s.tower_deck)},
        "discards": {"source": dict(sorted(Counter(s.source_discard).items())),
                     "bunker": dict(sorted(Counter(s.bunker_discard).items())),
                     "ray_tower": dict(sorted(Counter(s.tower_discard).items()))},
    })
    return out
