"""Paired bot comparisons and the variant table of a simulation run (sim.compare)."""

from __future__ import annotations

import math

import pytest

from wasteland.core.registry import get_spec
from wasteland.sim.compare import bot_pairs, difference, head_to_head, option_tables, paired_difference
from wasteland.sim.report import wilson
from wasteland.sim.runner import columns

SPEC = get_spec("saltlands")


def row(bot: str, seed: int, won: bool, variants: str = "none", players: int = 1, rounds: int = 10,
        actions: int = 100, deaths: int = 2, expansion: str = "false") -> dict:
    values = {
        "game": seed, "players": players, "mode": "solo", "difficulty": "easy", "characters": "scout",
        "expansion": expansion, "variants": variants, "first_player": 0, "respawn_step": "sailer",
        "bot": bot, "seed": seed, "seats": players, "winners": "p1" if won else "", "won": int(won),
        "rounds": rounds, "actions": actions, "deaths": deaths, "eliminated": 0, "raiders_destroyed": 0,
        "rumors_played": 0, "end_reason": "", "order": "", "dealt": 0, "params": "",
    }
    assert tuple(values) == columns(SPEC)
    return values


def variant_table(rows):
    return option_tables(rows, SPEC)


def test_paired_difference_by_hand():
    # 10 games: both win 1, only a wins 3, only b wins 1, neither 5: a 4/10, b 2/10.
    a = [True, True, True, True, False, False, False, False, False, False]
    b = [True, False, False, False, True, False, False, False, False, False]
    diff, lo, hi = paired_difference(a, b)
    assert diff == pytest.approx(0.2)
    # Newcombe (1998) method 10, by hand from the two Wilson intervals
    l1, u1 = wilson(4, 10)
    l2, u2 = wilson(2, 10)
    phi = (1 * 5 - 3 * 1) / math.sqrt(4 * 6 * 2 * 8)
    below = math.sqrt((0.4 - l1) ** 2 - 2 * phi * (0.4 - l1) * (u2 - 0.2) + (u2 - 0.2) ** 2)
    above = math.sqrt((u1 - 0.4) ** 2 - 2 * phi * (u1 - 0.4) * (0.2 - l2) + (0.2 - l2) ** 2)
    assert (lo, hi) == pytest.approx((0.2 - below, 0.2 + above))
    assert lo < 0.2 < hi


def test_no_wins_on_either_side_still_gives_an_interval():
    diff, lo, hi = paired_difference([False] * 1000, [False] * 1000)
    assert diff == 0.0
    assert hi == pytest.approx(wilson(0, 1000)[1]) and lo == pytest.approx(-hi)


def test_rare_wins_of_one_side_only_are_a_real_difference():
    # the solo figures of the notes: 10/1000 against 0/1000 on the same seeds
    diff, lo, hi = paired_difference([k < 10 for k in range(1000)], [False] * 1000)
    assert diff == pytest.approx(0.01)
    assert 0.0 < lo < 0.01 < hi


def test_paired_difference_needs_the_same_games():
    with pytest.raises(ValueError, match="same"):
        paired_difference([True], [True, False])


def test_bot_pairs_match_games_by_seed_and_skip_lineups():
    rows = [row("heuristic", s, s < 3) for s in range(10)]
    rows += [row("random", s, s == 9) for s in reversed(range(10))]  # order must not matter
    rows += [row("heuristic+random", s, True) for s in range(10)]
    lines = bot_pairs(rows, SPEC)
    assert len(lines) == 2
    assert "heuristic 3/10 vs random 1/10" in lines[1]
    assert "heuristic - random = +0.2000" in lines[1]
    assert "only heuristic won 3, only random won 1" in lines[1]
    assert "heuristic+random" not in "".join(lines)


def test_bot_pairs_read_the_csv_text_too():
    rows = [{k: str(v) for k, v in row("a", s, s == 0).items()} for s in range(4)]
    rows += [{k: str(v) for k, v in row("b", s, False).items()} for s in range(4)]
    assert "a 1/4 vs b 0/4" in bot_pairs(rows, SPEC)[1]


