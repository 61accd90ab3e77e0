"""Ctrl+C while the terminal companion asks a question ends it cleanly: no traceback of
the server's bot workers (they share the terminal's process group)."""

from __future__ import annotations

import os
import sys
import time

import pexpect


def test_ctrl_c_at_a_question_ends_without_a_traceback(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    child = pexpect.spawn(sys.executable, ["-c", "from wasteland.cli.main import main; main()", "companion", "--terminal",
                                           "--port", "0", "--db", str(tmp_path / "c.db")],
                          env=env, encoding="utf-8", timeout=90, dimensions=(24, 80))
    child.expect("which game|resume which|no saved session")
    time.sleep(3)  # the bot workers are starting (importing the games) now
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "Traceback" not in child.before and "KeyboardInterrupt" not in child.before, child.before[-2000:]
    assert child.exitstatus == 0
