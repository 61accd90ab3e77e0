"""Observation tensors from a seat's view (what ``GameSpec.observation`` names).

A game declares its encoder as a list of named *features*: a plane (one number per board
place: hexes, spaces or zones, in a fixed order) or a vector (counters, cards). Each
feature reads only the view a seat is given (``game.view(state, seat)``), so the tensor can
never show what the seat may not know. ``layout()`` lists every feature with its offset and
length: the documented layout of the flat tensor. The values are floats; the environments
turn them into arrays.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Sequence

Reader = Callable[[dict[str, Any]], dict[str, float] | Sequence[float]]


@dataclass(frozen=True)
class Feature:
    name: str  # "terrain:dune", "hand size"
    keys: tuple[str, ...]  # the places of a plane (hex names...), or () for a vector
    length: int
    read: Reader  # view -> {place: value} for a plane, or a sequence of ``length`` floats
    description: str = ""
    # view -> an object of the view the feature depends on alone (a part the engine keeps
    # while it does not change, such as the board's terrain): while the view holds that
    # very object, an environment reuses the feature's numbers instead of reading it again
    same: Callable[[dict[str, Any]], Any] | None = None


def plane(name: str, places: Sequence[str], read: Callable[[dict[str, Any]], dict[str, float]],
          description: str = "", same: Callable[[dict[str, Any]], Any] | None = None) -> Feature:
    return Feature(name, tuple(places), len(places), read, description, same)


def vector(name: str, length: int, read: Callable[[dict[str, Any]], Sequence[float]],
           description: str = "", same: Callable[[dict[str, Any]], Any] | None = None) -> Feature:
    return Feature(name, (), length, read, description, same)


def per_seat(name: str, seats: int, key: str, scale: float, rows: str = "players") -> Feature:
    """A vector of one number a seat: each row of the view's ``rows`` (its players) gives
    its ``key`` over ``scale`` at its seat; a seat the view does not list reads 0."""
    def read(v: dict[str, Any]) -> list[float]:
        out = [0.0] * seats
        for p in v.get(rows, ()):
            out[p["seat"]] = float(p.get(key) or 0) / scale
        return out
    return vector(name, seats, read)


class ViewObservation:
    """A game's observation encoder: features in order, flattened.

    ``direct(state, seat, out)``, where a game gives it, writes the same numbers into a
    zeroed numpy float32 array ``out`` straight from the state, without building the view: the view is
    most of an environment step's cost. It reads only what the seat's view shows, and the
    environments' tests hold its numbers equal to ``encode(view)`` for every seat at every
    step of random games, so it can show nothing the view does not."""

    def __init__(self, features: Sequence[Feature],
                 rewards: dict[str, Callable[[dict[str, Any]], float]] | None = None,
                 direct: Callable[[Any, int, Any], None] | None = None) -> None:
        self.direct = direct
        self.features = tuple(features)
        # dense rewards the game offers: name -> potential of a seat's view; an environment's
        # step reward is the potential's change (shaping that keeps the best policy)
        self.rewards = dict(rewards or {})
        self.size = sum(f.length for f in self.features)
        self._index = [{k: i for i, k in enumerate(f.keys)} for f in self.features]

    def encode(self, view: dict[str, Any]) -> list[float]:
        out = [0.0] * self.size
        offset = 0
        for f, index in zip(self.features, self._index):
            values = f.read(view)
            if f.keys:
                for place, value in values.items():  # type: ignore[union-attr]
                    i = index.get(place)
                    if i is not None:
                        out[offset + i] = float(value)
            else:
                for i, value in enumerate(list(values)[: f.length]):  # type: ignore[arg-type]
                    out[offset + i] = float(value)
            offset += f.length
        return out

    def string(self, view: dict[str, Any]) -> str:
        """The observation string: the seat's view as canonical JSON (OpenSpiel's
        ``observation_string``; equal strings for equal information)."""
        return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)

    def offsets(self) -> dict[str, int]:
        """Each feature's first index, by name."""
        return {name: offset for name, offset, _n, _d in self.layout()}

    def layout(self) -> list[tuple[str, int, int, str]]:
        """(feature, first index, length, description) of each feature."""
        out, offset = [], 0
        for f in self.features:
            out.append((f.name, offset, f.length, f.description))
            offset += f.length
        return out


def one_hot(value: Any, values: Sequence[Any]) -> list[float]:
    return [1.0 if value == v else 0.0 for v in values]
