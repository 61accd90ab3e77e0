"""The screen layout: every question drawn as one frame that fits the terminal.

In a small terminal (an 80x24 window, a phone's SSH client) the whole board, the log and
a long list of options cannot all be printed one after the other: the board would push
the question off the screen. The screen layout clears the terminal before each question
and stacks, from the top: the map (cropped to the lines the question is about: the
numbered hexes, else the player's own pieces, with as many figures near them as fit),
a legend of the letters it shows, the status line, what happened since the
last question (the raiders' activation stays in view), the question and its options
(cut to a third of the screen, the rest listed by ``options``). A taller terminal gets the
whole board with its panel in the same frame.

The game's renderer draws every part (``spec.terminal``); this module only measures and
crops lines, so it knows no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from rich.console import Console
from rich.text import Text

from wasteland.core.protocol import Decision

from .words import say

if TYPE_CHECKING:
    from .session import Session

#: ``--layout``: ``screen`` always, ``scroll`` never, ``auto`` in a terminal of fewer lines.
LAYOUTS = ("auto", "screen", "scroll")
SCREEN_BELOW = 40


def wants_screen(layout: str, console: Console) -> bool:
    if layout == "screen":
        return True
    if layout == "scroll":
        return False
    return console.is_terminal and console.size.height < SCREEN_BELOW


def lines_of(console: Console, renderable: Any, width: int) -> list[str]:
    """``renderable`` as the terminal would show it, one string (with its colours) per line."""
    with console.capture() as captured:
        console.print(renderable, width=width, crop=True, overflow="crop", no_wrap=False)
    text = captured.get()
    if text.endswith("\n"):
        text = text[:-1]
    return text.split("\n") if text else []


def crop(lines: list[str], room: int, focus: Sequence[int], nearby: Sequence[int] = (),
         own: Sequence[int] = ()) -> tuple[list[str], int]:
    """At most ``room`` consecutive lines keeping as many ``focus`` lines as fit, centred on
    them, and of the windows that keep them the one holding the seat's ``own`` figure, then
    the most ``nearby`` lines; with the index of the first line kept."""
    if len(lines) <= room:
        return lines, 0
    room = max(room, 0)
    last = len(lines) - room
    wanted = [f for f in focus if 0 <= f < len(lines)]
    near = [f for f in nearby if 0 <= f < len(lines)]
    mine = [f for f in own if 0 <= f < len(lines)]
    if wanted:
        low, high = min(wanted), max(wanted)
        if high - low < room:
            centred = (low + high) // 2 - room // 2
            starts = range(max(0, high - room + 1), min(low, last) + 1)
        else:  # the focus does not fit: any window inside it, the one with the most nearby lines
            centred = low  # (the seat's own figure among 43 move targets), then the most focus
            starts = range(low, min(high - room + 1, last) + 1)
    else:
        centred = 0
        starts = range(0, last + 1) if near or mine else range(0, 1)
    centred = max(0, min(centred, last))
    start = max(starts, key=lambda s: (sum(s <= f < s + room for f in mine), sum(s <= f < s + room for f in near),
                                       sum(s <= f < s + room for f in wanted), -abs(s - centred)))
    start = max(0, min(start, last))
    return lines[start:start + room], start


def frame(session: "Session", d: Decision, order: Sequence[str], recent: list[Any]) -> list[str]:
    """The lines of one screen for question ``d`` (the prompt goes on the last line)."""
    console = session.console
    width, height = console.size
    ui = session.renderer
    view = session.game.view(session.state, d.seat)
    marks = ui.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(order)})
    room = max(height - 1, 8)  # the prompt's line stays free

    head = Text(f"{session.who(d.seat)} — {ui.prompt_text(d, view)}", style="bold bright_yellow")
    head.append(f"  [{d.rule}]", style="dim")
    question = lines_of(console, head, width)
    options = lines_of(console, ui.render_options(d.actions, width, view, session.lang), width)
    option_room = max(3, room // 3)
    if len(options) > option_room:
        more = len(options) - option_room + 1
        options = options[:option_room - 1] + lines_of(
            console, Text(say(session.lang, "more_options", n=more), style="dim"), width)

    said = [line for item in recent for line in lines_of(console, item, width)]
    log_room = min(len(said), max(3, room // 4))
    if len(said) > log_room:
        hidden = len(said) - log_room + 1
        said = lines_of(console, Text(say(session.lang, "earlier", n=hidden), style="dim"), width) \
            + said[-(log_room - 1):]
    board_room = room - len(question) - len(options) - len(said)

    whole = lines_of(console, ui.render_board(view, width, marks), width)
    if len(whole) <= board_room:
        top = whole
    else:
        status = lines_of(console, ui.render_status(view), width)
        legend = lines_of(console, ui.map_legend(view, marks), width)  # every letter the map shows
        map_lines = lines_of(console, ui.render_map(view, width, marks), width)
        map_room = max(board_room - len(status) - len(legend) - 1, 3)
        shown, first = crop(map_lines, map_room, ui.map_focus(view, marks), ui.map_nearby(view, marks),
                           ui.map_own(view, marks))
        note = Text(say(session.lang, "map_lines", first=first + 1, last=first + len(shown), total=len(map_lines)),
                    style="dim") if len(shown) < len(map_lines) else Text("")
        top = shown + lines_of(console, note, width) + legend + status
    return top + said + question + options


def show(session: "Session", d: Decision, order: Sequence[str], recent: list[Any]) -> None:
    """Clear the terminal and draw the frame of question ``d``."""
    lines = frame(session, d, order, recent)
    console = session.console
    console.clear()
    console.file.write("\n".join(lines) + "\n")
    console.file.flush()
