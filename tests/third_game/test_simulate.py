"""The third game in the balance simulator: a sweep over its own options (player counts
and the size of the well), played by random bots, summarized and written out."""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_simulate_sweeps_the_third_games_options(third_game_env, tmp_path):
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "simulate", "dry-well", "--games", "12",
                          "--players", "2,3", "--water", "6,11", "--workers", "1", "--no-progress",
                          "--out", str(tmp_path / "run")],
                         env=third_game_env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    with (tmp_path / "run" / "games.csv").open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 4 * 12  # 2 player counts x 2 wells x 12 games
    assert {(r["players"], r["water"]) for r in rows} == {("2", "6"), ("2", "11"), ("3", "6"), ("3", "11")}
    assert all(r["end_reason"].endswith("(DW-4)") for r in rows)
    assert "dry-well" in out.stdout.lower() or "dry well" in out.stdout.lower()
