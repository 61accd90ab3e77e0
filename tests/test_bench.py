"""``wasteland bench`` as a user runs it: every installed game's figures, each with its
ratio to the anchor measured in the same run (figures are printed, never asserted)."""

import re
import subprocess
import sys

from wasteland.core.registry import get_spec, registered_games
from wasteland.sim.bench import config_for, connect_four, player_counts, random_games


def test_bench_prints_the_figures_of_every_installed_game():
    """The quick bench: every figure of every game, each from a short measure (a few CPU
    seconds in all)."""
    out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "bench", "--quick", "--games", "2"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())  # rich wraps long lines
    assert re.search(r"anchor A: Connect Four random playouts in plain Python: [\d,]+ actions/s", text), text
    for spec in registered_games().values():
        t = re.escape(spec.title)
        for players in player_counts(spec):
            assert re.search(rf"{t} {players} player\(s\), random: \d+ games, \d+ actions in [\d.]+ s → [\d,]+ "
                             rf"actions/s \(×A [\d.]+", text), (spec.name, text)
            assert f"{spec.title} state copy ({players}p, mid-game)" in text
        assert f"{spec.title} peak traced memory" in text
        if spec.actions and spec.observation:
            assert re.search(rf"{t} {player_counts(spec)[0]} player\(s\), PettingZoo performance_benchmark: [\d,]+ "
                             r"steps/s beside [\d,]+ raw actions/s", text), (spec.name, text)
        most = player_counts(spec)[-1]
        assert re.search(rf"{t} ISMCTS, {most} players, tree search with random play-outs: [\d,]+ iterations/s "
                         r"\([\d.]+ per 1,000 A\)", text), (spec.name, text)
        guided = f"{spec.title} ISMCTS, {most} players, guided by the game's search guide"
        assert (guided in text) == bool(spec.guide)
        if spec.bot(spec.default_bot) is not None:
            assert re.search(rf"{t} {spec.default_bot} bot, \d player\(s\): \d+ games in [\d.]+ s", text)
            assert re.search(rf"{t}: {spec.default_bot} bot games/s ÷ random games/s, \dp \(aim ≥ 1/20\): "
                             r"1/[\d.]+ [✓✗]", text), (spec.name, text)
    assert "issue 29 aims" in text and "server CPU per action ÷ the engine's (aim ≤ 5×)" in text


def test_bench_of_one_game_and_of_an_unknown_one():
    # the quick measures: which games are measured is the point here, not the figures (the
    # full bench of one game took 28 CPU seconds)
    one = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "bench", "--quick", "--games", "2",
                          "--game", "saltlands"], capture_output=True, text=True, timeout=600)
    assert one.returncode == 0, one.stderr
    assert "Saltlands 1 player(s), random" in one.stdout and "Age of Thirst" not in one.stdout
    bad = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "bench", "--game", "chess"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "unknown game 'chess'" in bad.stdout and "Traceback" not in bad.stderr


def test_the_bench_plays_with_the_simulation_endings():
    """Random play of Age of Thirst by the rulebook alone can go on for hundreds of thousands
    of actions (buying and losing tokens); the bench plays with the game's simulation
    endings (a draw after 100 turns without change, a dead position), so it never waits on
    an endless game."""
    spec = get_spec("age-of-thirst")
    game = spec.engine
    config = config_for(spec, 4)
    assert spec.simulation and all(config[k] == v for k, v in spec.simulation.items()), config
    _seconds, actions, played = random_games(game, config, 2)
    assert played == 2 and actions > 0


def test_the_anchor_plays_whole_games():
    seconds, actions = connect_four(seconds=0.05)
    assert seconds >= 0.05 and actions >= 7  # at least one game: four in a row takes seven drops


def test_the_aims_of_issue_29_beside_their_figures():
    """Each aim of issue 29 is printed beside the figure of the same run, met or not."""
    from wasteland.sim.bench import aims

    spec = get_spec("saltlands")
    figures = {"backgammon": 100_000.0, "saltlands aps1": 50_000.0, "saltlands aps4": 120_000.0,
               "saltlands random games/s1": 800.0, "saltlands heuristic games/s": 50.0,
               "saltlands env ours1": 0.25, "saltlands ismcts guided": 400.0}
    lines = aims(figures, [spec], server={"cpu_us": 300.0, "engine_us": 50.0})
    text = "\n".join(lines)
    assert "random play ÷ backgammon (aim ≥ 1.0): 1p 0.50 ✗, 4p 1.20 ✓" in text
    assert "heuristic bot games/s ÷ random games/s, 1p (aim ≥ 1/20): 1/16.0 ✓" in text
    assert "(aim ≤ 30%): 25% ✓" in text
    assert "400 iterations/s ✗, 4.00 per 1,000 backgammon actions" in text
    assert "300 µs ÷ 50 µs = 6.0× ✗" in text
    assert "not measured" in "\n".join(aims(figures, [spec]))
