"""``wasteland bench`` prints PettingZoo's performance_benchmark beside the raw engine figure
(figures are printed, never asserted)."""

import re
import subprocess
import sys

from .conftest import GAMES


def test_bench_prints_the_environment_figure() -> None:
    game = GAMES[-1]
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "bench", "--games", "2", "--game", game],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert re.search(r"PettingZoo performance_benchmark: [\d,]+ steps/s beside [\d,]+ raw actions/s → "
                     r"environment overhead -?[\d,]+% \(aim: under 30%\)", text), text
