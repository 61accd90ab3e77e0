"""The engine protocol shared by every game (see DESIGN.md).

* An **action** is a string in the game's canonical notation: space-separated tokens,
  the first one a verb (``move 3,-2``, ``use axe#1 by scout at 4,1``). Strings are
  immutable, hashable, and need no separate text form: the CLI, logs, records, tests
  and the browser all use the same text.
* A **decision** names the seat that must choose, the kind of choice, and every legal
  action. The game is always waiting on exactly one decision, or it is over.
* ``apply`` either returns the next state and its events, or raises :class:`RuleError`
  naming the rule that forbids the action, leaving the given state untouched.
* ``view`` is what one seat may know: no deck order, no hidden hands, no rng state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

Action = str
Event = dict[str, Any]  # {"type": ..., plus parameters}; each game renders it into words


class RuleError(ValueError):
    """An action the rules forbid. ``rule`` is the anchor of the rule (e.g. "SL §78")."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class NotationError(RuleError):
    """Text that is not an action of the game's notation at all."""

    def __init__(self, message: str) -> None:
        super().__init__("notation", message)


@dataclass(frozen=True, slots=True)
class Decision:
    seat: int
    kind: str
    actions: tuple[Action, ...]
    prompt: str = ""
    rule: str = ""  # the anchor of the rule that asks for this decision


@dataclass(slots=True)
class Outcome:
    """The end of a game: who won and why everybody else lost."""

    winners: tuple[int, ...]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)


class Game(Protocol):
    """What every game module offers. Algorithms and front ends use only this."""

    name: str
    rules_version: str
    min_players: int
    max_players: int

    def new_game(self, config: dict[str, Any], seed: int) -> Any: ...

    def decision(self, state: Any) -> Decision | None: ...

    def apply(self, state: Any, action: Action) -> tuple[Any, list[Event]]: ...

    def apply_in_place(self, state: Any, action: Action) -> list[Event]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    def event_view(self, event: Event, seat: int | None) -> Event: ...

    def action_view(self, action: str, events: list[Event], seat: int | None) -> str: ...

    def to_json(self, state: Any) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> Any: ...

    def describe(self, event: Event) -> str: ...

    # What the simulator and the agents call besides (``EngineGame`` has them all; the
    # last two have defaults there).
    def new_game_with_events(self, config: dict[str, Any], seed: int) -> tuple[Any, list[Event]]: ...

    def seats(self, state: Any) -> int: ...

    def evaluate(self, state: Any) -> list[float]: ...

    def determinize(self, state: Any, seat: int, rng: Any) -> Any: ...

    def rounds(self, state: Any) -> int: ...  # the game's length in rounds (0: no rounds)

    def turn_order(self, state: Any) -> tuple[int, ...]: ...  # seats, first player first; () unknown

    # What the server and the front ends call (defaults in ``EngineGame``).
    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]: ...  # or a RuleError

    def reveals_hidden(self, before: Any, after: Any) -> bool: ...  # undo stops at such a step

    def returns(self, state: Any) -> list[float]: ...  # 1 for each winner, 0 otherwise
