"""A state waiting on a chance point with no action behind it (core/chance.py RESUME):
the engine's own continuation rolls, the table answers, and the continuation goes on, as
the generator would have played it."""

from __future__ import annotations

from typing import Any

import pytest

from wasteland.core import chance
from wasteland.core.chance import RESUME, TableChance
from wasteland.core.game_base import EngineGame
from wasteland.core.protocol import Decision, RuleError
from wasteland.core.rng import seed_state
from wasteland.core.spec import GameSpec


class Dice:
    """A die game: ``auto`` dice are rolled automatically, then seat 0 says ``go`` (two more)."""

    __slots__ = ("rng", "chance", "auto", "rolled", "over", "winners", "end_reason", "players")

    def __init__(self, auto: int = 1, seed: int = 3) -> None:
        self.rng, self.chance, self.auto, self.rolled = seed_state(seed), None, auto, []
        self.over, self.winners, self.end_reason, self.players = False, [], "", [0]

    def copy(self) -> "Dice":
        out = Dice.__new__(Dice)
        for name in Dice.__slots__:
            setattr(out, name, getattr(self, name))
        out.rolled = list(self.rolled)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"rng": self.rng, "auto": self.auto, "rolled": list(self.rolled)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Dice":
        s = cls(data["auto"])
        s.rng, s.rolled = data["rng"], list(data["rolled"])
        return s


class Engine:
    @staticmethod
    def resume(s: Dice) -> list[dict[str, Any]]:
        events = []
        while s.auto:
            face = chance.roll(s, "the die", 6, "T-1")
            s.rolled.append(face)
            s.auto -= 1
            events.append({"type": "rolled", "face": face})
        return events

    @staticmethod
    def decision(s: Dice) -> Decision | None:
        return None if s.auto else Decision(0, "go", ("go",), "roll two more", "T-2")

    @staticmethod
    def apply_in_place(s: Dice, action: str, seat: int | None = None) -> list[dict[str, Any]]:
        if action != "go" or s.auto:
            raise RuleError("T-2", f"{action!r} is not possible now")
        s.auto = 2
        return Engine.resume(s)


class DiceGame(EngineGame):
    # the game's facts, declared once in a spec (a game class that writes them again is refused)
    spec = GameSpec(name="dice", title="a dice state", rules_version="dice/1", anchor_prefix="D",
                    min_players=1, max_players=1, game=f"{__name__}:GAME", description="one die rolled at a time")


GAME = DiceGame(Engine, lambda config, seed: (Dice(), []), Dice.from_json, lambda s, seat: {}, str,
                lambda s, seat, rng: s.copy(), lambda s: [0.0], resume=Engine.resume)


def at_table(auto: int = 1) -> Dice:
    s = Dice(auto)
    s.chance = chance.TABLE
    return s


def test_a_roll_of_the_continuation_waits_on_the_table_with_no_action_behind_it():
    s = at_table()
    assert GAME.resume_at_table(s) == []
    pending = GAME.chance_pending(s)
    assert (pending.action, pending.seat, pending.answers) == (RESUME, None, ())
    d = GAME.decision(s)
    assert (d.seat, d.kind, d.rule, d.actions) == (chance.CHANCE_SEAT, "chance", "T-1",
                                                   tuple(f"chance {n}" for n in range(1, 7)))
    assert s.rolled == [] and s.auto == 1  # nothing happened yet


def test_the_answer_resumes_the_continuation_and_the_game_goes_on():
    s = at_table()
    GAME.resume_at_table(s)
    s, events = GAME.apply(s, "chance 4")
    assert events == [{"type": "rolled", "face": 4}] and s.rolled == [4]
    assert GAME.decision(s).kind == "go" and GAME.chance_pending(s) is None
    s, events = GAME.apply(s, "go")  # an action's own rolls are asked as before
    assert GAME.chance_pending(s).action == "go"


def test_answered_as_the_generator_answers_it_reaches_the_identical_state():
    by_generator = Dice(auto=2)
    with chance.recording() as heard:
        GAME.resume_at_table(by_generator)
    s = at_table(auto=2)
    GAME.resume_at_table(s)
    for face in heard:
        s, _ = GAME.apply(s, f"chance {face}")
    assert s.to_json() == by_generator.to_json() and s.chance == chance.TABLE


def test_switching_the_table_off_lets_the_generator_resume():
    s = at_table(auto=2)
    GAME.resume_at_table(s)
    s, _ = GAME.apply(s, "chance 5")
    assert GAME.chance_pending(s).answers == ("5",)
    off = GAME.with_table_chance(s, False)
    assert off.chance is None and off.auto == 0 and off.rolled[0] == 5 and len(off.rolled) == 2


def test_the_pending_continuation_round_trips_through_json():
    s = at_table()
    GAME.resume_at_table(s)
    back = GAME.from_json(GAME.to_json(s))
    assert back.chance == s.chance and isinstance(back.chance, TableChance)
    back, events = GAME.apply(back, "chance 2")
    assert back.rolled == [2]


def test_an_empty_action_is_no_way_to_resume():
    s = at_table(auto=0)
    with pytest.raises(RuleError) as err:
        GAME.apply(s, RESUME)
    assert err.value.rule == "T-2"
    waiting = at_table()
    GAME.resume_at_table(waiting)
    with pytest.raises(RuleError) as err:
        GAME.apply(waiting, "go")
    assert err.value.rule == "T-1"


def test_nothing_pending_and_the_generator_answers_resume_plays_at_once():
    s = Dice(auto=1)
    events = GAME.resume_at_table(s)
    assert len(events) == 1 and s.auto == 0
    waiting = at_table()
    GAME.resume_at_table(waiting)
    assert GAME.resume_at_table(waiting) == [] and GAME.chance_pending(waiting).action == RESUME
