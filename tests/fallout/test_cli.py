"""The Fallout round end through the command line (the registry alone)."""

import json
import subprocess
import sys

import pytest

from .test_scenario import POSITION


def test_wasteland_apply_prints_each_enemys_action_with_its_reason(tmp_path):
    path = tmp_path / "pos.toml"
    path.write_text(POSITION)
    run = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "apply", str(path), "resolve",
                          "step super_mutant#1 crater"],
                         capture_output=True, text=True, timeout=120)
    if "fallout" not in run.stdout + run.stderr and run.returncode != 0:
        pytest.fail(f"wasteland apply cannot read a fallout position yet: {run.stdout} {run.stderr}")
    out = json.loads(run.stdout)
    moves = [e for e in out["events"] if e["type"] == "enemy_moves"]
    assert moves and moves[0]["target"] == 1 and moves[0]["tie_break"] and moves[0]["distance"] == 2


def test_wasteland_watch_plays_a_game_to_its_end():
    run = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "watch", "fallout", "--players", "3",
                          "--seed", "4", "--quiet"], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Result: winners: p" in run.stdout and "influence 9 reached" in run.stdout


def test_wasteland_apply_refuses_a_bad_position_with_one_error(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(POSITION.replace('space = "robco_factory"', 'space = "diamond_city"'))
    run = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "apply", str(path)],
                         capture_output=True, text=True, timeout=120)
    out = json.loads(run.stdout)
    assert "enemy 2.space" in out["error"] and "diamond_city" in out["error"] and "Traceback" not in run.stderr
