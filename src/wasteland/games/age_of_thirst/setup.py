"""A new game: decks, seats, colours and the set-up decisions (LO-4)."""

from __future__ import annotations

from typing import Any

from wasteland.core.rng import seed_state, shuffle

from .combat import Events
from .content import KINDS
from .engine import set_order, settle
from .state import State, static_from_config


def new_game(config: dict[str, Any], seed: int) -> tuple[State, Events]:
    static = static_from_config(config)
    rules = static.rules
    content = static.content
    s = State(static)
    s.rng = seed_state(seed)
    n = rules.players
    events: Events = [{"type": "setup", "players": n, "mode": rules.mode, "teams": rules.teams,
                       "colours": list(rules.colours)}]
    for deck, defs in (("source", content.sources), ("bunker", content.bunkers), ("tower", content.towers)):
        cards = [d.id for d in defs.values() for _ in range(d.count)]
        shuffle(s, cards)
        setattr(s, f"{deck}_deck", cards)
    s.colour = list(rules.colours)
    s.levels = [[1] * len(KINDS) for _ in range(n)]  # LO-4.2: every species card at level 1
    s.water = [0] * n  # LO-4.3 ruling: no starting water
    s.pumps = [0] * n
    s.injections = [[] for _ in range(n)]
    s.statuses = [[] for _ in range(n)]
    s.hands = [[] for _ in range(n)]
    s.eye = [0] * n  # LO-4.4: every Eye on circle 0
    s.barred = [False] * n
    s.ground = [0] * n  # no troop has stood anywhere yet (progress.py)
    if rules.draw:
        # LO-4.5: one token of each colour in play is drawn blind; red starts.
        colours = list(rules.colours)
        shuffle(s, colours)
        s.colour = colours
        events.append({"type": "draw", "colours": list(colours)})
        set_order(s, "red", events)
    else:
        # LO-4.5: the players agree on who starts; seat 1 speaks for the table.
        s.stack.append({"kind": "first", "seat": 0})
    settle(s, events)
    return s, events

