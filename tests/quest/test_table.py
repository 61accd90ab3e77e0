"""A quest table with the box: "decide for us" answers the ties the pages leave to the
leader by a documented policy (WQ-38.3, WQ-39.1, WQ-40.4), never a hero's own choice."""

from __future__ import annotations

import random

from wasteland.core.registry import get_spec
from wasteland.games.quest.game import GAME
from wasteland.games.quest.ties import POLICY_KEYS, decide, policy_text

SPEC = get_spec("quest")


def _decisions():
    """Every decision of some seeded random quests, with the state it was asked in."""
    for seed in range(12):
        s = GAME.new_game({"players": 1 + seed % 4, "round_limit": 10}, seed)
        choose = random.Random(seed)
        while (d := GAME.decision(s)) is not None:
            yield s, d
            s, _ = GAME.apply(s, choose.choice(d.actions))


def test_the_policy_takes_the_leaders_ties_and_nothing_else():
    answered = {}
    for s, d in _decisions():
        found = SPEC.decide_for(s, d)
        if d.kind in ("hero", "stun", "rebirth", "inspiration", "effect"):
            assert found is None, d.kind
        elif found is not None:
            answered.setdefault(d.kind, []).append((s, d, found))
    assert {"place", "deploy"} <= set(answered), set(answered)
    for kind, cases in answered.items():
        for s, d, (action, key) in cases:
            assert key == f"ties.{kind}" and action in d.actions


def test_wq_38_3_gate_positions_in_compass_order():
    for s, d in _decisions():
        if d.kind == "place" and len(d.actions) > 1:
            action, _ = decide(s, d)
            sides = [a.split(" ")[1] for a in d.actions]
            assert action.split(" ")[1] == min(sides, key="nesw".index)
            return
    raise AssertionError("no placement with a choice in the sample")


def test_wq_39_1_zones_of_the_tile_laid_first_then_by_letter():
    for s, d in _decisions():
        if d.kind == "deploy" and len(d.actions) > 1:
            action, _ = decide(s, d)
            laid = [p[0] for p in s.placements]
            zones = [a.split(" ")[-1] for a in d.actions]
            best = min(zones, key=lambda z: (laid.index(z.split(".")[0]), z.split(".")[1]))
            assert action.endswith(" " + best)
            return
    raise AssertionError("no deployment with a choice in the sample")


def test_every_rule_of_the_policy_has_its_words():
    for key in POLICY_KEYS:
        words = {lang: policy_text(key, lang) for lang in ("en", "ru", "uk")}
        assert len(set(words.values())) == 3 and all(w != key for w in words.values())
