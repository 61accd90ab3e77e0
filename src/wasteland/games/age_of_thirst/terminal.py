"""Drawing Age of Thirst in the terminal with rich: the hex map, the side panel, the options
(``spec.terminal`` names :data:`TERMINAL`, the protocol of ``wasteland.core.spec``).

Everything drawn comes from a seat's **view**
(``GAME.view(state, seat)``): another player's ray-tower hand is only a count, deck
orders never show. The map's static features (the Last Oasis, landing hexes, bases,
sources, bunkers, ray towers) and the species table are public and read from the content
data.

The map uses the flat-topped "doubled row" layout of ``wasteland.core.terminal``: hex ``(q, r)`` sits
in text column ``3 * q`` and line ``2 * r + q``, each hex a 5-character brick. A token is
written ``S2:1`` — kind initial (S Skinny, H Handsome, B Smart, # hedge), its species
level, a colon and its health left — in its clan's colours; a troop already flipped this
phase is written in lower case (``s2:1``).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
import json
from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from wasteland.core.terminal import CELL, STEP, DrawnTerminal, Drawings, compose_rows, side_by_side

from . import terminal_help
from .board import board
from .terminal_words import AgeOfThirstWords
from .notation import parse

#: Clan colour -> (background, text on that background).
CLAN_STYLE = {
    "black": ("grey19", "bright_white"),
    "red": ("red3", "bright_white"),
    "yellow": ("yellow2", "grey0"),
    "white": ("grey93", "grey0"),
    "blue": ("dodger_blue2", "bright_white"),
    "violet": ("medium_purple3", "bright_white"),
}
#: Clan colour as a foreground on the terminal's background (bases, names).
CLAN_FG = {"black": "grey62", "red": "red1", "yellow": "yellow1", "white": "bright_white",
           "blue": "dodger_blue1", "violet": "medium_purple1"}
KIND_INITIAL = {"skinny": "S", "handsome": "H", "smart": "B", "hedge": "#"}
KIND_NAME = {"skinny": "Skinny", "handsome": "Handsome", "smart": "Smart", "hedge": "hedge"}

PLAIN_STYLE = "grey50"
OASIS_STYLE = "bold grey0 on bright_cyan"
SOURCE_STYLE = "bold bright_blue"
BUNKER_STYLE = "bold green3"
TOWER_STYLE = "bold magenta"
MARK_STYLE = "bold black on bright_yellow"
SPECIAL_GLYPH = {"source": "≈", "bunker": "✚", "tower": "↯"}
SPECIAL_STYLE = {"source": SOURCE_STYLE, "bunker": BUNKER_STYLE, "tower": TOWER_STYLE}

#: Verbs whose option names a hex the map can number: verb -> index of the hex word.
HEX_VERBS = frozenset({"place", "buy", "grow"})


@lru_cache(maxsize=1)
def _board():
    return board()


@lru_cache(maxsize=1)
def _features() -> dict[str, tuple[str, str | None]]:
    """hex name -> (feature, clan colour): oasis, source, bunker, tower, landing, base."""
    b = _board()
    out: dict[str, tuple[str, str | None]] = {}
    for colour, hexes in b.base.items():
        for h in hexes:
            out[b.names[h]] = ("base", colour)
    for colour, hexes in b.landing.items():
        for h in hexes:
            out[b.names[h]] = ("landing", colour)
    for kind, hexes in (("source", b.sources), ("bunker", b.bunkers), ("tower", b.ray_towers)):
        for h in hexes:
            out[b.names[h]] = (kind, None)
    out[b.names[b.centre]] = ("oasis", None)
    return out


def eye_goal(config: dict[str, Any]) -> int:
    """The Eye circle that wins: 3 (normal, long), 1 (blitz, team games) (LO-13)."""
    return 1 if config.get("teams") or config.get("mode") == "blitz" else 3


def seat_name(view: dict[str, Any], seat: int, lang: str = "en") -> str:
    colour = view["players"][seat]["colour"] if 0 <= seat < len(view.get("players", [])) else "?"
    if lang != "en":
        colour = AgeOfThirstWords(lang).colour(colour)
    return f"p{seat + 1} {colour}"


# -- the map ----------------------------------------------------------------------------


def map_width(view: dict[str, Any] | None = None) -> int:
    qs = [q for q, _r in _board().coords]
    return (max(qs) - min(qs)) * STEP + CELL + 1


def hex_marks(actions: Sequence[str], numbers: dict[str, int]) -> dict[str, str]:
    """Option numbers to write on the map: the hex of each place/buy/grow option (the first
    option naming it), and the targets of a move or attack when one troop is acting."""
    marks: dict[str, str] = {}
    parsed = {a: parse(a) for a in actions}
    origins = {x.origin for x in parsed.values() if x.VERB in ("move", "attack")}
    for action, x in parsed.items():
        if x.VERB in HEX_VERBS or (x.VERB in ("move", "attack") and len(origins) == 1):
            marks.setdefault(x.hex, str(numbers[action]))
    return marks


def map_focus(view: dict[str, Any], marks: dict[str, str]) -> list[int]:
    """The map's text lines (as ``render_map`` lays them out) of the numbered hexes, else of
    the viewing seat's troops: what a cropped map keeps in view."""
    b = _board()
    ymin = min(2 * r + q for q, r in b.coords)
    line = {name: 2 * r + q - ymin for (q, r), name in zip(b.coords, b.names)}
    wanted = [h for h in marks if h in line]
    if not wanted:
        wanted = [p["hex"] for p in view.get("pieces", []) if p.get("owner") == view.get("seat") and p["hex"] in line]
    return sorted({line[h] for h in wanted})


