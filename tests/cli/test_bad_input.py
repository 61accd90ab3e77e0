"""Whatever a file or a typist hands the ``wasteland`` command — a truncated or binary
record, a record of another game or rules version, a line of garbage, a malformed scenario
of any game, an option out of range or in other digits ('٣', '¹'), an unknown game, a path
that is a folder or does not exist — it answers with one line (``apply``: one JSON error
object) and an exit code other than 0, never a traceback.

Every case runs through the real entry point (``wasteland.cli.main:main``) in one
subprocess, so that the whole matrix costs one interpreter start; each is its own test."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wasteland.core.registry import registered_games

GAMES = sorted(registered_games())
HEADER = {"format": "wasteland-record/1", "game": "saltlands", "rules_version": "", "config": {}, "seed": 1}


def _files(folder: Path) -> None:
    """The malformed files the cases name (written once, in the run's folder)."""
    (folder / "folder").mkdir()
    head = {name: {**HEADER, "game": name, "rules_version": registered_games()[name].rules_version}
            for name in GAMES}
    sl = head["saltlands"]
    texts = {
        "truncated.jsonl": json.dumps(sl)[:40],
        "garbage-line.jsonl": json.dumps(sl) + '\n"end"\n{{{ not json\n',
        "empty.jsonl": "",
        "blank.jsonl": "\n \n",
        "chess.jsonl": json.dumps({**sl, "game": "chess"}) + "\n",
        "old-rules.jsonl": json.dumps({**sl, "rules_version": "saltlands-base/0"}) + "\n",
        "huge-seed.jsonl": json.dumps({**sl, "seed": 10**40}) + "\n",
        "negative-seed.jsonl": json.dumps({**sl, "seed": -1}) + "\n",
        "nan.jsonl": json.dumps(sl)[:-1] + ', "x": NaN}\n',
        "action-object.jsonl": json.dumps(sl) + '\n{"action": "end"}\n',
        "bad-policy.jsonl": json.dumps({**sl, "mode": "companion", "table_chance": True}) + '\n{"action": 5}\n',
        "header-list.jsonl": "[1, 2]\n",
        "companion.jsonl": json.dumps({**sl, "mode": "companion", "table_chance": True}) + '\n"edit set state.wind \\"S\\""\n',
        "companion-claimed.jsonl": json.dumps({**sl, "config": {"players": 1}, "mode": "companion", "table_chance": True})
        + '\n{"action": "character scout", "policy": "nearest"}\n',
        "deep.jsonl": "[" * 100_000 + "\n",
        "huge-number.jsonl": json.dumps(sl) + "\n" + "9" * 5000 + "\n",
        "garbage.toml": "this is = = not toml\n",
        "unknown-game.toml": 'game = "chess"\n',
        "no-game.toml": "seed = 1\n",
        "deep.toml": "x = " + "[" * 5000 + "]" * 5000 + "\n",
    }
    for name in GAMES:
        texts[f"{name}-garbage-action.jsonl"] = json.dumps(head[name]) + '\n"fly to the moon"\n'
        texts[f"{name}-bad-config.jsonl"] = json.dumps({**head[name], "config": {"players": "٣"}}) + "\n"
        texts[f"{name}-players.toml"] = f'game = "{name}"\n[config]\nplayers = "two"\n'
        texts[f"{name}-unknown-key.toml"] = f'game = "{name}"\nnonsense = 1\n'
        texts[f"{name}-seed.toml"] = f'game = "{name}"\nseed = -5\n'
        texts[f"{name}-huge-seed.toml"] = f'game = "{name}"\nseed = 99999999999999999999\n'
        texts[f"{name}-config-list.toml"] = f'game = "{name}"\nconfig = [1, 2]\n'
    for file, text in texts.items():
        (folder / file).write_text(text, encoding="utf-8")
    (folder / "binary.jsonl").write_bytes(bytes(range(256)) * 4)
    (folder / "binary.toml").write_bytes(b"\xff\xfe\x00garbage")


RECORDS = ["truncated", "garbage-line", "empty", "blank", "chess", "old-rules", "huge-seed", "negative-seed", "nan",
           "action-object", "bad-policy", "header-list", "companion-claimed", "deep", "huge-number", "binary",
           "missing", "folder",
           *(f"{g}-{k}" for g in GAMES for k in ("garbage-action", "bad-config"))]
SCENARIOS = ["garbage", "unknown-game", "no-game", "deep", "binary", "missing", "folder",
             *(f"{g}-{k}" for g in GAMES for k in ("players", "unknown-key", "seed", "huge-seed", "config-list"))]


def _path(name: str, ext: str) -> str:
    return "folder" if name == "folder" else f"{name}.{ext}"


CASES: list[list[str]] = [
    *(["replay", _path(r, "jsonl"), "--auto"] for r in RECORDS),
    *(["play", "--load", _path(r, "jsonl")] for r in [*RECORDS, "companion"]),
    *(["apply", _path(s, "toml")] for s in SCENARIOS),
    ["apply", "saltlands-players.toml", "end", "--seat", "p٣"],
    *([command, "saltlands", "--players", value] for command in ("watch", "play")
      for value in ("0", "٣", "¹", "-1", "99", "abc", "9" * 30, "")),
    *([command, "chess"] for command in ("watch", "play", "rules", "simulate", "companion", "soak", "versus", "ladder")),
    ["watch", "saltlands", "--seed", "-1"], ["watch", "saltlands", "--seed", str(2**64)],
    ["play", "saltlands", "--seed", "1e3"], ["watch", "saltlands", "--seed", "٣"],
    ["watch", "saltlands", "--lang", "fr"], ["play", "saltlands", "--lang", "xx"], ["replay", "empty.jsonl", "--lang", "fr"],
    ["watch", "saltlands", "--delay", "nan"], ["watch", "saltlands", "--delay", "-1"],
    ["watch", "saltlands", "--players", "1", "--fast", "--quiet", "--record", "folder"],
    ["watch", "saltlands", "--players", "1", "--fast", "--quiet", "--record", "missing/x.jsonl"],
    ["play", "saltlands", "--players", "1", "--record", "folder"],
    ["play", "saltlands", "--players", "1", "--record", "missing/x.jsonl"],
    ["watch", "saltlands", "-o", "nope=1"], ["watch", "saltlands", "-o", "players"], ["watch", "saltlands", "-o", "=x"],
    ["watch", "saltlands", "--seats", "nobot"], ["watch", "saltlands", "--mode", "\x01\x02"],
    ["watch", "saltlands", "--characters", "scout,scout"],
    ["rules", "saltlands", "--lang", "fr"], ["rules", "saltlands", "99999"], ["rules", "saltlands", "9" * 5000], ["rules", "saltlands", "\x1b[31m"],
    ["serve", "--port", "99999"], ["serve", "--port", "-1"], ["serve", "--port", "٣"], ["serve", "--db", "folder"],
    ["serve", "--processes", "0"], ["serve", "--bot-workers", "0"],
    ["companion", "--db", "folder", "--port", "0"], ["companion", "saltlands", "--lang", "fr", "--port", "0"],
    ["companion", "--port", "99999"],
    ["bench", "nope"], ["bench", "engine", "--games", "0"], ["bench", "engine", "--game", "chess"],
    ["bench", "server", "--games", "0"], ["bench", "server", "--think", "nan"],
    ["simulate", "saltlands", "--games", "0"], ["simulate", "saltlands", "--games", "٣"],
    ["simulate", "saltlands", "--workers", "0", "--games", "1"], ["simulate", "saltlands", "--backend", "nope"],
    ["soak", "saltlands", "--minutes", "nan"], ["soak", "saltlands", "--max-actions", "0"],
    ["versus", "saltlands", "--games", "0"], ["versus", "saltlands", "--jobs", "0"],
    ["versus", "fallout", "--budget", "1"], ["ladder", "fallout", "--bots", "random,openspiel-ismcts:1"],
    ["ladder", "saltlands", "--games", "0"], ["ladder", "saltlands", "--bots", "random,nobody"],
    ["ladder", "saltlands", "--bots", "random"], ["ladder", "saltlands", "--option", "nope=1"],
    ["ladder", "saltlands", "--trace", "folder"], ["ladder", "saltlands", "--bots", "no.such.module:make,random"],
    ["replay", "saltlands-bad-config.jsonl", "--seat", "0"], ["replay", "empty.jsonl", "--seat", "٣"],
    ["games", "--nope"], ["nosuchcommand"], ["watch"], ["apply"],
]

# The driver: every case through the real entry point, its exit code and output captured.
DRIVER = r"""
import contextlib, io, json, sys, traceback
from wasteland.cli.main import main
results = []
for args in json.load(sys.stdin):
    out, err = io.StringIO(), io.StringIO()
    code, crash = None, None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(args)
        except SystemExit as exc:
            code = exc.code
        except BaseException:
            crash = traceback.format_exc()
    results.append({"code": code, "out": out.getvalue(), "err": err.getvalue(), "crash": crash})
json.dump(results, sys.__stdout__)
"""


@pytest.fixture(scope="module")
def answers(tmp_path_factory) -> dict[str, dict]:
    folder = tmp_path_factory.mktemp("bad-input")
    _files(folder)
    env = {**os.environ, "COLUMNS": "400", "LINES": "50", "TERM": "dumb"}
    done = subprocess.run([sys.executable, "-c", DRIVER], input=json.dumps(CASES), capture_output=True, text=True,
                          cwd=folder, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return {json.dumps(case, ensure_ascii=False): result for case, result in zip(CASES, json.loads(done.stdout))}


@pytest.mark.parametrize("case", CASES, ids=lambda c: " ".join(c)[:70])
def test_bad_input_is_one_line_and_a_failing_exit_code(answers, case):
    got = answers[json.dumps(case, ensure_ascii=False)]
    assert got["crash"] is None, "\n".join(got["crash"].splitlines()[-4:])
    said = (got["out"] + got["err"]).strip()
    assert got["code"] not in (0, None), said[:400]
    assert "Traceback" not in said and 'File "' not in said, said[-600:]
    if case[0] == "apply" and said.startswith("{"):  # apply answers in JSON: one error object
        error = json.loads(said)
        assert set(error) == {"error", "rule"} and error["error"], said[:400]
    else:
        lines = [line for line in said.splitlines() if line.strip()]
        assert len(lines) == 1 and len(said) < 1000, said[:600]  # one line, not an echo of a pasted page
