"""Small things every command uses: finding the game, its renderer, one error line."""

from __future__ import annotations

import unicodedata

from rich.console import Console
from rich.text import Text

from wasteland.core.registry import UnknownGame, get_spec
from wasteland.core.spec import GameSpec, TerminalRenderer
from wasteland.core.terminal import PlainTerminal


def fail(console: Console, message: str) -> int:
    console.print(Text(message, style="bold red"), soft_wrap=True)  # one line: the terminal wraps it, not us
    return 2


def find_spec(console: Console, name: str) -> GameSpec | None:
    try:
        return get_spec(name)
    except UnknownGame as exc:
        fail(console, str(exc))
        return None


def renderer_of(spec: GameSpec) -> TerminalRenderer:
    """The game's terminal renderer (``spec.terminal``), or the plain one that prints views."""
    return spec.renderer or PlainTerminal()


#: the most digits a typed number has: no list, step or seat count reaches a billion, and
#: int() refuses a text of over 4300 digits with an error of its own
MAX_DIGITS = 9


def typed_number(text: str) -> int | None:
    """A number as a person types it: digits as int() reads them (so '٣' is 3, as every
    parser of the package reads digits; '¹' is no number), at most :data:`MAX_DIGITS` of
    them; None for anything else."""
    return int(text) if text.isdecimal() and len(text) <= MAX_DIGITS else None


def shown(text: str, most: int = 60) -> str:
    """``text`` cut for an error line: a pasted page is not echoed whole."""
    return text if len(text) <= most else text[:most - 1] + "…"


def control_character(text: str) -> str | None:
    """The first control or format character of ``text`` (escape, NUL, a zero-width or
    direction mark...), written as its code (U+001B), or None."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs"):
            return f"U+{ord(char):04X}"
    return None
