"""Drawing Saltlands in the terminal with rich: the hex map, the side panel, the options
(``spec.terminal`` names :data:`TERMINAL`, the protocol of ``wasteland.core.spec``).

Everything here works from a seat's **view** (``GAME.view(state, seat)``), never from the
true state, so a drawing can only show what that seat may know. Static content (card
names, weather strengths, damage cards) is public and read from the content data.

The map uses flat-topped axial hexes in a "doubled row" text layout: hex ``(q, r)`` sits
in text column ``3 * q`` and text line ``2 * r + q``. Each hex is a 5-character brick;
bricks of neighbouring columns interleave on alternate lines, so a hex's six neighbours
are the bricks directly above and below it (N, S) and the four half-overlapping bricks
to its sides (NE, SE, SW, NW)::

       ·     ~        line y:    hexes of even q
          @1    S2    line y+1:  hexes of odd q
       ^     x        line y+2:  the even-q hexes one step south
"""

from __future__ import annotations

from functools import lru_cache
import json
from typing import Any, Callable, Iterable, Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from wasteland.core import hexgrid
from wasteland.core.card_texts import Templates
from wasteland.core.notation import pair
from wasteland.core.terminal import CELL, STEP, DrawnTerminal, Drawings, compose_rows, side_by_side
from wasteland.games.saltlands.content import load_content

from . import terminal_help
from .notation import parse
from .board import centre_name
from .terminal_words import TILE_POS, SaltlandsWords
from .texts import TEXTS

TILE_RADIUS = 2

TERRAIN_STYLE = {
    "salt": "grey11 on grey82",
    "dune": "grey11 on tan",
    "mountain": "bright_white on orange4",
}
TERRAIN_GLYPH = {"salt": "·", "dune": "~", "mountain": "^"}
UNEXPLORED_STYLE = "grey42"
FACE_DOWN_CENTRE_STYLE = "bold grey62"
MARKER_BG = {"blue": "dodger_blue2", "green": "green4", "red": "red3"}
PLAYER_STYLE = "bold bright_white on purple"
RAIDER_STYLE = "bold bright_white on red3"
MARK_STYLE = "bold black on bright_yellow"
MARK_FG = {"salt": "bold blue3 underline", "dune": "bold blue3 underline", "mountain": "bold bright_yellow underline"}
SPAWN_STYLE = "bold deep_pink4"
WRECK_STYLE = "grey35"
TOKEN_STYLE = {"loot": "bold dark_green", "crew": "bold grey0", "rumor": "bold magenta", "victory": "bold"}
TOKEN_GLYPH = {"loot": "$", "crew": "+", "victory": "V", "rumor": "?"}
RAIDER_INITIAL = {"speedster": "S", "pickup": "P", "truck": "T", "bulldozer": "B", "hovercraft": "H", "apc": "A"}
WIND_ARROW = {"N": "↑", "NE": "↗", "SE": "↘", "S": "↓", "SW": "↙", "NW": "↖"}

#: Verbs whose first argument is the hex the option is about; the map numbers them.
HEX_VERBS = ("move", "enter", "goto", "spawn", "raider")


@lru_cache(maxsize=1)
def _content():
    return load_content()


def seat_label(seat: int | str) -> str:
    """How a player reads a seat: ``p1`` for seat 0 (a view numbers seats from 0; an older
    view wrote ``"p1"`` itself)."""
    return f"p{seat + 1}" if isinstance(seat, int) else str(seat)


def seat_number(seat: int | str) -> str:
    return seat_label(seat)[1:]


def _card_id(instance: str) -> str:
    return instance.split("#", 1)[0].split("/", 1)[0]


def _token_kind(token: str) -> tuple[str, str | None]:
    t = _content().tokens.get(_card_id(token))
    if t is None:
        return "loot", None
    return t.kind, t.colour


# -- the map ----------------------------------------------------------------------------


