"""Checks of a state read from JSON or a scenario: every zone, card and seat exists."""

from __future__ import annotations

from .explore import placement_problem  # noqa: F401  (kept beside the checks it shares)
from .state import PHASES, State


def check_state(s: State) -> None:
    c = s.content
    if s.phase not in PHASES:
        raise ValueError(f"unknown phase {s.phase!r}")
    for p in s.placements:
        if p[0] not in c.tiles:
            raise ValueError(f"unknown tile {p[0]!r}")
    zones = set(s.board.capacity)
    if len(s.heroes) != s.players:
        raise ValueError("heroes must have one entry per seat")
    for q, h in enumerate(s.heroes):
        if h["zone"] is not None and h["zone"] not in zones:
            raise ValueError(f"hero {q + 1} stands in unknown zone {h['zone']!r}")
    for mid, m in s.models.items():
        if m["enemy"] not in c.enemies:
            raise ValueError(f"model {mid}: unknown enemy {m['enemy']!r}")
        if m["zone"] not in zones:
            raise ValueError(f"model {mid} stands in unknown zone {m['zone']!r}")
        if m["group"] not in s.groups:
            raise ValueError(f"model {mid}: no enemy group {m['group']!r}")
    for z in s.items + ([s.quest_zone] if s.quest_zone else []):
        if z not in zones:
            raise ValueError(f"unknown zone {z!r}")
    for card in s.exploration_deck + s.explored:
        if card not in c.cards:
            raise ValueError(f"unknown exploration card {card!r}")
    for card in s.encounter_deck + s.encounter_discard + s.withdrawn:
        if card not in c.encounters:
            raise ValueError(f"unknown encounter card {card!r}")
    for entry in s.track:
        if not (entry[:1] in "hg" and entry[1:].isdecimal()):
            raise ValueError(f"bad battle-track entry {entry!r}")