def token_text(piece: dict[str, Any], level: int) -> str:
    text = f"{KIND_INITIAL.get(piece['kind'], '?')}{level}:{max(piece['health'], 0)}"
    return text.lower() if piece.get("flipped") else text


def token_style(colour: str) -> str:
    bg, fg = CLAN_STYLE.get(colour, ("grey50", "grey0"))
    return f"bold {fg} on {bg}"


#: The centre hex's label on the map, per language.
OASIS_LABEL = {"en": "OASIS", "ru": "ОАЗИС", "uk": "ОАЗА"}


def render_map(view: dict[str, Any], marks: dict[str, str] | None = None, coords: bool = False,
               lang: str = "en") -> Text:
    """The hex map as one rich Text (no wrapping; ``map_width()`` columns)."""
    marks = marks or {}
    b = _board()
    features = _features()
    qmin = min(q for q, _r in b.coords)
    ymin = min(2 * r + q for q, r in b.coords)
    levels = {p["seat"]: p["levels"] for p in view["players"]}
    pieces = {p["hex"]: p for p in view["pieces"]}
    acting = view.get("acting")
    rows: dict[int, list[tuple[int, str, str]]] = {}
    for (q, r), name in zip(b.coords, b.names):
        feature, colour = features.get(name, ("plain", None))
        if feature == "oasis":
            text, style = OASIS_LABEL.get(lang, "OASIS"), OASIS_STYLE
        elif feature in SPECIAL_GLYPH:
            text, style = SPECIAL_GLYPH[feature], SPECIAL_STYLE[feature]
        elif feature == "landing":
            bg, fg = CLAN_STYLE[colour]
            text, style = "▾", f"{fg} on {bg}"
        elif feature == "base":
            text, style = "░░░", CLAN_FG[colour]
        else:
            text, style = "·", PLAIN_STYLE
        piece = pieces.get(name)
        if piece is not None:
            text = token_text(piece, levels[piece["owner"]][piece["kind"]])
            style = token_style(piece["colour"])
            if feature in ("oasis", "source", "bunker", "tower"):
                style += " underline"  # a token standing on a special hex
            if name == acting:
                style += " reverse"
        if coords:
            text = name
        if name in marks and not coords:
            if piece is not None:
                text, style = f"{text}:{marks[name]}", MARK_STYLE
            else:
                text, style = marks[name], MARK_STYLE
        rows.setdefault(2 * r + q - ymin, []).append(((q - qmin) * STEP, text, style))

    return compose_rows(rows)


LEGEND = {
    "en": (" Last Oasis  ", " source  ", " bunker  ", " ray tower  ", " landing hex  ", " base  ",
           " token: S Skinny, H Handsome, B Smart, # hedge; level; health left "
           "(lower case: flipped; underlined: on a special hex)  ", " option number"),
    "ru": (" Последний оазис  ", " источник  ", " бункер  ", " лучевая башня  ", " гекс высадки  ", " база  ",
           " жетон: S тощий, H красавчик, B умник, # быстрораст; уровень; здоровье "
           "(строчная буква: уже перевёрнут; подчёркнут: на особом гексе)  ", " номер варианта"),
    "uk": (" Остання оаза  ", " джерело  ", " бункер  ", " променева вежа  ", " гекс висадки  ", " база  ",
           " жетон: S кощавий, H красунчик, B розумник, # швидкоріс; рівень; здоров'я "
           "(мала літера: уже перевернутий; підкреслений: на особливому гексі)  ", " номер варіанта"),
}