def map_width(view: dict[str, Any]) -> int:
    qs = [pair(h["hex"])[0] for h in view["hexes"]]
    return (max(qs) - min(qs)) * STEP + CELL + 1


def hex_marks(actions: Sequence[str], numbers: dict[str, int]) -> dict[str, str]:
    """Option numbers to write on the map: the hex each move/enter/goto/... option names."""
    marks: dict[str, str] = {}
    for action in actions:
        a = parse(action)
        if a.VERB in HEX_VERBS:
            marks.setdefault(a.hex, str(numbers[action]))
    return marks


def render_map(view: dict[str, Any], marks: dict[str, str] | None = None, coords: bool = False) -> Text:
    """The hex map as one rich Text (no wrapping; ``map_width(view)`` columns)."""
    marks = marks or {}
    me = view.get("seat")
    cells = [(h, pair(h["hex"])) for h in view["hexes"]]
    qmin = min(q for _, (q, _r) in cells)
    ymin = min(2 * r + q for _, (q, r) in cells)
    face_up_tiles = {t["at"]: t["face_up"] for t in view["tiles"]}
    marker_at = {tile: colour for colour, tile in view.get("markers", {}).items()}
    players: dict[str, list[str]] = {}
    for p in view["players"]:
        if p.get("hex"):
            players.setdefault(p["hex"], []).append(p["seat"])
    raiders = {r["hex"]: r for r in view["raiders"]}
    tokens = view.get("tokens", {})

    rows: dict[int, list[tuple[int, str, str]]] = {}
    for cell, (q, r) in cells:
        name = cell["hex"]
        a, b = hexgrid.super_hex_of((q, r), TILE_RADIUS)
        tile = f"t{a},{b}"
        centre = hexgrid.super_center(a, b, TILE_RADIUS) == (q, r)
        terrain = cell["terrain"]
        if terrain == "unexplored" or not face_up_tiles.get(tile, True):
            text, style = "░" * CELL, UNEXPLORED_STYLE
            if centre:  # the tile by its centre hex, as the questions name it (never "t0,-2")
                text, style = name, FACE_DOWN_CENTRE_STYLE
            if coords:
                text = name
            if name in marks:
                text, style = marks[name], MARK_STYLE
            rows.setdefault(2 * r + q - ymin, []).append(((q - qmin) * STEP, text, style))
            continue
        bg_style = TERRAIN_STYLE.get(terrain, "")
        if centre and tile in marker_at:
            bg_style = f"bold bright_white on {MARKER_BG.get(marker_at[tile], 'blue')}"
        text, style = TERRAIN_GLYPH.get(terrain, " "), bg_style
        if centre and tile in marker_at:
            text = "◆"
        if cell.get("wreck"):
            text, style = "x", f"{WRECK_STYLE} {_bg(bg_style)}"
        if cell.get("spawn"):
            text, style = cell["spawn"], f"{SPAWN_STYLE} {_bg(bg_style)}"
        if name in tokens:
            kind, colour = _token_kind(tokens[name])
            fg = TOKEN_STYLE.get(kind, "bold")
            if kind == "victory" and colour:
                fg = f"bold {MARKER_BG.get(colour, colour)}"
            text, style = TOKEN_GLYPH.get(kind, "*"), f"{fg} {_bg(bg_style)}"
        if name in raiders:
            rd = raiders[name]
            text, style = RAIDER_INITIAL.get(rd["type"], rd["type"][:1].upper()) + str(rd["crew"]), RAIDER_STYLE
        if name in players:
            seats = players[name]
            text = "".join("@" + seat_number(s) for s in seats)
            style = PLAYER_STYLE + (" underline" if me in seats else "")
        if coords:
            text = name
        if name in marks:
            if name in raiders:
                text, style = f"{text}:{marks[name]}", MARK_STYLE
            else:
                text, style = marks[name], f"{MARK_FG.get(terrain, 'bold')} {_bg(bg_style)}"
        rows.setdefault(2 * r + q - ymin, []).append(((q - qmin) * STEP, text, style))

    return compose_rows(rows)


