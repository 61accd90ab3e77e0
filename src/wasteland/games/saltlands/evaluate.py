"""A heuristic value of a position for each seat, in [0, 1], for search bots.

A finished game scores 1 for each winner and 0 for everyone else. Otherwise the value
grows with what SL §123 calls the way to survive and win: crew, protection (armor,
healing), weapons, Victory cards (matching ones most) and the rumor track; it stays
below 0.5 so that any real escape outweighs any position.
"""

from __future__ import annotations

import math

from .config import VICTORY_NEEDS
from .state import State
from .zones import crew_members, permanent_armor, victory_cards


def evaluate(s: State) -> list[float]:
    if s.over:
        return [1.0 if p.seat in s.winners else 0.0 for p in s.players]
    cards = s.static.catalog.cards
    kinds = s.static.content.victory_kinds
    need_matching, need_any = VICTORY_NEEDS[s.static.rules.mode]
    rumor_total = len(s.rumor_deck) + len(s.rumors_played)
    rumor_progress = len(s.rumors_played) / rumor_total if rumor_total else 1.0
    marker_colours = set(s.markers)
    out = []
    for p in s.players:
        if p.status == "out":
            out.append(0.0)
            continue
        x = 0.0 if p.status == "dead" else 1.0
        x += 0.6 * (len(crew_members(p)) - 1)
        x += 0.4 * permanent_armor(s, p)
        for c in p.hand:
            d = cards[c]
            for act in d.actions:
                if act.effect in ("heal", "armor"):
                    x += 0.35 * act.amount
                elif act.effect == "damage":
                    x += 0.1 * act.amount
        vc = victory_cards(s, p)
        matching = sum(1 for c in vc if kinds[cards[c].victory].colour in marker_colours)
        x += 0.5 * min(len(vc), need_matching + need_any) + 0.3 * min(matching, need_matching)
        x += 1.5 * rumor_progress
        out.append(0.45 * (1.0 - math.exp(-x / 4.0)))
    return out
