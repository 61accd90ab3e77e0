"""The quest in the terminal (``spec.terminal``): the battlefield as a grid of squares,
the heroes, the battle track and the dusk track beside it.

Each square is a box of 7 by 4 characters. A zone's first square carries its name
(``gra.b``: tile, zone) and below it what stands in it (heroes ``1 2``, enemies by initial and
count ``G3``), ``*`` a mystic item, ``Q`` the quest symbol, and the number of an option
that names the zone. Walls between zones are lines; a closed gate is ``▓``, an open gate
a gap, a lychgate ``†``.
"""

from __future__ import annotations

import json
from typing import Any, Sequence

from rich.console import Group
from rich.text import Text

from wasteland.core.terminal import DrawnTerminal, Drawings, side_by_side

from . import terminal_help
from .texts import TEXTS as COMPONENTS
from .terminal_words import QuestWords, model_tag
from .notation import parse

W, H = 7, 4  # characters per square, walls included
ZONE_VERBS = frozenset({"move", "run", "deploy", "anchor", "rebirth_zone", "step"})
MARK = "bold black on bright_yellow"


def _edge_key(sq: tuple[int, int], side: str) -> tuple[tuple[int, int], tuple[int, int]]:
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
    other = (sq[0] + dx, sq[1] + dy)
    return (sq, other) if sq <= other else (other, sq)


def _occupants(view: dict[str, Any], words: QuestWords | None = None) -> dict[str, str]:
    out: dict[str, list[str]] = {}
    for p in view["players"]:
        if p["zone"]:
            out.setdefault(p["zone"], []).append(str(p["seat"] + 1))
    counts: dict[str, dict[str, int]] = {}
    for e in view["enemies"]:
        c = counts.setdefault(e["zone"], {})
        initial = words.initial(e["enemy"]) if words else e["enemy"][0].upper()
        c[initial] = c.get(initial, 0) + 1
    for zone, c in counts.items():
        out.setdefault(zone, []).extend(f"{k}{n if n > 1 else ''}" for k, n in sorted(c.items()))
    return {z: "".join(v) for z, v in out.items()}


