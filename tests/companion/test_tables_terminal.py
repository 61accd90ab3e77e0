"""``wasteland companion fallout --terminal`` in a pseudo-terminal: a Fallout table sets up,
ends the survivor's turn, enters the icons printed on the agenda card it turned (FO-13.1)
and sees each enemy's step with its rule (FO-13.2); the steps are in the database."""

from __future__ import annotations

import re
import sqlite3
import sys

import pexpect


def test_a_fallout_table_in_the_terminal(tmp_path):
    db = tmp_path / "table.db"
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "companion", "fallout", "--port", "0",
                                           "--db", str(db), "--terminal"], encoding="utf-8", timeout=60,
                          cwd=str(tmp_path), dimensions=(50, 160))
    child.logfile_read = open(tmp_path / "out.txt", "w")
    try:
        child.expect("Enter for a new session")
        child.sendline("")
        child.expect("[Nn]umber of survivors")
        child.sendline("1")
        child.expect(r"\[Enter: [^\]]+\]")  # the fight: the table's
        child.sendline("table")
        child.expect("> ")
        child.sendline("end")
        child.expect(r"chance custom icon1=<")  # the card may be entered by its icons
        child.expect("> ")
        child.sendline("chance custom icon1=radroach icon2=none")
        child.expect(r"The table's agenda card: [Rr]adroach act")
        child.expect(re.escape("[FO-13.2"))
        child.expect("> ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    with sqlite3.connect(db) as conn:
        steps = [n for (n,) in conn.execute("SELECT notation FROM wl_companion_steps ORDER BY idx")]
    assert steps == ["end", "chance custom icon1=radroach icon2=none"]
