"""Invariants over many random quests (both digital and companion play): no zone holds more
than its capacity, no more models of a kind than exist, every group's models on the
battlefield, one initiative card per group in play, decks and slots consistent."""

from __future__ import annotations

import pytest

from wasteland.core.registry import get_spec
from wasteland.core.rng import Rng

SPEC = get_spec("quest")
GAME = SPEC.engine


def check(s) -> None:
    c = s.content
    for zone, cap in s.board.capacity.items():
        assert s.occupied(zone) <= cap, f"{zone} over capacity"
    for kind, e in c.enemies.items():
        assert sum(m["enemy"] == kind for m in s.models.values()) <= e.models
    for slot, g in s.groups.items():
        assert s.slots[int(slot) - 1] == g["card"]
        assert all(s.models[m]["group"] == slot for m in g["models"])
    assert sorted(m for g in s.groups.values() for m in g["models"]) == sorted(s.models)
    assert len(s.track) == len(set(s.track))
    in_track = {e[1:] for e in s.track if e[0] == "g"}
    deploying = any(f["kind"] in ("encounters", "deploy", "initiative") for f in s.stack)
    if not deploying:
        assert in_track == set(s.groups)
    cards = [x for x in s.slots if x] + s.withdrawn + s.encounter_deck + s.encounter_discard
    assert sorted(cards) == sorted(s.quest.encounters)
    assert sorted(s.exploration_deck + s.explored) == sorted(s.quest.deck)
    assert len(s.placements) == len(s.explored) + 1 or s.stack and s.stack[-1]["kind"] == "place" or s.over
    assert s.airship + len(s.destiny_rolled) + s.destiny_spent == s.quest.destiny_dice


@pytest.mark.parametrize("table", [False, True])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_quests_keep_the_invariants(players, table):
    """``table``: the table answers every chance point (a random answer among its outcomes)."""
    for seed in range(6):
        s = GAME.with_table_chance(GAME.new_game({"players": players}, seed), table)
        rng = Rng(seed)
        steps = 0
        while (d := GAME.decision(s)) is not None:
            assert d.actions
            GAME.apply_in_place(s, rng.choice(list(d.actions)))
            check(s)
            steps += 1
            assert steps < 5000
        assert GAME.outcome(s) is not None
