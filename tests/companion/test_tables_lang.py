"""Fallout and Quest tables on the companion page in Russian and Ukrainian: the flow of a
round end and of exploring shows no English word (Debian's chromium at a phone's viewport,
a real ``wasteland serve``): the board, the corrections by tapping, the agenda card's
icons, the policy's words, the fight's result, the events and the rules."""

from __future__ import annotations

import re

import pytest

import boardkit as kit
from companiontest import answer_chance, serve

PHONE = {"width": 390, "height": 844}
# the same in every language: the rule anchors' prefixes
NOT_WORDS = {"FO", "WQ"}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("tables-lang") / "companion.db") as found:
        yield found


def ready(page, index=None):
    sel = "#session[data-ready='1']" if index is None else f"#session[data-ready='1'][data-index='{index}']"
    page.wait_for_selector(sel)


def index_of(page):
    return int(page.get_attribute("#session", "data-index"))


def english(page, where):
    text = page.inner_text("#main")
    text += "\n" + "\n".join(page.eval_on_selector_all("#main select option", "els => els.map(e => e.textContent)"))
    out = []
    for line in text.splitlines():
        for word in LATIN_WORD.findall(line):
            if word not in NOT_WORDS:
                out.append(f"{where}: {word!r} in {line.strip()[:120]!r}")
    return out


@pytest.fixture
def phone(browser):
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    yield page
    ctx.close()


def new_session(page, url, lang, game, **options):
    page.goto(f"{url}companion.html?lang={lang}")
    page.wait_for_selector("#new-game")
    page.select_option("#new-game", game)
    page.tap("#new-session")
    page.wait_for_selector("#setup")
    for name, value in options.items():
        page.select_option(f"#opt-{name}", value)
    page.tap("#create")
    ready(page, 0)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_fallout_round_end_in_the_tables_language(url, phone, lang):
    page = phone
    found = []
    new_session(page, url, lang, "fallout", players="1", fight="table")
    found += english(page, "turn")
    page.tap("#correct-toggle")
    ready(page, 0)
    found += english(page, "correcting")
    space = page.eval_on_selector("#board .fo-survivor", "e => e.closest('.fo-space').dataset.space")
    kit.pan_to(page, f"#board .fo-space[data-space='{space}']")  # the map is kept readable: not all in view
    page.tap(f"#board .fo-space[data-space='{space}']")
    found += english(page, "menu")
    page.tap("#hex-menu .menu-choice[data-menu='1'] >> nth=0")  # place an enemy...
    page.tap("#hex-menu .menu-choice >> nth=3")  # ... the fourth type: a ghoul
    ready(page, 1)
    found += english(page, "corrected")
    page.tap("#correct-toggle")
    page.tap("[data-action='end']")
    ready(page, 2)
    found += english(page, "chance")
    page.select_option("#chance-custom [data-custom='icon1']", "ghoul")
    page.tap("#chance-custom-go")
    ready(page, 3)
    if page.locator("#all-events").count():
        page.tap("#all-events")
    found += english(page, "activation")
    for _ in range(10):
        kind = page.get_attribute("#session", "data-kind")
        n = index_of(page)
        if kind == "fight":
            found += english(page, "fight")
            page.tap("#action-form-go")
        elif page.locator("#decide").count():
            found += english(page, "policy")
            page.tap("#decide")
        else:
            break
        ready(page, n + 1)
    found += english(page, "after")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_a_quest_exploration_in_the_tables_language(url, phone, lang):
    page = phone
    found = []
    new_session(page, url, lang, "quest", players="1")
    found += english(page, "start")
    page.tap("#correct-toggle")
    ready(page, 0)
    zone = page.eval_on_selector("#board .wq-square.pick", "e => e.dataset.zone")
    page.tap(f"#board .wq-square[data-zone='{zone}'] >> nth=0")
    found += english(page, "menu")
    page.tap("#hex-menu .cancel")
    page.tap("#correct-toggle")
    for _ in range(60):
        kind = page.get_attribute("#session", "data-kind")
        n = index_of(page)
        found += english(page, kind)
        if kind == "chance":
            answer_chance(page)
        elif page.locator("#decide").count():
            page.tap("#decide")
        elif page.locator("[data-action^='explore']").count():
            page.tap("[data-action^='explore'] >> nth=0")
        elif page.locator("[data-action='end']").count():
            page.tap("[data-action='end']")
        elif kind == "over":
            break
        else:
            page.tap("#actions .action-btn:visible >> nth=0")
        ready(page, n + 1)
    assert not found, "\n".join(sorted(set(found))[:40])
