"""Plurals in the three languages (issue 25: "1 steps", "1 actions"): ``{n|one|other}`` in
English, ``{n|one|few|many}`` in Russian and Ukrainian, the same form in Python (the
terminal, the component texts) and on the page (web/js/i18n.js, run in node); and every
template that counts something in front of a noun says it through a plural."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from wasteland.core.card_texts import Templates
from wasteland.core.page_words import PageWords, fill
from wasteland.core.plural import plural

SRC = Path(__file__).parents[2] / "src" / "wasteland"
CASES = [(n, forms) for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, "3-4")
         for forms in (["step", "steps"], ["шаг", "шага", "шагов"])]


def test_english_and_slavic_forms():
    assert [plural(n, ["step", "steps"]) for n in (0, 1, 2, 11, 21)] == ["steps", "step", "steps", "steps", "steps"]
    assert [plural(n, ["шаг", "шага", "шагов"]) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)] == [
        "шаг", "шага", "шагов", "шагов", "шагов", "шаг", "шага", "шагов", "шагов"]
    assert fill("{n} {n|action|actions}", {"n": 1}) == "1 action"
    assert fill("{n} {n|action|actions}", {}) == "{n} {n|action|actions}"  # unknown: left as written


def test_the_page_picks_the_same_forms():
    script = (f"import {{ plural }} from '{SRC / 'web' / 'js' / 'i18n.js'}';"
              f"const cases = {json.dumps(CASES)};"
              "console.log(JSON.stringify(cases.map(([n, f]) => plural(n, f))));")
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == [plural(n, f) for n, f in CASES]


def test_words_read_right_in_the_singular():
    for lang, want in (("en", "1 agenda card"), ("ru", "карт замыслов: 1"), ("uk", "карт задумів: 1")):
        assert PageWords("wasteland.games.fallout", lang).t("fo.cards_n", n=1) == want
    assert PageWords("wasteland.games.quest", "en").t("wq.ev.closed_gate", gate="N", steps=1).endswith("1 zone step away.")
    assert PageWords("wasteland.games.quest", "ru").t("wq.ev.closed_gate", gate="N", steps=1).endswith("в 1 шаге.")
    assert PageWords("wasteland.games.quest", "uk").t("wq.ev.closed_gate", gate="N", steps=5).endswith("за 5 кроків.")
    assert "3 карты" in PageWords("wasteland.games.saltlands", "ru").t("note.hand_limit", n=3, limit=2)
    en = Templates("wasteland.games.saltlands", "texts", "en")
    assert en.fill("preview.storm_cards", n=1) == "the sandstorm takes 1 card"
    assert "go 1 hex farther" in en.fill("card.fuel", bonus=1)
    assert "на 2 гекса дальше" in Templates("wasteland.games.saltlands", "texts", "ru").fill("card.fuel", bonus=2)


def test_a_side_agrees_with_its_verb():
    """A clan's colour is plural in Russian and Ukrainian ("чёрные"): "ходят чёрные", never
    "ходит чёрные"; and an English enemy type is one word for many tokens."""
    for lang, verb in (("ru", "ходят"), ("uk", "ходять")):
        words = PageWords("wasteland.games.age_of_thirst", lang)
        assert f"{verb} {words.t('aot.colour.black')}" in words.t("aot.turn", turn=1, phase="x", colour=words.t("aot.colour.black"))
    assert PageWords("wasteland.games.fallout", "en").t("fo.ev.type_activates", type="Mole rat") == "Every Mole rat activates"


# a number before a countable noun that does not bend: "{n} cards", "{n} card(s)"
COUNTS = "n|count|cards|players|steps|distance|groups|bonus|move|limit|amount"
BARE = re.compile(r"\{(?:" + COUNTS + r")\} (?:[a-z-]+ )?(?:actions|cards|card\(s\)|pumps?\(s\)|pump\(s\)|turns|players|survivor\(s\)|"
                  r"space\(s\)|group\(s\)|kills|quests|steps|hexes|times|wounds left)\b")


def test_no_template_counts_without_a_plural():
    found = []
    for path in [*SRC.glob("games/*/web/i18n/en.json"), SRC / "web" / "i18n" / "en.json"]:
        for key, text in json.loads(path.read_text(encoding="utf-8")).items():
            if BARE.search(text):
                found.append(f"{path.relative_to(SRC)} {key}: {text}")
    for path in SRC.glob("games/*/texts/en.toml"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BARE.search(line):
                found.append(f"{path.relative_to(SRC)}:{n}: {line}")
    assert not found, "\n".join(found)


def test_the_terminal_counts_in_the_singular():
    from wasteland.cli.companion_words import said
    from wasteland.cli.words import say

    assert say("en", "more_options", n=1).strip() == "… 1 more line: 'options' lists them all"
    assert "; 1 action; seed 3" in say("en", "result_line", winners="p1", reason="x", n=1, seed=3)
    assert said("en", "resume", n=1, game="g", name="", steps=1, when="today").endswith(": 1 step, last used today")



def test_the_fallout_panel_and_the_option_count_bend():
    from wasteland.games.fallout.terminal_words import FalloutWords

    line = FalloutWords("en").board("survivor", space="Crater", health=9, radiation=0, kills=1, quests=1, cards=1)
    assert "1 kill, 1 quest, 1 agenda card" in line, line


def test_an_engine_sentence_with_a_plural_is_still_recognised():
    """``reason`` reads the engine's English sentence against a template with a plural in
    it, then says it with the language's own form."""
    ru = PageWords("wasteland.games.age_of_thirst", "ru")
    tail = (" without an Eye moving or a troop reaching a hex its clan had not stood on since the last"
            " Eye move (no-progress ruling, not a rulebook ending)")
    assert ru.reason("21 turns" + tail, "aot.end.").startswith("21 ход ни одно Око")
    assert ru.reason("40 turns" + tail, "aot.end.").startswith("40 ходов ни одно Око")
