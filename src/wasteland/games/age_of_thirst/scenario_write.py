"""Writing an Age of Thirst state as a position: ``to_text(state)`` names every part of it
(docs/age-of-thirst-scenarios.md), so that ``scenario_from_text(to_text(s))`` is the same
state, in any phase, with any procedure pending, over or not, with the table's chance.
A table correcting its position in the companion edits this text; a test that found a
position worth keeping saves it this way."""

from __future__ import annotations

from typing import Any

from wasteland.core.chance_text import chance_lines
from wasteland.core.toml_text import position_head, table

from .content import KINDS
from .scenario import DECKS
from .progress import hexes
from .scenario_procedures import chance_table, procedure_tables
from .state import State

#: Each part of a State and the position key that sets it (docs/age-of-thirst-scenarios.md).
#: A part added to State without a key here fails tests/age_of_thirst/test_scenario_roundtrip.py.
STATE_PARTS = {
    "rng": "[state] rng", "turn": "[state] turn", "current": "[state] current", "phase": "[state] phase",
    "colour": "[state] seats", "order": "[state] first", "levels": "[[clan]] levels", "water": "[[clan]] water",
    "pumps": "[[clan]] pumps", "injections": "[[clan]] injections", "statuses": "[[clan]] statuses",
    "hands": "[[clan]] hand", "eye": "[[clan]] eye", "barred": "[[clan]] barred",
    "ground": "[[clan]] ground", "bought": "[state] bought",
    "market_used": "[state] market_used", "acting": "[state] acting",
    "source_deck": "[decks] source_top", "source_discard": "[decks] source_discard",
    "bunker_deck": "[decks] bunker_top", "bunker_discard": "[decks] bunker_discard",
    "tower_deck": "[decks] ray_tower_top", "tower_discard": "[decks] ray_tower_discard",
    "stack": "[[procedure]]", "quiet": "[state] quiet", "winners": "[state] winners", "over": "[state] over",
    "end_reason": "[state] end_reason", "pieces": "[[piece]]", "damage": "[[piece]] damage",
    "done": "[[piece]] acted", "chance": "[chance]", "static": "[config]",
}


def to_text(s: State) -> str:
    """The position TOML of ``s`` (see the module docstring)."""
    names = s.board.names
    colour = s.colour
    lines = position_head("Age of Thirst", "age-of-thirst", "docs/age-of-thirst-scenarios.md",
                          piece=s.pieces, procedure=s.stack)
    lines += table("config", s.rules.to_config())
    state: dict[str, Any] = {"rng": f"{s.rng:016x}", "seats": list(colour), "turn": s.turn,
                             "current": colour[s.current], "phase": s.phase}
    if s.order:
        state["first"] = colour[s.order[0]]
    if s.acting is not None:
        state["acting"] = names[s.acting]
    state.update(bought=s.bought, market_used=s.market_used, quiet=s.quiet, over=s.over,
                 winners=[colour[q] for q in s.winners], end_reason=s.end_reason)
    lines += table("state", state)
    decks: dict[str, Any] = {}
    for deck, prefix in DECKS.items():
        decks[f"{deck}_top"] = list(reversed(getattr(s, f"{prefix}_deck")))  # the next card drawn first
        decks[f"{deck}_discard"] = list(getattr(s, f"{prefix}_discard"))
    lines += table("decks", decks)
    lines += chance_lines(chance_table(s))
    for q, c in enumerate(colour):
        clan: dict[str, Any] = {"colour": c, "water": s.water[q], "pumps": s.pumps[q],
                                "levels": dict(zip(KINDS, s.levels[q])), "injections": s.injections[q],
                                "statuses": s.statuses[q], "hand": s.hands[q], "eye": s.eye[q]}
        if s.rules.team_game:
            clan["barred"] = s.barred[q]
        clan["ground"] = [names[h] for h in hexes(s.ground[q])]
        lines += table("clan", clan, many=True)
    for h, (owner, kind) in sorted(s.pieces.items()):
        lines += table("piece", {"hex": names[h], "colour": colour[owner], "kind": kind,
                                 "damage": s.damage.get(h, 0), "acted": h in s.done}, many=True)
    for entry in procedure_tables(s):
        lines += table("procedure", entry, many=True)
    return "\n".join(lines).rstrip() + "\n"