def legend(lang: str = "en") -> Text:
    words = LEGEND.get(lang, LEGEND["en"])
    t = Text(no_wrap=False)
    t.append(OASIS_LABEL.get(lang, "OASIS"), OASIS_STYLE)
    t.append(words[0])
    t.append("≈", SOURCE_STYLE)
    t.append(words[1])
    t.append("✚", BUNKER_STYLE)
    t.append(words[2])
    t.append("↯", TOWER_STYLE)
    t.append(words[3])
    t.append(" ▾ ", token_style("red"))
    t.append(words[4])
    t.append("░░░", CLAN_FG["red"])
    t.append(words[5])
    t.append("S2:1", token_style("blue"))
    t.append(words[6])
    t.append("7", MARK_STYLE)
    t.append(words[7])
    return t


# -- the panel --------------------------------------------------------------------------


def _counts(cards: dict[str, int] | list[str]) -> str:
    items = cards.items() if isinstance(cards, dict) else sorted(Counter(cards).items())
    return ", ".join(f"{c}×{n}" if n > 1 else c for c, n in items) or "—"


def _swatch(colour: str, lang: str = "en") -> Text:
    """A clan's colour as a coloured tag: its name's first three letters."""
    name = colour
    if lang != "en":
        name = AgeOfThirstWords(lang).colour(colour)
    return Text(f" {name[:3].upper()} ", style=token_style(colour))


PANEL = {
    "en": {"turn": "Turn {turn}", "setup": " · set-up", "to_play": " p{seat} to play · {phase} phase",
           "phase": " · {phase}", "teams": ", teams {teams}", "players": ", {n} players",
           "deciding": "Deciding: {seat} — {kind}", "order": "Order ", "bought": "bought {n}/5 this turn",
           "market_used": " · black market used",
           "columns": ("clan", "water", "pump", "Eye", "S H B #", "lv", "hand", "cards on it"), "barred": " barred",
           "gal": "{n} gal", "decks": "Decks ", "decks_value": "source {source} · bunker {bunker} · ray tower {tower}\n",
           "discards": "Discards ", "market": "Black market ", "you": "You: p{seat} ",
           "hand": "  {water} gal · ray-tower hand ({n}/5): "},
    "ru": {"turn": "Ход {turn}", "setup": " · подготовка", "to_play": " ходит p{seat} · {phase}",
           "phase": " · {phase}", "teams": ", команды {teams}", "players": ", игроков {n}",
           "deciding": "Решает: {seat} — {kind}", "order": "Порядок ", "bought": "куплено {n}/5 за ход",
           "market_used": " · чёрный рынок использован",
           "columns": ("клан", "вода", "насос", "Око", "S H B #", "ур.", "рука", "карты на видах"),
           "barred": " выбит", "gal": "{n} гал.", "decks": "Колоды ",
           "decks_value": "источники {source} · бункеры {bunker} · лучевые башни {tower}\n", "discards": "Сбросы ",
           "market": "Чёрный рынок ", "you": "Вы: p{seat} ", "hand": "  {water} гал. · рука лучевых башен ({n}/5): "},
    "uk": {"turn": "Хід {turn}", "setup": " · підготовка", "to_play": " ходить p{seat} · {phase}",
           "phase": " · {phase}", "teams": ", команди {teams}", "players": ", гравців {n}",
           "deciding": "Вирішує: {seat} — {kind}", "order": "Порядок ", "bought": "куплено {n}/5 за хід",
           "market_used": " · чорний ринок використано",
           "columns": ("клан", "вода", "насос", "Око", "S H B #", "рів.", "рука", "карти на видах"),
           "barred": " вибитий", "gal": "{n} гал.", "decks": "Колоди ",
           "decks_value": "джерела {source} · бункери {bunker} · променеві вежі {tower}\n", "discards": "Скиди ",
           "market": "Чорний ринок ", "you": "Ви: p{seat} ", "hand": "  {water} гал. · рука променевих веж ({n}/5): "},
}
#: The phases and decisions as the panel names them beyond English.
PHASE_WORDS = {
    "ru": {"setup": "подготовка", "tactical": "тактическая фаза", "economic": "экономическая фаза",
           "supply": "фаза добычи", "first": "первый игрок", "place": "расстановка", "inject": "карта бункера",
           "hand": "лишние карты", "bonus": "бонусная карта"},
    "uk": {"setup": "підготовка", "tactical": "тактична фаза", "economic": "економічна фаза",
           "supply": "фаза видобутку", "first": "перший гравець", "place": "розстановка", "inject": "карта бункера",
           "hand": "зайві карти", "bonus": "бонусна карта"},
}


