"""A new quest: the starting tile and its closed gate, shuffled decks, heroes (stand-in
for the quest book's set-up)."""

from __future__ import annotations

from typing import Any

from wasteland.core.rng import seed_state, shuffle

from .battlefield import zone_name
from .engine import settle
from .state import State

Events = list[dict[str, Any]]


def new_game(config: dict[str, Any], seed: int) -> tuple[State, Events]:
    """The quest laid out and played on to the heroes' first decision: the first round's
    destiny and activation dice (WQ-40.2) thrown by the generator."""
    s, events = lay_out(config, seed)
    settle(s, events)
    return s, events


def lay_out(config: dict[str, Any], seed: int) -> tuple[State, Events]:
    """The quest as it lies before its first round: the round is yet to begin, so a table
    throws every die of it itself (``Quest.new_game_at_table``)."""
    s = State(config)
    s.rng = seed_state(seed)
    q = s.quest
    s.placements = [[q.start_tile, 0, 0, 0]]
    s.closed_gate = [list(q.start_gate.square), q.start_gate.side]
    # Stand-in for the quest book's set-up: the card with the quest symbol is shuffled
    # into the bottom half of the deck (the end drawn last), so the heroes must explore.
    goal = [c for c in q.deck if s.content.cards[c].quest_symbol]
    rest = [c for c in q.deck if c not in goal]
    shuffle(s, rest)
    bottom = rest[:len(rest) // 2] + goal
    shuffle(s, bottom)
    s.exploration_deck = bottom + rest[len(rest) // 2:]
    s.encounter_deck = list(q.encounters)
    shuffle(s, s.encounter_deck)
    s.crisis_deck = [c.id for c in q.crises]
    shuffle(s, s.crisis_deck)
    s.slots = [None] * q.slots
    s.airship = q.destiny_dice
    for seat in range(s.players):
        hero = s.content.heroes[seat]
        s.heroes.append({"hero": hero.id, "zone": zone_name(q.start_tile, q.start_zones[seat]),
                         "wounds": hero.vitality, "tokens": [], "dice": [], "inspiration": 0})
    s.track = [f"h{seat + 1}" for seat in range(s.players)]  # stand-in: heroes' cards first
    events: Events = [{"type": "setup", "quest": q.id, "heroes": [h["hero"] for h in s.heroes],
                       "start_tile": q.start_tile}]
    s.stack.append({"kind": "round", "seat": 0})
    return s, events
