"""Helpers for the Age of Thirst rulebook tests.

``position`` builds a game straight into a turn: set-up skipped, the given pieces on the
board (``{"q,r": ("colour", "kind")}``), the given seat to play in the given phase. The
map (data/board.toml): black's base is the wedge at r = -6..-4 (landing 1..5,-6; nearest
hex 2,-4), its sources 1,-3 and 2,-3; ray towers on ring 2 (0,-2 ...), bunkers on ring 4
(0,-4 ...); the Last Oasis is 0,0.
"""

from __future__ import annotations

from typing import Any

from wasteland.games.age_of_thirst.engine import settle, start_turn
from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.state import State


def position(pieces: dict[str, tuple[str, str]] | None = None, *, players: int = 2, config: dict[str, Any] | None = None,
             turn: str | None = None, phase: str = "tactical", water: dict[str, int] | None = None,
             seed: int = 1) -> State:
    cfg = {"players": players, **(config or {})}
    s = GAME.new_game(cfg, seed)
    s.stack = []
    s.pieces = {}
    b = s.board
    for name, (colour, kind) in (pieces or {}).items():
        s.pieces[b.by_name[name]] = (s.colour.index(colour), kind)
    first = turn or s.colour[0]
    from wasteland.games.age_of_thirst.content import COLOURS

    start = COLOURS.index(first)
    s.order = sorted(range(len(s.colour)), key=lambda q: (COLOURS.index(s.colour[q]) - start) % 6)
    for colour, gal in (water or {}).items():
        s.water[s.colour.index(colour)] = gal
    events: list = []
    start_turn(s, s.colour.index(first), events)
    s.phase = phase
    settle(s, events)
    s.touch()
    return s


def seat(s: State, colour: str) -> int:
    return s.colour.index(colour)


def legal(s: State) -> tuple[str, ...]:
    d = GAME.decision(s)
    assert d is not None, "the game is over"
    return d.actions


def play(s: State, *actions: str) -> list[dict]:
    out: list[dict] = []
    for a in actions:
        out.extend(GAME.apply_in_place(s, a))
    return out


def at(s: State, name: str):
    """(colour, kind) on a hex, or None."""
    p = s.pieces.get(s.board.by_name[name])
    return None if p is None else (s.colour[p[0]], p[1])


def illegal(s: State, action: str, anchor: str) -> None:
    """The action raises one RuleError naming ``anchor`` and changes nothing."""
    import pytest

    from wasteland.core.protocol import RuleError

    before = GAME.to_json(s)
    with pytest.raises(RuleError) as info:
        GAME.apply_in_place(s, action)
    assert anchor in info.value.rule, f"expected {anchor}, got [{info.value.rule}] {info.value}"
    assert GAME.to_json(s) == before


# The test modules import these helpers with ``from aottest import ...``: pytest runs with
# ``--import-mode=importlib``, where a conftest is not importable by name.
import sys  # noqa: E402
import types  # noqa: E402

_kit = types.ModuleType("aottest")
_kit.__dict__.update({k: v for k, v in globals().items() if not k.startswith("__")})
sys.modules["aottest"] = _kit
