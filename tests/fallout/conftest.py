"""Helpers for the Fallout round-end tests: positions written as a table would."""

from __future__ import annotations

import pytest

from wasteland.games.fallout.game import GAME
from wasteland.games.fallout.scenario import scenario_from_data


def position(survivors, enemies=(), revealed=None, icons=None, turn=None, first=1, fight="table", **extra):
    """A state from a position written as plain data (see scenario.py's format)."""
    agenda = dict(extra.pop("agenda", {}))
    if revealed is not None:
        agenda["revealed"] = revealed
    if icons is not None:
        agenda["icons"] = list(icons)
    if turn is not None:
        agenda["turn"] = turn
    data = {"game": "fallout", "seed": extra.pop("seed", 1), "fight": fight, "first": first,
            "survivor": [dict(s) for s in survivors],
            "enemy": [dict(zip(("type", "space", "side"), e)) if isinstance(e, tuple) else dict(e) for e in enemies],
            "agenda": agenda, **extra}
    return scenario_from_data(data, "test")


def play(state, *actions):
    """Apply actions in order; the final state and every event."""
    events = []
    for a in actions:
        state, ev = GAME.apply(state, a)
        events.extend(ev)
    return state, events


def of(events, kind):
    return [e for e in events if e["type"] == kind]


@pytest.fixture
def game():
    return GAME
