"""Game records that cannot be replayed: every front end refuses them with one clear error
(never a traceback), and a record of another rules version is refused everywhere."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from wasteland.core.record import GameRecord, RecordError, check_record
from wasteland.core.registry import get_spec


def header(game="saltlands", rules=None, config=None, seed=1, **extra):
    rules = rules or get_spec(game).rules_version
    return json.dumps({"format": "wasteland-record/1", "game": game, "rules_version": rules,
                       "config": {"players": 1} if config is None else config, "seed": seed, **extra})


BAD = {
    "not utf-8": b"\xff\xfe\x00garbage\n",
    "utf-16": (header() + "\n").encode("utf-16"),
    "nested header": ('{"a":' * 5000 + "1" + "}" * 5000 + "\n").encode(),
    "nested action": (header() + "\n" + "[" * 5000 + "]" * 5000 + "\n").encode(),
    "characters [[1],[2]]": (header(config={"players": 2, "characters": [[1], [2]]}) + "\n").encode(),
    "colours 5": (header("age-of-thirst", config={"players": 2, "colours": 5}) + "\n").encode(),
    "players two": (header(config={"players": "two"}) + "\n").encode(),
    "draw {}": (header("age-of-thirst", config={"players": 2, "draw": {"x": 1}}) + "\n").encode(),
    "other rules version": (header(rules="saltlands-base/0") + "\n").encode(),
    "seed NaN": header().replace('"seed": 1', '"seed": NaN').encode() + b"\n",
    "seed true": (header(seed=True) + "\n").encode(),
    "huge number": (header().replace('"seed": 1', '"seed": 1' + "0" * 5000) + "\n").encode(),
}


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", *args], capture_output=True, text=True,
                          timeout=120, input=stdin)


@pytest.mark.parametrize("case", sorted(BAD))
@pytest.mark.parametrize("command", ["replay", "play"])
def test_a_bad_record_is_one_clear_error_in_replay_and_play_load(tmp_path, case, command):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(BAD[case])
    args = ("replay", str(path), "--auto") if command == "replay" else ("play", "--load", str(path))
    out = run(*args)
    assert out.returncode != 0, out.stdout
    assert "Traceback" not in out.stdout + out.stderr, out.stdout + out.stderr
    assert str(path) in (out.stdout + out.stderr).replace("\n", "")  # the error names the file (wrapped)


def test_another_rules_version_is_refused_naming_both_versions(tmp_path):
    path = tmp_path / "old.jsonl"
    path.write_bytes(BAD["other rules version"])
    for args in (("replay", str(path), "--auto"), ("play", "--load", str(path))):
        out = run(*args)
        text = (out.stdout + out.stderr).replace("\n", "")
        assert out.returncode != 0 and "saltlands-base/0" in text and get_spec("saltlands").rules_version in text


def test_a_header_only_record_replays_as_its_set_up_and_says_so(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text(header(config={"players": 1, "characters": ["scout"]}) + "\n")
    out = run("replay", str(path), "--auto")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "holds no actions" in " ".join(out.stdout.split())


def test_records_parse_or_fail_with_record_error():
    for case, raw in BAD.items():
        try:
            record = GameRecord.loads(raw.decode("utf-8"), case)
        except UnicodeDecodeError:
            continue  # GameRecord.load turns these into a RecordError (the CLI test above)
        except RecordError:
            continue
        with pytest.raises(RecordError):
            check_record(record, get_spec(record.game), case)


def test_a_good_record_passes_the_check_unchanged():
    record = GameRecord.loads(header(config={"players": 1, "characters": ["scout"]}) + '\n"end"\n')
    assert check_record(record, get_spec("saltlands")) is record
