"""A Quest table's enemy ties in the companion (WQ-40.1 stand-in): the leader is asked where
a tied Move goes and whom a tied weapon use strikes, and "decide for us" answers by the
documented policy (ties.step, ties.strike), its words in every language."""

from __future__ import annotations

import pytest

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.server.companion_session import Session

SPEC = get_spec("quest")
POSITION = """game = "quest"
[config]
players = 2
[chance]
mode = "table"
[state]
slots = ["e_pack"]
track = ["h1", "h2", "g1"]
[[hero]]
zone = "gatehouse.b"
[[hero]]
zone = "{second}"
[[enemy]]
enemy = "ghoul"
group = 1
zone = "gatehouse.d"
"""


def _session(second: str) -> Session:
    session = Session(SPEC, "ties", {"players": 2}, 1)
    session.state = session.table_mode(SPEC.load_scenario(POSITION.replace("{second}", second), "table"))
    for text in ("end", "end"):
        session.play(session.resolve(text))
    return session


def test_decide_for_us_strikes_by_the_documented_policy():
    session = _session("gatehouse.b")  # heroes 1 and 2 fill the zone next to the ghoul (no room to Move)
    d = session.decision()
    assert (d.kind, d.seat, d.actions) == ("strike", 0, ("strike g1.1 1", "strike g1.1 2"))
    step = session.resolve("decide")
    assert (step.notation, step.source, step.note) == ("strike g1.1 1", "policy", "ties.strike")
    session.play(step)
    assert session.game.chance_pending(session.state).point.term == "weapon_die"  # then the table throws
    with pytest.raises(RuleError):
        session.resolve("decide")  # a die is the table's, never the policy's


def test_a_tied_move_is_asked_and_the_policy_takes_the_tile_laid_first():
    """Both heroes in gatehouse.a: the ghoul in d Moves by b or by c, equally near."""
    position = POSITION.replace("{second}", "gatehouse.a").replace('zone = "gatehouse.b"', 'zone = "gatehouse.a"', 1)
    session = Session(SPEC, "ties", {"players": 2}, 1)
    session.state = session.table_mode(SPEC.load_scenario(position, "table"))
    for text in ("end", "end"):
        session.play(session.resolve(text))
    d = session.decision()
    assert (d.kind, d.actions) == ("step", ("step g1.1 gatehouse.b", "step g1.1 gatehouse.c"))
    step = session.resolve("decide")
    assert (step.notation, step.note) == ("step g1.1 gatehouse.b", "ties.step")


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_policys_words_in_every_language(lang):
    session = _session("gatehouse.c")
    words = {session.policy_text(key, lang) for key in ("ties.step", "ties.strike")}
    assert len(words) == 2 and all(w and not w.startswith("ties.") for w in words)
    if lang != "en":
        assert not words & {session.policy_text(key, "en") for key in ("ties.step", "ties.strike")}
