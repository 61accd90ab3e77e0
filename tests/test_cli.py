"""The wasteland command, run as a user runs it (a real subprocess)."""

import json
import re
import subprocess
import sys

import pytest

SCENARIO = """
game = "saltlands"
seed = 7
[config]
players = 1
characters = ["scout"]

[[player]]
seat = "p1"
hex = "0,0"
hand = ["axe"]
vehicle = "speedster_vehicle"

[[raider]]
type = "pickup"
hex = "1,0"
crew = 2
"""


def run(*args):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", *args], capture_output=True, text=True,
                          timeout=300)


def test_watch_plays_a_full_game_and_prints_the_result(tmp_path):
    record = tmp_path / "g.jsonl"
    out = run("watch", "saltlands", "--players", "2", "--seed", "4", "--fast", "--record", str(record))
    assert out.returncode == 0, out.stderr
    assert "Result:" in out.stdout and "Round 1" in out.stdout
    assert record.read_text().count("\n") > 5


def test_simulate_prints_a_win_rate_line():
    out = run("simulate", "saltlands", "--games", "4", "--players", "3", "--seed", "5")  # the heuristic plays: few games
    assert out.returncode == 0, out.stderr
    line = next(ln for ln in out.stdout.splitlines() if ln.startswith("win rate: "))
    assert 0.0 <= float(line.split(": ")[1]) <= 1.0


def test_apply_prints_state_events_and_decision(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO)
    out = run("apply", str(path), "use axe#1 by scout at 1,0")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["decision"]["seat"] == "p1" and data["decision"]["kind"] == "turn"
    # SL §86: the Axe's 2 normal damage minus the Pickup's 1 armor costs it 1 crew.
    hit = next(e for e in data["events"] if e["type"] == "attack_raider")
    assert (hit["damage"], hit["hits"]) == (2, 1)
    assert any(r[1:] == ["pickup", data["state"]["raiders"][0][2], 1] for r in data["state"]["raiders"])


def test_apply_names_the_table_when_a_chance_answer_waits(tmp_path):
    """A position waiting on the table's chance answer: the decision is the table's, not a
    seat's ("p0" was seat -1 plus one)."""
    from wasteland.core.chance import CHANCE_SEAT
    from wasteland.core.registry import get_spec

    spec = get_spec("fallout")
    game = spec.engine
    s = game.with_table_chance(game.new_game({"players": 1}, 1))
    while game.decision(s).seat != CHANCE_SEAT:
        s, _events = game.apply(s, game.decision(s).actions[0])
    path = tmp_path / "table.toml"
    path.write_text(spec.write_scenario(s))
    data = json.loads(run("apply", str(path)).stdout)
    assert data["decision"]["seat"] == "table" and data["decision"]["kind"] == "chance"
    out = run("apply", str(path), "--seat", "p1", "end")
    err = json.loads(out.stdout)
    assert out.returncode == 1 and "is the table's" in err["error"], err


def test_apply_reports_an_illegal_action_with_exit_code_1(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO)
    out = run("apply", str(path), "use axe#1 by scout at 1,0", "use axe#1 by scout at 1,0")
    assert out.returncode == 1
    err = json.loads(out.stdout)
    assert err["index"] == 1 and err["rule"] == "SL §65"


@pytest.mark.parametrize("text, message", [("players = [", "not valid TOML"), ('game = "saltlands"\nbogus = 1', "unknown key"),
                                           ("bogus = 1", "must name its game"),
                                           ('game = "chess"', "unknown game 'chess'")])
def test_apply_rejects_a_malformed_scenario(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    out = run("apply", str(path))
    assert out.returncode == 1
    assert message in json.loads(out.stdout)["error"]


def test_games_lists_every_installed_game_with_its_options():
    out = run("games")
    assert out.returncode == 0, out.stderr
    text = " ".join(out.stdout.split())
    for part in ("saltlands Saltlands, 1-6 players", "age-of-thirst Age of Thirst, 2-6 players", "--difficulty",
                 "--teams", "SL §18", "LO-13.4", "heuristic-smart"):
        assert part in text, part
    specs = json.loads(run("games", "--json").stdout)
    assert {s["name"] for s in specs} >= {"saltlands", "age-of-thirst"}
    teams = next(o for s in specs if s["name"] == "age-of-thirst" for o in s["options"] if o["name"] == "teams")
    assert teams["values"] == ["2x2", "3x3", "2x2x2", "2x3"] and teams["rule"] == "LO-13.4"


def test_watch_age_of_thirst_plays_to_the_end():
    out = run("watch", "age-of-thirst", "--seed", "2", "--quiet")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Result: winners: p" in out.stdout


def test_watch_takes_the_game_options_from_its_spec(tmp_path):
    record = tmp_path / "g.jsonl"
    out = run("watch", "age-of-thirst", "--teams", "2x2", "--option", "mode=long", "--seats",
              "random,random,random,random", "--seed", "3", "--quiet", "--record", str(record))
    assert out.returncode == 0, out.stdout + out.stderr
    from wasteland.core.record import GameRecord

    from wasteland.core.registry import get_spec

    # watch adds the spec's simulation endings (not the rulebook's), as simulate does
    simulation = get_spec("age-of-thirst").simulation
    assert GameRecord.load(record).config == {**simulation, "teams": "2x2", "mode": "long", "players": 4}


@pytest.mark.parametrize("args, message", [
    (("--mode", "bogus"), "--mode: 'bogus' is not allowed; it takes one of classic, coop, competitive, solo, "
                          "tutorial [SL §9]"),
    (("--option", "difficulty=insane"), "--difficulty: 'insane' is not allowed"),
    (("--teams", "2x2"), "--teams: not an option of Saltlands"),
    (("--variant", "epic"), "the epic game needs the expansion's tiles"),
    (("--players", "2", "--mode", "solo"), "solo mode is for exactly one player [SL §121]"),
    (("--first-player", "x"), "--first-player: 'x' is not a whole number"),
])
def test_a_bad_game_option_is_one_error_naming_it_and_its_rule(args, message):
    for command in ("watch", "play"):
        out = run(command, "saltlands", *args)
        assert out.returncode == 2
        assert message in " ".join(out.stdout.split()), out.stdout
        assert "Traceback" not in out.stdout + out.stderr


def test_the_readme_scenarios_apply_as_written(tmp_path):
    """Each scenario of the README, saved under the name its `wasteland apply` line uses,
    takes that line's actions without an error."""
    import shlex
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```\s*```sh\n(wasteland apply .*?)\n```", readme, re.S)
    assert len(blocks) >= 2
    games = set()
    for toml, line in blocks:
        words = shlex.split(line)
        (tmp_path / words[2]).write_text(toml)
        out = subprocess.run([sys.executable, "-m", "wasteland.cli.main", *words[1:]], capture_output=True,
                             text=True, timeout=120, cwd=tmp_path)
        assert out.returncode == 0, (line, out.stdout, out.stderr)
        data = json.loads(out.stdout)
        assert data["events"], line
        games.add(data["game"])
    assert {"saltlands", "age-of-thirst"} <= games
