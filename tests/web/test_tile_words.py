"""Tiles in words on the page (issue 14): the log, the options and the table's prompts name
a tile as the board shows it (a face-up tile by its printed name, a face-down one by the
face-up tile it lies next to), never by its position in the notation ("t0,-2"), in every
language. The words come from the real page's modules, served by the real server."""

from __future__ import annotations

import re
import textwrap

import pytest

from wasteland.core import hexgrid
from wasteland.core.registry import get_spec
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.scenario import scenario_from_text

from webtest import serve  # noqa: F401  (the conftest's helpers)

RAW_TILE = re.compile(r"\bt-?\d+,-?\d+\b")
DIRS = ("N", "NE", "SE", "S", "SW", "NW")
DIR_WORDS = {"en": {"N": "north", "NE": "north-east", "SE": "south-east", "S": "south", "SW": "south-west",
                    "NW": "north-west"}}
BINOCULARS = """
game = "saltlands"
seed = 1
[config]
players = 1
characters = ["scout"]
variants = ["explorers_luck"]
[[player]]
seat = "p1"
hex = "0,-2"
hand = ["binoculars"]
"""

WORDS_JS = """async ({ view, actions, fields, events, chance, lang }) => {
  const { setLang, useGame } = await import("/js/i18n.js");
  (await import("/js/fields.js")).learnFields({ actions, fields });  // as the server sends them
  const { loadBoard } = await import("/js/boards.js");
  const board = await loadBoard("saltlands");
  await setLang(lang, false);
  useGame("saltlands");
  board.renderBoard(document.createElement("div"), view);  // what the page drew last
  return { labels: actions.map((a) => board.actionLabel(a, view)), events: events.map((e) => board.eventText(e)),
           chance: board.promptText({ kind: "chance", prompt: "" }, { chance }) };
}"""


def _expected_words(s, pos: int) -> str:
    """The face-down tile at ``pos`` in English: beside the first face-up tile, in direction
    order, it lies next to (the engine's own neighbours, SL §109, so the page's directions
    are checked), else around its centre hex (whose coordinates the board shows on demand)."""
    geo = s.static.geo
    for d in DIRS:
        for q in range(len(geo.positions)):
            if s.face_up[q] and geo.neighbour_position(q, d) == pos:
                return f"the face-down tile {DIR_WORDS['en'][d]} of {_name_en(s.tiles[q])}"
    a, b = geo.positions[pos]
    return f"the face-down tile around hex {hexgrid.super_center(a, b, 2)[0]},{hexgrid.super_center(a, b, 2)[1]}"


def _name_en(tile_id: str) -> str:
    if tile_id == "compass":
        return "Compass tile"
    kind, number = tile_id.split("_")
    return f"{'Start tile' if kind == 'start' else 'Tile'} {int(number)}"


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_tiles_are_named_as_the_board_shows_them(server_url, new_page, lang):
    s = scenario_from_text(textwrap.dedent(BINOCULARS))
    view = GAME.view(s, 0)
    actions = [a for a in GAME.decision(s).actions if " tile " in a]
    assert len(actions) >= 2
    s2, explored = GAME.apply(s, actions[0])
    s2, turned = GAME.apply(s2, "orient NE")
    marker_up = {"type": "marker_move", "marker": "blue", "direction": "N", "to": "t0,-1", "tile": "start_2"}
    marker_down = {**marker_up, "tile": None}
    events = [e for e in explored + turned if e["type"] in ("explore", "orient")] + [marker_up, marker_down]
    assert [e["type"] for e in events] == ["explore", "orient", "marker_move", "marker_move"]
    events = [{**e, "text": GAME.describe(e)} for e in events]  # as the server sends them
    face_down = next(t["at"] for t in view["tiles"] if not t["face_up"])
    chance = {"term": "tile", "about": {"at": face_down}}

    page = new_page()
    page.goto(f"{server_url}?lang={lang}")
    page.wait_for_selector("#create-form")
    got = page.evaluate(WORDS_JS, {"view": view, "actions": actions, "fields": get_spec("saltlands").action_fields(actions),
                                   "events": events, "chance": chance, "lang": lang})
    for text in got["labels"] + got["events"] + [got["chance"]]:
        assert text and not RAW_TILE.search(text), text
    explored_tile = events[0]["tile"]
    number = str(int(explored_tile.split("_")[1]))
    assert number in got["events"][0] and number in got["events"][1], got["events"]
    assert "2" in got["events"][2] and got["events"][2] != got["events"][3], got["events"]
    if lang == "en":
        geo = s.static.geo
        for action, label in zip(actions, got["labels"]):
            pos = geo.pos_index[tuple(map(int, action.split(" tile t")[1].split(",")))]
            assert label.endswith(f"— {_expected_words(s, pos)}"), (action, label)
        words = _expected_words(s, geo.pos_index[tuple(map(int, face_down[1:].split(",")))])
        assert got["chance"] == f"Turn up {words}: which tile is it?"
        assert len(set(got["labels"])) == len(actions)  # each face-down tile has words of its own
        assert any(" of " in label for label in got["labels"]) and any("around" in label for label in got["labels"])
    else:
        # the same words as the English ones, in the page's language: none of them English
        assert not re.search(r"[A-Za-z]{3,}", " ".join(got["labels"] + got["events"] + [got["chance"]])), got


