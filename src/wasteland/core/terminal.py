"""What every game's terminal renderer shares (``spec.terminal``; the protocol is
:class:`wasteland.core.spec.TerminalRenderer`): laying hex bricks out as text, the
map beside its panel, the numbered options, and :class:`TerminalBase`, the defaults
a renderer may keep.

Hex maps are drawn in the flat-topped "doubled row" text layout: hex ``(q, r)`` sits in
text column ``STEP * q`` and text line ``2 * r + q``; each hex is a ``CELL``-character
brick, and the bricks of neighbouring columns interleave on alternate lines, so a hex's
six neighbours are the bricks directly above and below it and the four half-overlapping
bricks to its sides.

The option numbers shown to a person come from :func:`numbered`, so the front end and
the renderer always agree on what option ``n`` is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .notation import after_verb, verb_of
from .protocol import Game

CELL = 5  # characters per hex
STEP = 3  # text columns between neighbouring hex columns

COMMANDS_HELP = ("Answer with an option's number or its text in notation; the text after the verb is enough "
                 "when it is unique.\n"
                 "Commands: help [TOPIC] (this, or what a card or a verb does) · board (redraw; 'board coords' "
                 "shows hex coordinates) · undo (take back your last action) · save [FILE] · quit")


def compose_rows(rows: dict[int, list[tuple[int, str, str]]]) -> Text:
    """Lay out hex cells given as (column, text, style) per screen row into one Text:
    each cell centred in CELL columns, a later cell never overwriting an earlier one."""
    out = Text(no_wrap=True, overflow="crop")
    for y in range(max(rows) + 1 if rows else 0):
        line = Text()
        cursor = 0
        for x, text, style in sorted(rows.get(y, [])):
            if x < cursor:
                continue
            line.append(" " * (x - cursor))
            body = text if len(text) > CELL else text.center(CELL)
            line.append(body, style=style)
            cursor = x + len(body)
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    return out


def side_by_side(board: RenderableType, panel: RenderableType, key: RenderableType, board_width: int,
                 width: int, panel_min: int) -> RenderableType:
    """The map with its panel beside it when ``panel_min`` columns are left, else below."""
    if width >= board_width + 2 + panel_min:
        grid = Table.grid(padding=(0, 2))
        grid.add_column(width=board_width, no_wrap=True)
        grid.add_column(max_width=width - board_width - 2)
        grid.add_row(board, panel)
        return Group(grid, key)
    return Group(board, key, panel)


class VerbHelp:
    """A game's help for its verbs and commands, as the renderer's ``verb_help`` and
    ``commands_help`` give it: ``verbs`` {verb: (form, what it does, rule)} in English,
    ``texts`` {lang: {verb: what it does}}, ``commands`` {lang: the commands' help}."""

    def __init__(self, verbs: dict[str, tuple[str, str, str]], texts: dict[str, dict[str, str]],
                 commands: dict[str, str]) -> None:
        self.verbs = verbs
        self.texts = texts
        self.commands = commands

    def verb_help(self, verb: str, lang: str = "en") -> tuple[str, str, str] | None:
        """(form, what it does, rule) in ``lang`` (English where there is no translation)."""
        found = self.verbs.get(verb)
        if found is None:
            return None
        form, text, rule = found
        return form, self.texts.get(lang, {}).get(verb, text), rule

    def commands_help(self, lang: str = "en") -> str:
        return self.commands.get(lang, self.commands["en"])


def group_actions(actions: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The legal actions grouped by verb, in the order the verbs first appear."""
    groups: dict[str, list[str]] = {}
    for a in actions:
        groups.setdefault(verb_of(a), []).append(a)
    return list(groups.items())


def numbered(actions: Sequence[str]) -> list[str]:
    """The actions in display order; option ``n`` is ``numbered(actions)[n - 1]``."""
    return [a for _verb, group in group_actions(actions) for a in group]


def render_options(actions: Sequence[str], width: int, titles: dict[str, str] | None = None,
                   labels: dict[str, str] | None = None) -> Text:
    """Numbered options, grouped by verb; long groups as compact columns. ``titles``: the
    heading of each verb's group (default: the verb); ``labels``: how an action is shown
    when not as its notation (its verb first: "use Pickaxe by Scout at 2,3")."""
    titles = titles or {}
    labels = labels or {}
    out = Text()
    n = 0
    for verb, group in group_actions(actions):
        shown = [labels.get(a, a) for a in group]
        rests = [_rest(a, verb, titles.get(verb, verb)) for a in shown]
        if len(group) == 1 or not any(rests):
            for a in shown:
                n += 1
                out.append(f"  [{n}]", style="bold cyan")
                out.append(f" {a}\n")
            continue
        title = titles.get(verb, verb)
        if title:  # a heading of no words (options that begin with what they name) is left out
            out.append(f"  {title}:\n", style="bold")
        items = []
        for rest in rests:
            n += 1
            items.append((f"[{n}]", rest))
        cell = max(len(a) + len(b) + 2 for a, b in items) + 1
        per_line = max(1, (width - 4) // cell)
        for i in range(0, len(items), per_line):
            out.append("    ")
            for num, rest in items[i:i + per_line]:
                out.append(num, style="bold cyan")
                out.append(f" {rest}".ljust(cell - len(num)))
            out.rstrip()
            out.append("\n")
    out.rstrip()
    return out


def _rest(label: str, verb: str, title: str) -> str:
    """What an option says below its group's heading: the label less the heading's words
    ("Ехать на 3,-4" under "Ехать на"), or less its verb ("move 3,-4" under "move to")."""
    if title and label.lower().startswith(title.lower()) and label[len(title):len(title) + 1] in (" ", ":"):
        return label[len(title):].lstrip(" :")
    if " " in label and verb_of(label) == verb:
        return after_verb(label)
    return label if " " in label else ""


class TerminalBase:
    """Defaults for a game's terminal renderer; a game subclasses it and draws its own
    board, panel and status line (see :class:`wasteland.core.spec.TerminalRenderer`).

    A renderer speaks one language (``lang``): ``in_language`` gives a copy speaking
    another, and everything it draws, asks and tells (board, panel, status line, the
    question, the options, the events) is in that language where the game has the words."""

    title_style = "bold"
    turn_event = "turn"  # the event kind drawn as a rule across the screen
    redraw_kinds: tuple[str, ...] = ()  # decisions that always redraw the board when something changed
    verb_alone = False  # a verb with a single option stands for it ("end" -> "end phase")
    verb_titles: dict[str, str] = {}  # the heading of each verb's group of options
    languages: tuple[str, ...] = ("en",)  # languages of help() and verb_help()
    #: the game's help for its verbs and its commands (None: the verbs have none, the
    #: commands are the generic ones)
    help_words: VerbHelp | None = None
    lang = "en"  # the language it draws and speaks in (see in_language)
    #: the game's words class (its ``terminal_words``), called with a language: what the
    #: question, the events and the end say beyond English; None: English only
    words_of: type | None = None
    #: where the words' page keeps the headings of the verbs' groups ("fo.act."); "": none
    titles_key = ""

    def in_language(self, lang: str) -> "TerminalBase":
        """This renderer speaking ``lang`` (English where the game has no words in it)."""
        import copy

        spoken = copy.copy(self)
        spoken.lang = lang
        return spoken

    def prompt_text(self, decision: Any, view: dict[str, Any] | None = None) -> str:
        """The question in the renderer's language (the engine's English prompt in English,
        or where the game has no words)."""
        if self.lang == "en" or self.words_of is None:
            return decision.prompt
        return self.words_of(self.lang).prompt(decision)

    def event_text(self, game: Game, event: dict[str, Any]) -> str:
        """One event in the renderer's language (the game's own English wording in English,
        or where its words do not tell that event)."""
        if self.lang != "en" and self.words_of is not None:
            said = self.words_of(self.lang).event(event)
            if said is not None:
                return said
        return game.describe(event)

    def end_reason(self, outcome: Any) -> str:
        """Why the game ended, in the renderer's language (the engine's English in English,
        or where the game has no words)."""
        if self.lang == "en" or self.words_of is None:
            return outcome.reason
        return self.words_of(self.lang).reason(outcome.reason)

    def action_text(self, action: str, view: dict[str, Any] | None = None) -> str:
        """One action as a player reads it in the renderer's language (its notation by default)."""
        return self.option_labels([action], view, self.lang).get(action, action)

    def render_options(self, actions: Sequence[str], width: int, view: dict[str, Any] | None = None,
                       lang: str | None = None) -> Any:
        lang = lang or self.lang
        return render_options(actions, width, self.group_titles(lang), self.option_labels(actions, view, lang))

    def group_titles(self, lang: str) -> dict[str, str]:
        """The heading of each verb's group of options in ``lang`` (``verb_titles`` in
        English, or where the game has no words)."""
        if lang == "en" or self.words_of is None or not self.titles_key:
            return self.verb_titles
        return self.words_of(lang).page.titles(self.titles_key)

    def option_labels(self, actions: Sequence[str], view: dict[str, Any] | None, lang: str = "en") -> dict[str, str]:
        """How each option is shown when not as its notation (none by default)."""
        return {}

    def render_map(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                   coords: bool = False) -> Any:
        """The map alone (the screen layout crops it to the terminal's height); a game
        without a separate map draws its whole board."""
        return self.render_board(view, width, marks, coords)  # type: ignore[attr-defined]

    def map_focus(self, view: dict[str, Any], marks: dict[str, str]) -> list[int]:
        """The lines of ``render_map`` that must stay on screen when it is cropped: the
        numbered hexes, else the viewing seat's own pieces; [] keeps the top."""
        return []

    def map_own(self, view: dict[str, Any], marks: dict[str, str]) -> list[int]:
        """Lines of ``render_map`` holding the viewing seat's own figure: a cropped map keeps
        them before any ``map_nearby`` line; [] has no such preference."""
        return []

    def map_nearby(self, view: dict[str, Any], marks: dict[str, str]) -> list[int]:
        """Lines of ``render_map`` worth keeping beside ``map_focus``'s (the figures near the
        question), as many as the room allows; a line listed twice counts twice."""
        return []

    def map_legend(self, view: dict[str, Any], marks: dict[str, str] | None = None) -> Any:
        """What the letters and marks of a cropped map mean (the whole legend by default)."""
        return self.legend()

    def event_style(self, kind: str | None) -> str:
        return ""

    def spot_names(self, view: dict[str, Any]) -> dict[str, str]:
        """Every spot a figure may stand on, by its id, with its name in the renderer's
        language (a named space or zone); {} where spots are written as the board shows
        them (a hex by its coordinates)."""
        return {}

    def seat_label(self, view: dict[str, Any], seat: int) -> str:
        return f"p{seat + 1}"

    def help(self, topic: str, lang: str = "en") -> str | None:
        return None

    def verb_help(self, verb: str, lang: str = "en") -> tuple[str, str, str] | None:
        return None if self.help_words is None else self.help_words.verb_help(verb, lang)

    def commands_help(self, lang: str = "en") -> str:
        return COMMANDS_HELP if self.help_words is None else self.help_words.commands_help(lang)


