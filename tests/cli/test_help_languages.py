"""``wasteland play --lang``: the help screen in English, Russian or Ukrainian, its verb
help from the game's renderer; any other language is one clear error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def play(tmp_path, *args, stdin: str):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", "play", *args, "--record",
                           str(tmp_path / "g.jsonl")], capture_output=True, text=True, timeout=120, input=stdin,
                          env={**os.environ, "COLUMNS": "200"}, cwd=tmp_path)


@pytest.mark.parametrize("lang, words", [
    ("en", ["What you can do here:", "put your figure on the board at hex X,Y [SL §45] (3 options)", "Commands:"]),
    ("ru", ["Что здесь можно сделать:", "выставить фигурку на поле в гекс X,Y [SL §45] (вариантов: 3)", "Команды:"]),
    ("uk", ["Що тут можна зробити:", "виставити фігурку на поле в гекс X,Y [SL §45] (варіантів: 3)", "Команди:"]),
])
def test_the_help_screen_in_each_language(tmp_path, lang, words):
    out = play(tmp_path, "saltlands", "--characters", "scout", "--seed", "3", "--lang", lang, stdin="help\nquit\n")
    assert out.returncode == 0, out.stdout + out.stderr
    for w in words:
        assert w in out.stdout, (w, out.stdout[-1500:])


def test_age_of_thirst_verb_help_in_ukrainian(tmp_path):
    out = play(tmp_path, "age-of-thirst", "--seed", "3", "--lang", "uk", stdin="help grow\nquit\n")
    assert "grow X,Y: виростити швидкоріс поруч з одним зі своїх бійців [LO-6.4]" in out.stdout, out.stdout[-800:]


def test_another_language_is_refused(tmp_path):
    out = play(tmp_path, "saltlands", "--lang", "de", stdin="")
    assert out.returncode == 2 and "--lang 'de': the terminal speaks en, ru, uk" in out.stdout