EVENTS_JS = """async ({ events, lang }) => {
  const { setLang, useGame } = await import("/js/i18n.js");
  const { loadBoard } = await import("/js/boards.js");
  const board = await loadBoard("saltlands");
  await setLang(lang, false);
  useGame("saltlands");
  return events.map((e) => board.eventText(e));
}"""
PRINTED = {
    "en": ["Weather card 4: strength 2", "p2 draws rumor card 7.", "p2 follows the top option of rumor card 7.",
           "Damage card 1-8 (round 1)", "p2 uses the ability Lord of the Winds.", "(take from discard)"],
    "ru": ["Карта погоды 4: сила 2", "p2 тянет карту слухов 7.", "p2 выбирает вариант «верхний» карты слухов 7.",
           "Карта урона 1-8 (раунд 1)", "p2 применяет способность Повелительница ветров.", "(из сброса)"],
    "uk": ["Карта погоди 4: сила 2", "p2 тягне карту чуток 7.", "p2 обирає варіант «верхній» карти чуток 7.",
           "Карта шкоди 1-8 (раунд 1)", "p2 застосовує здібність", "(зі скиду)"],
}


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_cards_and_abilities_in_the_log_by_their_printed_names(server_url, new_page, lang):
    """Weather, damage and rumor cards by the numbers printed on them, abilities and card
    effects by their words: never "w04", "r7", "lord_of_winds", "take_from_discard"."""
    events = [
        {"type": "weather", "card": "w04", "strength": 2, "turn": 0, "storm": False, "wind_strength": 5, "wind_dir": 1},
        {"type": "rumor_drawn", "seat": 1, "card": "r7"},
        {"type": "rumor", "seat": 1, "card": "r7", "option": "top"},
        {"type": "damage_card", "card": "d1-8", "round": 1, "raider": "pickup", "move_bonus": 3, "damage": 0,
         "damage_type": "normal", "letters": "C"},
        {"type": "ability", "seat": 1, "ability": "lord_of_winds"},
        {"type": "use", "seat": 1, "card": "water_desalinator#1", "effect": "take_from_discard", "crew": None},
    ]
    events = [{**e, "text": GAME.describe(e)} for e in events]
    page = new_page()
    page.goto(f"{server_url}?lang={lang}")
    page.wait_for_selector("#create-form")
    got = page.evaluate(EVENTS_JS, {"events": events, "lang": lang})
    for text, expected in zip(got, PRINTED[lang]):
        assert expected in text, (text, expected)
        assert not re.search(r"\b[wrd]\d+\b|\b[a-z]+_[a-z_]+\b", text), text
