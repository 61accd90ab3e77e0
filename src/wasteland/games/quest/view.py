"""What a seat may know: everything on the table; of the decks, only their sizes."""

from __future__ import annotations

from typing import Any

from wasteland.core.view import view_head

from .battlefield import zone_name
from .engine import decision
from .explore import tile_previews
from .state import State


def board_view(s: State) -> dict[str, Any]:
    """The laid tiles for drawing: each square with its zone, the gates, lychgates."""
    bf = s.board
    squares = [{"x": x, "y": y, "zone": z, "tile": bf.tile_at[(x, y)]} for (x, y), z in sorted(bf.zone_at.items())]
    return {"squares": squares, "zones": {z: {"capacity": c, "neighbours": list(bf.neighbours[z])}
                                          for z, c in bf.capacity.items()},
            "tiles": [p[0] for p in s.placements], "open_gates": s.open_gates, "closed_gate": s.closed_gate,
            "closed_gate_zone": s.closed_gate_zone(), "lychgates": s.lychgates, "items": list(s.items),
            "quest_zone": s.quest_zone}


def laying(s: State) -> dict[str, Any] | None:
    """The tile being laid and where each legal gate position would put it, while the
    leader chooses one (WQ-38.3); None otherwise."""
    frame = s.stack[-1] if s.stack else None
    if not frame or frame.get("kind") != "place":
        return None
    card = s.content.cards[frame["card"]]
    return {"card": frame["card"], "tile": card.tile, "gates": tile_previews(s, frame["card"])}


def view(s: State, seat: int | None) -> dict[str, Any]:
    q = s.quest
    heroes = []
    for i, h in enumerate(s.heroes):
        hero = s.content.heroes[i]
        heroes.append({"seat": i, "hero": h["hero"], "name": hero.name, "zone": h["zone"], "wounds": h["wounds"],
                       "vitality": hero.vitality, "tokens": list(h["tokens"]), "dice": list(h["dice"]),
                       "inspiration": h["inspiration"], "out_of_action": h["zone"] is None})
    enemies = [{"model": mid, "enemy": m["enemy"], "group": int(m["group"]), "zone": m["zone"], "wounds": m["wounds"],
                "size": s.content.enemies[m["enemy"]].size, "tokens": list(m["tokens"]),
                "stunned": s.groups[m["group"]]["stunned"]} for mid, m in sorted(s.models.items())]
    d = decision(s)
    out = view_head("quest", seat, d.seat if d is not None else None, s.over, s.winners, s.end_reason, d)
    out.update({
        "config": dict(s.config),
        "round": s.round,
        "phase": s.phase,
        "leader": 0,
        "board": board_view(s),
        "players": heroes,
        "enemies": enemies,
        "slots": [{"slot": i + 1, "card": c} for i, c in enumerate(s.slots)],
        "track": list(s.track),
        "track_pos": s.track_pos,
        "decks": {"exploration": len(s.exploration_deck), "encounter": len(s.encounter_deck),
                  "crisis": len(s.crisis_deck)},
        "explored": list(s.explored),
        "withdrawn": list(s.withdrawn),
        "encounter_discard": sorted(s.encounter_discard),
        "destiny": {"airship": s.airship, "rolled": list(s.destiny_rolled), "spent": s.destiny_spent,
                    "denied": s.destiny_denied, "return": s.destiny_return},
        "dusk": {"zone": s.dusk, "zones": q.dusk_zones, "night": list(q.night_zones)},
        "start": zone_name(q.start_tile, q.start_zones[0]),
        "rolls": [list(r) for r in s.rolls],
    })
    # WQ-38.3: while the leader chooses a gate, the drawn card's tile at each gate position
    # (public: the card is face up), drawn on the board before the choice
    shown = laying(s)
    if shown is not None:
        out["laying"] = shown
    return out
