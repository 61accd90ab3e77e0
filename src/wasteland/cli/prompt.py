"""Asking the person at the keyboard: the question, their answer by number or by text,
and the commands they may give instead (help, board, undo, save, quit).

Every question ends with ``"> "`` and nothing else printed does, so a program driving
the terminal (the tests use pexpect) can tell when input is wanted.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from rich.text import Text

from wasteland.core import rules_reference as rr
from wasteland.core.notation import after_verb, verb_of
from wasteland.core.plural import fill_plurals
from wasteland.core.protocol import Decision, NotationError, RuleError
from wasteland.core.terminal import group_actions, numbered

from .common import control_character, shown, typed_number
from .rules import HELP_RULES, game_spec, rule_by_anchor, rules_mentioned
from .words import say

from . import screen
from .screen import wants_screen

if TYPE_CHECKING:
    from .session import Session


#: the longest line a question reads: no action or command of any game comes near it
MAX_ENTRY = 400

#: The help screen's own words (the game's renderer gives the rest in the same language).
HELP_WORDS = {
    "en": {"decision": "Decision '{kind}' for p{seat}: {prompt} [{rule}]", "here": "What you can do here:",
           "options": "{n} {n|option|options}", "unknown": "no card or verb called {topic!r}",
           "more": "Also: options (list every option) · log (the last 40 lines of the log) · why (the rules "
                   "behind this question and what just happened) · help ANCHOR (one rule)"},
    "ru": {"decision": "Решение для p{seat}: {prompt} [{rule}]", "here": "Что здесь можно сделать:",
           "options": "вариантов: {n}", "unknown": "нет карты или глагола {topic!r}",
           "more": "Ещё: options (все варианты списком) · log (последние 40 строк журнала) · why (правила "
                   "этого вопроса и того, что сейчас произошло) · help ЯКОРЬ (одно правило)"},
    "uk": {"decision": "Рішення для p{seat}: {prompt} [{rule}]", "here": "Що тут можна зробити:",
           "options": "варіантів: {n}", "unknown": "немає карти чи дієслова {topic!r}",
           "more": "Ще: options (усі варіанти списком) · log (останні 40 рядків журналу) · why (правила "
                   "цього питання й того, що щойно сталося) · help ЯКІР (одне правило)"},
}
LANGUAGES = tuple(HELP_WORDS)


class Quit(Exception):
    """The person asked to stop (quit, end of input or Ctrl-C)."""


def read_line(prompt: str) -> str:
    try:
        return input(prompt)
    except (EOFError, KeyboardInterrupt):
        raise Quit() from None


def enable_line_editing() -> None:
    if not sys.stdin.isatty():
        return
    try:
        import readline

        readline.parse_and_bind("set enable-bracketed-paste off")
    except Exception:  # pragma: no cover - readline is optional
        pass


def ask_person(session: "Session", d: Decision) -> str | None:
    """Ask the deciding person until they give a legal action; None after an undo."""
    ui = session.renderer
    if len(session.humans) > 1 and session.last_human is not None and session.last_human != d.seat:
        session.hand_over(d.seat)
    session.last_human = d.seat
    session.seen[d.seat] = len(session.log)
    said_from = session.frame_from  # what was said since the last question: ``why`` explains it
    order = numbered(d.actions)
    if wants_screen(session.layout, session.console):
        screen.show(session, d, order, session.log[session.frame_from:])
        session.unshown.clear()
        session.frame_from = len(session.log)
    else:
        view = session.game.view(session.state, d.seat)
        marks = ui.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(order)})
        # The board is drawn again only when it would look different: another seat's eyes,
        # a change on the map, other numbered hexes, or a decision that always shows it.
        if session.last_drawn != session.drawing(d.seat, view, marks) or (session.dirty and d.kind in ui.redraw_kinds):
            session.draw(d.seat, d)
        elif session.dirty:
            session.console.print(ui.render_status(view))
        session.flush()
        session.frame_from = len(session.log)
        show_question(session, d)
    session.dirty = False
    kind = d.kind if session.lang == "en" else say(session.lang, "kind")
    prompt = say(session.lang, "ask", seat=f"p{d.seat + 1}", kind=kind, n=len(order))
    while True:
        entry = " ".join(session.ask(prompt).split())
        if not entry:
            # an empty Enter asks again in place: the terminal's echo of it moved to a new
            # line, so the prompt goes back up over itself instead of standing there twice
            if session.console.is_terminal:
                session.console.file.write("\x1b[1A\x1b[2K\r")
                session.console.file.flush()
            continue
        problem = entry_problem(session, entry)
        if problem is not None:
            error(session, problem)
            continue
        word, _, arg = entry.partition(" ")
        low = word.lower()
        if low in ("help", "?"):
            show_help(session, d, arg)
        elif low == "why":
            show_why(session, d, session.log[said_from:])
        elif low == "board":
            session.draw(d.seat, d, coords=arg.strip().lower() == "coords")
            show_question(session, d)
        elif low == "options":
            show_question(session, d)
        elif low == "log":
            for item in session.log[-40:]:
                session.console.print(item)
        elif low == "undo":
            if session.undo(d):
                return None
        elif low == "save":
            session.save(arg.strip() or None)
        elif low in ("quit", "exit"):
            raise Quit()
        else:
            action = resolve(session, entry, d, order)
            if action is not None:
                echo = Text(f"{session.who(d.seat)}: ", style="bold")
                echo.append(session.action_words(d, action), style="bold green")
                session.say(echo)
                return action


def entry_problem(session: "Session", entry: str) -> str | None:
    """Why a typed line can be no answer at all (before it is read as one), or None: a
    control character (an arrow key's escape, a NUL, a direction mark) or a line longer
    than any action."""
    char = control_character(entry)
    if char is not None:
        return say(session.lang, "control_char", char=char)
    if len(entry) > MAX_ENTRY:
        return say(session.lang, "too_long", n=len(entry), most=MAX_ENTRY)
    return None


def show_question(session: "Session", d: Decision) -> None:
    view = session.game.view(session.state, d.seat)
    head = Text(f"{session.who(d.seat)} — {session.renderer.prompt_text(d, view)}", style="bold bright_yellow")
    head.append(f"  [{d.rule}]", style="dim")
    session.console.print(head)
    session.console.print(session.renderer.render_options(d.actions, session.console.width, view, session.lang))


def resolve(session: "Session", entry: str, d: Decision, order: list[str]) -> str | None:
    """The legal action an entry means: an option number, the action's text (any case),
    the text after its verb when unique, or (where the game allows it) the verb alone
    when it has one option. Anything else is tried on the engine, whose refusal names
    the rule."""
    if entry.isdecimal():
        n = typed_number(entry)
        if n is not None and 1 <= n <= len(order):
            return order[n - 1]
        error(session, say(session.lang, "no_option", n=shown(entry, 12), count=len(order)))
        return None
    if entry in d.actions:
        return entry
    lowered = entry.lower()
    exact = [a for a in d.actions if a.lower() == lowered]
    if len(exact) == 1:
        return exact[0]
    tails = [a for a in d.actions if " " in a and after_verb(a).lower() == lowered]
    if len(tails) == 1:
        return tails[0]
    if len(tails) > 1:
        error(session, say(session.lang, "could_be", entry=shown(entry), options=", ".join(tails)))
        return None
    if session.renderer.verb_alone and " " not in lowered:
        by_verb = [a for a in d.actions if verb_of(a).lower() == lowered]
        if len(by_verb) == 1:
            return by_verb[0]
    try:
        session.game.apply(session.state, entry, d.seat)
    except RuleError as exc:
        error(session, say(session.lang, "not_allowed", entry=shown(entry), error=refusal_words(session, exc)))
        return None
    return entry  # pragma: no cover - legal actions are matched above


def refusal_words(session: "Session", exc: RuleError) -> str:
    """Why an entry is refused, in the session's language. The engines explain a refusal in
    English; in another language the terminal names the rules the explanation cites, by
    their titles in that language (the rules reference), so no English reaches the screen;
    ``help ANCHOR`` gives a rule's words."""
    if session.lang == "en":
        return str(exc)
    if isinstance(exc, NotationError):
        return say(session.lang, "not_an_action")
    spec = game_spec(session.game)
    titles, cited = [], []
    if spec is not None:
        try:
            anchors = rr.anchors_in(spec, str(exc)) + ([exc.rule] if exc.rule else [])
            for anchor in dict.fromkeys(anchors):
                rule = rr.rule_text(spec, anchor, session.lang)
                if rule is not None and rule.lang == session.lang:
                    titles.append(f"{rule.title} ({rule.anchor})")
                    cited.append(rule.anchor)
        except rr.RulesTextError:
            titles = []
    if not titles:
        return say(session.lang, "breaks_rule", anchor=exc.rule or "?")
    return "; ".join(titles) + "; " + say(session.lang, "rule_help", anchor=cited[0])


def error(session: "Session", message: str) -> None:
    session.console.print(Text("✗ " + message, style="bold red"))
    session.console.print(Text(say(session.lang, "type_number"), style="dim"))


def show_help(session: "Session", d: Decision, arg: str) -> None:
    """``help``: the decision, its rule and what each verb offered does; ``help TOPIC``:
    a card, piece or verb, as the game's renderer explains it."""
    ui = session.renderer
    lang = session.lang
    words = HELP_WORDS.get(lang, HELP_WORDS["en"])
    arg = arg.strip()
    if arg:
        rule = rule_by_anchor(session.game, arg, lang)
        if rule is not None:
            session.console.print(rule)
            return
        info = ui.help(arg, lang)
        if info is None:
            verb = ui.verb_help(arg, lang)
            if verb is not None:
                form, text, rule = verb
                info = f"{form}: {text} [{rule}]"
        session.console.print(info if info is not None else words["unknown"].format(topic=shown(arg)), highlight=False,
                              markup=False)
        rules = rules_mentioned(session.game, [info], lang) if info is not None else None
        if rules is not None:
            session.console.print(rules)
        return
    out = Text()
    cited = [d.rule, d.prompt]
    prompt = ui.prompt_text(d, session.game.view(session.state, d.seat))
    out.append(words["decision"].format(kind=d.kind, seat=d.seat + 1, prompt=prompt, rule=d.rule) + "\n",
               style="bold")
    out.append(words["here"] + "\n")
    for verb, group in group_actions(d.actions):
        form, text, rule = ui.verb_help(verb, lang) or (verb, "", "")
        cited.append(rule)
        count = fill_plurals(words["options"], {"n": len(group)}).format(n=len(group))
        out.append(f"  {form}", style="bold cyan")
        out.append((f" — {text}" if text else "") + (f" [{rule}]" if rule else "")
                   + f" ({count})\n")
    out.append(ui.commands_help(lang))
    out.append("\n" + words["more"])
    session.console.print(out)
    rules = rules_mentioned(session.game, cited, lang)
    if rules is not None:
        session.console.print(rules)


def show_why(session: "Session", d: Decision, said: list) -> None:
    """``why``: the text of the rules this question cites, and of those cited by what was
    said since the last question (the raiders' moves, an attack...), in the help's language."""
    lines = [i.plain if isinstance(i, Text) else i for i in said]
    rules = rules_mentioned(session.game, [d.rule, d.prompt, *lines], session.lang)
    session.console.print(rules if rules is not None else HELP_RULES.get(session.lang, HELP_RULES["en"])["why_none"])
