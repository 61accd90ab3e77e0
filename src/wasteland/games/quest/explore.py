"""Exploring: draw the exploration card, place its tile, the new closed gate (WQ-38).

The geometry is in ``geometry.py``: each of the card's potential gate positions, lined
up with the battlefield's closed gate, fixes where the tile would lie; the leader chooses
among the positions that break no placement limit (WQ-38.3).
"""

from __future__ import annotations

from typing import Any

from wasteland.core.protocol import RuleError

from .battlefield import zone_name
from .geometry import Edge, Transform, beyond, line_up
from wasteland.core.graph import SpaceGraph
from .state import State

Events = list[dict[str, Any]]


def edge_json(edge: Edge) -> list[Any]:
    return [list(edge[0]), edge[1]]


def _edge(e: list[Any]) -> Edge:
    return ((e[0][0], e[0][1]), e[1])


def transform_for(s: State, card_id: str, gate_id: str) -> Transform:
    card = s.content.cards[card_id]
    g = next(g for g in card.gates if g.id == gate_id)
    return line_up(((g.square[0], g.square[1]), g.side), _edge(s.closed_gate))


def placement_problem(s: State, card_id: str, gate_id: str) -> str | None:
    """Why the tile may not go with ``gate_id`` on the closed gate (WQ-38.3), or None."""
    card = s.content.cards[card_id]
    if not any(g.id == gate_id for g in card.gates):
        return (f"card {card_id} shows no gate position {gate_id!r} "
                f"(its positions: {', '.join(g.id for g in card.gates)})")
    if s.closed_gate is None:
        return "the battlefield has no closed gate to line a tile up with"
    t = transform_for(s, card_id, gate_id)
    bf = s.board
    shape = s.content.tiles[card.tile]
    squares = set(t.squares(shape.zone_of))
    for sq in sorted(squares):
        if sq in bf.zone_at:
            return f"tile {card.tile} would overlap the battlefield at square {sq[0]},{sq[1]} ({bf.zone_at[sq]})"
    for lg in s.lychgates:
        edge = _edge(lg)
        if beyond(edge) in squares:
            return f"a lychgate on the battlefield (square {edge[0][0]},{edge[0][1]} {edge[1]}) would touch tile {card.tile}"
    for lg in card.lychgates:
        edge = t.edge(((lg.square[0], lg.square[1]), lg.side))
        far = beyond(edge)
        if far in bf.tile_at:
            return f"the card's lychgate at square {edge[0][0]},{edge[0][1]} {edge[1]} would touch tile {bf.tile_at[far]}"
    return None


def tile_previews(s: State, card_id: str) -> dict[str, dict[str, list[dict[str, Any]]]]:
    """WQ-38.3: for each gate position the leader may choose, the squares the card's tile
    would cover (with their zones) and where its other gate positions would lie, so the
    choice is seen before it is made."""
    card = s.content.cards[card_id]
    shape = s.content.tiles[card.tile]
    out = {}
    for gate in legal_gates(s, card_id):
        t = transform_for(s, card_id, gate)
        squares = [{"x": x, "y": y, "zone": zone_name(card.tile, z)}
                   for (x, y), z in sorted((t.square(local), z) for local, z in shape.zone_of.items())]
        gates = []
        for g in card.gates:
            if g.id != gate:
                (x, y), side = t.edge(((g.square[0], g.square[1]), g.side))
                gates.append({"x": x, "y": y, "side": side, "gate": g.id})
        out[gate] = {"squares": squares, "gates": gates}
    return out


def legal_gates(s: State, card_id: str) -> list[str]:
    """WQ-38.3: the gate positions the leader may line up with the closed gate."""
    return [g.id for g in s.content.cards[card_id].gates if placement_problem(s, card_id, g.id) is None]


