"""``scripts/profile_action.py``: where an action's time goes (issue 29), as the next person
runs it: the per-phase figures, the modules and the functions, sampled or by cProfile."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("profile_action", ROOT / "scripts" / "profile_action.py")
profile_action = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(profile_action)


def test_random_play_by_phase_and_by_module(capsys):
    profile_action.main(["fallout", "--games", "2", "--top", "5", "--cprofile"])
    out = capsys.readouterr().out
    for phase in ("apply_in_place", "decision (legal actions)", "state copy", "view, deciding seat", "view, spectator"):
        assert re.search(rf"  {re.escape(phase)} +[\d.]+\n", out), (phase, out)
    assert "own time by module:" in out and "costliest functions (own time):" in out
    assert re.search(r"\d+\.\d%  wasteland\.games\.fallout\.", out), out


def test_a_bot_sampled(capsys):
    """The sampler's figures are shares of its samples (how many it took is printed; a
    short run may take few), and the inclusive list shows what each function calls."""
    profile_action.main(["quest", "--bot", "heuristic", "--games", "1", "--top", "5"])
    out = capsys.readouterr().out
    assert re.search(r"profile \([\d,]+ samples\) of 1 games of the heuristic bot", out), out
    assert "costliest functions with what they call (inclusive time):" in out


def test_module_names():
    assert profile_action.module_of("/x/src/wasteland/games/saltlands/turn.py") == "wasteland.games.saltlands.turn"
    assert profile_action.module_of("~") == "(built-ins)"
    assert profile_action.module_of("/usr/lib/python3.11/site-packages/numpy/core.py") == "numpy (third party)"