def render_map(view: dict[str, Any], marks: dict[str, str] | None = None, coords: bool = False,
               lang: str = "en") -> Text:
    marks = marks or {}
    words = QuestWords(lang) if lang != "en" else None
    board = view["board"]
    squares = {(q["x"], q["y"]): q["zone"] for q in board["squares"]}
    if not squares:
        return Text("")
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    x0, y0 = min(xs), min(ys)
    cols, rows = (max(xs) - x0 + 1) * (W - 1) + 1, (max(ys) - y0 + 1) * (H - 1) + 1
    grid = [[" "] * cols for _ in range(rows)]
    styles = [[""] * cols for _ in range(rows)]
    gates = {_edge_key(tuple(g[0]), g[1]): "open" for g in board["open_gates"]}
    if board["closed_gate"]:
        gates[_edge_key(tuple(board["closed_gate"][0]), board["closed_gate"][1])] = "closed"
    for lg in board["lychgates"]:
        gates[_edge_key(tuple(lg[0]), lg[1])] = "lych"

    def put(r: int, c: int, ch: str, style: str = "") -> None:
        if 0 <= r < rows and 0 <= c < cols:
            grid[r][c], styles[r][c] = ch, style

    for (x, y), zone in squares.items():
        top, left = (y - y0) * (H - 1), (x - x0) * (W - 1)
        for side, cells in (("N", [(top, left + i) for i in range(1, W - 1)]),
                            ("S", [(top + H - 1, left + i) for i in range(1, W - 1)]),
                            ("W", [(top + 1, left), (top + 2, left)]),
                            ("E", [(top + 1, left + W - 1), (top + 2, left + W - 1)])):
            dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
            other = squares.get((x + dx, y + dy))
            kind = gates.get(_edge_key((x, y), side))
            ch = "─" if side in "NS" else "│"
            if kind == "closed":
                ch, style = "▓", "bold red"
            elif kind == "lych":
                ch, style = "†", "bold magenta"
            elif kind == "open" or other == zone:
                ch, style = " ", ""
            else:
                style = "dim" if other is not None else ""
            for r, c in cells:
                put(r, c, ch, style)
        for r, c in ((top, left), (top, left + W - 1), (top + H - 1, left), (top + H - 1, left + W - 1)):
            if grid[r][c] == " ":
                put(r, c, "+", "dim")
    occupants = _occupants(view, words)
    first: dict[str, tuple[int, int]] = {}
    for (x, y), zone in sorted(squares.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        first.setdefault(zone, (x, y))
    for zone, (x, y) in first.items():
        top, left = (y - y0) * (H - 1), (x - x0) * (W - 1)
        tile, z = zone.split(".")
        label = (words.zone_label(zone) if words else f"{tile[:3]}.{z}") if not coords else f"{x},{y}"
        if zone in marks:
            label = f"{z}:{marks[zone]}"
        style = MARK if zone in marks else "bold"
        for i, ch in enumerate(label[:W - 2]):
            put(top + 1, left + 1 + i, ch, style)
        extra = ("*" if zone in board["items"] else "") + ("Q" if zone == board["quest_zone"] else "")
        who = (occupants.get(zone, "") + extra)[:W - 2]
        for i, ch in enumerate(who):
            put(top + 2, left + 1 + i, ch, "bold green")
    out = Text(no_wrap=True, overflow="crop")
    for r in range(rows):
        for c in range(cols):
            out.append(grid[r][c], style=styles[r][c] or None)
        out.append("\n")
    out.rstrip()
    return out


def legend(lang: str = "en") -> Text:
    return Text(QuestWords(lang).board("legend"), style="dim")


def render_panel(view: dict[str, Any], lang: str = "en") -> Group:
    w = QuestWords(lang)
    lines: list[Text] = []
    head = Text(w.board("head", round=view["round"], phase=w.phase(view["phase"])),
                style="bold")
    lines.append(head)
    dusk = view["dusk"]
    track = "".join("◆" if i == dusk["zone"] else ("☾" if i in dusk["night"] else "·") for i in range(dusk["zones"]))
    lines.append(Text(w.board("dusk", track=track)))
    d = view["destiny"]
    lines.append(Text(w.board("destiny", rolled=d["rolled"] or "-", airship=d["airship"], spent=d["spent"])
                      + (w.board("denied") if d["denied"] else "") + (w.board("return") if d["return"] else "")))
    for p in view["players"]:
        where = w.board("out") if p["out_of_action"] else w.zone(p["zone"])
        name = w.hero(p.get("hero", ""), p["name"])
        t = Text(w.board("hero", n=p["seat"] + 1, name=name, zone=where, wounds=p["wounds"], vitality=p["vitality"],
                         dice=p["dice"] or "-"))
        if p["tokens"]:
            t.append(f"  {' '.join(map(w.condition, p['tokens']))}", style="magenta")
        if p["inspiration"]:
            t.append(w.board("inspiration", n=p["inspiration"]), style="cyan")
        lines.append(t)
    pos = view["track_pos"] if view["phase"] == "activation" else -1
    track_line = Text(w.board("track"))
    for i, entry in enumerate(view["track"]):
        track_line.append(f"{w.track_entry(entry)}  ", style="reverse" if i == pos - 1 else None)
    lines.append(track_line)
    slots = " ".join(f"{s['slot']}:{w.card(s['card']) if s['card'] else '-'}"
                     for s in view["slots"])
    lines.append(Text(w.board("slots", slots=slots)))
    for e in view["enemies"]:
        t = Text(w.board("enemy", model=model_tag(e["model"]), enemy=w.enemy(e["enemy"]),
                         zone=w.zone(e["zone"]), wounds=e["wounds"]))
        tokens = [w.condition(x) for x in e["tokens"]] + (
            [w.board("stunned")] if e["stunned"] else [])
        if tokens:
            t.append(f"  {' '.join(tokens)}", style="magenta")
        lines.append(t)
    decks = view["decks"]
    lines.append(Text(w.board("decks", exploration=decks["exploration"], encounter=decks["encounter"],
                              crisis=decks["crisis"], withdrawn=", ".join(w.card(c) for c in view["withdrawn"]) or "-"), style="dim"))
    if view["rolls"]:
        lines.append(Text(w.board("rolled") + ", ".join(f"{w.roll(x)} {w.known(f'wq.crisis.{v}', str(v))}"
                                                  for x, v in view["rolls"]),
                          style="dim"))
    return Group(*lines)


def map_width(view: dict[str, Any] | None = None) -> int:
    if not view or not view["board"]["squares"]:
        return 20
    xs = [q["x"] for q in view["board"]["squares"]]
    return (max(xs) - min(xs) + 1) * (W - 1) + 1


def render_board(view: dict[str, Any], width: int, marks: dict[str, str] | None = None, coords: bool = False,
                 lang: str = "en") -> Any:
    return side_by_side(render_map(view, marks, coords, lang), render_panel(view, lang), legend(lang), map_width(view),
                        width, 50)


def render_status(view: dict[str, Any], lang: str = "en") -> Text:
    w = QuestWords(lang)
    seat = view.get("seat")
    if seat is None or seat >= len(view["players"]):
        return Text(w.board("head", round=view["round"], phase=w.phase(view["phase"])))
    p = view["players"][seat]
    zone = w.zone(p["zone"]) if p["zone"] else w.board("out")
    return Text(w.board("status", n=seat + 1, name=w.hero(p.get("hero", ""), p["name"]),
                        zone=zone, wounds=p["wounds"], vitality=p["vitality"], dice=p["dice"] or "-",
                        destiny=view["destiny"]["rolled"] or "-"))


def map_signature(view: dict[str, Any]) -> str:
    keys = ("board", "players", "enemies", "track", "slots", "dusk", "destiny", "round", "phase")
    return json.dumps({k: view.get(k) for k in keys}, sort_keys=True)


def hex_marks(actions: Sequence[str], numbers: dict[str, int]) -> dict[str, str]:
    """Option numbers on the zones that options name (one per zone, the first)."""
    marks: dict[str, str] = {}
    for a in actions:
        x = parse(a)
        if x.VERB in ZONE_VERBS and a in numbers:
            marks.setdefault(x.zone, str(numbers[a]))
    return marks


def event_style(kind: str | None) -> str:
    if kind in ("hero_hurt", "out_of_action", "dead_end", "enemy_attack"):
        return "red"
    if kind in ("tile_placed", "closed_gate", "furnished", "exploration_card"):
        return "bright_cyan"
    if kind in ("enemy_deployed", "encounter_card", "initiative_card", "group_anchor"):
        return "yellow"
    if kind in ("event_roll", "crisis", "dusk"):
        return "magenta"
    if kind == "quest_over":
        return "bold bright_white"
    return ""


class QuestTerminal(DrawnTerminal):
    """The quest in the terminal: what ``wasteland play``, ``watch`` and ``replay`` call."""

    #: board, panel, status line and legend, drawn in the renderer's language
    drawings = Drawings(render_board, render_panel, render_status, legend)

    title_style = "bold white on dark_green"
    turn_event = "round"
    redraw_kinds = ("hero", "place", "deploy", "step")
    verb_alone = False
    languages = terminal_help.LANGUAGES
    words_of = QuestWords
    titles_key = "wq.act."
    help_words = terminal_help.HELP
    verb_titles = {"move": "move to", "run": "run to", "attack": "strike", "deploy": "enemy to zone",
                   "place": "lay the tile by gate position"}

    map_width = staticmethod(map_width)
    map_signature = staticmethod(map_signature)
    hex_marks = staticmethod(hex_marks)

    def render_map(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                   coords: bool = False) -> Any:
        return self.render_board(view, width, marks, coords)

    def spot_names(self, view: dict[str, Any]) -> dict[str, str]:
        words = QuestWords(self.lang)
        return {zone: words.zone(zone) for zone in (view.get("board") or {}).get("zones", {})}

    def seat_label(self, view: dict[str, Any], seat: int) -> str:
        players = view.get("players") or []
        name = players[seat]["name"] if seat < len(players) else ""
        if name and self.lang != "en":
            name = QuestWords(self.lang).hero(players[seat].get("hero", ""), name)
        return f"p{seat + 1} {name}".strip()

    # -- in the terminal's language (the page's words: terminal_words) -----------------------
    def option_labels(self, actions: Sequence[str], view: dict[str, Any] | None, lang: str = "en") -> dict[str, str]:
        # English too: a space or card is shown by its name, never by the id the notation
        # spells (the number beside it, or the notation, is what a player types)
        words = QuestWords(lang)
        return {a: words.action(a, view) for a in actions}

    def end_reason(self, outcome: Any) -> str:
        # English too: the zone held is named as on the map's panel, not by its id ("sanctum.c")
        return QuestWords(self.lang).reason(outcome.reason)

    def event_style(self, kind: str | None) -> str:
        return event_style(kind)

    def help(self, topic: str, lang: str = "en") -> str | None:
        return terminal_help.topic_help(topic, lang) or COMPONENTS.help(topic, lang)



RENDERER = QuestTerminal()
