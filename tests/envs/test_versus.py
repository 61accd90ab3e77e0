"""OpenSpiel's IS-MCTS against our ISMCTS: a handful of games of the match (the report's few
hundred: ``wasteland versus fallout --games 300 --budget 10``), the same games whatever the
number of processes, and the command's tally and refusals."""

from __future__ import annotations

import json
import subprocess
import sys

from wasteland.cli.versus import summary
from wasteland.envs.openspiel import load
from wasteland.envs.versus import SIDES, match_options, parse_options, play_game, play_versus, results

GAME = "fallout"  # two seats that can each win (influence, FO-13.5), games a few hundred actions long


def test_a_handful_of_games_end_and_are_tallied() -> None:
    """Two games in two processes; a game in a worker process is the game played here."""
    tally = play_versus(GAME, games=2, budget=2, seed=11, jobs=2)
    assert tally["played"] == 2 == sum(tally[s] for s in SIDES)
    assert sum(tally["reasons"].values()) == 2 and all(tally["reasons"])  # every game ended, with its reason
    assert tally["actions"] > 3 and tally["options"] == match_options(GAME, {})
    text = "\n".join(summary(tally, "Fallout"))
    assert "seeds 11 to 12" in text and "95% interval" in text and "games played: 2" in text
    forked = list(results(GAME, 1, 2, 12, match_options(GAME, {}), jobs=2))  # seed 12 in a worker process
    alone = play_game(load(GAME, **match_options(GAME, {})), 0, 2, 12)
    assert alone["ours_seat"] == 0 and alone["reason"]  # seats by the seed: 12 is even
    assert [{k: v for k, v in r.items() if k != "cpu"} for r in forked] == [alone]


def test_options_are_parsed_and_bad_ones_refused() -> None:
    assert parse_options(["players=3", "fight=table", "flag=true"]) == {"players": 3, "fight": "table", "flag": True}
    run = [sys.executable, "-m", "wasteland.cli.main", "versus"]
    unknown = subprocess.run(run + ["chess", "--games", "1"], capture_output=True, text=True, timeout=120)
    assert unknown.returncode == 2 and "unknown game 'chess'" in unknown.stdout
    bad = subprocess.run(run + [GAME, "--games", "1", "--option", "players=9"], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and "bad option" in bad.stdout and "players" in bad.stdout
    assert "Traceback" not in unknown.stderr + bad.stderr


def test_a_trace_file_holds_every_game_and_replays_it(tmp_path) -> None:
    """The match traces (``--trace``): one JSON line a game; its actions, chance answers
    included, replayed on the OpenSpiel game from its root give the recorded returns."""
    path = tmp_path / "versus.jsonl"
    tally = play_versus(GAME, games=2, budget=2, seed=5, trace=path, turn_limit=4)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == tally["played"] == 2
    for record in records:
        g = load(GAME, **{k: v for k, v in record["parameters"].items() if k != "seed"}, seed=record["seed"])
        state = g.new_initial_state()
        for step in record["actions"]:
            assert state.current_player() == step["player"]
            assert state.action_to_string(step["player"], step["action"]) == step["action_str"]
            state.apply_action(step["action"])
        assert state.is_terminal() and state.returns() == record["returns"]
