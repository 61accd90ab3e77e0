"""``wasteland play GAME`` without ``--seats`` seats the person in seat 1 and the game's own
bot (its spec's ``default_bot``) everywhere else: a new player meets a real opponent, not the
random bot whose troops attack each other."""

from __future__ import annotations

import re

import pexpect
import pytest
from testkit import PROMPT, plain, spawn_cli

from wasteland.core.registry import get_spec, registered_games


@pytest.mark.parametrize("game", registered_games())
def test_the_other_seats_get_the_games_own_bot(game, tmp_path):
    spec = get_spec(game)
    assert spec.default_bot != "random", "every game declares a bot of its own"
    child = spawn_cli("play", game, "--players", "2", "--seed", "5", "--record", str(tmp_path / "g.jsonl"),
                      cwd=tmp_path, width=160, timeout=60)
    child.expect(PROMPT)
    header = plain(child.before)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    seats_line = next(line for line in header.splitlines() if line.startswith("Seats:"))
    assert "you" in seats_line and spec.default_bot in seats_line and "random" not in seats_line, seats_line


SNAKE_ID = r"\b[a-z]+_[a-z_]+\b"  # how the games spell their ids: mole_rat, red_rocket, e_brute


@pytest.mark.parametrize("game", registered_games())
def test_watch_prints_names_never_ids(game, tmp_path):
    """A whole game watched in English: its board, log and the bots' moves name spaces, cards
    and enemies by their printed names, never by the ids of the data or the notation."""
    child = spawn_cli("watch", game, "--seed", "3", "--fast", cwd=tmp_path, width=120, timeout=300)
    child.expect(pexpect.EOF)
    text = plain(child.before)
    assert "Result" in text or "RESULT" in text.upper()
    assert "['" not in text, "a Python list printed"
    ids = sorted(set(re.findall(SNAKE_ID, text)))
    assert not ids, ids
