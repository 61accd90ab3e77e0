"""Texts players see: the browser module's exports and strings, the terminal's verb help,
in English, Russian and Ukrainian."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from wasteland.core.spec import WEB_BOARD_EXPORTS
from wasteland.games.quest import terminal_help
from wasteland.games.quest.spec import SPEC

PACKAGE = Path(terminal_help.__file__).parent
BOARD = PACKAGE / SPEC.web_board


def strings(lang: str) -> dict[str, str]:
    return json.loads((PACKAGE / SPEC.web_texts / f"{lang}.json").read_text(encoding="utf-8"))


def test_the_board_module_exports_what_the_page_uses():
    source = BOARD.read_text(encoding="utf-8")
    exported = set(re.findall(r"export (?:async )?(?:function|const) (\w+)", source))
    for names in re.findall(r"export \{([^}]*)\} from", source):  # re-exported from a module beside it
        exported |= {n.strip().split(" as ")[-1] for n in names.split(",")}
    assert set(WEB_BOARD_EXPORTS) <= exported


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to parse the module")
def test_the_board_module_parses():
    out = subprocess.run(["node", "--check", str(BOARD)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_three_languages_with_the_same_keys_and_placeholders():
    en, ru, uk = strings("en"), strings("ru"), strings("uk")
    assert set(en) == set(ru) == set(uk)
    slots = lambda s: sorted(re.findall(r"\{(\w+)\}", s))  # noqa: E731
    for key in en:
        assert slots(en[key]) == slots(ru[key]) == slots(uk[key]), key
        words = re.sub(r"\{\w+\}", "", en[key])
        assert ru[key] != en[key] or not re.search("[a-z]{4}", words), key


def test_every_literal_key_of_the_module_has_a_string():
    used = set(re.findall(r"t\(\"(wq\.[\w.]+)\"", BOARD.read_text(encoding="utf-8")))
    assert used and not used - set(strings("en"))


def test_every_verb_and_prompt_in_three_languages():
    from wasteland.games.quest.engine import DECISION_INFO

    assert {f"wq.prompt.{k}" for k in DECISION_INFO} <= set(strings("en"))
    for verb, (form, rule, words) in terminal_help.VERBS.items():
        assert form.startswith(verb) and rule in SPEC.anchors
        assert set(words) == set(terminal_help.LANGUAGES) and len(set(words.values())) == 3
    assert terminal_help.HELP.verb_help("move", "uk")[1].startswith("Крок")
    assert terminal_help.topic_help("gate", "ru").startswith("Закрытые врата")


def test_every_event_has_words_in_the_browser():
    from wasteland.games.quest.describe import TEMPLATES

    assert {f"wq.ev.{kind}" for kind in TEMPLATES} <= set(strings("en"))


def test_how_to_answer_in_three_languages():
    from wasteland.games.quest.terminal import RENDERER

    helps = {lang: RENDERER.commands_help(lang) for lang in terminal_help.LANGUAGES}
    assert len(set(helps.values())) == 3 and all("quit" in h and "a4" in h for h in helps.values())
    assert RENDERER.help("lychgate", "uk").startswith("До лічбрами")


# an id as the data writes it: a zone ("gatehouse.b"), a card or content id ("e_lone",
# "x_chapel"), a square's coordinates ("2,3")
RAW_ID = re.compile(r"\b[a-z]+\.[a-z]\b|\b[a-z]+_[a-z0-9_]+\b|\b-?\d+,-?\d+\b")


def test_the_log_names_zones_tiles_and_cards_as_the_board_does():
    from wasteland.agents.random_agent import RandomAgent
    from wasteland.games.quest.describe import describe
    from wasteland.games.quest.game import GAME

    assert describe({"type": "enemy_move", "model": "g1.1", "from": "chapel.b", "to": "gatehouse.b"}) \
        == "№1.1 moves Ruined Chapel b → Gatehouse b."  # the page's tag, never the id
    seen = set()
    for seed in range(1, 9):
        s = GAME.new_game({}, seed)
        agent = RandomAgent(seed)
        for _ in range(600):
            d = GAME.decision(s)
            if d is None:
                break
            s, events = GAME.apply(s, agent.choose(d))
            for e in events:
                seen.add(e["type"])
                text = describe(e)
                assert not RAW_ID.search(text), (e, text)
    assert {"hero_move", "tile_placed", "closed_gate", "encounter_card", "enemy_deployed"} <= seen, seen


def test_the_english_events_say_dice_and_the_quest_as_a_table_reads_them():
    """The engine's English events (the terminal's, the records') name the quest and list
    dice in words: "The Last Lantern: ...", "Destiny roll: 2, 5, 6." — never its id
    ("Quest lantern") nor a printed list ("[2, 5, 6]")."""
    import random

    from wasteland.games.quest.game import Quest

    game = Quest()
    for seed in range(3):
        rng = random.Random(seed)
        state, events = game.new_game_with_events({"players": 2}, seed)
        for _ in range(300):
            for e in events:
                said = game.describe(e)
                assert "[" not in said and "lantern" not in said, (e, said)
                if e["type"] in ("setup",):
                    assert said.startswith("The Last Lantern: "), said
            if game.outcome(state) is not None:
                break
            state, events = game.apply(state, rng.choice(game.decision(state).actions))
