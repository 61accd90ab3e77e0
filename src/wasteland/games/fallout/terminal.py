"""The terminal renderer (``spec.terminal``; protocol: ``wasteland.core.spec.TerminalRenderer``).

The map is a graph of named spaces, so the board is drawn as a table of spaces: who
stands there, which enemies (face down shown as ``?``), the quest marker, the roads
out, and the option number of a move or step onto it.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from rich.console import Group
from rich.text import Text

from wasteland.core.terminal import TerminalBase

from .texts import TEXTS as COMPONENTS
from .diagnose import VERBS
from .terminal_words import FalloutWords
from .notation import parse
from .terminal_help import TEXTS

COMMANDS_HELP = {
    "en": "Answer with an option's number or its text; the text after the verb is enough when it is unique.\n"
          "Commands: help [TOPIC] (a card id, an enemy type, a verb or a rule such as FO-13.3) · board · undo · "
          "save [FILE] · quit",
    "ru": "Отвечайте номером варианта или его текстом; если текст после глагола однозначен, хватит его.\n"
          "Команды: help [ТЕМА] (номер карты, тип врага, глагол или правило, например FO-13.3) · board · undo · "
          "save [ФАЙЛ] · quit",
    "uk": "Відповідайте номером варіанта або його текстом; якщо текст після дієслова однозначний, вистачить його.\n"
          "Команди: help [ТЕМА] (номер карти, тип ворога, дієслово або правило, наприклад FO-13.3) · board · undo · "
          "save [ФАЙЛ] · quit",
}
SEAT_STYLES = ("bold green", "bold cyan", "bold magenta", "bold yellow")
NAME_WIDTH = 18


def _enemy_short(e: dict[str, Any], lang: str = "en") -> str:
    name = TEXTS.enemy(e["type"], lang)
    number = e["id"].partition("#")[2]
    return f"{name} {number}" if e["face_up"] else f"?{name} {number}"


class FalloutTerminal(TerminalBase):
    title_style = "bold black on green"
    turn_event = "turn"
    redraw_kinds = ("turn", "step", "order")
    verb_alone = False
    languages = ("en", "ru", "uk")
    words_of = FalloutWords
    titles_key = "fo.act."

    # -- the board --------------------------------------------------------------------
    def render_board(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                     coords: bool = False) -> Any:
        return Group(self.render_map(view, width, marks, coords), self.legend(), self.render_panel(view))

    def render_map(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                   coords: bool = False) -> Any:
        """The map's spaces, a line each: a quest marker, the survivors and enemies there, the
        roads out (FO-13.2's steps follow them)."""
        marks = marks or {}
        here: dict[str, list[int]] = {}
        for sv in view["survivors"]:
            here.setdefault(sv["space"], []).append(sv["seat"])
        foes: dict[str, list[dict[str, Any]]] = {}
        for e in view["enemies"]:
            foes.setdefault(e["space"], []).append(e)
        out = Text(no_wrap=True, overflow="ellipsis")
        lang = self.lang
        for sp in view["map"]["spaces"]:
            sid = sp["id"]
            mark = marks.get(sid, "")
            out.append(f"{mark:>4} ", style="bold cyan")
            label = sid if coords else TEXTS.space(sid, lang)
            if len(label) > NAME_WIDTH:  # a cut name says so ("Закусочная Драмли…", not "…Драмлин")
                label = label[:NAME_WIDTH - 1] + "…"
            out.append(label.ljust(NAME_WIDTH), style="bold" if sid in view["markers"] else "")
            out.append(" ! " if sid in view["markers"] else "   ", style="bold yellow")
            for q in here.get(sid, []):
                out.append(f"p{q + 1} ", style=SEAT_STYLES[q % 4])
            enemies = ", ".join(_enemy_short(e, lang) for e in foes.get(sid, []))
            if enemies:
                out.append(enemies + " ", style="red")
            out.append("→ " + ", ".join(TEXTS.space(n, lang) for n in sp["adjacent"]), style="dim")
            out.append("\n")
        out.rstrip()
        return Group(out)  # each space one line, cut with an ellipsis, however it is printed

    def map_width(self, view: dict[str, Any]) -> int:
        return 100

    def map_signature(self, view: dict[str, Any]) -> str:
        keep = {k: view[k] for k in ("survivors", "enemies", "markers", "agenda", "factions", "first") if k in view}
        return json.dumps(keep, sort_keys=True, default=str)

    def hex_marks(self, actions: Sequence[str], numbers: dict[str, int]) -> dict[str, str]:
        """Option numbers at the space a move or an enemy's step goes to."""
        out: dict[str, str] = {}
        for a in actions:
            x = parse(a)
            if x.VERB in ("move", "step") and a in numbers:
                out[x.space] = str(numbers[a])
        return out

    # -- panel and status ----------------------------------------------------------------
    def render_panel(self, view: dict[str, Any]) -> Any:
        out = Text()
        lang = self.lang
        w = FalloutWords(lang).board
        agenda = view["agenda"]
        out.append(w("head", round=view["round"], first=view["first"] + 1, target=view["target"]) + "\n", style="bold")
        out.append(w("deck", deck=agenda["deck"], discard=len(agenda["discard"])))
        if agenda["revealed"]:
            out.append(w("revealed", card=TEXTS.card(agenda["revealed"], lang)), style="yellow")
        factions = view["factions"].items()
        out.append("\n" + w("track") + ", ".join(f"{k if lang == 'en' else TEXTS.word('factions', k, lang)} "
                                                 f"{v}/{view['track']}" for k, v in factions) + "\n")
        for sv in view["survivors"]:
            q = sv["seat"]
            out.append(f"p{q + 1}", style=SEAT_STYLES[q % 4])
            out.append(w("survivor", space=TEXTS.space(sv["space"], lang), health=sv["health"],
                         radiation=sv["radiation"], kills=sv["kills"], quests=sv["quests"], cards=sv["hand_size"]))
            if "influence" in sv:
                out.append(w("influence", n=sv["influence"]), style="bold")
            out.append("\n")
            for c in sv.get("hand", []):
                out.append(f"     {TEXTS.card(c, lang)}\n", style="dim")
        out.rstrip()
        return Group(out)  # each space one line, cut with an ellipsis, however it is printed

    def spot_names(self, view: dict[str, Any]) -> dict[str, str]:
        return {sp["id"]: TEXTS.space(sp["id"], self.lang) for sp in (view.get("map") or {}).get("spaces", [])}

    def render_status(self, view: dict[str, Any]) -> Any:
        seat = view.get("seat")
        w = FalloutWords(self.lang).board
        if view["over"]:
            return Text(w("over", reason=FalloutWords(self.lang).reason(view["end_reason"])), style="bold")
        if seat is None:
            return Text(w("round", round=view["round"]))
        me = view["survivors"][seat]
        return Text(w("status", seat=seat + 1, space=TEXTS.space(me["space"], self.lang), health=me["health"],
                      radiation=me["radiation"], influence=me.get("influence", "?"), target=view["target"]))

    def legend(self) -> Any:
        return Text(FalloutWords(self.lang).board("legend") + TEXTS.word("ui", "stand_in", self.lang), style="dim")

    def map_legend(self, view: dict[str, Any], marks: dict[str, str] | None = None) -> Any:
        """The map's marks alone, for a cropped map (``legend`` adds the demo's note)."""
        return Text(FalloutWords(self.lang).board("legend").strip(), style="dim")

    # -- in the terminal's language (the page's words: terminal_words) -----------------------
    def option_labels(self, actions: Sequence[str], view: dict[str, Any] | None, lang: str = "en") -> dict[str, str]:
        # English too: a space or card is shown by its name, never by the id the notation
        # spells (the number beside it, or the notation, is what a player types)
        words = FalloutWords(lang)
        return {a: words.action(a) for a in actions}

    def event_style(self, kind: str | None) -> str:
        if kind in ("enemy_fights", "knocked_out"):
            return "red"
        if kind in ("agenda_revealed", "deck_ran_out", "round_end"):
            return "bold yellow"
        if kind == "game_over":
            return "bold"
        return ""

    def seat_label(self, view: dict[str, Any], seat: int) -> str:
        return f"p{seat + 1}"

    def help(self, topic: str, lang: str = "en") -> str | None:
        found = None if topic.strip().upper().startswith("FO-") else COMPONENTS.help(topic, lang)
        return found or TEXTS.help(topic, lang)

    def verb_help(self, verb: str, lang: str = "en") -> tuple[str, str, str] | None:
        if verb not in VERBS:
            return None
        form, _, what = TEXTS.word("verbs", verb, lang).partition(": ")
        return form, what, VERBS[verb][0]

    def commands_help(self, lang: str = "en") -> str:
        return COMMANDS_HELP.get(lang, COMMANDS_HELP["en"])


RENDERER = FalloutTerminal()
