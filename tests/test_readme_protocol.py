"""The README's engine-protocol examples run as written, one after the other, as a reader
pastes them into one session: the table-chance example goes on from the state the first
one leaves, and does what its comments say (SL §100's damage card asked of the table)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def snippets() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## The engine protocol", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_protocol_examples_run_in_turn_and_ask_the_table_for_the_damage_card() -> None:
    found = snippets()
    assert len(found) == 2
    namespace: dict = {}
    exec(compile(found[0], "README protocol example 1", "exec"), namespace)
    # the second example stops at the damage card before answering it: run it up to there
    table, answer = found[1].split('state, events = game.apply(state, "chance d1-4")')
    exec(compile(table, "README protocol example 2", "exec"), namespace)
    game, state = namespace["game"], namespace["state"]
    assert namespace["events"] == []
    d = game.decision(state)
    assert (d.seat, d.kind, d.rule) == (-1, "chance", "SL §100")
    assert d.actions[:2] == ("chance d1-1", "chance d1-2")
    exec(compile('state, events = game.apply(state, "chance d1-4")' + answer, "README protocol example 2, its answer",
                 "exec"), namespace)
    words = [namespace["game"].describe(e) for e in namespace["events"]]
    assert any("1-4" in w for w in words), words
