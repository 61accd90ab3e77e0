"""The third game through the terminal front end: ``play`` (a person answering by number
and by notation, against a bot), ``watch``, ``replay`` and ``apply`` on a scenario. The
programs run as subprocesses with the game's folder on PYTHONPATH; nothing of wasteland
names it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pexpect
from testkit import PROMPT, plain

ROOT = Path(__file__).resolve().parents[2]


def wasteland(env, *args: str, timeout: int = 120, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", *args], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, input=input)


def replayed(env, record: Path) -> dict:
    """The outcome of replaying ``record`` (core.record), in a program that sees the game."""
    code = ("import json, sys; from wasteland.core.record import GameRecord, replay; "
            "from wasteland.core.registry import get_game; r = GameRecord.load(sys.argv[1]); g = get_game(r.game); "
            "s = replay(g, r); o = g.outcome(s); print(json.dumps({'winners': list(o.winners), 'reason': o.reason, "
            "'actions': len(r.actions), 'state': g.to_json(s)}))")
    out = subprocess.run([sys.executable, "-c", code, str(record)], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_games_lists_the_third_game_with_its_options(third_game_env):
    out = wasteland(third_game_env, "games")
    assert out.returncode == 0, out.stderr
    text = plain(out.stdout)
    assert "Dry Well" in text and "--water" in text and "DW-1" in text


def test_play_a_person_against_a_bot_to_the_end(third_game_env, tmp_path):
    record = tmp_path / "game.jsonl"
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "play", "dry-well", "--seats", "human,random",
                                           "--seed", "3", "--water", "9", "--record", str(record)],
                          encoding="utf-8", dimensions=(60, 100), cwd=str(tmp_path), env=third_game_env, timeout=60)
    answers = 0
    seen = ""
    while True:
        found = child.expect([PROMPT, pexpect.EOF])
        seen += plain(child.before)
        if found == 1:
            break
        # First by number, then by the action's text in notation.
        child.sendline("1" if answers % 2 == 0 else "haul 1")
        answers += 1
    child.close()
    assert child.exitstatus == 0, seen[-2000:]
    assert answers >= 2
    assert "GAME OVER" in seen and "DW-4" in seen
    assert "p1: haul 1" in seen  # the person's answers, both ways, came out as the same action
    game = replayed(third_game_env, record)
    assert game["winners"] and game["reason"].endswith("(DW-4)")
    assert game["state"]["water"] == 0


def test_watch_two_bots_and_replay_the_record(third_game_env, tmp_path):
    record = tmp_path / "watched.jsonl"
    out = wasteland(third_game_env, "watch", "dry-well", "--players", "3", "--water", "10", "--seed", "5", "--fast",
                    "--record", str(record))
    assert out.returncode == 0, out.stderr
    text = plain(out.stdout)
    assert "Result: winners:" in text and "hauled the last bucket" in text
    game = replayed(third_game_env, record)
    assert len(game["state"]["ropes"]) == 3 and game["state"]["water"] == 0
    steps = wasteland(third_game_env, "replay", str(record), input="\n" * 40, timeout=60)
    assert steps.returncode == 0, steps.stderr
    assert "hauled the last bucket" in plain(steps.stdout)


def test_apply_a_scenario(third_game_env, tmp_path):
    scenario = tmp_path / "well.toml"
    scenario.write_text('game = "dry-well"\nwater = 5\ncurrent = 0\nropes = [[2], [3]]\ndeck = [1, 4]\n',
                        encoding="utf-8")
    out = wasteland(third_game_env, "apply", str(scenario), "rope 2", "haul 3")
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["game"] == "dry-well"
    assert answer["state"]["over"] and answer["state"]["winners"] == [1]
    assert [e["type"] for e in answer["events"][:3]] == ["rope", "draw", "haul"]
    # An illegal action: one error naming the rule, nothing applied.
    bad = wasteland(third_game_env, "apply", str(scenario), "haul 9")
    assert bad.returncode != 0
    error = json.loads(bad.stdout)
    assert error["rule"] == "DW-2" and "Traceback" not in bad.stderr
    broken = tmp_path / "broken.toml"
    broken.write_text('game = "dry-well"\nwater = 5\nropes = "none"\n', encoding="utf-8")
    refused = wasteland(third_game_env, "apply", str(broken))
    assert refused.returncode != 0 and "ropes" in refused.stdout + refused.stderr
    assert "Traceback" not in refused.stderr
