"""``wasteland companion --terminal`` in a pseudo-terminal: the server comes up on every
interface and prints the page's address, the table sets up in the terminal, plays for
the seat that decides, is refused a wrong step with its rule, undoes, quits; the page is
served meanwhile and the session stays in the database."""

from __future__ import annotations

import re
import sqlite3
import sys
import urllib.request

import pexpect

ADDRESS = re.compile(r"on this machine: (http://127\.0\.0\.1:(\d+)/companion\.html)")


def test_the_terminal_flow(tmp_path):
    db = tmp_path / "table.db"
    child = pexpect.spawn(sys.executable, ["-m", "wasteland.cli.main", "companion", "saltlands", "--port", "0",
                                           "--db", str(db), "--terminal"], encoding="utf-8", timeout=60,
                          cwd=str(tmp_path), dimensions=(50, 160))
    child.logfile_read = open(tmp_path / "out.txt", "w")
    try:
        child.expect(r"companion on http://[\d.]+:\d+/companion\.html#/new/saltlands")
        child.expect(ADDRESS)
        page = child.match.group(1)
        with urllib.request.urlopen(page, timeout=10) as res:
            assert res.status == 200 and b"companion.js" in res.read()
        child.expect("Enter for a new session")
        child.sendline("")
        child.expect("[Nn]umber of players")
        child.sendline("1")
        for _ in range(2):  # mode, difficulty: the defaults
            child.expect(r"\[Enter: [^\]]+\]")
            child.sendline("")
        child.expect("[Oo]ne character per seat")
        child.sendline("scout")
        child.expect(r"\[Enter: [^\]]+\]")  # expansion
        child.sendline("")
        child.expect(r"\[Enter: [^\]]+\]")  # variants
        child.sendline("")
        child.expect(r"p1 — [^\r\n]*\(SL §45")
        child.expect(r"1\. enter (\S+)")
        hex_ = child.match.group(1)
        child.expect("> ")
        child.sendline("fly")
        child.expect(r"refused: [^\r\n]*\(notation\)")
        child.expect("> ")
        child.sendline("\x01end")  # a control character: refused with its code, not sent as a step
        child.expect("refused: the line holds the control character U\\+0001")
        child.expect("> ")
        child.sendline("undo abc")  # no step number: refused, not the last step undone unasked
        child.expect("undo takes the number of a step")
        child.expect("> ")
        child.sendline(f"record {tmp_path}")  # a folder: one error line, the session goes on
        child.expect("error: cannot write ")
        child.expect("> ")
        child.sendline("1")
        child.expect(f"p1 enters the board at {re.escape(hex_)}")
        child.expect("> ")
        child.sendline("undo")
        child.expect(f"undone: enter {re.escape(hex_)}")
        child.expect("> ")
        child.sendline("1")
        child.expect("p1 enters")
        child.expect("> ")
        child.sendline("run")  # nothing for the policy in the player's own turn
        child.expect("[Tt]he table chooses")
        child.expect("> ")
        child.sendline("end")  # the turn played with the box: the raiders' choices by the policy follow at once
        child.expect("p1 ends the turn")
        child.expect(r"decided for you: activate \w+ — ")
        child.expect(r"the table reveals: damage card")  # up to the card the table reveals
        child.expect("> ")
        child.sendline("run")  # the card is the table's: nothing for the policy
        child.expect("[Tt]he table chooses")
        child.expect("> ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    with sqlite3.connect(db) as conn:
        steps = conn.execute("SELECT notation, source FROM wl_companion_steps ORDER BY idx").fetchall()
    assert steps[:2] == [(f"enter {hex_}", "table"), ("end", "table")]
    assert steps[2][0].startswith("activate ") and steps[2][1] == "policy"