def _map_line(view: dict[str, Any]) -> Callable[[str], int]:
    """A hex's text line on the map as ``render_map`` lays it out."""
    ymin = min(2 * r + q for q, r in (pair(h["hex"]) for h in view["hexes"]))

    def line(name: str) -> int:
        q, r = pair(name)
        return 2 * r + q - ymin

    return line


def map_focus(view: dict[str, Any], marks: dict[str, str]) -> list[int]:
    """The map's text lines that a cropped map must keep in view: the numbered hexes and the
    raider a raider question is about (SL §101 to SL §107), else the viewing seat's
    vehicle, else the raiders."""
    if not view["hexes"]:
        return []
    line = _map_line(view)
    wanted = [h for h in marks if "," in h]
    acting = view.get("acting") or {}
    if acting.get("hex"):
        wanted.append(acting["hex"])
    if not wanted:
        wanted = [p["hex"] for p in view["players"] if p.get("hex") and p["seat"] == view.get("seat")]
    if not wanted:
        wanted = [r["hex"] for r in view["raiders"]]
    if not wanted:  # before anybody is on the board: the explored start tiles
        wanted = [h["hex"] for h in view["hexes"] if h["terrain"] != "unexplored"]
    return sorted({line(h) for h in wanted})


def map_own(view: dict[str, Any], marks: dict[str, str]) -> list[int]:
    """The line of the viewing seat's own vehicle: a cropped map keeps it before any other
    figure (``crop``'s ``own``)."""
    if not view["hexes"]:
        return []
    line = _map_line(view)
    return [line(p["hex"]) for p in view["players"] if p.get("hex") and p["seat"] == view.get("seat")]


def map_nearby(view: dict[str, Any], marks: dict[str, str]) -> list[int]:
    """The lines of every other figure on the map (raiders, the other vehicles), each once:
    as many of them as the room allows stay in view around ``map_focus``'s lines."""
    if not view["hexes"]:
        return []
    line = _map_line(view)
    me = view.get("seat")
    return [line(f["hex"]) for f in [*view["raiders"], *view["players"]] if f.get("hex") and f.get("seat") != me]


def _bg(style: str) -> str:
    """The background part of a style string (``"... on tan"`` -> ``"on tan"``)."""
    idx = style.find(" on ")
    return style[idx + 1:] if idx >= 0 else ""


@lru_cache(maxsize=None)
def _templates(lang: str) -> Any:
    return Templates("wasteland.games.saltlands", "texts", lang if lang in ("en", "ru", "uk") else "en",
                     "terminal_{lang}.toml")


