"""The shared decision loop (core/frames.py) on a tiny game of its own: a counter that
the free step raises or ends, with a "pick" frame that asks a seat to choose."""

from __future__ import annotations

import pytest

from wasteland.core.frames import frame_loop
from wasteland.core.protocol import RuleError


class S:
    def __init__(self) -> None:
        self.stack: list[dict] = []
        self._decision = None
        self.over = False
        self.count = 0
        self.current = 0
        self.diagnosed: list[str] = []


def _free_apply(s, action, events):
    if action == "end":
        s.over = True
    elif action == "ask":
        s.stack.append({"kind": "pick", "seat": 1, "left": 2})
        s.stack.append({"kind": "empty", "seat": 1})
    else:
        s.count += 1
    events.append({"type": action})


def _pick_choose(s, f, action, events):
    s.count += int(action.split()[1])
    s.stack[-1] = {**f, "left": f["left"] - 1}


def _pick_run(s, f, events):
    if f["left"] <= 0:
        s.stack.pop()
        return True
    return False


def _diagnose():
    def why(s, d, action):
        s.diagnosed.append(action)
        return RuleError("T-1", f"not now: {action}")

    return why


def _loop(drop_empty):
    return frame_loop(
        info={"free": ("T-0", "act"), "pick": ("T-2", "pick a number")},
        options={"pick": lambda s, f: ["pick 1", "pick 5"], "empty": lambda s, f: []},
        choose={"pick": _pick_choose},
        run={"pick": _pick_run},
        free_kind="free", free_options={"free": lambda s: ["up", "ask", "end"]},
        free_apply={"free": _free_apply},
        diagnose=_diagnose,
        over_rule="T-9",
        wrong_seat=lambda s, deciding, asking: f"seat {deciding} decides, not {asking}",
        drop_empty=drop_empty,
    )


def test_the_loop_offers_the_free_step_then_a_frame_and_back():
    loop = _loop(drop_empty=True)
    s = S()
    d = loop.decision(s)
    assert (d.seat, d.kind, d.actions, d.rule, d.prompt) == (0, "free", ("up", "ask", "end"), "T-0", "act")
    assert loop.apply_in_place(s, "up") == [{"type": "up"}] and s.count == 1
    loop.apply_in_place(s, "ask")
    d = loop.decision(s)  # the empty frame on top was dropped: nothing to choose
    assert (d.seat, d.kind, d.actions, d.rule) == (1, "pick", ("pick 1", "pick 5"), "T-2")
    loop.apply_in_place(s, "pick 5", 1)
    loop.apply_in_place(s, "pick 1")
    assert s.count == 7 and s.stack == [] and loop.decision(s).kind == "free"  # the run step popped it
    loop.apply_in_place(s, "end")
    assert loop.decision(s) is None
    with pytest.raises(RuleError) as info:
        loop.apply_in_place(s, "up")
    assert info.value.rule == "T-9"


def test_without_drop_empty_a_frame_with_no_choice_is_offered_as_it_is():
    loop = _loop(drop_empty=False)
    s = S()
    loop.apply_in_place(s, "ask")
    d = loop.decision(s)
    assert (d.kind, d.actions, d.rule, d.prompt) == ("empty", (), "", "empty")


def test_an_illegal_action_or_wrong_seat_changes_nothing_and_names_the_rule():
    loop = _loop(drop_empty=True)
    s = S()
    loop.apply_in_place(s, "ask")
    before = (list(s.stack), s.count, s._decision)
    with pytest.raises(RuleError) as info:
        loop.apply_in_place(s, "pick 1", 0)
    assert info.value.rule == "T-2" and "seat 1 decides, not 0" in str(info.value)
    with pytest.raises(RuleError) as info:
        loop.apply_in_place(s, "up")
    assert info.value.rule == "T-1" and s.diagnosed == ["up"]
    assert (list(s.stack), s.count, s._decision) == before


def test_a_stop_hook_ends_the_game_between_steps():
    def stop(s, events):
        if s.count >= 2 and not s.over:
            s.over = True
            events.append({"type": "won"})
        return s.over

    loop = frame_loop(info={}, options={}, choose={}, run={"tick": lambda s, f, e: (s.stack.pop(), True)[1]},
                      free_kind=lambda s: "free", free_options={"free": lambda s: ["up"]},
                      free_apply={"free": _free_apply}, diagnose=_diagnose,
                      over_rule="T-9", wrong_seat=lambda s, a, b: "", stop=stop)
    s = S()
    loop.apply_in_place(s, "up")
    assert loop.apply_in_place(s, "up") == [{"type": "up"}, {"type": "won"}]
    assert loop.decision(s) is None
