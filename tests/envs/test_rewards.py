"""Dense rewards: every game offers one beside the outcome, a potential of the seat's view
measured as its rulebook measures progress; a step's reward is the potential's change, so a
game's rewards add up to the last potential less the first, plus the outcome."""

from __future__ import annotations

import random

import pytest

from wasteland.envs.base import Table, env_games

from .conftest import GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_a_dense_reward_with_its_anchor(game: str) -> None:
    rewards = env_games()[game].observer.rewards
    assert rewards
    for name, potential in rewards.items():
        assert potential.__doc__ and any(a in potential.__doc__ for a in ("SL §", "LO-", "FO-", "WQ-")), name


@pytest.mark.parametrize("game", GAMES)
def test_the_rewards_of_a_game_add_up_to_the_potential_gained_and_the_outcome(game: str) -> None:
    for name in env_games()[game].observer.rewards:
        for seed in range(3):
            table, rng = Table(game, reward=name), random.Random(seed)
            table.new(seed)
            first, total, steps = table.potentials()[0], 0.0, 0
            while table.outcome() is None and steps < 400:
                d = table.decision()
                total += table.play(rng.choice(table.legal(d.seat)))[0]
                steps += 1
            last = table.potentials()[0]
            assert -1.0 <= first <= 1.0 and -1.0 <= last <= 1.0
            won = 1.0 if table.outcome() is not None and 0 in table.outcome().winners else 0.0
            assert total == pytest.approx(last - first + won)


def potential(game: str, name: str, view: dict) -> float:
    return env_games()[game].observer.rewards[name](view)


def test_fallout_influence_is_the_share_of_the_target() -> None:
    view = {"seat": 1, "target": 10, "survivors": [{"seat": 0, "influence": 9}, {"seat": 1, "influence": 4}]}
    assert potential("fallout", "influence", view) == pytest.approx(0.4)  # FO-13.5
    assert potential("fallout", "influence", {**view, "survivors": [{"seat": 1, "influence": 12}]}) == 1.0


def test_age_of_thirst_eye_counts_its_circles() -> None:
    view = {"seat": 0, "players": [{"seat": 0, "eye": 2}, {"seat": 1, "eye": 0}]}
    assert potential("age-of-thirst", "eye", view) == pytest.approx(2 / 3)  # LO-13.1


def test_quest_explored_is_the_share_of_the_exploration_deck() -> None:
    view = {"explored": ["a", "b"], "decks": {"exploration": 6}}
    assert potential("quest", "explored", view) == pytest.approx(0.25)  # WQ-38.1


def test_saltlands_escape_counts_rumors_played_and_victory_cards() -> None:
    view = {"seat": 0, "rumors_played": ["r1", "r2", "r3"], "rumor_deck": 3,
            "players": [{"seat": 0, "hand": ["plants#1", "water#2"]}]}
    assert potential("saltlands", "escape", view) == pytest.approx(0.25 + 0.25)  # SL §113, SL §115
    view["players"][0]["hand"] += ["compass#2", "tools#1"]
    assert potential("saltlands", "escape", view) == pytest.approx(0.75)  # two count, no more
