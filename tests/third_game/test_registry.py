"""The third game is found through the registry, and the conformance suite covers it
without a line of the suite changed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(env, *code_or_args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *code_or_args], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def test_the_registry_lists_the_third_game(third_game_env):
    out = run(third_game_env, "-c", "from wasteland.core.registry import registered_games as r; print(sorted(r()))")
    assert out.returncode == 0, out.stderr
    names = eval(out.stdout)  # a printed list of names
    assert "dry-well" in names and len(names) >= 3


def test_the_conformance_suite_covers_the_third_game(third_game_env):
    out = run(third_game_env, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
              "tests/conformance", "-k", "dry-well", timeout=600)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", out.stdout).group(1))
    # the anchor, hidden-information and playout tests, each for every recorded game of it
    assert passed >= 20, out.stdout[-2000:]
    assert "skipped" not in out.stdout
