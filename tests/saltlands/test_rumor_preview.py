"""SL §109: a rumor choice shows both options of the drawn card, and where each would
move its markers, before the player chooses; what it shows is what choosing does."""

from __future__ import annotations

import copy

import pytest

from wasteland.games.saltlands.game import GAME

from sltest import build, of_type, play

SOLO = """
    seed = 1
    [config]
    players = 1
    characters = ["scout"]
    [state]
    wind = "N"
    weather = ["w01", "w02"]
    [[player]]
    seat = "p1"
    hex = "-1,0"
    [[token]]
    hex = "-1,-1"
    token = "rumor"
"""


def drawn(card):
    s = build(SOLO)
    if card in s.rumor_deck:
        s.rumor_deck.remove(card)
    s.rumor_deck.append(card)
    s.touch()
    play(s, "collect -1,-1 by scout")
    return s


def test_the_view_shows_both_options_with_their_targets_SL109():
    # Seed 1: blue on start_3 (t0,-1), green on start_1 (t1,-1); red is not in play.
    # r1: top = blue N onto the face-down t0,-2; bottom = green NE onto the face-down t2,-2.
    s = drawn("r1")
    for seat in (0, None):
        choice = GAME.view(s, seat)["rumor_choice"]
        assert choice["card"] == "r1" and choice["seat"] == 0
        assert choice["options"]["top"] == [
            {"marker": "blue", "direction": "N", "from": "t0,-1", "to": "t0,-2", "result": "explores"}]
        assert choice["options"]["bottom"] == [
            {"marker": "green", "direction": "NE", "from": "t1,-1", "to": "t2,-2", "result": "explores"}]


def test_a_marker_off_the_board_or_out_of_play_is_shown_as_such_SL109_SL43():
    s = drawn("r4")  # bottom: red NE (not in play alone), green SE off the small area
    bottom = GAME.view(s, 0)["rumor_choice"]["options"]["bottom"]
    assert bottom == [{"marker": "red", "direction": "NE", "result": "absent"},
                      {"marker": "green", "direction": "SE", "from": "t1,-1", "result": "stays"}]


@pytest.mark.parametrize("card", ["r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9"])
@pytest.mark.parametrize("side", ["top", "bottom"])
def test_what_is_shown_is_what_choosing_does_SL109(card, side):
    s = drawn(card)
    shown = GAME.view(s, 0)["rumor_choice"]["options"][side]
    after = copy.deepcopy(s)
    events = play(after, side)
    moved = {e["marker"]: e["to"] for e in of_type(events, "marker_move")}
    stayed = {e["marker"] for e in of_type(events, "marker_stays")}
    explored = [e["at"] for e in of_type(events, "explore")]
    assert {m["marker"]: m["to"] for m in shown if m["result"] in ("moves", "explores")} == moved
    assert {m["marker"] for m in shown if m["result"] == "stays"} == stayed
    assert [m["to"] for m in shown if m["result"] == "explores"] == explored
    assert "rumor_choice" not in GAME.view(after, 0)


def test_no_rumor_choice_in_the_view_otherwise():
    assert "rumor_choice" not in GAME.view(build(SOLO), 0)


def _shown(renderable) -> str:
    from rich.console import Console

    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("lang, top, bottom", [
    ("en", "[1] top: Rumor card 1, top option: the blue marker north onto a face-down tile (4,-10), which it explores",
     "[2] bottom: Rumor card 1, bottom option: the green marker north-east onto a face-down tile (10,-6)"),
    ("ru", "[1] Карта слухов 1, верхний вариант: синий маркер на север, на закрытый тайл (4,-10), который он откроет",
     "[2] Карта слухов 1, нижний вариант: зелёный маркер на северо-восток"),
    ("uk", "[1] Карта чуток 1, верхній варіант: синій маркер на північ, на закритий тайл (4,-10), який він відкриє",
     "[2] Карта чуток 1, нижній варіант: зелений маркер на північний схід"),
])
def test_the_terminal_shows_what_each_option_would_do_before_the_choice_SL109(lang, top, bottom):
    from wasteland.games.saltlands.terminal import TERMINAL

    s = drawn("r1")
    d = GAME.decision(s)
    text = _shown(TERMINAL.render_options(d.actions, 200, GAME.view(s, 0), lang))
    assert top in text and bottom in text, text


def test_terminal_options_name_cards_and_characters():
    from wasteland.games.saltlands.terminal import TERMINAL

    actions = ["use pickaxe#1 by scout at 2,3", "use curved_scythe#1/2 by crew#3 at 1,1", "discard water#1",
               "discard water#2", "discard spear#1", "end"]
    text = _shown(TERMINAL.render_options(actions, 200, None, "en"))
    for shown in ("[1] Pickaxe by Scout at 2,3", "[2] Curved Scythe (option 2) by Crew Member at 1,1",
                  "[3] Water #1", "[4] Water #2", "[5] Spear", "[6] end"):
        assert shown in text, text
    assert "#1 " not in text.replace("Water #1", "")
    russian = _shown(TERMINAL.render_options(actions, 200, None, "ru"))
    # in Russian the page's words: no "by" or "at" left between the names
    assert "«Кирка» силами экипажа «Скаут» против 2,3" in russian and " by " not in russian, russian
    assert "«Вода» #1" in russian and "«Вода» #2" in russian, russian


@pytest.mark.parametrize("lang, words", [
    ("en", "the blue marker south-east to Brinewell Colony (5,-3)"),
    ("ru", "синий маркер на юго-восток, на тайл «Колония Соляной Колодец» (5,-3)"),
    ("uk", "синій маркер на південний схід, на тайл «Колонія Соляна Криниця» (5,-3)"),
])
def test_a_face_up_tile_is_named_SL109(lang, words):
    from wasteland.games.saltlands.texts import TEXTS

    s = drawn("r8")  # top: green N, blue SE from t0,-1 onto the face-up start_1 at t1,-1
    view = GAME.view(s, 0)
    assert {"marker": "blue", "direction": "SE", "from": "t0,-1", "to": "t1,-1", "result": "moves"} \
        in view["rumor_choice"]["options"]["top"]
    assert words in TEXTS.rumor_option(view["rumor_choice"], "top", lang, view)
