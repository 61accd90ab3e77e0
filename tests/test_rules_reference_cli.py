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


NOT_AN_ANCHOR = "SL " + rr.SIGN + "999"  # written apart: no section of the rulebook, and no citation


def play(tmp_path, *args, stdin: str):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", "play", *args, "--record",
                           str(tmp_path / "g.jsonl")], capture_output=True, text=True, timeout=120, input=stdin,
                          env=dict(os.environ, COLUMNS="200"), cwd=tmp_path)


@pytest.mark.parametrize("lang", rr.LANGUAGES)
def test_the_terminal_game_shows_the_rule_texts_of_help_why_and_help_anchor(tmp_path, lang):
    """``help`` ends with the text of every rule it cites, ``why`` gives the question's rule,
    ``help ANCHOR`` one rule, each in the language of the game's help."""
    out = play(tmp_path, "saltlands", "--characters", "scout", "--seed", "3", "--lang", lang,
               stdin=f"help\nwhy\nhelp 84\nhelp {NOT_AN_ANCHOR}\nquit\n")
    assert out.returncode == 0, out.stdout + out.stderr
    printed = flat(out.stdout)
    entering, fuel = (rr.rule_text("saltlands", a, lang) for a in ("SL §45", "SL §84"))
    assert printed.count(f"SL §45 {entering.title}: {flat(entering.text)}") == 2  # help, then why
    assert f"SL §84 {fuel.title}: {flat(fuel.text)}" in printed
    unknown = {"en": "no card or verb called '{}'", "ru": "нет карты или глагола '{}'",
               "uk": "немає карти чи дієслова '{}'"}[lang].format(NOT_AN_ANCHOR)
    assert unknown in printed and "Traceback" not in out.stdout + out.stderr


def test_why_in_every_game_gives_the_rule_of_its_first_question(tmp_path):
    for name in WITH_TEXTS:
        out = play(tmp_path, name, "--seed", "2", "--lang", "uk", stdin="why\nquit\n")
        assert out.returncode == 0, out.stdout + out.stderr
        assert "Правила:" in out.stdout, (name, out.stdout[-1500:])
        shown = [r for r in rr.rules(name, "uk") if f"{r.anchor} {r.title}: " in flat(out.stdout)]
        assert shown, (name, out.stdout[-1500:])


def test_the_readme_sends_readers_to_wasteland_rules_and_to_no_file_outside_the_repository():
    from pathlib import Path
    import re

    root = Path(__file__).resolve().parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "`wasteland rules saltlands`" in readme and "wasteland rules GAME" in readme
    # every file the README names by a path (a link, or a path in backticks) is in the repository
    named = re.findall(r"\]\(([^)#]+)\)", readme) + re.findall(r"`((?:[\w.-]+/)+[\w.-]+\.\w+)`", readme)
    # (a path may be written from the repository, from src/ or from the package)
    bases = (root, root / "src", root / "src" / "wasteland")
    outside = [p for p in named if not p.startswith(("http://", "https://"))
               and not any((base / p).exists() for base in bases)]
    assert not outside, outside
    assert not re.search(r"/work/|\.\./|shared/rules", readme)