def render_panel(view: dict[str, Any], lang: str = "en") -> Group:
    """Turn, phase, water and Eye per colour, decks, and the viewing seat's own hand."""
    w = PANEL.get(lang, PANEL["en"])
    phase_word = PHASE_WORDS.get(lang, {})
    named = None
    if lang != "en":
        named = AgeOfThirstWords(lang)
    card = named.card if named else (lambda c: c)
    colour_name = named.colour if named else (lambda c: c)
    cfg = view.get("config", {})
    players = view["players"]
    goal = eye_goal(cfg)
    lines: list[RenderableType] = []
    head = Text()
    head.append(w["turn"].format(turn=view["turn"]), style="bold")
    phase = phase_word.get(view["phase"], view["phase"])
    if view["phase"] == "setup":
        head.append(w["setup"])
    elif players and view.get("order"):
        cur = view["current"]
        head.append(" · ")
        head.append_text(_swatch(players[cur]["colour"], lang))
        head.append(w["to_play"].format(seat=cur + 1, phase=phase))
    else:
        head.append(w["phase"].format(phase=phase))
    mode = cfg.get("mode", "?")
    if named and named.page.has(f"option.mode.{mode}"):
        mode = named.page.t(f"option.mode.{mode}")
    head.append(f"   {mode}" + (w["teams"].format(teams=cfg["teams"]) if cfg.get("teams") else "")
                + w["players"].format(n=cfg.get("players", len(players))), style="dim")
    lines.append(head)
    d = view.get("decision")
    if d is not None:
        lines.append(Text(w["deciding"].format(seat=seat_name(view, d["seat"], lang),
                                               kind=phase_word.get(d["kind"], d["kind"])), style="bold"))
    if view.get("order"):
        order = Text(w["order"], style="bold")
        for i, q in enumerate(view["order"]):
            if i:
                order.append(" → ")
            order.append(colour_name(players[q]["colour"]), style=CLAN_FG.get(players[q]["colour"], ""))
        lines.append(order)
    if view["phase"] == "tactical" or view["phase"] == "economic":
        extra = w["bought"].format(n=view["bought"]) + (w["market_used"] if view.get("market_used") else "")
        lines.append(Text(extra, style="dim"))

    table = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False)
    last = w["columns"][-1]
    for col, justify in zip(w["columns"], ("left", "right", "right", "left", "left", "left", "right", "left")):
        table.add_column(col, justify=justify, header_style="bold", no_wrap=col != last)
    for p in players:
        name = Text()
        name.append_text(_swatch(p["colour"], lang))
        name.append(f" p{p['seat'] + 1}", style="bold" if p["seat"] == view.get("seat") else "")
        if cfg.get("teams"):
            name.append(f" T{p['team'] + 1}", style="dim")
        eye = Text("●" * p["eye"], style="bold bright_cyan")
        eye.append("○" * max(0, goal - p["eye"]), style="dim")
        if p.get("barred"):
            eye.append(w["barred"], style="bold red")
        on = p["on_board"]
        counts = f"{on['skinny']} {on['handsome']} {on['smart']} {on['hedge']}"
        lv = p["levels"]
        levels = f"{lv['skinny']}{lv['handsome']}{lv['smart']}{lv['hedge']}"
        cards = [f"{card(c)}→{KIND_INITIAL.get(kind, kind)}" for c, kind in p["injections"]] + [
            card(c) for c in p["statuses"]]
        table.add_row(name, w["gal"].format(n=p["water"]), str(p["pumps"]), eye, counts, levels, str(p["hand_size"]),
                      Text(", ".join(cards) or "—", style="" if cards else "dim"))
    lines.append(table)
    decks = view["decks"]
    discards = view["discards"]
    t = Text()
    t.append(w["decks"], style="bold")
    t.append(w["decks_value"].format(source=decks["source"], bunker=decks["bunker"], tower=decks["ray_tower"]))
    t.append(w["discards"], style="bold")
    t.append(w["decks_value"].format(source=sum(discards["source"].values()), bunker=sum(discards["bunker"].values()),
                                     tower=sum(discards["ray_tower"].values())))
    t.append(w["market"], style="bold")
    market = {card(c): n for c, n in discards["bunker"].items()}
    t.append(_counts(market), style="" if discards["bunker"] else "dim")
    lines.append(t)
    me = next((p for p in players if p["seat"] == view.get("seat")), None)
    if me is not None:
        you = Text(w["you"].format(seat=me["seat"] + 1), style="bold bright_yellow")
        you.append_text(_swatch(me["colour"], lang))
        you.append(w["hand"].format(water=me["water"], n=len(me.get("hand", []))), style="bold")
        you.append(_counts([card(c) for c in me.get("hand", [])]))
        lines.append(you)
    # the end of the game is announced by the front end (once), not by the panel
    return Group(*lines)


