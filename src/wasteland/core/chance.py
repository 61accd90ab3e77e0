"""Explicit chance: every draw, roll or random pick the rules make is a chance point.

A game calls :func:`draw`, :func:`roll` or :func:`pick` where its rules reveal something
by chance, instead of ``deck.pop()`` or ``randbelow``. What happens then depends on the
state's ``chance`` field:

* **generator mode** (``state.chance is None``, the default): the state's generator
  answers at once, with exactly the numbers the raw calls would have used, so a game
  plays as it always did;
* **table mode** (``state.chance`` is a :class:`TableChance`, set by
  ``EngineGame.with_table_chance``): the answer is a decision of :data:`CHANCE_SEAT`
  (OpenSpiel's chance node). ``game.decision`` is then
  ``Decision(CHANCE_SEAT, "chance", ("chance <outcome>", ...))`` and
  ``game.apply(state, "chance <outcome>")`` gives the answer; a table whose card differs
  from the game's data answers ``chance custom <values>`` where the point allows it.

How table mode works without restructuring a game (``EngineGame`` does it for every
game): the action that meets a chance point is run on the state with the answers given
so far; when it needs one more, :class:`ChanceNeeded` stops it, the state is put back
as it was before the action, and the state records the action, its seat, the answers
and the point (:class:`Pending`). Each answer re-runs the action from the start with
one answer more, until the action completes.

A state may also wait on a chance point with no action behind it: a position set up by
hand (a scenario) whose next step is automatic and rolls at once (the event die of a
round's event phase). :meth:`EngineGame.resume_at_table` runs the engine's own
continuation (the game module's ``resume``) under the table's answers; when it needs
one, the pending action is :data:`RESUME` (empty), and each answer re-runs the
continuation from the start with one answer more, as for any action.

Shuffles stay ``core.rng.shuffle``: in table mode the generator's order is only the
engine's guess, never shown, and every draw from the deck is asked.

**The generator stays in sync**: an answered roll or pick still draws its number from
the generator and throws it away, and an answered draw takes the named card from the
deck after moving it to the top (the rest keeps its order). So a game whose chance is
answered by decisions, with the answers the generator gave, reaches the identical state,
generator included (the conformance suite checks it for every game; :func:`recording`
is its hook).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence, TypeVar

from .protocol import Decision, RuleError
from .rng import randbelow
from .state_base import GameState

T = TypeVar("T")

#: the seat of every chance decision
CHANCE_SEAT = -1
#: the verb of a chance answer: ``chance <outcome>``, ``chance custom <values>``
VERB = "chance"
#: the outcome word that introduces the printed values of a card not in the data
CUSTOM = "custom"
#: the pending "action" of a chance point met by the engine's own continuation
#: (``resume``), not by any action of a seat
RESUME = ""


@dataclass(frozen=True, slots=True)
class ChancePoint:
    """One thing the rules leave to chance, as the table sees it.

    ``what`` names it in the game's words ("damage card of the scouts"); ``outcomes``
    are the notations of what may come (sorted: never the deck's order); ``weights``
    how many of each there are (for probabilities); ``rule`` the anchor of the rule that
    draws; ``custom`` a short format of printed values the table may enter instead
    ("" when it may not); ``term`` and ``about`` name it for a front end's translations
    (``"damage_card"``, ``(("raider", "speedster"),)``; ``what`` is the English of it)."""

    what: str
    outcomes: tuple[str, ...]
    weights: tuple[int, ...]
    rule: str
    custom: str = ""
    term: str = ""
    about: tuple[tuple[str, str], ...] = ()

    def decision(self) -> Decision:
        prompt = f"chance: {self.what}"
        if self.custom:
            prompt += f" (or: {VERB} {CUSTOM} {self.custom})"
        return Decision(CHANCE_SEAT, "chance", tuple(f"{VERB} {o}" for o in self.outcomes), prompt, self.rule)

    def probabilities(self) -> tuple[float, ...]:
        total = sum(self.weights)
        return tuple(w / total for w in self.weights)

    def check(self, answer: str) -> None:
        """RuleError citing the point's rule unless ``answer`` is one of its outcomes (or
        a custom entry where one is allowed; its values are the game's to check)."""
        if answer in self.outcomes:
            return
        if self.custom and (answer == CUSTOM or answer.startswith(CUSTOM + " ")):
            if answer == CUSTOM:
                raise RuleError(self.rule, f"{self.what}: a custom entry needs its values: {VERB} {CUSTOM} {self.custom}")
            return
        shown = ", ".join(self.outcomes[:12]) + (", ..." if len(self.outcomes) > 12 else "")
        raise RuleError(self.rule, f"{self.what}: {answer!r} cannot come now; one of: {shown}")

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "outcomes": list(self.outcomes), "weights": list(self.weights),
                "rule": self.rule, "custom": self.custom, "term": self.term, "about": dict(self.about)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ChancePoint":
        outcomes = tuple(str(o) for o in data["outcomes"])
        weights = tuple(int(w) for w in data["weights"])
        if len(outcomes) != len(weights) or not outcomes or min(weights) < 1:
            raise ValueError("outcomes and weights must pair up, each weight at least 1")
        about = tuple((str(k), str(v)) for k, v in dict(data.get("about") or {}).items())
        return cls(str(data["what"]), outcomes, weights, str(data["rule"]), str(data.get("custom", "")),
                   str(data.get("term", "")), about)


@dataclass(frozen=True, slots=True)
class Pending:
    """An action stopped at a chance point: re-run with ``answers`` (and the next one).
    ``action`` is :data:`RESUME` when the engine's own continuation met the point."""

    action: str
    seat: int | None
    answers: tuple[str, ...]
    point: ChancePoint

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "seat": self.seat, "answers": list(self.answers), "point": self.point.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Pending":
        seat = data["seat"]
        if seat is not None and not isinstance(seat, int):
            raise ValueError("seat must be a number or null")
        return cls(str(data["action"]), seat, tuple(str(a) for a in data["answers"]),
                   ChancePoint.from_json(data["point"]))


@dataclass(frozen=True, slots=True)
class TableChance:
    """A state's ``chance`` in table mode: what is waiting for the table, if anything.
    Immutable, so copies of a state share it."""

    pending: Pending | None = None

    def to_json(self) -> dict[str, Any]:
        return {"mode": "table", "pending": self.pending.to_json() if self.pending else None}

    @classmethod
    def from_json(cls, data: Any) -> "TableChance":
        if not isinstance(data, dict) or data.get("mode") != "table":
            raise ValueError('expected {"mode": "table", "pending": ...}')
        pending = data.get("pending")
        return cls(Pending.from_json(pending) if pending is not None else None)


TABLE = TableChance()


class ChanceNeeded(BaseException):
    """Raised inside an action when table mode needs one more answer. A BaseException,
    so no game's ``except Exception`` swallows it; only ``EngineGame`` catches it."""

    def __init__(self, point: ChancePoint) -> None:
        super().__init__(point.what)
        self.point = point


class Answers:
    """A state's ``chance`` while an action runs with the table's answers: hands them out
    in order, then asks for the next (or, ``then_generator``, lets the generator go on)."""

    __slots__ = ("answers", "used", "then_generator")

    def __init__(self, answers: Sequence[str], then_generator: bool = False) -> None:
        self.answers = tuple(answers)
        self.used = 0
        self.then_generator = then_generator

    def take(self, point: ChancePoint) -> str | None:
        """The next answer (checked against ``point``), or None: the generator answers."""
        if self.used < len(self.answers):
            answer = self.answers[self.used]
            point.check(answer)
            self.used += 1
            return answer
        if self.then_generator:
            return None
        raise ChanceNeeded(point)


def parse_answer(action: str) -> str | None:
    """The outcome of ``chance <outcome>``, or None when ``action`` is no chance answer."""
    verb, _, rest = action.strip().partition(" ")
    return rest.strip() if verb == VERB else None


# -- the recorder (the conformance suite's hook) ----------------------------------------------

_record: list[str] | None = None


@contextmanager
def recording() -> Iterator[list[str]]:
    """Collect every answer the generator gives inside the block, as the outcome notation
    a table would give (``chance <it>``). Wrap only the ``apply`` calls you mean: a bot's
    look-ahead draws too."""
    global _record
    saved, _record = _record, []
    try:
        yield _record
    finally:
        _record = saved


# -- the chance points ----------------------------------------------------------------------


def _tally(notations: Sequence[str]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    counts: dict[str, int] = {}
    for n in notations:
        counts[n] = counts.get(n, 0) + 1
    outcomes = tuple(sorted(counts))
    return outcomes, tuple(counts[o] for o in outcomes)


def answering(s: GameState) -> bool:
    """Does the table answer the chance points of ``s`` now (so that :func:`ask` looks at
    the outcomes)? When not, a caller may skip listing them: ``ask`` returns None unread."""
    return isinstance(s.chance, Answers)


def ask(s: GameState, what: str, notations: Sequence[str], rule: str, custom: str = "", *, term: str = "",
        about: tuple[tuple[str, str], ...] = ()) -> str | None:
    """The table's answer for a chance point whose possible outcomes are ``notations``
    (repeats count as weights), or None when the generator answers (generator mode, or
    engine code run outside ``EngineGame``): the caller then does what it always did and
    hands its result to :func:`note`. For a point the helpers below do not fit (a reveal
    whose possible cards are not simply a list's)."""
    c = s.chance
    if not isinstance(c, Answers):  # as ``answering``
        return None
    outcomes, weights = _tally(notations)
    return c.take(ChancePoint(what, outcomes, weights, rule, custom, term, about))


def note(outcome: str) -> None:
    """Record what the generator answered (the conformance suite's recorder)."""
    if _record is not None:
        _record.append(outcome)


def draw(s: GameState, deck: list[T], what: str, rule: str, notation: Callable[[T], str] = str,
         custom: str = "", make_custom: Callable[[Any, str], T] | None = None, *, term: str = "",
         about: tuple[tuple[str, str], ...] = ()) -> T:
    """The top card of ``deck`` (top = last element; the deck must not be empty).

    Table mode: the table names the card; it is moved to the top and taken, so the rest
    keeps its order. With ``custom`` (a format of printed values) and ``make_custom``, the
    table may instead enter a card's values: ``make_custom(s, values)`` makes the card
    (RuleError if the values are wrong) and it takes the place of the engine's top card."""
    c = s.chance
    if c is None or (answer := ask(s, what, [notation(x) for x in deck], rule, custom, term=term,
                                   about=about)) is None:
        card = deck.pop()
        if _record is not None:
            _record.append(notation(card))
        return card
    if answer.startswith(CUSTOM + " ") and make_custom is not None:
        made = make_custom(s, answer[len(CUSTOM) + 1:].strip())
        deck.pop()
        return made
    for i in range(len(deck) - 1, -1, -1):
        if notation(deck[i]) == answer:
            return deck.pop(i)
    raise AssertionError(f"{answer} checked but not in the deck")  # pragma: no cover


def roll(s: GameState, what: str, sides: int, rule: str, *, term: str = "", about: tuple[tuple[str, str], ...] = ()) -> int:
    """A die of ``sides`` faces: 1 to ``sides``. Table mode: the table says the face (the
    generator still draws its number and throws it away)."""
    face = randbelow(s, sides) + 1
    c = s.chance
    if c is not None and isinstance(c, Answers):
        # the faces in their own order, not sorted as text ("10" after "9")
        answer = c.take(ChancePoint(what, tuple(str(n) for n in range(1, sides + 1)), (1,) * sides, rule, "",
                                    term, about))
        if answer is not None:
            return int(answer)
    if _record is not None:
        _record.append(str(face))
    return face


def pick(s: GameState, items: Sequence[T], what: str, rule: str, notation: Callable[[T], str] = str, *,
         term: str = "", about: tuple[tuple[str, str], ...] = ()) -> T:
    """One of ``items`` at random (``items[randbelow(s, len(items))]``). Table mode: the
    table names it (the generator still draws its number and throws it away)."""
    item = items[randbelow(s, len(items))]
    c = s.chance
    if c is not None and (answer := ask(s, what, [notation(x) for x in items], rule, term=term,
                                        about=about)) is not None:
        if notation(item) == answer:
            return item  # the generator's own pick among alike items: the same state
        for x in items:
            if notation(x) == answer:
                return x
    if _record is not None:
        _record.append(notation(item))
    return item
