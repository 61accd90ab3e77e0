"""The one-screen layout at 80x24 (issue 25): the map, cropped, keeps the figures the
question is about in view and explains every letter it shows with a legend line; in every
game and language, at every question of random games."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from wasteland.cli.common import renderer_of
from wasteland.cli.screen import crop, frame
from wasteland.core.registry import get_spec, registered_games
from wasteland.core.terminal import numbered

ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Screen:
    """What ``frame`` needs of a session: the game, its state, an 80x24 console."""

    def __init__(self, spec, state, lang):
        self.game = spec.engine
        self.state = state
        self.lang = lang
        self.console = Console(width=80, height=24, color_system=None, force_terminal=True, file=io.StringIO())
        self.renderer = renderer_of(spec).in_language(lang)

    def who(self, seat):
        return f"p{seat + 1}"


def screens(game: str, lang: str, seeds=range(1, 3), steps: int = 60):
    spec = get_spec(game)
    for seed in seeds:
        state = spec.engine.new_game(spec.validate({}), seed)
        rng = random.Random(seed)
        for _ in range(steps):
            d = spec.engine.decision(state)
            if d is None:
                break
            session = Screen(spec, state, lang)
            lines = [ANSI.sub("", line) for line in frame(session, d, numbered(d.actions), [])]
            yield session, d, lines
            state, _ = spec.engine.apply(state, rng.choice(list(d.actions)))


@pytest.mark.parametrize("lang", ("en", "ru"))
@pytest.mark.parametrize("game", registered_games())
def test_a_cropped_map_comes_with_its_legend(game, lang):
    seen = 0
    for session, d, lines in screens(game, lang):
        assert len(lines) <= 23
        ui = session.renderer
        view = session.game.view(session.state, d.seat)
        legend = ui.map_legend(view, {})
        legend = (legend.plain if hasattr(legend, "plain") else str(legend or "")).strip()
        text = "\n".join(lines)
        if legend:
            assert legend[:15] in text, (d.kind, legend[:15])  # the legend's start, before it wraps
            seen += 1
    assert seen, "some question showed a legend"


def test_saltlands_the_legend_names_each_raider_letter_on_the_cropped_map():
    """SL §98's raider types by their map letters (``S2``: a Speedster with two crew)."""
    checked = 0
    for session, d, lines in screens("saltlands", "en", seeds=range(1, 4), steps=80):
        view = session.game.view(session.state, d.seat)
        text = "\n".join(lines)
        letters = {"S": "Speedster", "P": "Pickup", "T": "Truck", "B": "Bulldozer", "H": "Hovercraft", "A": "APC"}
        map_part = text.split("\np")[0]
        for letter in set(re.findall(r"\b([SPTBHA])\d\b", map_part)):
            assert f"{letter} {letters[letter]}" in text, (letter, d.kind)
            checked += 1
        me = next((p for p in view["players"] if p["seat"] == d.seat), None)
        if me and me.get("hex") and d.kind == "turn":
            # on the map itself, not the legend's "@1 player" (which made this hold on any screen)
            assert re.search(rf"@{d.seat + 1}(?! player)", map_part), "the player's own vehicle is in view"
        acting = view.get("acting") or {}
        if acting.get("hex") and d.kind == "activation":
            raider = next(r for r in view["raiders"] if r["hex"] == acting["hex"])
            assert re.search(rf"[SPTBHA]{raider['crew']}", map_part)
    assert checked


def test_the_crop_keeps_the_focus_and_as_many_nearby_lines_as_fit():
    lines = [str(i) for i in range(40)]
    shown, first = crop(lines, 10, focus=[20], nearby=[12, 13, 14, 27])
    assert "20" in shown and {"12", "13", "14"} <= set(shown)  # three nearby beat one
    shown, first = crop(lines, 10, focus=[20])
    assert first == 15  # centred on the focus alone, as before


def test_a_focus_too_tall_for_the_screen_keeps_the_nearby_figure():
    """43 move targets span more lines than fit: the window inside them holds the mover."""
    lines = [str(i) for i in range(40)]
    shown, first = crop(lines, 8, focus=list(range(5, 33)), nearby=[30])
    assert "30" in shown and all(5 <= int(x) < 33 for x in shown)
    shown, first = crop(lines, 8, focus=list(range(5, 33)))
    assert first == 5  # nothing nearby: the focus's top, as before