def render_board(view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                 coords: bool = False, lang: str = "en") -> RenderableType:
    """The map with the panel beside it, or below it when the terminal is too narrow."""
    return side_by_side(render_map(view, marks, coords, lang), render_panel(view, lang), legend(lang),
                        map_width(view), width, 50)


STATUS = {
    "en": " · {water} gal · on the board S{skinny} H{handsome} B{smart} #{hedge} · Eye {eye} · hand {hand}",
    "ru": " · {water} гал. · на поле: тощие {skinny}, красавчики {handsome}, умники {smart}, быстрорасты {hedge}"
          " · Око {eye} · в руке {hand}",
    "uk": " · {water} гал. · на полі: кощаві {skinny}, красунчики {handsome}, розумники {smart}, швидкороси {hedge}"
          " · Око {eye} · у руці {hand}",
}


def render_status(view: dict[str, Any], lang: str = "en") -> Text:
    """One line about the viewing seat: water, tokens, hand."""
    me = next((p for p in view["players"] if p["seat"] == view.get("seat")), None)
    t = Text()
    if me is None:
        return t
    t.append(seat_name(view, me["seat"], lang), style="bold bright_yellow")
    on = me["on_board"]
    hand = me.get("hand", [])
    if lang != "en":
        hand = [AgeOfThirstWords(lang).card(c) for c in hand]
    t.append(STATUS.get(lang, STATUS["en"]).format(water=me["water"], eye=me["eye"], hand=_counts(hand), **on))
    return t


def map_signature(view: dict[str, Any]) -> str:
    """Changes whenever anything drawn on the map changes."""
    levels = [p["levels"] for p in view["players"]]
    return json.dumps([view.get("pieces"), view.get("acting"), levels], sort_keys=True)


VERB_TITLE = {
    "first": "first (colour)",
    "place": "place",
    "move": "move (from to)",
    "attack": "attack (from target)",
    "flip": "flip",
    "play": "play (ray-tower card, target)",
    "buy": "buy",
    "upgrade": "upgrade",
    "grow": "grow (a hedge on)",
    "market": "market (bunker card, kind)",
    "inject": "inject (card, kind)",
    "discard": "discard",
    "take": "take (card kind)",
}


class AgeOfThirstTerminal(DrawnTerminal):
    """Age of Thirst in the terminal: what ``wasteland play``, ``watch`` and ``replay`` call."""

    #: board, panel, status line and legend, drawn in the renderer's language
    drawings = Drawings(render_board, render_panel, render_status, legend)

    title_style = "bold black on bright_cyan"
    turn_event = "turn"
    redraw_kinds = ("tactical", "economic", "first")
    verb_alone = True  # "end" stands for the one "end phase" or "end turn"
    verb_titles = VERB_TITLE
    words_of = AgeOfThirstWords
    titles_key = "aot.act."

    map_width = staticmethod(map_width)

    map_signature = staticmethod(map_signature)
    hex_marks = staticmethod(hex_marks)

    map_focus = staticmethod(map_focus)

    def render_map(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                   coords: bool = False) -> Text:
        return render_map(view, marks, coords, self.lang)

    def seat_label(self, view: dict[str, Any], seat: int) -> str:
        return seat_name(view, seat, self.lang)  # "p2 blue"

    # -- in the terminal's language (the page's words: terminal_words) -----------------------
    # the help module's words: the style of an event, what a card does, an option as a player reads it
    event_style = staticmethod(terminal_help.event_style)
    help = staticmethod(terminal_help.card_help)
    option_labels = staticmethod(terminal_help.option_labels)

    languages = ("en", "ru", "uk")
    help_words = terminal_help.HELP


TERMINAL = AgeOfThirstTerminal()
