"""``wasteland rules GAME [ANCHOR|WORDS]``, run as a user runs it (a real subprocess):
every rule, one anchor in any spelling, a word search, in each language; bad input gets
one clear error and exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from wasteland.core import rules_reference as rr
from wasteland.core.registry import registered_games

WITH_TEXTS = [name for name in sorted(registered_games()) if registered_games()[name].rules_texts]


def run(*args):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", "rules", *args], capture_output=True,
                          text=True, env=dict(os.environ, COLUMNS="200"), timeout=120)


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("name", WITH_TEXTS)
def test_all_rules_are_printed_in_each_language(name):
    spec = registered_games()[name]
    for lang in rr.LANGUAGES:
        out = run(name, "--lang", lang)
        assert out.returncode == 0, out.stderr
        printed = flat(out.stdout)
        for rule in rr.rules(spec, lang):
            assert f"{rule.anchor} {rule.title}" in printed and flat(rule.text) in printed


def test_one_anchor_in_any_spelling_prints_that_rule_only():
    fuel = rr.rule_text("saltlands", "SL §84", "ru")
    for spelling in ("84", rr.SIGN + "84", "SL §84", "sl 84"):
        out = run("saltlands", spelling, "--lang", "ru")
        assert out.returncode == 0, out.stderr
        assert flat(fuel.text) in flat(out.stdout)
        assert "SL §83" not in out.stdout and "SL §85 " not in out.stdout


def test_words_find_every_rule_that_holds_them():
    out = run("saltlands", "spawn", "point")
    assert out.returncode == 0, out.stderr
    hits = rr.search("saltlands", "spawn point", "en")
    assert len(hits) > 2
    assert f"{len(hits)} rules of Saltlands hold 'spawn point'" in out.stdout
    for rule in hits:
        assert f"{rule.anchor}  {rule.title}" in out.stdout


@pytest.mark.parametrize("args, message", [
    (("saltlands", "zzqx"), "no rule of Saltlands matches 'zzqx'"),
    (("saltlands", "--lang", "de"), "--lang 'de': the rules are in en, ru, uk"),
    (("no-such-game",), "unknown game 'no-such-game'"),
])
def test_bad_input_gets_one_clear_error(args, message):
    out = run(*args)
    assert out.returncode == 2
    assert message in flat(out.stdout + out.stderr)
    assert "Traceback" not in out.stdout + out.stderr