def lay_tile(s: State, card_id: str, gate_id: str, events: Events) -> list[str]:
    """WQ-38.3 points 1-2: lay the tile, flip the closed gate open. Returns the gate
    positions furthest from the opened gate (WQ-38.3 point 4; several: the leader's choice)."""
    card = s.content.cards[card_id]
    shape = s.content.tiles[card.tile]
    t = transform_for(s, card_id, gate_id)
    opened = s.closed_gate
    s.placements = s.placements + [[card.tile, t.turns, t.offset[0], t.offset[1]]]
    s.open_gates.append(opened)  # WQ-38.3 point 2: flipped in place, now open
    s.closed_gate = None
    entry = next(g for g in card.gates if g.id == gate_id)
    entry_zone = shape.zone_of[(entry.square[0], entry.square[1])]
    events.append({"type": "tile_placed", "card": card_id, "tile": card.tile, "gate": gate_id,
                   "turns": t.turns, "offset": list(t.offset),
                   "squares": sorted(list(q) for q in t.squares(shape.zone_of)),
                   "opened": opened, "entry_zone": zone_name(card.tile, entry_zone), "rule": "WQ-38.3"})
    return furthest_gates(s, card_id, gate_id)


def gate_distances(s: State, card_id: str, entry_gate: str) -> dict[str, int]:
    """WQ-38.3 point 4: zone steps over the new tile from the zone next to the opened
    gate to each other gate position's zone."""
    card = s.content.cards[card_id]
    shape = s.content.tiles[card.tile]
    entry = next(g for g in card.gates if g.id == entry_gate)
    d = SpaceGraph.from_neighbours(shape.neighbours).distances_from(shape.zone_of[(entry.square[0], entry.square[1])])
    return {g.id: d[shape.zone_of[(g.square[0], g.square[1])]] for g in card.gates if g.id != entry_gate}


def furthest_gates(s: State, card_id: str, entry_gate: str) -> list[str]:
    """WQ-38.3 point 4: the positions the new closed gate may take, those furthest from
    the opened gate in zone steps (several: the leader's choice). Every position of the
    card counts, also one whose far side is a tile already laid: the page names the
    furthest one and makes no exception, so such a gate leads nowhere and the next
    exploration is the dead end of WQ-38.2."""
    dist = gate_distances(s, card_id, entry_gate)
    best = max(dist.values())
    return sorted(k for k, v in dist.items() if v == best)


def transform_for_laid(s: State, card_id: str, entry_gate: str) -> Transform:
    p = s.placements[-1]
    return Transform(p[1], (p[2], p[3]))


def set_closed_gate(s: State, card_id: str, gate_id: str, tied: list[str], events: Events) -> None:
    """WQ-38.3 point 4, then point 5: the card's lychgates and mystic items."""
    card = s.content.cards[card_id]
    t = transform_for_laid(s, card_id, "")
    g = next(g for g in card.gates if g.id == gate_id)
    edge = t.edge(((g.square[0], g.square[1]), g.side))
    s.closed_gate = edge_json(edge)
    dist = gate_distances(s, card_id, card_gate_entry(s, card_id))
    events.append({"type": "closed_gate", "card": card_id, "gate": gate_id, "edge": s.closed_gate,
                   "zone": s.board.zone_at[edge[0]], "steps": dist.get(gate_id, 0), "tied": tied,
                   "rule": "WQ-38.3"})
    for lg in card.lychgates:
        s.lychgates.append(edge_json(t.edge(((lg.square[0], lg.square[1]), lg.side))))
    items = [zone_name(card.tile, z) for z in card.mystic_items]
    s.items.extend(items)
    if card.quest_symbol:
        s.quest_zone = zone_name(card.tile, card.quest_symbol)
    events.append({"type": "furnished", "card": card_id, "lychgates": [edge_json(t.edge(((lg.square[0], lg.square[1]), lg.side)))
                                                                       for lg in card.lychgates],
                   "items": items, "quest_symbol": s.quest_zone if card.quest_symbol else "", "rule": "WQ-38.3"})


def card_gate_entry(s: State, card_id: str) -> str:
    """The gate position the last tile was laid by (the one over the opened gate)."""
    card = s.content.cards[card_id]
    t = transform_for_laid(s, card_id, "")
    opened = s.open_gates[-1]
    target = beyond(((opened[0][0], opened[0][1]), opened[1]))
    for g in card.gates:
        if t.square((g.square[0], g.square[1])) == target:
            e = t.edge(((g.square[0], g.square[1]), g.side))
            if beyond(e) == (opened[0][0], opened[0][1]):
                return g.id
    raise RuleError("WQ-38.3", "the last tile is not lined up with an open gate")
