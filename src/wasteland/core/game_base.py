"""The parts of the engine protocol that every game writes the same way.

A game module provides its own set-up, decision loop, state class, view, description
of events, determinization and evaluation; :class:`EngineGame` turns them into the
protocol object (see ``wasteland.core.protocol``), so ``apply`` always means "a copy,
then the checked in-place apply" and a state always round-trips through JSON the same
way in every game.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from . import chance
from .chance import CHANCE_SEAT, RESUME, TABLE, Answers, ChanceNeeded, Pending, TableChance
from .protocol import Decision, Event, Outcome, RuleError
from .redact import hidden_values, redact_action
from .rng import Rng
from .spec import GameSpec
from .state_base import GameState
from .state_check import StateError, check_goes_on
from .view import decision_block


#: the facts a game declares once, in its :class:`~wasteland.core.spec.GameSpec`; the
#: protocol object reads them from there and may not write them again (they drifted:
#: a rules version written twice let the server export records ``replay`` refused)
DECLARED = ("name", "title", "rules_version", "min_players", "max_players")


class Engine(Protocol):
    """The game's own decision loop (its ``engine`` module, or ``core.frames.frame_loop``'s
    functions): what :class:`EngineGame` wraps with the table's chance."""

    def decision(self, state: Any) -> Decision | None: ...

    def apply_in_place(self, state: Any, action: str, seat: int | None = None) -> list[Event]: ...


