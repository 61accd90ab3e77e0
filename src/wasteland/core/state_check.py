"""Checking a state that comes from outside (JSON, a save, a scenario) field by field.

A state loaded from JSON is trusted by the engine from then on: a piece off the board or
a seat that does not exist would crash much later with an IndexError or a KeyError, far
from its cause. Each game checks what it loads with these helpers, so the first problem
is one :class:`StateError` naming the field (``pieces[3].hex``) and what it may hold.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, NoReturn, TypeVar

from .chance import CHANCE_SEAT
from .protocol import Game, RuleError

S = TypeVar("S")


class StateError(RuleError):
    """A loaded state breaks the shape or the ranges its game allows. ``field`` names the
    offending field (``players[1].hex``); ``rule`` is ``state`` for a shape or range the
    engine needs, or the anchor of the game rule a position breaks (a sixth card in hand)."""

    def __init__(self, field: str, problem: str, context: str = "", rule: str = "state") -> None:
        super().__init__(rule, f"{context}{field}: {problem}")
        self.field = field
        self.problem = problem


def fail(field: str, problem: str) -> NoReturn:
    raise StateError(field, problem)


def need_int(field: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a bool) in [low, high]."""
    if type(value) is not int:
        fail(field, f"must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"from {low} to {high}" if low is not None and high is not None else (
            f"at least {low}" if low is not None else f"at most {high}")
        fail(field, f"must be {span}, not {value}")
    return value


def need_bool(field: str, value: Any) -> bool:
    if type(value) is not bool:
        fail(field, f"must be true or false, not {value!r}")
    return value


def need_str(field: str, value: Any) -> str:
    if type(value) is not str:
        fail(field, f"must be a text, not {value!r}")
    return value


def need_list(field: str, value: Any, length: int | None = None) -> list[Any]:
    if type(value) is not list:
        fail(field, f"must be a list, not {value!r}")
    if length is not None and len(value) != length:
        fail(field, f"must have {length} entries, has {len(value)}")
    return value


def need_dict(field: str, value: Any) -> dict[str, Any]:
    if type(value) is not dict:
        fail(field, f"must be a table, not {value!r}")
    return value


def need_in(field: str, value: Any, allowed: Collection[Any], what: str) -> Any:
    """One of ``allowed`` (a known card, kind, phase...); ``what`` says what it is."""
    try:
        ok = value in allowed
    except TypeError:  # an unhashable value in a set
        ok = False
    if not ok:
        shown = sorted(allowed, key=str) if len(allowed) <= 12 else None
        fail(field, f"unknown {what} {value!r}" + (f" (one of {', '.join(map(str, shown))})" if shown else ""))
    return value


def need_seat(field: str, value: Any, seats: int) -> int:
    """A seat of this game: 0 to seats - 1 (seats are numbered from 0)."""
    if type(value) is not int or not 0 <= value < seats:
        fail(field, f"no seat {value!r} in a game of {seats} (seats are 0 to {seats - 1})")
    return value


def need_each(field: str, values: Any, allowed: Collection[Any], what: str) -> list[Any]:
    """A list whose every entry is one of ``allowed``."""
    for i, v in enumerate(need_list(field, values)):
        need_in(f"{field}[{i}]", v, allowed, what)
    return values


# -- a position the game can go on from ---------------------------------------------------------

#: the most offered actions tried on a loaded position (evenly spread over the list beyond it)
MOST_TRIED = 48


def checked_reader(read: Callable[[dict[str, Any]], S], check: Callable[[S], None]) -> Callable[[dict[str, Any]], S]:
    """A game's ``load_state``: ``read(data)`` (the state's ``from_json``), then ``check`` of
    every field (a StateError naming the first one wrong)."""

    def load_state(data: dict[str, Any]) -> S:
        state = read(data)
        check(state)
        return state

    return load_state


def check_goes_on(game: Game, state: Any, context: str = "") -> None:
    """A StateError unless the game can go on from ``state``: every seat's view answers
    (the spectator's and the chance seat's too), the game waits on a decision or is over,
    and the offered actions (up to :data:`MOST_TRIED`) apply: an offered action is legal,
    so one refused (a table's answer the pending chance point lists but the game cannot
    take) shows a position that is no position of the game. Every field check of a game may still miss a
    combination the rules cannot continue from; this is the last line, so that a loaded
    state, a scenario or a correction fails here, at once, and never at a later step."""
    try:
        seats = list(range(game.seats(state)))
        for seat in [None, CHANCE_SEAT, *seats]:
            game.view(state, seat)
        decision = game.decision(state)
        if decision is None:
            if game.outcome(state) is None:
                raise StateError("stack", "the game waits on no decision and is not over", context)
            return
        actions = list(decision.actions)
        if not actions:
            raise StateError("stack", f"the {decision.kind} decision offers no action", context)
        if len(actions) > MOST_TRIED:
            step = len(actions) / MOST_TRIED
            actions = [actions[int(i * step)] for i in range(MOST_TRIED)]
        for action in actions:
            try:
                game.apply(state, action, decision.seat)
            except RuleError as exc:
                raise StateError("stack", f"the {decision.kind} decision offers {action!r}, which cannot be "
                                 f"played: {exc.message}", context, decision.rule) from None
    except StateError:
        raise
    except RuleError as exc:
        raise StateError("position", f"the game cannot go on from it: {exc}", context, exc.rule) from None
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, AssertionError, ZeroDivisionError,
            RecursionError, OverflowError, StopIteration) as exc:
        raise StateError("position", f"the game cannot go on from it ({type(exc).__name__}: {exc})", context) from None
