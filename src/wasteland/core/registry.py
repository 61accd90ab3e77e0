"""The installed games, found through the ``wasteland.games`` entry-point group.

A game package declares ``[project.entry-points."wasteland.games"] name =
"package.spec:SPEC"`` (a :class:`~wasteland.core.spec.GameSpec`, or a function
returning one), so a game in another installed package plugs in exactly as the
games shipped here do. Algorithms and front ends iterate :func:`registered_games`
(OpenSpiel's ``registered_games()``) and never name a game.
"""

from __future__ import annotations

import importlib
from importlib import metadata
from typing import Any

from .protocol import Game, RuleError
from .spec import GameSpec

GROUP = "wasteland.games"

_specs: dict[str, GameSpec] | None = None


class UnknownGame(RuleError, KeyError):
    def __init__(self, name: str, known: list[str]) -> None:
        RuleError.__init__(self, "game", f"unknown game {name!r}; installed games: {', '.join(known) or 'none'}")

    def __str__(self) -> str:  # KeyError would quote the message
        return ValueError.__str__(self)


def _load() -> dict[str, GameSpec]:
    specs: dict[str, GameSpec] = {}
    for ep in sorted(metadata.entry_points(group=GROUP), key=lambda e: e.name):
        if ep.name in specs:
            continue  # the first distribution on the path wins, as for imports
        spec: Any = ep.load()
        if callable(spec) and not isinstance(spec, GameSpec):
            spec = spec()
        if not isinstance(spec, GameSpec):
            raise TypeError(f"entry point {ep.name} = {ep.value} is not a GameSpec")
        if spec.name != ep.name:
            raise TypeError(f"entry point {ep.name} names a spec called {spec.name!r}")
        specs[spec.name] = spec
    # Listing order: by each spec's ``listing`` rank, then name. The first game is the
    # default of a front end that needs one (a create request that names no game).
    return dict(sorted(specs.items(), key=lambda kv: (kv[1].listing, kv[0])))


def registered_games() -> dict[str, GameSpec]:
    """Every installed game's spec, by name, in listing order."""
    global _specs
    if _specs is None:
        _specs = _load()
    return _specs


def refresh() -> None:
    """Read the entry points again (after installing a game into a running process)."""
    global _specs
    _specs = None
    importlib.invalidate_caches()  # the path finders' caches hide a package installed meanwhile


def get_spec(name: str) -> GameSpec:
    specs = registered_games()
    try:
        return specs[name]
    except KeyError:
        raise UnknownGame(name, list(specs)) from None


def get_game(name: str) -> Game:
    """The protocol object of an installed game."""
    return get_spec(name).engine


def spec_of(game: Game) -> GameSpec:
    """The spec of a protocol object (by its name)."""
    return get_spec(game.name)