class _Words:
    """The panel's words in one language: its phrases (``texts/terminal_<lang>.toml``) and
    the components by their names, in English too (a card's id is the notation's, which the
    options spell out; the panel says what the card is)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.t = _templates(lang)
        self.named = SaltlandsWords(lang)

    def __call__(self, key: str, **values: Any) -> str:
        return self.t.fill(key, **values)

    def card(self, card: str) -> str:
        return self.named.card(card) if self.named else card

    def raider(self, rtype: str) -> str:
        return self.named.raider(rtype) if self.named else rtype

    def character(self, character: str | None) -> str:
        if not character:
            return self("no_character")
        if self.named:
            return self.named.character(character)
        c = _content().characters.get(character)
        return c.name if c is not None else character

    def colour(self, colour: str) -> str:
        return self.named.page.t(f"colour.{colour}") if self.named else colour

    def component(self, kind: str, cid: str) -> str:
        """A weather or damage card by the name its text gives it, in every language: nobody
        types these ids, so English has no reason to show them."""
        return TEXTS.name(f"{kind}:{cid}", self.lang) or cid

    def direction(self, d: str) -> str:
        return self.named.direction(d) if self.named else d

    def config(self, kind: str, value: Any) -> str:
        if self.named and self.named.page.has(f"{kind}.{value}"):
            return self.named.page.t(f"{kind}.{value}")
        return str(value)


def legend(lang: str = "en") -> Text:
    w = _Words(lang)
    t = Text(no_wrap=False)
    t.append("@1", PLAYER_STYLE)
    t.append(w("legend.player"))
    t.append("S2", RAIDER_STYLE)
    t.append(w("legend.raider"))
    t.append("A", SPAWN_STYLE)
    t.append(w("legend.spawn"))
    t.append("$", TOKEN_STYLE["loot"])
    t.append(w("legend.loot"))
    t.append("+", TOKEN_STYLE["crew"])
    t.append(w("legend.crew"))
    t.append("V", "bold")
    t.append(w("legend.victory"))
    t.append("?", TOKEN_STYLE["rumor"])
    t.append(w("legend.rumor_token"))
    t.append(" ◆ ", "bold bright_white on dodger_blue2")
    t.append(w("legend.marker"))
    t.append("~", "grey11 on tan")
    t.append(w("legend.dune"))
    t.append("^", TERRAIN_STYLE["mountain"])
    t.append(w("legend.mountain"))
    t.append("░", UNEXPLORED_STYLE)
    t.append(w("legend.face_down"))
    t.append("7", MARK_FG["salt"] + " on grey82")
    t.append(w("legend.number"))
    return t


def map_legend(view: dict[str, Any], marks: dict[str, str] | None = None, lang: str = "en") -> Text:
    """The legend of the letters and marks this map shows, and only those: each raider type
    on it by its letter and name (``S2``: a Speedster with two crew), the spawn letters, the
    tokens, the terrains' shading and the face-down tiles' centre labels; short enough for
    the cropped map of an 80x24 screen."""
    w = _Words(lang)
    t = Text(no_wrap=False)

    def entry(glyph: str, style: str, meaning: str) -> None:
        t.append(glyph, style)
        t.append(f" {meaning.strip()}  ")

    explored = [h for h in view["hexes"] if h["terrain"] != "unexplored"]
    if any(p.get("hex") for p in view["players"]):
        entry("@1", PLAYER_STYLE, w("legend.player"))
    for rtype in sorted({r["type"] for r in view["raiders"]}):
        entry(RAIDER_INITIAL.get(rtype, rtype[:1].upper()), RAIDER_STYLE, w.raider(rtype))
    if view["raiders"]:
        t.append(w("legend.crew_digit"))
    spawns = sorted({h["spawn"] for h in explored if h.get("spawn")})
    if spawns:
        entry(" ".join(spawns), SPAWN_STYLE, w("legend.spawn"))
    kinds = {_token_kind(token)[0] for token in view.get("tokens", {}).values()}
    for kind, key in (("loot", "loot"), ("crew", "crew"), ("victory", "victory"), ("rumor", "rumor_only")):
        if kind in kinds:
            entry(TOKEN_GLYPH[kind], TOKEN_STYLE.get(kind, "bold"), w(f"legend.{key}"))
    if any(h.get("wreck") for h in explored):
        entry("x", WRECK_STYLE, w("legend.wreck"))
    if view.get("markers"):
        entry("◆", "bold bright_white on dodger_blue2", w("legend.marker_only"))
    if marks:
        entry("7", MARK_FG["salt"] + " on grey82", w("legend.number"))
    # the shading: each terrain shown, and the face-down tiles named by their centre hex
    for terrain in ("salt", "dune", "mountain"):
        if any(h["terrain"] == terrain for h in explored):
            entry(TERRAIN_GLYPH[terrain], TERRAIN_STYLE[terrain], w(f"legend.terrain_{terrain}"))
    if len(explored) < len(view["hexes"]) or any(not x["face_up"] for x in view["tiles"]):
        entry("░", UNEXPLORED_STYLE, w("legend.face_down"))
        entry("2,-5", FACE_DOWN_CENTRE_STYLE, w("legend.face_down_centre"))
    return t


# -- the panel --------------------------------------------------------------------------


def _weather_text(wid: str, w: _Words) -> str:
    weather = _content().weather.get(wid)
    if weather is None:
        return wid
    bits = [f"{weather.strength}"]
    if weather.turn:
        bits.append(w("weather_turn", turn=weather.turn))
    if weather.storm:
        bits.append(w("storm"))
    return f"{w.component('weather', wid)} ({', '.join(bits)})"


def _damage_text(did: str, w: _Words) -> str:
    d = _content().damage_cards.get(did)
    if d is None:
        return did
    card = w.component("damage", did)
    if d.move_bonus:
        return w("damage_bonus", card=card, bonus=d.move_bonus, letters=d.letters)
    return w("damage", card=card, damage=d.damage, kind=w("ap" if d.damage_type == "ap" else "dmg"), letters=d.letters)


def _label(key: str, value: str | Text, style: str = "") -> Text:
    t = Text()
    t.append(f"{key} ", style="bold")
    if isinstance(value, Text):
        t.append_text(value)
    else:
        t.append(value, style=style)
    return t


def _cards(names: Iterable[str], engaged: set[str], w: _Words | None = None) -> Text:
    t = Text()
    first = True
    for n in names:
        if not first:
            t.append(", ")
        first = False
        t.append(w.card(n) if w else n, style="dim strike" if n in engaged else "")
        if n in engaged:
            t.append("*", style="yellow")
    if first:
        t.append("—", style="dim")
    return t


def character_title(character: str | None, lang: str = "en") -> str:
    return _Words(lang).character(character)


def render_panel(view: dict[str, Any], lang: str = "en") -> Group:
    """Wind, weather, round, raiders, decks, players and the viewing seat's own cards."""
    w = _Words(lang)
    cfg = view.get("config", {})
    lines: list[RenderableType] = []
    head = Text()
    head.append(w("round", round=view["round"]), style="bold")
    head.append(w("turn", turn=view["turn"], seat=seat_label(view["current"])))
    head.append(f"   {w.config('mode', cfg.get('mode', '?'))}, {w.config('difficulty', cfg.get('difficulty', '?'))}",
                style="dim")
    lines.append(head)
    wind = Text()
    wind.append(w("wind"), style="bold")
    wind.append(w("wind_value", strength=view["wind_strength"], dir=w.direction(view["wind_dir"]),
                  arrow=WIND_ARROW.get(view["wind_dir"], "")), style="bold cyan")
    if view["weather"]:  # each card's name says it is a weather card
        wind.append("  " + " + ".join(_weather_text(x, w) for x in view["weather"]))
    else:
        wind.append(w("weather") + "—")
    if view.get("storm"):
        wind.append(w("sandstorm"), style="bold yellow on red")
    lines.append(wind)
    markers = Text()
    markers.append(w("markers"), style="bold")
    for i, (colour, tile) in enumerate(sorted(view.get("markers", {}).items())):
        if i:
            markers.append(" · ")
        markers.append("◆", style=f"bold {MARKER_BG.get(colour, colour)}")
        # a marker's tile by its centre hex, as the map and the questions name it (never "t0,-1")
        markers.append(f" {w.colour(colour)} {centre_name(tile) if TILE_POS.match(str(tile)) else tile}")
    markers.append(w("rumor_deck", n=view["rumor_deck"]))
    if view.get("rumors_played"):
        markers.append(w("played", cards=", ".join(TEXTS.name(f"rumor:{c}", lang) or str(c)
                                                   for c in view["rumors_played"])))
    lines.append(markers)

    lines.append(Text(w("raiders"), style="bold"))
    for rtype, left in view["damage_stacks"].items():
        on_board = sum(1 for r in view["raiders"] if r["type"] == rtype)
        t = Text(" ")
        t.append(f" {RAIDER_INITIAL.get(rtype, '?')} ", style=RAIDER_STYLE)
        t.append(f" {w.raider(rtype):<10} {on_board:>2} {left:>6}   ")
        shown = view["revealed"].get(rtype) or []
        if shown:
            t.append(_damage_text(shown[-1], w), style="bold red")
        else:
            t.append(w("not_activated"), style="dim")
        lines.append(t)
    decks = Text()
    decks.append(w("decks"), style="bold")
    decks.append(w("decks_value", mirage=view["mirage_deck"], raider=view["raider_deck"],
                   weather=view["weather_deck"]) + "\n")
    decks.append(w("tokens"), style="bold")
    decks.append(w("pool", n=view["token_pool"]))
    decks.append(w("discard"), style="bold")
    decks.append(w("discard_value", n=len(view["discard"])))
    if view["discard"]:
        decks.append(w("top", card=w.card(view["discard"][-1])), style="dim")
    lines.append(decks)

    lines.append(Text(w("players"), style="bold"))
    for p in view["players"]:
        t = Text("  ")
        t.append(f"@{seat_number(p['seat'])}", style=PLAYER_STYLE)
        t.append(f" {seat_label(p['seat'])} {w.character(p['character'])}")
        t.append(w("at", hex=p["hex"]) if p["hex"] else w("off_board"))
        if p["status"] != "active":
            status = w(f"status.{p['status']}") if p["status"] in ("dead", "out", "escaped") else p["status"]
            t.append(f" [{status}]", style="bold red")
        t.append(w("hand", n=p["hand_size"]))
        if p.get("hand_limit") is not None:
            t.append(f"/{p['hand_limit']}")
        t.append(w("armor", n=p["armor"]))
        if p["seat"] != view.get("seat"):
            t.append(w("vehicle", card=w.card(p["vehicle"]) if p["vehicle"] else "—"))
            if p["cargo"]:
                t.append(w("cargo", cards=", ".join(w.card(c) for c in p["cargo"])))
        lines.append(t)

    me = next((p for p in view["players"] if p["seat"] == view.get("seat")), None)
    if me is not None:
        engaged = set(me.get("engaged", []))
        lines.append(Text(w("you", seat=seat_label(me["seat"]), character=w.character(me["character"]),
                            n=me.get("respawns_used", 0)), style="bold bright_yellow"))
        lines.append(_label(w("my_vehicle"), _cards([me["vehicle"]] if me["vehicle"] else [], engaged, w)))
        lines.append(_label(w("my_cargo"), _cards(me["cargo"], engaged, w)))
        lines.append(_label(w("my_hand"), _cards(me.get("hand", []), engaged, w)))
        limit = me.get("hand_limit")
        lines.append(Text(w("my_counts", n=len(me.get("hand", [])), limit=limit if limit is not None else "—",
                            armor=me["armor"], engaged=", ".join(w.card(c) for c in sorted(engaged)) or w("none"))
                          + (w("engaged_note") if engaged else "")))
    # the end of the game is announced by the front end (once), not by the panel
    return Group(*lines)