class EngineGame:
    #: the game's one declaration (its package's ``spec.SPEC``), set by each subclass
    spec: GameSpec

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        again = [f for f in DECLARED if f in vars(cls)]
        if again:
            raise TypeError(f"{cls.__name__} writes {', '.join(again)} again: a game declares them once, "
                            "in its GameSpec (set spec = SPEC)")

    def __init__(
        self,
        engine: Engine,
        setup: Callable[[dict[str, Any], int], tuple[Any, list[Event]]],
        load_state: Callable[[dict[str, Any]], Any],
        view: Callable[[Any, int | None], dict[str, Any]],
        describe: Callable[[Event], str],
        determinize: Callable[[Any, int, Rng], Any],
        evaluate: Callable[[Any], list[float]],
        resume: Callable[[Any], list[Event]] | None = None,
        views: Callable[[Any, list[int | None]], dict[int | None, dict[str, Any]]] | None = None,
        rules: Callable[[dict[str, Any]], Any] | None = None,
    ) -> None:
        """``load_state(data)``: the state ``to_json`` wrote, checked field by field (a
        StateError naming the field). ``resume(state)``: the automatic steps a position set up by hand rests on (a
        scenario stopped before the dice of a round), for a game that has them. ``views(state,
        seats)``: every seat's view at once, for a game that builds what they share once.
        ``rules(config)``: the table's rules as one object (a game's ``config.Rules``, kept in
        its state as ``state.rules``), for a game that reads its options and seats from it."""
        self._engine = engine
        self._resume = resume
        self._setup = setup
        self._load_state = load_state
        self._view = view
        self._describe = describe
        self._determinize = determinize
        self._evaluate = evaluate
        self._views = views
        self._rules = rules

    # the facts of ``DECLARED``, read from the spec
    name = property(lambda self: self.spec.name)
    title = property(lambda self: self.spec.title)
    rules_version = property(lambda self: self.spec.rules_version)
    min_players = property(lambda self: self.spec.min_players)
    max_players = property(lambda self: self.spec.max_players)

    @property
    def _a_state(self) -> str:
        """"a Dry Well state", "an Oasis state": for messages."""
        title = self.spec.title
        return f"{'an' if title[:1].lower() in 'aeiou' else 'a'} {title} state"

    def normalize_config(self, config: dict[str, Any]) -> dict[str, Any]:
        """The full config of a valid combination of options, or a RuleError naming the
        option and its rule. By default every option of the spec takes its value or its
        default (``Option.take``) and an option the spec does not declare is refused; a game
        whose options depend on each other checks their combinations in its ``rules``, or
        in its own ``normalize_config``."""
        if self._rules is not None:
            return self._rules(config).to_config()
        return self.spec.normalize_options(config)

    def reveals_hidden(self, before: Any, after: Any) -> bool:
        """Did going from ``before`` to ``after`` reveal anything hidden? Undo is offered
        only across steps that did not; a game that cannot tell says yes."""
        return True

    def new_game(self, config: dict[str, Any], seed: int) -> Any:
        return self._setup(config, seed)[0]

    def new_game_with_events(self, config: dict[str, Any], seed: int) -> tuple[Any, list[Event]]:
        return self._setup(config, seed)

    def new_game_at_table(self, config: dict[str, Any], seed: int) -> tuple[Any, list[Event]]:
        """A new game whose chance the table answers from the start, and its events. A game
        whose set-up goes on through chance points before the first seat decides (the
        dice of a first round) overrides this, so the table throws those too; by default
        the set-up only shuffles (the generator's order is never shown) and the game
        then switches to the table."""
        state, events = self._setup(config, seed)
        return self.with_table_chance(state), events

    def decision(self, state: GameState) -> Decision | None:
        c = state.chance
        if c is not None and c.pending is not None:
            return c.pending.point.decision()
        return self._engine.decision(state)

    def apply(self, state: GameState, action: str, seat: int | None = None) -> tuple[Any, list[Event]]:
        """The next state and its events; ``state`` itself is never changed."""
        nxt = state.copy()
        events = self.apply_in_place(nxt, action, seat)
        return nxt, events

    def apply_in_place(self, state: GameState, action: str, seat: int | None = None) -> list[Event]:
        """Legality is checked before anything changes, so an illegal action changes nothing."""
        c = state.chance
        if c is None:
            return self._engine.apply_in_place(state, action, seat)
        return self._apply_at_table(state, c, action, seat)

    # -- explicit chance (see ``wasteland.core.chance``) --------------------------------------

    def with_table_chance(self, state: GameState, on: bool = True) -> Any:
        """A copy of ``state`` whose chance the table answers (``on``) or the generator
        (off). Switching off while an answer is pending lets the generator give it and
        every later one of that action, after the answers already given."""
        nxt = state.copy()
        c = state.chance
        if on:
            if c is None:
                nxt.chance = TABLE
            return nxt
        if c is not None and c.pending is not None:
            p = c.pending
            backup = state.copy()
            nxt.chance = Answers(p.answers, then_generator=True)
            try:
                self._continue(nxt, p.action, p.seat)
            except BaseException:
                _restore(nxt, backup)
                raise
        nxt.chance = None
        return nxt

    def resume_at_table(self, state: GameState) -> list[Event]:
        """Run the engine's own continuation (``engine.resume(state)``: the automatic steps
        a position set up by hand rests on) in place. In table mode a chance point it meets
        leaves the state waiting on the table with no action behind it (pending action
        :data:`~wasteland.core.chance.RESUME`); the answer resumes it. Nothing happens
        while an answer is already pending."""
        c = state.chance
        if c is None:
            return self._continue(state, RESUME, None)
        if c.pending is not None:
            return []
        return self._run_at_table(state, RESUME, None, ())

    def _continue(self, state: GameState, action: str, seat: int | None) -> list[Event]:
        if action == RESUME:
            if self._resume is None:
                raise RuleError("chance", f"{self.spec.title} has no automatic step to wait on (the pending action is empty)")
            return self._resume(state)
        return self._engine.apply_in_place(state, action, seat)

    def chance_pending(self, state: GameState) -> Pending | None:
        """What the table must answer now (table mode), or None."""
        c = state.chance
        return c.pending if c is not None else None

    def _apply_at_table(self, state: GameState, c: TableChance, action: str, seat: int | None) -> list[Event]:
        """Run ``action`` (or the pending one with one answer more) with the table's
        answers; stop it, state untouched but for the pending point, when it needs one more."""
        pending = c.pending
        if pending is not None:
            point = pending.point
            answer = chance.parse_answer(action)
            if answer is None:
                raise RuleError(point.rule, f"the table must answer first: {point.what} ({chance.VERB} <outcome>)")
            if seat is not None and seat != CHANCE_SEAT:
                raise RuleError(point.rule, f"seat {seat} cannot answer: {point.what} is chance's to decide")
            point.check(answer)
            action, seat, answers = pending.action, pending.seat, pending.answers + (answer,)
        else:
            if action == RESUME:  # an empty action is no action: the engine refuses it
                return self._engine.apply_in_place(state, action, seat)
            answers = ()
        return self._run_at_table(state, action, seat, answers)

    def _run_at_table(self, state: GameState, action: str, seat: int | None, answers: tuple[str, ...]) -> list[Event]:
        backup = state.copy()
        state.chance = Answers(answers)
        try:
            events = self._continue(state, action, seat)
        except ChanceNeeded as need:
            _restore(state, backup)
            state.chance = TableChance(Pending(action, seat, answers, need.point))
            return []
        except BaseException:
            _restore(state, backup)
            raise
        state.chance = TABLE
        return events

    def outcome(self, state: GameState) -> Outcome | None:
        if not state.over:
            return None
        return Outcome(tuple(state.winners), state.end_reason)

    def returns(self, state: GameState) -> list[float]:
        """1 for each winner, 0 otherwise (OpenSpiel's ``returns``)."""
        return [1.0 if seat in state.winners else 0.0 for seat in range(self.seats(state))]

    def seats(self, state: GameState) -> int:
        if self._rules is not None:
            return state.rules.players  # type: ignore[attr-defined]  # the rules count the seats
        return len(state.players)

    def rounds(self, state: GameState) -> int:
        """How long the game has lasted, in rounds (each seat's turn once): the length the
        simulator reports. A game without rounds says 0."""
        return 0

    def turn_order(self, state: GameState) -> tuple[int, ...]:
        """The seats in the order they take their turns, the first player first, once that
        is settled; () when the game does not say (the simulator's turn-position tables)."""
        return ()

    def to_json(self, state: GameState) -> dict[str, Any]:
        out = state.to_json()
        if state.chance is not None:
            out["chance"] = state.chance.to_json()
        return out

    def from_json(self, data: dict[str, Any]) -> Any:
        """The state ``to_json`` wrote, checked: a field the game cannot play on is a
        RuleError (a :class:`~wasteland.core.state_check.StateError`) naming it."""
        table = None
        if isinstance(data, dict) and "chance" in data:
            data = dict(data)
            raw = data.pop("chance")
            try:
                table = TableChance.from_json(raw) if raw is not None else None
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise StateError("chance", f"not a table chance: {exc}", f"not {self._a_state}: ") from None
        try:
            state = self._load_state(data)
            state.chance = table
        except StateError as exc:
            raise StateError(exc.field, exc.problem, f"not {self._a_state}: ", exc.rule) from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise RuleError("state", f"not {self._a_state}: {exc}") from None
        try:
            written = set(state.to_json())
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise RuleError("state", f"not {self._a_state}: {exc}") from None
        unknown = sorted(set(data) - written - {"chance"}, key=str)
        if unknown:  # a key no state of the game has: a mistake, never ignored
            raise StateError(str(unknown[0]), "unknown key", f"not {self._a_state}: ")
        # what the field checks let through must still go on: refused now, not at a later step
        check_goes_on(self, state, f"not {self._a_state}: ")
        return state

    def describe(self, event: Event) -> str:
        return self._describe(event)

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """In table mode the view also has ``chance``: the point waiting for the table
        (what, rule, custom format; its outcomes only to the chance seat, since what a
        deck may still hold tells what the hands hold), or None."""
        return self._with_chance(state, self._view(state, seat), seat)

    def views(self, state: Any, seats: Any) -> dict[int | None, dict[str, Any]]:
        """The views of one position for every seat of ``seats`` (None: a spectator), each
        equal to ``view(state, seat)``. A server sends every seat its own view after each
        action; a game that declares ``views`` builds what they share once (the board,
        the figures, the decks' sizes) and only each seat's own part per seat."""
        seats = list(seats)
        if self._views is None:
            raw = {seat: self._view(state, seat) for seat in seats}
        else:
            raw = self._views(state, seats)
        return {seat: self._with_chance(state, raw[seat], seat) for seat in seats}

    def _with_chance(self, state: Any, out: dict[str, Any], seat: int | None) -> dict[str, Any]:
        c = state.chance
        if c is None:
            return out
        p = c.pending
        if p is None:
            out["chance"] = None
            return out
        point = p.point
        mine = seat == CHANCE_SEAT
        out["decision"] = decision_block(point.decision(), seat)
        out["chance"] = {"what": point.what, "rule": point.rule, "custom": point.custom,
                         "term": point.term, "about": dict(point.about),
                         "count": sum(point.weights),
                         "outcomes": list(point.outcomes) if mine else [],
                         "weights": list(point.weights) if mine else [],
                         # what the table answered so far for this action (a card drawn
                         # into a hand among them): the board shows it only after the last
                         "answers": list(p.answers) if mine else []}
        return out

    def event_view(self, event: Event, seat: int | None) -> Event:
        """``event`` as ``seat`` may see it (None: a spectator). Events that can name a
        hidden card are rewritten by the game; by default events hide nothing."""
        return event

    def action_view(self, action: str, events: list[Event], seat: int | None) -> str:
        """``action`` as ``seat`` may read it, given the events it produced: a word of it
        that an event view hides from the seat reads "?" (``wasteland.core.redact``)."""
        return redact_action(action, hidden_values(events, [self.event_view(e, seat) for e in events]))

    def evaluate(self, state: GameState) -> list[float]:
        """Heuristic value per seat in [0, 1] (a finished game: its true result)."""
        return self._evaluate(state)

    def determinize(self, state: GameState, seat: int, rng: Rng) -> Any:
        """A full state drawn among those the seat cannot tell apart from this one. Its
        chance is the generator's: a sampled world answers its own draws (a bot's
        look-ahead never waits on the table)."""
        out = self._determinize(state, seat, rng)
        out.chance = None
        return out


def _restore(state: GameState, saved: GameState) -> None:
    """Put every field of ``saved`` (a copy made before) back into ``state``."""
    for cls in type(state).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(saved, name):
                setattr(state, name, getattr(saved, name))
    if hasattr(saved, "__dict__"):
        state.__dict__.update(saved.__dict__)
