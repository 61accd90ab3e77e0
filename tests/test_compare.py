"""Paired bot comparisons and the variant table of a simulation run (sim.compare)."""

from __future__ import annotations

import math

import pytest

from wasteland.sim.compare import bot_pairs, paired_difference, variant_table
from wasteland.sim.runner import COLUMNS


def row(bot: str, seed: int, won: bool, variant: str = "base", players: int = 1, rounds: int = 10,
        actions: int = 100, deaths: int = 2) -> tuple:
    values = {
        "game": seed, "players": players, "mode": "solo", "difficulty": "easy", "characters": "scout",
        "bot": bot, "seed": seed, "winners": "p1" if won else "", "won": int(won), "rounds": rounds,
        "actions": actions, "deaths": deaths, "eliminated": 0, "raiders_destroyed": 0,
        "rumors_played": 0, "end_reason": "", "variant": variant, "order": "",
    }
    return tuple(values[c] for c in COLUMNS)


def test_paired_difference_by_hand():
    # 10 games: a wins 4 (3 alone), b wins 2 (1 alone): difference 0.2.
    a = [True, True, True, True, False, False, False, False, False, False]
    b = [True, False, False, False, True, False, False, False, False, False]
    diff, lo, hi = paired_difference(a, b)
    assert diff == pytest.approx(0.2)
    # per-game differences: three +1, one -1, six 0: variance 4/10 - 0.04 = 0.36
    half = 1.959963984540054 * math.sqrt(0.36 / 10)
    assert (lo, hi) == pytest.approx((0.2 - half, 0.2 + half))


def test_paired_difference_needs_the_same_games():
    with pytest.raises(ValueError, match="same"):
        paired_difference([True], [True, False])


def test_bot_pairs_match_games_by_seed_and_skip_lineups():
    rows = [row("heuristic", s, s < 3) for s in range(10)]
    rows += [row("random", s, s == 9) for s in reversed(range(10))]  # order must not matter
    rows += [row("heuristic+random", s, True) for s in range(10)]
    lines = bot_pairs(rows)
    assert len(lines) == 2
    assert "heuristic 3/10 vs random 1/10" in lines[1]
    assert "heuristic - random = +0.2000" in lines[1]
    assert "only heuristic won 3, only random won 1" in lines[1]
    assert "heuristic+random" not in "".join(lines)


def test_bot_pairs_read_the_csv_text_too():
    rows = [tuple(str(v) for v in row("a", s, s == 0)) for s in range(4)]
    rows += [tuple(str(v) for v in row("b", s, False)) for s in range(4)]
    assert "a 1/4 vs b 0/4" in bot_pairs(rows)[1]


def test_variant_table_puts_base_first_with_rates_and_lengths():
    rows = [row("heuristic", s, s < 2, "base", rounds=10, actions=100) for s in range(10)]
    rows += [row("heuristic", s, s < 5, "epic", rounds=12, actions=130) for s in range(10)]
    lines = variant_table(rows)
    assert lines[1].strip() == "1p solo easy heuristic"
    assert lines[2].split()[0] == "base" and "2/10" in lines[2] and "rounds 10.00" in lines[2]
    assert lines[3].split()[0] == "epic" and "5/10" in lines[3] and "actions 130.0" in lines[3]


def test_variant_table_is_empty_without_variants():
    assert variant_table([row("heuristic", s, False) for s in range(3)]) == []