def render_board(view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                 coords: bool = False, lang: str = "en") -> RenderableType:
    """The map with the panel beside it, or below it when the terminal is too narrow."""
    return side_by_side(render_map(view, marks, coords), render_panel(view, lang), legend(lang), map_width(view),
                        width, 40)


# -- options ----------------------------------------------------------------------------


VERB_TITLE = {
    "move": "move to",
    "enter": "enter at",
    "collect": "collect",
    "use": "use",
    "discard": "discard",
    "give": "give",
    "trade": "trade with",
    "refresh": "refresh",
    "character": "character",
    "activate": "activate",
    "raider": "raider at",
    "goto": "go to",
    "chase": "chase",
    "attack": "attack",
    "spawn": "spawn at",
    "heal": "heal with",
    "armor": "armor",
    "lose": "lose crew",
    "yield": "yield",
    "replace": "replace",
    "take": "take",
}


def render_status(view: dict[str, Any], lang: str = "en") -> Text:
    """One line about the viewing seat: where it is and what it holds."""
    w = _Words(lang)
    me = next((p for p in view["players"] if p["seat"] == view.get("seat")), None)
    t = Text()
    if me is None:
        return t
    engaged = set(me.get("engaged", []))
    t.append(f"{seat_label(me['seat'])} {w.character(me['character'])}", style="bold bright_yellow")
    t.append((w("at", hex=me["hex"]) if me["hex"] else w("off_the_board")) + w("status_vehicle"))
    t.append_text(_cards([me["vehicle"]] if me["vehicle"] else [], engaged, w))
    t.append(w("status_cargo"))
    t.append_text(_cards(me["cargo"], engaged, w))
    t.append(w("status_hand"))
    t.append_text(_cards(me.get("hand", []), engaged, w))
    limit = me.get("hand_limit")
    t.append(w("status_counts", n=len(me.get("hand", [])), limit=limit if limit is not None else "—", armor=me["armor"]))
    return t


