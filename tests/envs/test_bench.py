"""``wasteland bench`` prints the environment's figure beside the raw engine's, with a step's
cost split (figures are printed, never asserted); the loop and the null environment."""

import re
import subprocess
import sys

from pettingzoo.test import api_test
from pettingzoo.utils import wrappers

from wasteland.envs.bench import NullEnv, benchmark_loop, our_parts, pettingzoo_rates
from wasteland.envs.pettingzoo import env

from .conftest import GAMES


def test_bench_prints_the_environment_figure() -> None:
    game = GAMES[-1]
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "bench", "--quick", "--games", "2", "--game", game],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    assert re.search(r"PettingZoo performance_benchmark: [\d,]+ steps/s beside [\d,]+ raw actions/s → "
                     r"environment overhead -?[\d,]+% \(aim: under 30%\); a step's [\d,]+ µs: the engine [\d,]+ µs, "
                     r"PettingZoo's loop with the agent's scan of the [\d,]+-index mask [\d,]+ µs \(a null environment "
                     r"of the same spaces: [\d,]+ steps/s\), our environment -?[\d,]+ µs \([+-][\d,]+% of the engine: the "
                     r"tensor -?[\d,.]+ µs, the legal indices and mask with the table's bookkeeping -?[\d,.]+ µs, "
                     r"each the difference of two loops over random games, PettingZoo's API the rest\); the loop "
                     r"alone is [\d,]+% of the engine", text), text


def test_the_null_environment_is_a_pettingzoo_environment() -> None:
    api_test(wrappers.OrderEnforcingWrapper(NullEnv(2, 5, 40, legal=3, length=30)), num_cycles=40)


def test_the_loop_steps_every_game_and_the_null_one() -> None:
    assert benchmark_loop(env(GAMES[0]), 0.05) > 0
    rates = pettingzoo_rates(GAMES[0], {"players": 1}, 0.05)
    assert rates is not None and all(r > 0 for r in rates[:2]) and rates[2] > 0
    assert pettingzoo_rates("no-such-game", {}, 0.05) is None


def test_our_parts_are_measured_for_a_game() -> None:
    parts = our_parts(GAMES[0], {"players": 1}, 0.06)
    assert len(parts) == 2 and all(isinstance(p, float) for p in parts)
