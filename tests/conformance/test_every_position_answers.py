"""Every reachable position answers (issue 27): random games of every registered game, in
digital play and at a table (the table answering every chance point, so positions waiting
on chance are among them), each position written as the game's JSON and, where the game
writes them, as its scenario text; for each, every seat's view (the spectator's and the
chance seat's too) and ``wasteland apply FILE --seat pN`` (the CLI's own code path, in
process) must answer: no traceback, valid JSON.

A bounded slice runs every time (a short game of each mode per game, every position of
it); ``WASTELAND_FUZZ_LONG=1`` plays more and longer games. Nothing here names a game.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from wasteland.cli.apply import apply_command
from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.registry import registered_games

GAMES = sorted(registered_games())
LONG = bool(os.environ.get("WASTELAND_FUZZ_LONG"))
SEEDS = range(3) if LONG else range(1)
STEPS = 150 if LONG else 30  # actions per game; every position on the way is checked
APPLY_EVERY = 2 if LONG else 3  # ``wasteland apply`` on every n-th position (views on all)


def _modes(game: Any) -> list[bool]:
    """Digital play, and at a table where the game lets the table answer chance."""
    return [False, True] if hasattr(game, "with_table_chance") else [False]


def _start(spec: Any, seed: int, table: bool) -> Any:
    game = spec.engine
    config = spec.validate({"players": spec.max_players if seed % 2 else spec.min_players}
                           if spec.option("players") else {})
    if not table:
        return game.new_game(config, seed)
    at_table = getattr(game, "new_game_at_table", None)
    return at_table(config, seed)[0] if at_table else game.with_table_chance(game.new_game(config, seed))


def _seats(game: Any, state: Any) -> list[int | None]:
    return [None, CHANCE_SEAT, *range(game.seats(state))]


def _apply_cli(path: Path, seat: str) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = apply_command(path, [], seat)
    answer = json.loads(out.getvalue())
    assert code in (0, 1), code
    return answer


def _check_position(spec: Any, state: Any, tmp: Path, with_cli: bool, where: str) -> None:
    game = spec.engine
    loaded = game.from_json(json.loads(json.dumps(game.to_json(state))))
    for s in (state, loaded):
        for seat in _seats(game, s):
            json.dumps(game.view(s, seat))
    if not spec.scenario_writer:
        return
    text = spec.write_scenario(state)
    read = spec.load_scenario(text, where)
    for seat in _seats(game, read):
        json.dumps(game.view(read, seat))
    if not with_cli:
        return
    path = tmp / "position.toml"
    path.write_text(text, encoding="utf-8")
    for seat in range(game.seats(state)):
        answer = _apply_cli(path, f"p{seat + 1}")
        assert "error" not in answer, (where, seat, answer)
        assert answer["view"]["seat"] == seat, where


@pytest.mark.parametrize("name", GAMES)
def test_every_position_of_random_games_is_viewed_and_applied_by_every_seat(name, tmp_path):
    spec = registered_games()[name]
    game = spec.engine
    checked = {False: 0, True: 0}
    waiting_on_the_table = 0
    for table in _modes(game):
        for seed in SEEDS:
            state = _start(spec, seed, table)
            choose = random.Random(seed)
            met = False
            for step in range(STEPS * 10):
                if step >= STEPS and (met or not table):
                    break  # at a table, on until a position waits on the table's answer
                where = f"{name} seed {seed} {'table' if table else 'digital'} step {step}"
                _check_position(spec, state, tmp_path, step % APPLY_EVERY == 0, where)
                checked[table] += 1
                d = game.decision(state)
                if d is None:
                    break
                met = met or d.seat == CHANCE_SEAT
                waiting_on_the_table += d.seat == CHANCE_SEAT
                state, _ = game.apply(state, choose.choice(d.actions))
    assert checked[False] > 0
    if hasattr(game, "with_table_chance") and spec.capabilities.chance:
        assert checked[True] > 0 and waiting_on_the_table > 0, "no position waited on the table"
