"""The throwaway third game (``dry_well/`` beside this file), installed the way a game
from another distribution is: copied into a temporary folder with its own dist-info whose
``entry_points.txt`` registers it in the ``wasteland.games`` group, and that folder put on
PYTHONPATH of the programs the tests start (the CLI, the server, a pytest run)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

HERE = Path(__file__).parent
ENTRY_POINTS = "[wasteland.games]\ndry-well = dry_well.spec:SPEC\n"
METADATA = "Metadata-Version: 2.1\nName: dry-well\nVersion: 0.1\n"


@pytest.fixture(scope="session")
def third_game_site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site")
    shutil.copytree(HERE / "dry_well", site / "dry_well", ignore=shutil.ignore_patterns("__pycache__"))
    info = site / "dry_well-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(METADATA, encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    return site


@pytest.fixture(scope="session")
def third_game_env(third_game_site) -> dict[str, str]:
    """The environment of a program that sees the third game."""
    path = os.pathsep.join(p for p in (str(third_game_site), os.environ.get("PYTHONPATH", "")) if p)
    return dict(os.environ, PYTHONPATH=path)
