"""Every word players see exists in English, Russian and Ukrainian."""

import re
from pathlib import Path

import pytest

from wasteland.games.fallout.content import load_content
from wasteland.games.fallout.terminal_help import LANGS, SECTIONS, TEXTS, table

PKG = Path(__file__).resolve().parents[2] / "src" / "wasteland" / "games" / "fallout"


@pytest.mark.parametrize("lang", LANGS)
def test_every_enemy_card_space_and_rule_has_words(lang):
    c = load_content()
    t = table(lang)
    assert t["lang"] == lang
    assert set(SECTIONS) <= set(t)
    assert set(t["enemies"]) == set(c.types)
    assert set(t["cards"]) == set(c.cards)
    assert set(t["spaces"]) == set(c.board.graph.names)
    assert set(t["factions"]) == set(c.factions)
    assert set(t["requirements"]) >= {card.requirement for card in c.cards.values()}
    assert set(t["rules"]) == {f"FO-13.{i}" for i in range(1, 7)}
    assert set(t["verbs"]) == set(table("en")["verbs"]) and set(t["ui"]) == set(table("en")["ui"])


def test_every_anchor_cited_in_code_has_rules_text():
    cited = set()
    for path in PKG.rglob("*.py"):
        cited |= set(re.findall(r"FO-\d+\.\d+", path.read_text()))
    assert cited and cited <= set(table("en")["rules"])


def test_translations_differ_from_english_and_cards_read_in_each_language():
    for lang in ("ru", "uk"):
        assert TEXTS.enemy("mole_rat", lang) != TEXTS.enemy("mole_rat", "en")
        assert TEXTS.rule("FO-13.2", lang) != TEXTS.rule("FO-13.2", "en")
    assert "2 enemies" in TEXTS.card("a01") and "+2" in TEXTS.card("a01")
    assert "Кротокрыс" in TEXTS.card("a01", "ru")
    assert TEXTS.help("FO-13.4", "uk").startswith("Коли")
    assert "ranged" in TEXTS.help("super_mutant") and TEXTS.help("nonsense") is None


def test_browser_strings_match_the_game_texts_in_every_language():
    import json

    keys = None
    for lang in LANGS:
        web = json.loads((PKG / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        t = table(lang)
        for section, prefix in (("enemies", "fo.enemy."), ("spaces", "fo.space."), ("cards", "fo.card."),
                                ("rules", "fo.rule."), ("factions", "fo.faction."), ("ui", "fo.ui.")):
            for k, v in t[section].items():
                assert web[prefix + k] == v, (lang, prefix + k)
        keys = keys or set(web)
        assert set(web) == keys, lang


def test_the_board_module_exports_what_the_page_calls():
    from wasteland.core.spec import WEB_BOARD_EXPORTS

    js = (PKG / "web" / "board.js").read_text()
    exported = set(re.findall(r"export (?:const|function) (\w+)", js))
    for names in re.findall(r"export \{([^}]*)\} from", js):  # re-exported from a module beside it
        exported |= {n.strip().split(" as ")[-1] for n in names.split(",")}
    # every export the page may call is present (the module needs no generic fallback)
    assert exported >= set(WEB_BOARD_EXPORTS) | {"STYLESHEET"}
    assert (PKG / "web" / "board.css").exists() and 'STYLESHEET = "board.css"' in js


def test_every_event_has_words_in_the_browser_in_every_language():
    import json

    from wasteland.games.fallout.describe import TEMPLATES

    for lang in LANGS:
        web = json.loads((PKG / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        missing = [k for k in TEMPLATES if f"fo.ev.{k}" not in web]
        assert not missing, (lang, missing)


def test_the_log_names_places_enemies_and_cards_as_the_page_does():
    from wasteland.agents.random_agent import RandomAgent
    from wasteland.games.fallout.describe import describe
    from wasteland.games.fallout.game import GAME

    raw = re.compile(r"\b[a-z][a-z_]*#\d+\b|\b[a-z]+_[a-z0-9_]+\b|\ba\d\d\b")  # "radroach#1", "vault_gate", "a01"
    assert describe({"type": "survivor_fights", "seat": 0, "enemy": "ghoul#1", "space": "water_plant"}) \
        == "Survivor 1 fights Feral ghoul 1 at Water Plant."
    seen = set()
    for seed in range(1, 6):
        s = GAME.new_game({}, seed)
        agent = RandomAgent(seed)
        for _ in range(400):
            d = GAME.decision(s)
            if d is None:
                break
            s, events = GAME.apply(s, agent.choose(d))
            for e in events:
                seen.add(e["type"])
                assert not raw.search(describe(e)), (e, describe(e))
    assert {"move", "enemy_fights", "agenda_revealed", "type_activates"} <= seen, seen


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_web_logs_flipped_line_names_each_enemy_once(lang):
    """An enemy's label already names its kind ('Mole rat 2'): the line of face-down enemies
    turned face up (FO-13.2) lists the labels alone, not the kind before them too
    ('Перевернуто лицем догори (Кротощур): Кротощур 2' named the enemy twice)."""
    import json

    words = json.loads((PKG / "web" / "i18n" / f"{lang}.json").read_text())["fo.ev.flipped"]
    assert "{enemies}" in words and "{type}" not in words, words
