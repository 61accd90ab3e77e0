"""docs/adding-a-game.md is enough to add a game: the third game of these tests is built
from the guide's code blocks alone (``third_game_site``), and the guide's checks pass on it
(the conformance suite: test_registry.py; the front ends: the other tests here and
tests/web/test_third_game.py; the golden records: below). An in-tree game needs one line
of pyproject.toml: its entry point."""

from __future__ import annotations

import fnmatch
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_guide_writes_every_module_of_the_skeleton(third_game_site):
    written = sorted(p.name for p in (third_game_site / "dry_well").glob("*.py"))
    assert written == ["__init__.py", "engine.py", "game.py", "scenario.py", "spec.py", "state.py", "view.py"]


def test_the_guides_golden_records_are_written_and_hold(third_game_env, tmp_path):
    """Step 9.2 of the guide, in a copy of tests/golden (the repository's folder is left alone)."""
    golden = tmp_path / "golden"
    golden.mkdir()
    shutil.copy(ROOT / "tests" / "golden" / "test_golden.py", golden / "test_golden.py")
    wrote = subprocess.run([sys.executable, str(golden / "test_golden.py"), "dry-well"], env=third_game_env,
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert wrote.returncode == 0, wrote.stderr[-2000:]
    assert list((golden / "dry-well").glob("*.jsonl"))
    held = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly",
                           str(golden / "test_golden.py"), "-k", "dry-well"], env=third_game_env, cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert held.returncode == 0, held.stdout[-3000:] + held.stderr[-2000:]
    assert " passed" in held.stdout and "skipped" not in held.stdout and "failed" not in held.stdout


def test_an_in_tree_game_is_registered_by_its_entry_point_alone():
    """pyproject.toml names no game outside its entry points: every game's data files are
    shipped by the globs that hold for every package."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    package_data = project["tool"]["setuptools"]["package-data"]
    assert not [key for key in package_data if key.startswith("wasteland.games")]
    globs = package_data["*"]
    for game in sorted((ROOT / "src" / "wasteland" / "games").iterdir()):
        if not (game / "__init__.py").exists():
            continue
        for path in game.rglob("*"):
            if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts:
                relative = path.relative_to(game).as_posix()
                assert any(fnmatch.fnmatch(relative, g) for g in globs), f"{game.name}: {relative} is not shipped"
