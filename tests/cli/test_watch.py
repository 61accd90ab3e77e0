"""``wasteland watch`` as a person watches it: a fresh game each time (its seed printed,
so it can be watched again), the board drawn as the game goes, a pause after each action."""

from __future__ import annotations

import io
import re

from rich.console import Console

from wasteland.cli.watch import watch_command


def watch(**kwargs) -> str:
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    assert watch_command(console=console, **kwargs) == 0, out.getvalue()
    return out.getvalue()


def seed_of(text: str) -> int:
    return int(re.search(r"seed (\d+) \(watch it again with --seed \1\)", text).group(1))


def test_without_a_seed_each_watch_is_a_fresh_game_whose_seed_replays_it(tmp_path):
    seeds = {seed_of(watch(game="saltlands", players=1, quiet=True)) for _ in range(3)}
    assert len(seeds) > 1
    first, again = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    seed = seed_of(watch(game="saltlands", players=1, quiet=True, record=first))
    watch(game="saltlands", players=1, quiet=True, seed=seed, record=again)
    assert first.read_text() == again.read_text()


def test_the_board_is_drawn_as_the_game_goes_and_each_action_waits():
    waits: list[float] = []
    text = watch(game="saltlands", players=1, seed=3, delay=0.25, pause=waits.append)
    actions = int(re.search(r"; (\d+) actions;", text).group(1))
    assert waits == [0.25] * actions
    assert text.count("rumor marker") >= 3, text[:3000]  # the board's legend, once per drawing
    assert re.search(r"p1 \(\w+\): ", text)  # who played what


def test_fast_and_quiet_never_wait_and_a_negative_delay_is_refused():
    waits: list[float] = []
    watch(game="saltlands", players=1, seed=3, delay=0.0, pause=waits.append)
    watch(game="saltlands", players=1, seed=3, quiet=True, pause=waits.append)
    assert waits == []
    out = io.StringIO()
    assert watch_command("saltlands", seed=3, delay=-1, console=Console(file=out)) == 2
    assert "--delay" in out.getvalue()
