"""Small things every command uses: finding the game, its renderer, one error line."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.text import Text

from wasteland.core.registry import UnknownGame, get_spec
from wasteland.core.spec import GameSpec
from wasteland.core.terminal import PlainTerminal


def fail(console: Console, message: str) -> int:
    console.print(Text(message, style="bold red"))
    return 2


def find_spec(console: Console, name: str) -> GameSpec | None:
    try:
        return get_spec(name)
    except UnknownGame as exc:
        fail(console, str(exc))
        return None


def renderer_of(spec: GameSpec) -> Any:
    """The game's terminal renderer (``spec.terminal``), or the plain one that prints views."""
    return spec.renderer or PlainTerminal()