@dataclass(frozen=True)
class Drawings:
    """A game's drawing functions, each given the renderer's language last:
    ``board(view, width, marks, coords, lang)``, ``panel(view, lang)``, ``status(view,
    lang)`` and ``legend(lang)``."""

    board: Callable[..., Any]
    panel: Callable[[dict[str, Any], str], Any]
    status: Callable[[dict[str, Any], str], Any]
    legend: Callable[[str], Any]


class DrawnTerminal(TerminalBase):
    """A renderer whose board, panel, status line and legend are the game's own drawing
    functions (``drawings``), drawn in the renderer's language."""

    drawings: Drawings

    def render_board(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                     coords: bool = False) -> Any:
        return self.drawings.board(view, width, marks, coords, self.lang)

    def render_panel(self, view: dict[str, Any]) -> Any:
        return self.drawings.panel(view, self.lang)

    def render_status(self, view: dict[str, Any]) -> Any:
        return self.drawings.status(view, self.lang)

    def legend(self) -> Any:
        return self.drawings.legend(self.lang)


class PlainTerminal(TerminalBase):
    """The renderer of a game that names none (``spec.terminal`` empty): its view printed
    as it is, so any registered game can be played, watched and replayed in the terminal."""

    def render_board(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                     coords: bool = False) -> Any:
        from rich.pretty import Pretty

        return Pretty({k: v for k, v in view.items() if k != "decision"})

    def render_panel(self, view: dict[str, Any]) -> Any:
        return Text("")

    def render_status(self, view: dict[str, Any]) -> Any:
        return Text("")

    def map_width(self, view: dict[str, Any]) -> int:
        return 0

    def map_signature(self, view: dict[str, Any]) -> str:
        import json

        return json.dumps({k: v for k, v in view.items() if k != "decision"}, sort_keys=True, default=str)

    def hex_marks(self, actions: Sequence[str], numbers: dict[str, int]) -> dict[str, str]:
        return {}

    def legend(self) -> Any:
        return Text("")
