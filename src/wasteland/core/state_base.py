"""The fields core reads in every game's state, declared once.

``EngineGame`` reads ``chance``, ``over``, ``winners`` and ``end_reason``; the chance
helpers (``core.chance``) read and write ``chance`` and draw from ``rng``; the frame loop
(``core.frames``) reads ``stack`` and caches ``_decision``. A game's state class derives
from :class:`GameState` (or :class:`FramedState` when it runs on the frame loop) so that
these names are written here, with their types, and not guessed at by core.

The bases have empty ``__slots__``: a game's own ``__slots__`` hold the values (its copy
and its speed stay its own), and a state without slots (the Dry Well test game's) keeps
them in its ``__dict__``. Nothing here runs on the path of an action.
"""

from __future__ import annotations

from typing import Any

from .protocol import Decision


class GameState:
    """What core may read in any game's state."""

    __slots__ = ()

    #: None: the generator answers chance; a ``core.chance.TableChance``: the table does
    chance: Any
    #: the generator's state (``core.rng``): an int
    rng: int
    #: the seats (``EngineGame.seats`` counts them; a game whose ``players`` is something
    #: else, a count, overrides ``seats``)
    players: Any
    over: bool
    winners: list[int]
    end_reason: str | None

    def copy(self) -> Any:  # pragma: no cover - every game writes its own
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:  # pragma: no cover - every game writes its own
        raise NotImplementedError


class FramedState(GameState):
    """A state that runs on ``core.frames``' decision loop."""

    __slots__ = ()

    #: the procedures waiting on someone, innermost last (frames: dicts with ``kind`` and ``seat``)
    stack: list[dict[str, Any]]
    #: the decision the loop computed last, or None once anything changed
    _decision: Decision | None
    #: whose free step it is when the stack is empty
    current: int