def map_signature(view: dict[str, Any]) -> str:
    """Changes whenever anything drawn on the map changes."""
    keys = ("hexes", "tokens", "raiders", "markers")
    players = [(p["seat"], p["hex"], p["status"]) for p in view["players"]]
    return json.dumps([view.get(k) for k in keys] + [players], sort_keys=True)


class SaltlandsTerminal(DrawnTerminal):
    """Saltlands in the terminal: what ``wasteland play``, ``watch`` and ``replay`` call."""

    #: board, panel, status line and legend, drawn in the renderer's language
    drawings = Drawings(render_board, render_panel, render_status, legend)

    title_style = "bold black on yellow"
    turn_event = "turn_start"
    redraw_kinds = ("turn", "enter", "character")
    verb_titles = VERB_TITLE

    map_width = staticmethod(map_width)
    map_signature = staticmethod(map_signature)
    hex_marks = staticmethod(hex_marks)

    def map_legend(self, view: dict[str, Any], marks: dict[str, str] | None = None) -> Text:
        return map_legend(view, marks, self.lang)

    map_focus = staticmethod(map_focus)
    map_nearby = staticmethod(map_nearby)
    map_own = staticmethod(map_own)

    def render_map(self, view: dict[str, Any], width: int, marks: dict[str, str] | None = None,
                   coords: bool = False) -> Text:
        return render_map(view, marks, coords)

    # the help module's words: the style of an event, what a card does, an option as a player reads it
    event_style = staticmethod(terminal_help.event_style)
    help = staticmethod(terminal_help.card_help)
    option_labels = staticmethod(terminal_help.option_labels)

    # -- in the terminal's language (the page's words: terminal_words) -----------------------
    @property
    def words(self) -> Any:
        return SaltlandsWords(self.lang)

    def group_titles(self, lang: str) -> dict[str, str]:
        if lang == "en":
            return VERB_TITLE
        words = SaltlandsWords(lang)
        return {verb: words.group_title(verb) for verb in {**VERB_TITLE, **words.page.titles("act.")}}

    def prompt_text(self, decision: Any, view: dict[str, Any] | None = None) -> str:
        # the page's words in English too: a raider's question says which raider, where, and
        # why it is asked (SL §100 to SL §107), as the browser does
        return self.words.prompt(decision, view)

    def end_reason(self, outcome: Any) -> str:
        if self.lang == "en":
            return outcome.reason
        return self.words.page.own_text(f"reason.{outcome.reason}") or outcome.reason

    def event_text(self, game: Any, event: dict[str, Any]) -> str:
        if self.lang != "en":
            said = self.words.event(event)
            if said is not None:
                return said
        return game.describe(event)

    languages = ("en", "ru", "uk")
    help_words = terminal_help.HELP


TERMINAL = SaltlandsTerminal()