TILE_POSITION = re.compile(r"\bt-?\d+,-?\d+\b")  # the notation's tile position ("t0,-2")


@pytest.mark.parametrize("lang", ("en", "ru"))
def test_saltlands_every_shading_and_mark_of_the_cropped_map_has_its_legend_entry(lang):
    """The terrains' shading (· salt, ~ dune, ^ mountain), the face-down tiles (░) with the
    hex at their centre, the tokens and marks: each glyph the cropped map shows is in the
    legend on the same screen; and no tile is written as the notation's "t0,-2"."""
    checked = 0
    for session, d, lines in screens("saltlands", lang, seeds=range(1, 3), steps=40):
        view = session.game.view(session.state, d.seat)
        ui = session.renderer
        marks = ui.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(numbered(d.actions))})
        console = Console(width=80, color_system=None, force_terminal=False)
        with console.capture() as captured:
            console.print(ui.render_map(view, 80, marks), crop=True, overflow="crop")
        map_lines = {line.rstrip() for line in captured.get().split("\n") if line.strip()}
        shown_map = [line for line in lines if line.rstrip() in map_lines]
        if len(shown_map) == len(map_lines):
            continue  # the whole board fits: its full legend is printed beside it
        rest = "\n".join(line for line in lines if line.rstrip() not in map_lines)
        for glyph in "·~^░$+?x◆":
            if any(glyph in line for line in shown_map):
                assert re.search(rf"{re.escape(glyph)}\s", rest), (glyph, d.kind, rest)
                checked += 1
        assert not TILE_POSITION.search("\n".join(lines)), "\n".join(lines)
    assert checked


def test_saltlands_the_own_vehicle_is_kept_first_without_counting_it_twice():
    """map_own names the seat's vehicle alone, map_nearby every other figure once (the crop
    prefers the own line by rank, not by repeating it as many times as there are others)."""
    from wasteland.games.saltlands.terminal import map_nearby, map_own

    for session, d, _ in screens("saltlands", "en", seeds=range(1, 2), steps=30):
        view = session.game.view(session.state, d.seat)
        figures = [f for f in [*view["raiders"], *view["players"]] if f.get("hex")]
        mine = [p for p in view["players"] if p.get("hex") and p["seat"] == view.get("seat")]
        assert len(map_own(view, {})) == len(mine)
        assert len(map_nearby(view, {})) == len(figures) - len(mine)


def test_the_crop_keeps_the_own_figure_before_any_number_of_others():
    lines = [str(i) for i in range(40)]
    shown, _ = crop(lines, 10, focus=[], nearby=[1, 2, 3, 4, 5, 6], own=[30])
    assert "30" in shown
    shown, _ = crop(lines, 10, focus=[25], nearby=[20, 21, 22, 23], own=[33])
    assert {"25", "33"} <= set(shown)


MAP_LINES = re.compile(r"map lines (\d+)-(\d+) of (\d+)")


@pytest.mark.parametrize("game", registered_games())
def test_a_cropped_map_keeps_the_question_s_figures_in_view(game):
    """In every game at 80x24: where the map is cropped, the lines the question is about
    (``map_focus``: its numbered places, the acting piece) are in view whenever they fit
    together, and the seat's own figure (``map_own``) whenever it fits beside them."""
    cropped = 0
    for session, d, lines in screens(game, "en", seeds=range(1, 2), steps=40):
        found = next((MAP_LINES.search(line) for line in lines if MAP_LINES.search(line)), None)
        if not found:
            continue
        cropped += 1
        first, last = int(found.group(1)) - 1, int(found.group(2)) - 1
        view = session.game.view(session.state, d.seat)
        ui = session.renderer
        marks = ui.hex_marks(d.actions, {a: i + 1 for i, a in enumerate(numbered(d.actions))})
        focus, own = ui.map_focus(view, marks), ui.map_own(view, marks)
        room = last - first + 1
        if focus and max(focus) - min(focus) < room:
            assert all(first <= f <= last for f in focus), (game, d.kind, focus, first, last)
            if own and max(focus + own) - min(focus + own) < room:
                assert all(first <= f <= last for f in own), (game, d.kind, own, first, last)
    if game in ("saltlands", "age-of-thirst"):
        assert cropped, f"{game}: no question cropped its map"
