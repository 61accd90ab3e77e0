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
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:  # the spec names its game object: a type only, never imported at run time
    from .spec import GameSpec

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


@runtime_checkable
class Game(Protocol):
    """What every game's protocol object offers; algorithms and front ends call only this
    and type a game as ``Game``. ``wasteland.core.game_base.EngineGame`` implements all of
    it, with defaults for what a game may leave out (``reveals_hidden``, ``event_view``,
    ``action_view``, ``rounds``, ``turn_order``, the table-chance methods), so no front end
    asks a game by name whether it has a method."""

    @property
    def spec(self) -> "GameSpec": ...  # the game's one declaration (``core.spec``)

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def rules_version(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    # -- playing ------------------------------------------------------------------------

    def new_game(self, config: dict[str, Any], seed: int) -> Any: ...

    def new_game_with_events(self, config: dict[str, Any], seed: int) -> tuple[Any, list[Event]]: ...

    def decision(self, state: Any) -> Decision | None: ...

    # ``seat``: who plays it (None: whoever the decision names); another seat is a RuleError
    def apply(self, state: Any, action: Action, seat: int | None = None) -> tuple[Any, list[Event]]: ...

    def apply_in_place(self, state: Any, action: Action, seat: int | None = None) -> list[Event]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def returns(self, state: Any) -> list[float]: ...  # 1 for each winner, 0 otherwise

    def seats(self, state: Any) -> int: ...

    def rounds(self, state: Any) -> int: ...  # the game's length in rounds (0: no rounds)

    def turn_order(self, state: Any) -> tuple[int, ...]: ...  # seats, first player first; () unknown

    # -- what a seat may know -------------------------------------------------------------

    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...

    # the views of one position for several seats (None: a spectator), each equal to its
    # ``view``; a game may build what they share once (``EngineGame.views``)
    def views(self, state: Any, seats: Any) -> dict[int | None, dict[str, Any]]: ...

    def event_view(self, event: Event, seat: int | None) -> Event: ...

    def action_view(self, action: str, events: list[Event], seat: int | None) -> str: ...

    def describe(self, event: Event) -> str: ...

    def reveals_hidden(self, before: Any, after: Any) -> bool: ...  # undo stops at such a step

    # -- saving and checking --------------------------------------------------------------

    def to_json(self, state: Any) -> dict[str, Any]: ...

    def from_json(self, data: dict[str, Any]) -> Any: ...  # or a RuleError naming the field

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]: ...  # or a RuleError

    # -- the searches --------------------------------------------------------------------

    def evaluate(self, state: Any) -> list[float]: ...

    def determinize(self, state: Any, seat: int, rng: Any) -> Any: ...

    # -- the table answers chance (``core.chance``) ------------------------------------------

    def new_game_at_table(self, config: dict[str, Any], seed: int) -> tuple[Any, list[Event]]: ...

    def with_table_chance(self, state: Any, on: bool = True) -> Any: ...

    def chance_pending(self, state: Any) -> Any: ...  # a ``core.chance.Pending``, or None

    def resume_at_table(self, state: Any) -> list[Event]: ...
