"""The third game's options and seats through the terminal front end (Dry Well, see
conftest.py; test_cli.py plays it): a bad option value or an option it does not have is
one error naming the option and its rule; ``apply --seat pN`` acts as that seat."""

from __future__ import annotations

import json
import subprocess
import sys


def run(env, *args, stdin: str = ""):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", *args], capture_output=True, text=True,
                          timeout=120, env={**env, "COLUMNS": "120"}, input=stdin)


def test_watch_the_third_game_and_its_option_errors(third_game_env):
    out = run(third_game_env, "watch", "dry-well", "--option", "water=9", "--players", "3", "--seed", "5")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Result: winners: p" in out.stdout and "hauls" in out.stdout
    out = run(third_game_env, "watch", "dry-well", "--water", "99")
    assert out.returncode == 2
    assert "--water: 99 is out of range; it takes a whole number from 5 to 30 [DW-1]" in " ".join(out.stdout.split())
    out = run(third_game_env, "watch", "dry-well", "--mode", "coop")
    assert out.returncode == 2 and "--mode: not an option of Dry Well" in " ".join(out.stdout.split())


def test_apply_a_scenario_of_the_third_game(third_game_env, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('game = "dry-well"\nwater = 3\ncurrent = 1\nropes = [[2], [4]]\ndeck = [1]\n')
    out = run(third_game_env, "apply", str(path), "haul 2")
    assert out.returncode == 0, out.stdout + out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "dry-well" and data["decision"]["seat"] == "p1"
    assert data["decision"]["actions"] == ["haul 1"]  # one bucket left; the rope of 2 is too long (DW-3)
    out = run(third_game_env, "apply", str(path), "--seat", "p1", "haul 2")
    assert out.returncode == 1
    err = json.loads(out.stdout)
    assert err["rule"] == "DW-2" and "p1 cannot act now" in err["error"]
    out = run(third_game_env, "apply", str(path), "--seat", "p2", "haul 1")
    view = json.loads(out.stdout)["view"]
    assert view["seat"] == 1 and view["players"][1]["hand"] == [4] and "hand" not in view["players"][0]
