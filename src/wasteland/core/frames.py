"""The decision loop every game runs: procedures as frames on a stack.

A game's state keeps a ``stack`` of frames (small dicts with a ``kind`` and the ``seat``
that decides) and a cached ``_decision``. With an empty stack the game is in its *free
step* (the free part of a turn, or a phase of it); a frame on the stack is a procedure
waiting on someone. Per frame kind a game gives three tables:

* ``run[kind](s, frame, events) -> bool``: does what needs no choice; True when it changed
  something (popped itself, pushed a frame), False to wait for a decision;
* ``options[kind](s, frame) -> list[str]``: the legal actions of the decision;
* ``choose[kind](s, frame, action, events)``: applies one of them.

A frame's decision is its ``seat``'s and of its ``kind`` unless ``asks[kind](s, frame)``
says otherwise: a procedure whose choices fall to someone else (the first player) or
whose question changes from step to step gives (seat, decision kind) there. A kind with
a ``run`` step and no ``options`` is automatic: it never waits on a seat, and while one
rests on top (a position set up by hand just before it) nobody decides: the table's
chance or the game's ``resume`` moves it on. A game without a free step (every
decision a procedure's) leaves ``free_kind`` None: with an empty stack nobody decides.

:func:`frame_loop` turns the tables into the engine's ``settle``, ``decision`` and
``apply_in_place``. ``apply_in_place`` checks the seat and the action's legality before
anything changes, so an illegal action changes nothing and is explained by the game's
``diagnose(s, decision, action) -> RuleError`` (only then imported and run: the legal
path pays nothing for it).

The loop is on the path of every action, so it is built from closures over the tables
(no attribute or global look-ups per step) and Decisions are filled slot by slot.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, Mapping

from .protocol import Decision, RuleError
from .state_base import FramedState

Frame = dict[str, Any]
Events = list[dict[str, Any]]


class QuietEvents(list):
    """The events of a look-ahead that throws them away (a bot's simulated turns, a
    search's play-out): ``apply_in_place(..., quiet=True)``. A step may leave out of them
    what only the log reads (a raider's route); the state changes exactly as it does
    with the events kept."""

    __slots__ = ()


def _new_decision_maker() -> Callable[[int, str, tuple[str, ...], str, str], Decision]:
    """Decision(seat, kind, actions, prompt, rule), its slots filled directly: the frozen
    dataclass's own __init__ goes through object.__setattr__ for every field, and a
    Decision is built for nearly every action."""
    names = ("seat", "kind", "actions", "prompt", "rule")
    if tuple(f.name for f in fields(Decision)) != names:
        raise TypeError("Decision's fields changed: update _new_decision_maker")
    set_seat, set_kind, set_actions, set_prompt, set_rule = (Decision.__dict__[n].__set__ for n in names)
    new = object.__new__

    def make(seat: int, kind: str, actions: tuple[str, ...], prompt: str, rule: str) -> Decision:
        d = new(Decision)
        set_seat(d, seat)
        set_kind(d, kind)
        set_actions(d, actions)
        set_prompt(d, prompt)
        set_rule(d, rule)
        return d

    return make


make_decision = _new_decision_maker()


@dataclass(frozen=True)
class FrameLoop:
    """The three engine functions :func:`frame_loop` builds."""

    settle: Callable[[Any, Events], None]
    decision: Callable[[Any], Decision | None]
    apply_in_place: Callable[..., Events]


def frame_loop(
    *,
    info: Mapping[str, tuple[str, str]],
    options: Mapping[str, Callable[[Any, Frame], list[str]]],
    choose: Mapping[str, Callable[[Any, Frame, str, Events], None]],
    run: Mapping[str, Callable[[Any, Frame, Events], bool]],
    diagnose: Callable[[], Callable[[Any, Decision, Any], RuleError]],
    over_rule: str,
    wrong_seat: Callable[[Any, int, int], "str | RuleError"],
    free_kind: str | Callable[[Any], str] | None = None,
    free_options: Mapping[str, Callable[[Any], list[str]]] | None = None,
    free_apply: Mapping[str, Callable[[Any, str, Events], None]] | None = None,
    asks: Mapping[str, Callable[[Any, Frame], tuple[int, str]]] | None = None,
    stop: Callable[[Any, Events], bool] | None = None,
    drop_empty: bool = False,
    over_words: str = "the game is over; no more actions",
) -> FrameLoop:
    """The decision loop of a game.

    ``info[kind]`` is (rule anchor, prompt) of each decision kind. The free step is the
    current seat's (``s.current``); ``free_kind`` is its kind (a name, or a function of
    the state: the phase of the turn), ``free_options[kind](s)`` its actions and
    ``free_apply[kind](s, action, events)`` applies one; without ``free_kind`` the game has no
    free step. ``asks[kind](s, frame) -> (seat, decision kind)``: who decides a frame of that
    kind and what the decision is called, where not the frame's own ``seat`` and ``kind``.
    ``diagnose()`` returns the game's ``why_illegal`` (a
    function, so the game imports it only when an action is refused). ``over_rule`` is
    cited, with ``over_words``, when an action comes after the end; ``wrong_seat(s, deciding, asking)`` words
    the refusal of a seat whose decision it is not (cited with the decision's rule), or
    returns a RuleError of its own when another rule is what bars that seat.

    ``stop(s, events)``, run before every step of ``settle``, may end the game (a victory
    checked after each change); True stops the loop. Without it the loop stops when
    ``s.over``. With ``drop_empty`` a frame that has nothing left to choose is over and
    popped; without it its decision is offered with no actions (the game's frames never
    leave one).
    """
    run_get = run.get
    info_get = info.get
    asks_get = asks.get if asks else None  # no look-up per decision for a game without
    free = free_kind is not None
    fixed_kind = free_kind if isinstance(free_kind, str) else None
    free_options = free_options or {}
    free_apply = free_apply or {}

    def resting(kind: str) -> None:
        """A kind without options rests only as an automatic step; any other is unknown."""
        if kind not in run:
            raise KeyError(kind) from None

    def settle(s: FramedState, events: Events) -> None:
        """Run everything that needs no choice; a frame left waiting on a choice has its
        decision ready (``decision``)."""
        s._decision = None
        while True:
            if s.over if stop is None else stop(s, events):  # no call per step without a hook
                return
            stack = s.stack  # some procedures replace the list
            if not stack:
                return
            top = stack[-1]
            kind = top["kind"]
            step = run_get(kind)
            if step is not None:
                if step(s, top, events):
                    continue
                top = s.stack[-1]  # a step may replace its frame before it waits
                kind = top["kind"]
            try:
                listed = options[kind]
            except KeyError:
                resting(kind)
                return  # an automatic step resting: nobody decides
            actions = listed(s, top)
            if not actions and drop_empty:
                stack.pop()  # nothing left to choose: the procedure is over
                continue
            ask = asks_get and asks_get(kind)
            if ask is None:
                seat = top["seat"]
            else:
                seat, kind = ask(s, top)
            rule, prompt = info_get(kind, ("", kind))
            s._decision = make_decision(seat, kind, tuple(actions), prompt, rule)
            return

    def compute(s: FramedState) -> Decision | None:
        stack = s.stack
        if not stack:
            if not free:
                return None
            kind = fixed_kind or free_kind(s)  # type: ignore[operator]
            seat = s.current
            actions = free_options[kind](s)
        else:
            top = stack[-1]
            kind = top["kind"]
            try:
                listed = options[kind]
            except KeyError:
                resting(kind)
                return None
            actions = listed(s, top)
            ask = asks_get and asks_get(kind)
            if ask is None:
                seat = top["seat"]
            else:
                seat, kind = ask(s, top)
        rule, prompt = info_get(kind, ("", kind))
        return make_decision(seat, kind, tuple(actions), prompt, rule)

    def decision(s: FramedState) -> Decision | None:
        d = s._decision
        if d is None and not s.over:
            d = s._decision = compute(s)
        return d

    def apply_in_place(s: FramedState, action: str, seat: int | None = None, quiet: bool = False) -> Events:
        """Apply one action, or raise RuleError without changing anything. ``quiet``: for
        a look-ahead that drops the events (:class:`QuietEvents`)."""
        d = decision(s)
        if d is None:
            raise RuleError(over_rule, over_words)
        if seat is not None and seat != d.seat:
            why = wrong_seat(s, d.seat, seat)
            raise why if isinstance(why, RuleError) else RuleError(d.rule, why)
        if action not in d.actions:
            raise diagnose()(s, d, action)
        events: Events = QuietEvents() if quiet else []
        s._decision = None
        stack = s.stack
        if stack:
            top = stack[-1]
            choose[top["kind"]](s, top, action, events)
        else:
            free_apply[d.kind](s, action, events)
        settle(s, events)
        return events

    return FrameLoop(settle, decision, apply_in_place)
