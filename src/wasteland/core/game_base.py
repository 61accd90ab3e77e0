"""The parts of the engine protocol that every game writes the same way.

A game module provides its own set-up, decision loop, state class, view, description
of events, determinization and evaluation; :class:`EngineGame` turns them into the
protocol object (see ``wasteland.core.protocol``), so ``apply`` always means "a copy,
then the checked in-place apply" and a state always round-trips through JSON the same
way in every game.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Callable

from .protocol import Decision, Event, Outcome, RuleError
from .rng import Rng
from .state_check import StateError


class EngineGame:
    name: str
    title: str  # for messages: "a Dry Well state"
    rules_version: str
    min_players: int
    max_players: int

    def __init__(
        self,
        engine: ModuleType,
        setup: Callable[[dict[str, Any], int], tuple[Any, list[Event]]],
        state_class: type,
        view: Callable[[Any, int | None], dict[str, Any]],
        describe: Callable[[Event], str],
        determinize: Callable[[Any, int, Rng], Any],
        evaluate: Callable[[Any], list[float]],
    ) -> None:
        self._engine = engine
        self._setup = setup
        self._state_class = state_class
        self._view = view
        self._describe = describe
        self._determinize = determinize
        self._evaluate = evaluate
        # The two calls made for every action go straight to the engine's functions,
        # one Python call less each; a subclass that overrides them keeps its own.
        if type(self).decision is EngineGame.decision:
            self.decision = engine.decision  # type: ignore[method-assign]
        if type(self).apply_in_place is EngineGame.apply_in_place:
            self.apply_in_place = engine.apply_in_place  # type: ignore[method-assign]

    @property
    def spec(self) -> Any:
        """This game's :class:`~wasteland.core.spec.GameSpec` (from the registry)."""
        from .registry import get_spec

        return get_spec(self.name)

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        """The full config of a valid combination of options, or a RuleError naming the
        option and its rule; every game checks its own combinations."""
        raise NotImplementedError

    def reveals_hidden(self, before: Any, after: Any) -> bool:
        """Did going from ``before`` to ``after`` reveal anything hidden? Undo is offered
        only across steps that did not; a game that cannot tell says yes."""
        return True

    def new_game(self, config: dict[str, Any], seed: int) -> Any:
        return self._setup(config, seed)[0]

    def new_game_with_events(self, config: dict[str, Any], seed: int) -> tuple[Any, list[Event]]:
        return self._setup(config, seed)

    def decision(self, state: Any) -> Decision | None:
        return self._engine.decision(state)

    def apply(self, state: Any, action: str, seat: int | None = None) -> tuple[Any, list[Event]]:
        """The next state and its events; ``state`` itself is never changed."""
        nxt = state.copy()
        events = self._engine.apply_in_place(nxt, action, seat)
        return nxt, events

    def apply_in_place(self, state: Any, action: str, seat: int | None = None) -> list[Event]:
        """Legality is checked before anything changes, so an illegal action changes nothing."""
        return self._engine.apply_in_place(state, action, seat)

    def outcome(self, state: Any) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(tuple(state.winners), state.end_reason)

    def returns(self, state: Any) -> list[float]:
        """1 for each winner, 0 otherwise (OpenSpiel's ``returns``)."""
        return [1.0 if seat in state.winners else 0.0 for seat in range(self.seats(state))]

    def seats(self, state: Any) -> int:
        return len(state.players)

    def rounds(self, state: Any) -> int:
        """How long the game has lasted, in rounds (each seat's turn once): the length the
        simulator reports. A game without rounds says 0."""
        return 0

    def turn_order(self, state: Any) -> tuple[int, ...]:
        """The seats in the order they take their turns, the first player first, once that
        is settled; () when the game does not say (the simulator's turn-position tables)."""
        return ()

    def to_json(self, state: Any) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: dict[str, Any]) -> Any:
        """The state ``to_json`` wrote, checked: a field the game cannot play on is a
        RuleError (a :class:`~wasteland.core.state_check.StateError`) naming it."""
        try:
            return self._state_class.from_json(data)
        except StateError as exc:
            raise StateError(exc.field, exc.problem, f"not {self.title} state: ") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise RuleError("state", f"not {self.title} state: {exc}") from None

    def describe(self, event: Event) -> str:
        return self._describe(event)

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return self._view(state, seat)

    def event_view(self, event: Event, seat: int | None) -> Event:
        """``event`` as ``seat`` may see it (None: a spectator). Events that can name a
        hidden card are rewritten by the game; by default events hide nothing."""
        return event

    def evaluate(self, state: Any) -> list[float]:
        """Heuristic value per seat in [0, 1] (a finished game: its true result)."""
        return self._evaluate(state)

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        """A full state drawn among those the seat cannot tell apart from this one."""
        return self._determinize(state, seat, rng)
