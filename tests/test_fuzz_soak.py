"""The soak (``wasteland soak``): a short run of every registered game finds no failure, and
its checks do catch a state that does not survive its JSON round trip."""

from __future__ import annotations

import subprocess
import sys

import pytest

from wasteland.core.registry import registered_games
from wasteland.sim.soak import SoakReport, option_sets, soak_game


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_a_short_soak_of_every_game_finds_nothing(name):
    spec = registered_games()[name]
    sets = option_sets(spec)
    assert sets and all(isinstance(c, dict) for c in sets)
    report = SoakReport(name, max_actions=150)
    for number, config in enumerate(sets[:: max(1, len(sets) // 4)][:4]):
        soak_game(spec, config, number, report, max_actions=150)
    assert report.games >= 1 and report.actions > 0 and report.offered >= report.actions
    assert report.failures == 0, "\n".join(f.line() for f in report.kept)


def test_the_soak_reports_a_state_that_loads_differently(monkeypatch):
    spec = registered_games()["saltlands"]
    game = spec.engine
    original = type(game).from_json

    def forgetful(self, data):  # loses the discard pile: the round trip must notice
        state = original(self, data)
        state.damage_discard = []
        return state

    state = game.new_game({"players": 1}, 1)
    assert hasattr(state, "damage_discard")
    monkeypatch.setattr(type(game), "from_json", forgetful)
    report = SoakReport("saltlands", max_actions=400)
    soak_game(spec, {"players": 1}, 1, report, max_actions=400)
    assert report.failures > 0 and any(f.check == "json round trip" for f in report.kept)


def test_the_soak_command_prints_its_figures():
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "soak", "saltlands", "--minutes", "0.05",
                          "--max-actions", "100"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "saltlands:" in out.stdout and "games" in out.stdout and "0 failures" in out.stdout
