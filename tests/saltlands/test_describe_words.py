"""The log's words say what happened: no more crew lost than the raider had, and cards
by their names (the events keep their ids)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sltest import build

from wasteland.games.saltlands.describe import describe
from wasteland.games.saltlands.game import GAME

WEB_I18N = Path(__file__).parents[2] / "src/wasteland/games/saltlands/web/i18n"

SPEEDSTER = """
game = "saltlands"
seed = 7
[config]
players = 1
characters = ["scout"]

[[player]]
seat = "p1"
hex = "0,0"
hand = ["axe"]
vehicle = "speedster_vehicle"

[[raider]]
type = "speedster"
hex = "1,0"
crew = 1
"""


def fill(template: str, event: dict) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: str(event.get(m.group(1), m.group(0))), template)


def test_a_speedster_with_one_crew_is_not_said_to_lose_two():
    # SL §86: the Axe's 2 normal damage against the Speedster's 0 armor: 2 points through,
    # but the Speedster had 1 crew; it is destroyed, with 1 crew lost, never 2.
    _, events = GAME.apply(build(SPEEDSTER), "use axe#1 by scout at 1,0")
    hit = next(e for e in events if e["type"] == "attack_raider")
    assert hit["hits"] == 2  # the event's data stays as it was
    words = " ".join(describe(e) for e in events)
    assert "destroyed" in words
    assert not re.search(r"\b2 crew\b", words), words
    for lang, word in (("ru", "экипаж"), ("uk", "екіпаж")):
        texts = json.loads((WEB_I18N / f"{lang}.json").read_text())
        said = fill(texts["ev.attack_raider"], hit)
        assert not re.search(rf"{word}\w*: 2", said), said


RAW_ID = re.compile(r"\b[a-z_]+#\d+")


def test_the_log_names_cards_tokens_and_raiders_not_their_ids():
    # the speedster's loot: its vehicle and a Mirage card; the scout is the crew used
    _, events = GAME.apply(build(SPEEDSTER), "use axe#1 by scout at 1,0")
    words = [describe(e) for e in events]
    assert not any(RAW_ID.search(w) for w in words), words
    use = next(describe(e) for e in events if e["type"] == "use")
    assert "Axe" in use and "Scout" in use, use
    assert any("Speedster" in w for w in words), words
    assert any(e.get("card", "").startswith("speedster_vehicle#") for e in events)  # the data keeps its ids


def test_a_collected_token_is_named_by_its_kind():
    event = {"type": "collect", "seat": 0, "token": "crew_start#2", "hex": "1,0"}
    said = describe(event)
    assert "crew_start" not in said and "crew token" in said, said
    assert event["token"] == "crew_start#2"
    said = describe({"type": "gain", "seat": 0, "card": "medkit#3", "how": "token"})
    assert "Medkit" in said and "#" not in said, said


# A tile position in the notation ("t0,-2"): never shown as text, the board names tiles.
RAW_TILE = re.compile(r"\bt-?\d+,-?\d+\b")

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


def test_an_explored_and_turned_tile_is_named_not_placed_SL110_SL152():
    s = build(BINOCULARS)
    use = next(a for a in GAME.decision(s).actions if a.startswith("use binoculars#1 by scout tile"))
    s, events = GAME.apply(s, use)
    explored = next(e for e in events if e["type"] == "explore")
    s, events = GAME.apply(s, "orient NE")
    turned = next(e for e in events if e["type"] == "orient")
    assert turned["tile"] == explored["tile"] and turned["at"] == explored["at"]
    number = int(explored["tile"].split("_")[1])
    assert describe(explored) == f"Tile {number} is explored."
    assert describe(turned) == f"p1 turns tile {number} with its arrow toward NE."


def test_a_rumor_marker_names_the_tile_it_reaches_SL109():
    face_up = {"type": "marker_move", "marker": "blue", "direction": "N", "to": "t0,-1", "tile": "start_2"}
    assert describe(face_up) == "The blue marker moves N to start tile 2."
    face_down = {**face_up, "tile": None}
    assert describe(face_down) == "The blue marker moves N onto a face-down tile."


def test_no_event_text_shows_a_tile_position():
    from wasteland.agents.random_agent import RandomAgent

    seen = set()
    for seed in range(1, 41):  # random games until rumor markers have moved (a few are enough)
        if {"explore", "marker_move", "orient"} <= seen and seed > 4:
            break
        s = GAME.new_game({"players": 1 + seed % 3, "variants": ["explorers_luck"]}, seed)
        agent = RandomAgent(seed)
        for _ in range(3000):
            d = GAME.decision(s)
            if d is None:
                break
            s, events = GAME.apply(s, agent.choose(d))
            for e in events:
                seen.add(e["type"])
                assert not RAW_TILE.search(describe(e)), (e, describe(e))
    assert {"explore", "marker_move", "orient"} <= seen, seen


def test_the_terminal_names_tiles_in_its_language_too():
    from wasteland.games.saltlands.terminal_words import SaltlandsWords

    up = {"type": "marker_move", "marker": "blue", "direction": "N", "to": "t0,-1", "tile": "start_2"}
    explored = {"type": "explore", "tile": "tile_09", "at": "t1,-2"}
    turned = {"type": "orient", "seat": 0, "at": "t1,-2", "tile": "tile_09", "arrow": "NE"}
    words = {
        "ru": ["Маркер «синий» сдвигается на север: Стартовый тайл 2.", "Маркер «синий» сдвигается на север, на закрытый тайл.",
               "Тайл 9 исследован.", "p1 поворачивает Тайл 9 стрелкой на северо-восток."],
        "uk": ["Маркер «синій» зсувається на північ: Стартовий тайл 2.", "Маркер «синій» зсувається на північ, на закритий тайл.",
               "Тайл 9 досліджено.", "p1 повертає Тайл 9 стрілкою на північний схід."],
    }
    for lang, expected in words.items():
        w = SaltlandsWords(lang)
        got = [w.event(up), w.event({**up, "tile": None}), w.event(explored), w.event(turned)]
        assert got == expected, got


def test_weather_damage_and_rumor_cards_by_their_printed_numbers():
    from wasteland.games.saltlands.terminal_words import SaltlandsWords

    weather = {"type": "weather", "card": "w04", "strength": 2, "turn": 0, "storm": False, "wind_strength": 5,
               "wind_dir": 1}
    rumor = {"type": "rumor", "seat": 1, "card": "r7", "option": "top"}
    ability = {"type": "ability", "seat": 1, "ability": "lord_of_winds"}
    assert describe(weather).startswith("Weather card 4: strength 2")
    assert describe(rumor) == "p2 follows the top option of rumor card 7."
    assert describe(ability) == "p2 uses the ability Lord of the Winds."
    ru = SaltlandsWords("ru")
    assert ru.event(weather).startswith("Карта погоды 4:")
    assert ru.event(rumor) == "p2 выбирает вариант «верхний» карты слухов 7."
    assert ru.event(ability) == "p2 применяет способность Повелительница ветров."
    # a damage card the table entered by its printed values keeps its own words
    entered = {"type": "damage_card", "card": "table-3", "round": 1, "raider": "pickup", "move_bonus": 0,
               "damage": 1, "damage_type": "normal", "letters": "A"}
    assert "карта стола 3" in ru.event(entered) and "table" not in ru.event(entered).lower()
