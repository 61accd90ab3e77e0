"""``help TOPIC`` in ``wasteland play``: a card, character, token, rumor card or hex by its
id, a copy's id or its name, in the player's language."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def play(tmp_path, *args, stdin: str):
    return subprocess.run([sys.executable, "-m", "wasteland.cli.main", "play", *args, "--record",
                           str(tmp_path / "g.jsonl")], capture_output=True, text=True, timeout=120, input=stdin,
                          env={**os.environ, "COLUMNS": "200"}, cwd=tmp_path)


@pytest.mark.parametrize("lang, topic, words", [
    ("en", "scout", ["Scout (character)", "Born Driver", "2 hexes farther", "Binoculars"]),
    ("en", "binoculars", ["Binoculars (card)", "explore", "crew action", "[SL §110, SL §136]"]),
    ("en", "pickaxe#1", ["Pickaxe (card)", "1 armor-piercing damage"]),
    ("en", "crew_start#2", ["Crew token (token)", "take a Crew card"]),
    ("en", "r3", ["Rumor card 3", "Top: the red marker north, the blue marker north-east.",
                  "Bottom: the green marker north-west."]),
    ("ru", "scout", ["Скаут (персонаж)", "Прирождённый водитель", "Бинокль"]),
    ("ru", "Кирка", ["Кирка (карта)", "бронебойный урон 1"]),
    ("uk", "pickaxe#2", ["Кайло (карта)", "бронебійна шкода 1"]),
    ("uk", "spawn_b", ["Точка появи B (особливий гекс)", "Діє на будь-якій складності."]),
])
def test_help_shows_a_components_text(tmp_path, lang, topic, words):
    out = play(tmp_path, "saltlands", "--characters", "scout", "--seed", "3", "--lang", lang,
               stdin=f"help {topic}\nquit\n")
    assert out.returncode == 0, out.stdout + out.stderr
    for w in words:
        assert w in out.stdout, (w, out.stdout[-1500:])


@pytest.mark.parametrize("lang, topic, words", [
    ("en", "wet", ["Wet day (source card)", "2 gal", "[LO-9]"]),
    ("en", "generous", ["Generous day (source card)", "3 gal"]),
    ("en", "strike", ["Psychic strike (ray-tower card)", "loses 1 health", "[LO-11]"]),
    ("ru", "brainiac", ["Умники (вид)", "Уровень 3"]),
    ("uk", "regen1", ["Розведена регенеративна ін'єкція (карта бункера)", "здоров'я +1", "[LO-10]"]),
])
def test_age_of_thirst_help_explains_its_cards(tmp_path, lang, topic, words):
    out = play(tmp_path, "age-of-thirst", "--seed", "3", "--lang", lang, stdin=f"help {topic}\nquit\n")
    assert out.returncode == 0, out.stdout + out.stderr
    for w in words:
        assert w in out.stdout, (w, out.stdout[-1500:])


def test_an_unknown_topic_says_so(tmp_path):
    out = play(tmp_path, "saltlands", "--characters", "scout", "--seed", "3", stdin="help zebra\nquit\n")
    assert "zebra" in out.stdout and "Pickaxe" not in out.stdout


def test_age_of_thirst_options_name_cards_and_species():
    from rich.console import Console

    from wasteland.games.age_of_thirst.terminal import TERMINAL

    console = Console(width=200, record=True, color_system=None)
    console.print(TERMINAL.render_options(["inject neuro1 skinny", "inject neuro1 smart", "play strike 2,-1",
                                           "end phase"], 200, None, "uk"))
    text = console.export_text()
    # in Ukrainian the page's words throughout: no verb of the notation is left
    for shown in ("[1] Розведена нейростимулювальна ін'єкція на карту «Кощавий»", "[2] Розведена "
                  "нейростимулювальна ін'єкція на карту «Розумник»", "[3] Зіграти Психічний удар на 2,-1",
                  "[4] Завершити фазу"):
        assert shown in text, text
    assert "play" not in text and "end" not in text, text


def test_fallout_and_quest_help_show_component_texts():
    from wasteland.games.fallout.terminal import RENDERER as FO
    from wasteland.games.quest.terminal import RENDERER as WQ

    assert FO.help("super_mutant", "ru").startswith("Супермутант (враг)\nПобеждён при броске 5")
    assert FO.help("a01", "uk").startswith("Боротьба зі шкідниками (карта задуму)")
    assert FO.help("FO-13.2", "ru")  # a rule is still the rules reference's
    assert WQ.help("wraith", "uk").startswith("Примара (ворог)")
    assert WQ.help("trapped", "en").startswith("trapped (condition)")
    assert WQ.help("lychgate", "uk").startswith("До лічбрами")  # a topic is still the topic
