"""``wasteland companion age-of-thirst --terminal`` in a pseudo-terminal: an Age of Thirst
table sets up with the defaults, picks its first player (LO-4.5), corrects a clan's water
while it places its troops, and is refused a value of the wrong form by its field and an
Eye beyond the winning circle by its rule (LO-13); only the accepted steps are stored."""

from __future__ import annotations

import re
import sqlite3
import sys

import pexpect


def test_an_age_of_thirst_table_corrects_in_the_terminal(tmp_path):
    db = tmp_path / "table.db"
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "companion", "age-of-thirst", "--port", "0",
                                           "--db", str(db), "--terminal"], encoding="utf-8", timeout=60,
                          cwd=str(tmp_path), dimensions=(50, 160))
    child.logfile_read = open(tmp_path / "out.txt", "w")
    try:
        child.expect("Enter for a new session")
        child.sendline("")
        for _ in range(5):  # players, form, teams, colours, draw: the defaults
            child.expect(r"\[Enter: [^\]]+\]")
            child.sendline("")
        child.expect(re.escape("1. first red"))
        child.expect("> ")
        child.sendline("first red")
        child.expect(re.escape("Turn order: red → blue."))
        child.expect("> ")
        child.sendline("edit set clan.0.water 5")
        child.expect(re.escape("correction: clan.0.water = 5"))
        child.expect("> ")
        child.sendline('edit set clan.0.water "x"')
        child.expect(re.escape("must be a whole number at least 0 [clan.0.water]"))
        child.expect("> ")
        child.sendline("edit set clan.1.eye 3")  # two clans, normal form: circle 3 wins (LO-13.1)
        child.expect(re.escape("must be a whole number from 0 to 2 (LO-13)"))
        child.expect("> ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    with sqlite3.connect(db) as conn:
        steps = [n for (n,) in conn.execute("SELECT notation FROM wl_companion_steps ORDER BY idx")]
    assert steps == ["first red", "edit set clan.0.water 5"]
