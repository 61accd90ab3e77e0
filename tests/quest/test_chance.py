"""The Quest exploration's chance points (core.chance): every die (WQ-40.1, WQ-40.2,
WQ-40.4) is the face the table threw, and every card drawn (exploration WQ-38.1,
encounter WQ-39.1, crisis WQ-40.4) is the card the table names."""

from __future__ import annotations

import pytest

from wasteland.agents.random_agent import RandomAgent
from wasteland.core.chance import CHANCE_SEAT
from wasteland.core.protocol import RuleError
from wasteland.games.quest.game import GAME


def table_points(seeds=range(1, 6), steps=600):
    """Random games at the table; each chance decision met, with the state it was met in."""
    agent = RandomAgent(5)
    for seed in seeds:
        s = GAME.with_table_chance(GAME.new_game({"players": 2}, seed))
        for _ in range(steps):
            d = GAME.decision(s)
            if d is None:
                break
            if d.seat == CHANCE_SEAT:
                yield s, d
                s, _ = GAME.apply(s, d.actions[-1])
                continue
            s, _ = GAME.apply(s, agent.choose(d))


def test_every_roll_and_draw_at_the_table_is_asked_with_its_rule():
    met = {}
    for _s, d in table_points():
        met.setdefault(d.rule, d)
    assert {"WQ-38.1", "WQ-40.2"} <= set(met), sorted(met)
    destiny = met["WQ-40.2"]
    assert destiny.actions == tuple(f"chance {n}" for n in range(1, 7))
    assert met["WQ-38.1"].prompt.startswith("chance: the exploration card")


def test_the_destiny_dice_are_the_faces_the_table_threw():
    for s, d in table_points():
        if d.rule == "WQ-40.2" and "destiny" in d.prompt:
            break
    else:
        pytest.fail("no destiny roll came up")
    faces = []  # the destiny dice; the same action may go on to roll the heroes' dice
    while (d := GAME.decision(s)).seat == CHANCE_SEAT:
        face = 6 - len(faces) % 6
        if "destiny" in d.prompt:
            faces.append(face)
        s, events = GAME.apply(s, f"chance {face}")
    rolled = [e for e in events if e["type"] == "destiny_roll"]
    assert rolled and rolled[0]["dice"] == sorted(faces)


def test_a_face_the_die_does_not_have_is_refused_citing_the_rule():
    s, d = next(table_points())
    before = GAME.to_json(s)
    for wrong in ("chance 0", "chance 7", "chance six"):
        with pytest.raises(RuleError) as exc:
            GAME.apply(s, wrong)
        assert exc.value.rule == d.rule
    assert GAME.to_json(s) == before


EVENT_STEP_AT_THE_TABLE = """
game = "quest"
seed = 7
[config]
players = 2
[chance]
mode = "table"
[state]
step = "event"
"""


def test_wq_40_4_a_position_at_the_event_die_is_viewed_by_every_seat(tmp_path):
    """WQ-40.4: a position written at the event step, the table throwing: the event die
    is the table's to answer, and every seat's view and ``wasteland apply --seat`` show it
    (it raised KeyError 'event' from the engine's decision)."""
    import json
    import subprocess
    import sys

    from wasteland.core.registry import get_spec

    s = get_spec("quest").load_scenario(EVENT_STEP_AT_THE_TABLE, "event")
    d = GAME.decision(s)
    assert d.seat == CHANCE_SEAT and d.rule == "WQ-40.4"
    for seat in (None, CHANCE_SEAT, 0, 1):
        v = GAME.view(s, seat)
        assert v["decision"]["seat"] == CHANCE_SEAT and v["chance"]["rule"] == "WQ-40.4"
    path = tmp_path / "event.toml"
    path.write_text(EVENT_STEP_AT_THE_TABLE, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "wasteland.cli.main", "apply", str(path), "--seat", "p1"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout)
    assert out["decision"]["seat"] == "table" and out["view"]["decision"]["kind"] == "chance"


def test_wq_40_2_at_a_table_the_first_rounds_dice_are_the_tables():
    """WQ-40.2: every die of the first round is thrown by the table, as in every later
    round: a new quest at the table waits on its first destiny die (the engine threw the
    first round's destiny and activation dice itself)."""
    s, events = GAME.new_game_at_table({"players": 2}, 3)
    d = GAME.decision(s)
    assert d.seat == CHANCE_SEAT and d.rule == "WQ-40.2" and "destiny" in d.prompt
    assert all(not h["dice"] for h in s.heroes) and not s.destiny_rolled
    thrown = {"destiny": 0, "activation": 0}
    while (d := GAME.decision(s)).seat == CHANCE_SEAT:
        thrown["destiny" if "destiny" in d.prompt else "activation"] += 1
        s, _ = GAME.apply(s, "chance 6")
    assert d.kind == "hero" and s.round == 1
    assert thrown["destiny"] == s.quest.destiny_dice and s.destiny_rolled == [6] * s.quest.destiny_dice
    assert thrown["activation"] == sum(s.content.heroes[q].dice for q in range(2))
    assert all(h["dice"] and set(h["dice"]) == {6} for h in s.heroes)
