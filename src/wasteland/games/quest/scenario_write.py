"""Writing a quest state as a position: ``to_text(state)`` names every part of it
(docs/quest-scenarios.md), so that ``scenario_from_text(to_text(s))`` is the same state.
A table correcting its battlefield in the companion edits this text; a test that found a
position worth keeping saves it this way."""

from __future__ import annotations

from typing import Any

from wasteland.core.chance_text import chance_lines
from wasteland.core.toml_text import position_head, table

from .scenario_procedures import chance_table, procedure_tables
from .state import State


#: Each part of a State and the position key that sets it (docs/quest-scenarios.md). A part
#: added to State without a key here fails tests/quest/test_scenario_roundtrip.py.
STATE_PARTS = {
    "config": "[config]", "rng": "[state] rng", "round": "[state] round", "phase": "[state] phase",
    "placements": "[[tile]]", "open_gates": "[gates] open", "closed_gate": "[gates] closed",
    "lychgates": "[gates] lychgates", "items": "[gates] items", "quest_zone": "[gates] quest_symbol",
    "heroes": "[[hero]]", "models": "[[enemy]]", "slots": "[state] slots", "groups": "[[group]]",
    "track": "[state] track", "track_pos": "[state] track_pos", "exploration_deck": "[state] exploration_deck",
    "explored": "[state] explored", "encounter_deck": "[state] encounter_deck",
    "encounter_discard": "[state] encounter_discard", "withdrawn": "[state] withdrawn",
    "crisis_deck": "[state] crisis_deck", "airship": "[state] airship", "destiny_rolled": "[state] destiny",
    "destiny_spent": "[state] spent", "dusk": "[state] dusk", "destiny_denied": "[state] destiny_denied",
    "destiny_return": "[state] destiny_return", "stack": "[[procedure]]", "over": "[state] over",
    "winners": "[state] winners", "end_reason": "[state] end_reason", "next_model": "[state] next_model",
    "rolls": "[state] rolls", "chance": "[chance]",
}


def _edge(edge: list[Any]) -> list[Any]:
    (x, y), side = edge
    return [x, y, side]


def to_text(s: State) -> str:
    """The position TOML of ``s`` (see the module docstring)."""
    lines = position_head("Quest", "quest", "docs/quest-scenarios.md",
                          enemy=s.models, group=s.groups, procedure=s.stack)
    lines += table("config", {k: v for k, v in s.config.items() if v is not None})
    state: dict[str, Any] = {
        "rng": f"{s.rng:016x}", "phase": s.phase, "round": s.round, "dusk": s.dusk,
        "track": list(s.track), "track_pos": s.track_pos,
        "slots": ["" if c is None else c for c in s.slots], "withdrawn": list(s.withdrawn),
        "stunned_groups": [int(k) for k, g in sorted(s.groups.items(), key=lambda kv: int(kv[0])) if g["stunned"]],
        "destiny": list(s.destiny_rolled), "airship": s.airship, "spent": s.destiny_spent,
        "destiny_denied": s.destiny_denied, "destiny_return": s.destiny_return,
        "exploration_deck": list(s.exploration_deck), "explored": list(s.explored),
        "encounter_deck": list(s.encounter_deck), "encounter_discard": list(s.encounter_discard),
        "crisis_deck": list(s.crisis_deck), "next_model": s.next_model, "rolls": [list(r) for r in s.rolls],
        "over": s.over, "winners": [w + 1 for w in s.winners], "end_reason": s.end_reason,
    }
    lines += table("state", state)
    gates: dict[str, Any] = {"open": [_edge(g) for g in s.open_gates]}
    if s.closed_gate is not None:
        gates["closed"] = _edge(s.closed_gate)
    gates.update({"lychgates": [_edge(g) for g in s.lychgates], "items": list(s.items),
                  "quest_symbol": s.quest_zone})
    lines += table("gates", gates)
    lines += chance_lines(chance_table(s.chance))
    for tile, turns, x, y in s.placements:
        lines += table("tile", {"tile": tile, "turns": turns, "at": [x, y]}, many=True)
    for h in s.heroes:
        lines += table("hero", {"zone": h["zone"] or "", "wounds": h["wounds"], "tokens": list(h["tokens"]),
                                 "dice": list(h["dice"]), "inspiration": h["inspiration"]}, many=True)
    for slot, g in sorted(s.groups.items(), key=lambda kv: int(kv[0])):
        lines += table("group", {"slot": int(slot), "tile": g["tile"], "next": g["next"],
                                  "models": list(g["models"])}, many=True)
    # in the view's order (by model id), so that a correction's enemy.N is the view's Nth
    for mid, m in sorted(s.models.items()):
        lines += table("enemy", {"model": mid, "enemy": m["enemy"], "group": int(m["group"]), "zone": m["zone"],
                                  "wounds": m["wounds"], "tokens": list(m["tokens"])}, many=True)
    for entry in procedure_tables(s):
        lines += table("procedure", entry, many=True)
    return "\n".join(lines).rstrip() + "\n"
