"""The throwaway third game, Dry Well, built from docs/adding-a-game.md alone
(``third_game_site`` in tests/conftest.py) and installed the way a game from another
distribution is: its folder, with a dist-info registering it in the ``wasteland.games``
group, put on PYTHONPATH of the programs the tests start (the CLI, the server, a pytest
run)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def third_game_env(third_game_site: Path) -> dict[str, str]:
    """The environment of a program that sees the third game."""
    path = os.pathsep.join(p for p in (str(third_game_site), os.environ.get("PYTHONPATH", "")) if p)
    return dict(os.environ, PYTHONPATH=path)