def test_variant_table_puts_base_first_with_rates_and_lengths():
    rows = [row("heuristic", s, s < 2, "none", rounds=10, actions=100) for s in range(10)]
    rows += [row("heuristic", s, s < 5, "epic", rounds=12, actions=130) for s in range(10)]
    lines = variant_table(rows)
    assert lines[0].startswith("by variants against the game without (none; SL §148)")
    assert lines[1].strip() == "1p solo easy scout heuristic"
    assert lines[2].split()[0] == "none" and "2/10" in lines[2] and "rounds 10.00" in lines[2]
    assert lines[3].split()[0] == "epic" and "5/10" in lines[3] and "actions 130.0" in lines[3]
    # the change from the base game: win rate with its interval, rounds and actions
    diff, lo, hi = difference(5, 10, 2, 10)
    assert f"win rate +0.3000 [{lo:+.4f}, {hi:+.4f}]" in lines[3]
    assert "rounds +2.00  actions +30.0" in lines[3]
    assert "|" not in lines[2]


def test_difference_of_independent_rates_by_hand():
    # Newcombe (1998) method 10: 5/10 against 2/10 from separate games
    diff, lo, hi = difference(5, 10, 2, 10)
    l1, u1 = wilson(5, 10)
    l2, u2 = wilson(2, 10)
    assert diff == pytest.approx(0.3)
    assert lo == pytest.approx(0.3 - math.sqrt((0.5 - l1) ** 2 + (u2 - 0.2) ** 2))
    assert hi == pytest.approx(0.3 + math.sqrt((u1 - 0.5) ** 2 + (0.2 - l2) ** 2))
    # wider than the paired interval of the same rates when the games agree (phi > 0)
    a = [k < 5 for k in range(10)]
    b = [k < 2 for k in range(10)]
    _, plo, phi_ = paired_difference(a, b)
    assert lo < plo and phi_ < hi
    with pytest.raises(ValueError, match="both sides"):
        difference(1, 0, 1, 10)


def test_variant_table_is_empty_without_variants():
    assert variant_table([row("heuristic", s, False) for s in range(3)]) == []


def test_each_option_that_adds_to_the_game_gets_its_own_table_the_game_without_it_first():
    rows = [row("heuristic", s, False, "epic", expansion="true") for s in range(3)]
    rows += [row("heuristic", s, False, "none", expansion="true") for s in range(3)]
    rows += [row("heuristic", s, s < 1, "none", expansion="false") for s in range(3)]
    rows += [row("heuristic", s, False, "explorers_luck", expansion="true") for s in range(3)]
    lines = variant_table(rows)
    expansion = lines.index(next(ln for ln in lines if ln.startswith("by expansion")))
    variants = lines.index(next(ln for ln in lines if ln.startswith("by variants")))
    # the expansion against the game without it, where the variants match (none)
    assert [ln.split()[0] for ln in lines[expansion + 2:expansion + 4]] == ["false", "true"]
    assert "1/3" in lines[expansion + 2] and "| win rate -0.3333" in lines[expansion + 3]
    # the variants with the expansion: none first, then the others by name
    assert lines[variants + 1].strip() == "1p solo easy scout expansion heuristic"
    assert [ln.split()[0] for ln in lines[variants + 2:]] == ["none", "epic", "explorers_luck"]


def test_variant_table_without_the_base_game_prints_no_change():
    rows = [row("heuristic", s, s < 2, "epic") for s in range(4)]
    rows += [row("heuristic", s, False, "overkill") for s in range(4)]
    lines = variant_table(rows)
    assert len(lines) == 4 and not any("|" in line for line in lines)


def test_head_to_head_counts_won_seats_whatever_the_seating():
    # 2 players: "a+b" seats a in p1, "b+a" seats b in p1. a wins 3 seats, b 1; 6 games, 4 decided.
    games = [("a+b", "p1"), ("a+b", "p1"), ("a+b", ""), ("b+a", "p2"), ("b+a", "p1"), ("b+a", "")]
    rows = []
    for seed, (bot, winners) in enumerate(games):
        rows.append({**row(bot, seed, bool(winners), players=2), "winners": winners})
    rows += [row("a", 9, True, players=2)]  # not a lineup: left out
    lines = head_to_head(rows)
    lo, hi = wilson(3, 4)
    assert lines[1].strip() == f"a 3 vs b 1 won seats in 4 decided games: a 75.0% [{lo:.1%}, {hi:.1%}]"
    assert head_to_head([row("a", 1, True)]) == []
