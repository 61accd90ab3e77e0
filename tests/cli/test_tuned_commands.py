"""``--params FILE`` on apply, ladder, bench and versus (``wasteland.cli.tuned``): the tuned
numbers change what each command does, a bad file is one clear error naming the parameter
and its range (never a traceback, nothing played), serve refuses a set with one
line saying why (the companion takes one only for the sessions its terminal starts)."""

import json
import re
import subprocess
import sys

import pytest

BAD = "target_1p must be a whole number from 4 to 16 (FO-13.5"
BAD_SALT = "solo_stack_cards must be a whole number from 6 to 9 (SL §121"


def wasteland(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout)


@pytest.fixture
def files(tmp_path):
    def write(name: str, text: str) -> str:
        (tmp_path / name).write_text(text, encoding="utf-8")
        return str(tmp_path / name)
    return write


def test_apply_sets_up_the_scenario_with_the_tuned_numbers(files):
    scenario = files("s.toml", 'game = "saltlands"\n[config]\nplayers = 1\ndifficulty = "normal"\n')
    own = wasteland("apply", scenario)
    tuned = wasteland("apply", scenario, "--params", files("p.toml", "solo_stack_cards = 6\n"))
    assert own.returncode == 0 and tuned.returncode == 0, own.stderr + tuned.stderr
    # SL §121: a solo damage stack of nine cards, tuned to its first six
    assert {len(s) for s in json.loads(own.stdout)["state"]["damage_stacks"].values()} == {9}
    answer = json.loads(tuned.stdout)
    assert {len(s) for s in answer["state"]["damage_stacks"].values()} == {6}
    assert answer["params"] == {"solo_stack_cards": 6}


def test_apply_answers_a_bad_file_with_one_json_error(files):
    scenario = files("s.toml", 'game = "saltlands"\n[config]\nplayers = 1\n')
    out = wasteland("apply", scenario, "end", "--params", files("bad.toml", "solo_stack_cards = 60\n"))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    answer = json.loads(out.stdout)
    assert set(answer) == {"error", "rule"} and answer["rule"] == "params" and BAD_SALT in answer["error"]


def test_ladder_plays_every_match_with_the_tuned_numbers(files, tmp_path):
    tuned = files("f.toml", "target_1p = 4\n")
    args = ["ladder", "fallout", "--players", "1", "--bots", "random,heuristic", "--games", "3"]
    own = wasteland(*args)
    assert own.returncode == 0, own.stderr
    assert "influence 4 reached" not in own.stdout and "tuned numbers" not in own.stdout
    for jobs in ("1", "2"):  # the worker processes play with the set too
        out = wasteland(*args, "--jobs", jobs, "--params", tuned)
        assert out.returncode == 0, out.stderr
        assert "tuned numbers: target_1p=4" in out.stdout
        assert "ended: influence 4 reached" in out.stdout  # FO-13.5 at the tuned target
    traced = wasteland(*args, "--params", tuned, "--trace", str(tmp_path / "t.jsonl"))
    assert traced.returncode == 0, traced.stderr
    lines = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 6 and all(m["params"] == {"target_1p": 4} for m in lines)


def test_bench_measures_the_tuned_game(files):
    args = ["bench", "--game", "fallout", "--quick", "--games", "5"]
    own = wasteland(*args, timeout=300)
    tuned = wasteland(*args, "--params", files("f.toml", "target_1p = 4\n"), timeout=300)
    assert own.returncode == 0 and tuned.returncode == 0, own.stderr + tuned.stderr

    def per_game(text: str) -> str:  # the solo random games' actions per game: seeded, so exact
        return re.search(r"1 player\(s\), random:.*?(\d+)\s+actions\s+per\s+game", text, re.S).group(1)

    assert "tuned numbers: target_1p=4" in tuned.stdout and "tuned numbers" not in own.stdout
    assert int(per_game(tuned.stdout)) < int(per_game(own.stdout))  # the solo games end sooner


def test_bench_takes_a_set_for_one_game_only(files):
    tuned = files("f.toml", "target_1p = 4\n")
    for args in (["bench"], ["bench", "--game", "fallout", "--game", "quest"], ["bench", "server"]):
        out = wasteland(*args, "--params", tuned)
        assert out.returncode == 2 and "Traceback" not in out.stdout + out.stderr
        assert "exactly one --game" in out.stdout.replace("\n", " ")


def test_versus_plays_with_the_tuned_numbers(files):
    out = wasteland("versus", "fallout", "--games", "1", "--budget", "3", "--every", "0",
                    "--params", files("f.toml", "target_2p = 4\n"))
    assert out.returncode == 0, out.stderr
    assert "tuned numbers: target_2p=4" in out.stdout
    assert "ended: influence 4 reached" in out.stdout  # the game's own target for two is 10 (FO-13.5)


@pytest.mark.parametrize("command", [
    ["apply", "S"], ["ladder", "fallout"], ["bench", "--game", "fallout"], ["versus", "fallout"],
])
def test_a_bad_file_is_one_clear_error_before_anything_is_played(files, command):
    bad = files("bad.toml", "target_1p = 40\n")
    scenario = files("s.toml", 'game = "fallout"\n')
    out = wasteland(*[scenario if a == "S" else a for a in command], "--params", bad)
    said = out.stdout + out.stderr
    assert out.returncode in (1, 2) and "Traceback" not in said
    assert BAD in said and "actions" not in said.replace('"actions"', "")


def test_a_server_refuses_a_set_with_one_line_why(files):
    out = wasteland("serve", "--port", "0", "--params", files("f.toml", "target_1p = 4\n"), timeout=30)
    said = out.stdout
    assert out.returncode == 2 and "Traceback" not in said + out.stderr
    assert "serve --params: refused" in said and "given when the game is created" in said.replace("\n", " ")


def test_the_companion_takes_a_set_only_for_the_terminals_sessions_of_one_game(files, tmp_path):
    good = files("f.toml", "target_1p = 4\n")
    for args in (["companion"], ["companion", "fallout"], ["companion", "--terminal"]):
        out = wasteland(*args, "--port", "0", "--db", str(tmp_path / "c.db"), "--params", good, timeout=30)
        said = out.stdout.replace("\n", " ")
        assert out.returncode == 2 and "Traceback" not in said + out.stderr
        assert "give the game and --terminal" in said and "'Tuned numbers'" in said
    out = wasteland("companion", "fallout", "--terminal", "--port", "0", "--db", str(tmp_path / "c.db"),
                    "--params", files("bad.toml", "target_1p = 40\n"), timeout=30)
    assert out.returncode == 2 and BAD in out.stdout.replace("\n", " ") and "Traceback" not in out.stdout + out.stderr
    assert not (tmp_path / "c.db").exists()  # refused before anything started
