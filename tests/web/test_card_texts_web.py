"""Component texts in the browser (issue 14): a card's words when the pointer rests on it or
on a long press, in the page's language, and a rumor card's two options with where each
would move its markers before the player chooses (SL §109)."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

import boardkit as kit
from webtest import serve  # noqa: F401  (the conftest's helpers)

from wasteland.core.registry import registered_games

READY = "#game[data-ready='1']"
MY_TURN = "#game[data-ready='1'][data-turn='mine']"
# Seed 1, one player, easy: these actions lead to a rumor token's card (found with the
# engine; the same seed and actions give the same game on the server).
TO_RUMOR = ["character scout", "enter 0,0", "move 6,-4", "collect 7,-4 by scout"]


def _new_solo(page, url, lang, seed=1):
    page.goto(f"{url}?lang={lang}&anim=off")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "saltlands")
    page.wait_for_selector("#create-form[data-game='saltlands']")
    page.select_option("#opt-difficulty", "easy")
    page.fill("#f-seed", str(seed))
    page.click("#create")
    page.wait_for_selector(READY)


def _act(page, action):
    before = int(page.get_attribute("#game", "data-index"))
    kit.click_action(page, action)  # listed, or on the board (issue 25)
    if page.locator("#confirm").count():
        page.click("#confirm-yes")
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    page.wait_for_selector(MY_TURN)


@pytest.mark.parametrize("lang, words", [
    ("en", ["Binoculars (card)", "explore", "crew action"]),
    ("ru", ["Бинокль (карта)", "разведка", "действие экипажа"]),
    ("uk", ["Бінокль (карта)", "розвідка", "дія екіпажу"]),
])
def test_hovering_a_card_shows_its_text(server_url, new_page, lang, words):
    page = new_page()
    _new_solo(page, server_url, lang)
    for action in TO_RUMOR[:2]:
        _act(page, action)
    card = page.locator("#hand .card[data-card^='binoculars']")
    card.hover()
    expect(card).to_have_attribute("title", words[0] + "\n" + card.get_attribute("data-tip").split("\n", 1)[1])
    title = card.get_attribute("title")
    for w in words:
        assert w in title, title
    assert "binoculars#" not in title


@pytest.mark.parametrize("lang, top, bottom", [
    ("en", "top option: the ", "bottom option: the "),
    ("ru", "верхний вариант: ", "нижний вариант: "),
    ("uk", "верхній варіант: ", "нижній варіант: "),
])
def test_a_rumor_choice_shows_both_options_before_choosing_SL109(server_url, new_page, artifacts, lang, top, bottom):
    page = new_page()
    _new_solo(page, server_url, lang)
    for action in TO_RUMOR:
        _act(page, action)
    expect(page.locator("#decision")).to_have_attribute("data-kind", "rumor")
    notes = page.locator("#decision .note-why").all_inner_texts()
    assert len(notes) == 2, notes
    assert top in notes[0] and bottom in notes[1], notes
    assert all("{" not in n and "rumor_choice" not in n for n in notes), notes
    page.screenshot(path=artifacts / f"rumor-choice-{lang}.png")


def test_a_long_press_on_a_phone_shows_the_text_without_playing_the_card(server_url, browser, artifacts):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                              locale="uk-UA")
    errors = []
    try:
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.set_default_timeout(15_000)
        _new_solo(page, server_url, "uk")
        for action in TO_RUMOR[:2]:
            _act(page, action)
        before = page.get_attribute("#game", "data-index")
        card = page.locator("#hand .card[data-card^='spear']")
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        init = {"pointerType": "touch", "bubbles": True, "clientX": x, "clientY": y, "isPrimary": True}
        tip = page.locator(".component-tip")
        card.dispatch_event("pointerdown", init)
        # held on (however slow the machine): the text shows while the finger is still down
        expect(tip).to_be_visible()
        card.dispatch_event("pointerup", init)
        expect(tip).to_contain_text("Спис")
        expect(tip).to_contain_text("бронебійна шкода 1")
        shown = tip.bounding_box()
        assert 0 <= shown["y"] and shown["y"] + shown["height"] <= 844, shown
        page.screenshot(path=artifacts / "card-text-long-press-phone.png")
        assert page.get_attribute("#game", "data-index") == before
        page.mouse.click(5, 5)
        expect(tip).to_have_count(0)
    finally:
        ctx.close()
    assert not errors, errors


def test_the_language_switches_at_once_and_a_weapon_says_its_damage(server_url, new_page):
    """Issue 25: after a switch to Russian no card keeps its English name until the next move
    (hand, options, log, hover texts), and an attack's option names what its weapon deals
    (SL §85 to SL §87), in the page's language."""
    page = new_page()
    _new_solo(page, server_url, "en")
    for action in TO_RUMOR[:2]:
        _act(page, action)
    english = set(page.locator("#hand .card").all_inner_texts())
    assert "Spear" in " ".join(english), english
    index = page.get_attribute("#game", "data-index")
    page.select_option("#lang", "ru")
    expect(page.locator("#hand .card[data-card^='spear']")).to_contain_text("Копьё")
    assert page.get_attribute("#game", "data-index") == index  # no move was needed
    shown = page.evaluate("""() => [document.querySelector('#main').innerText,
        ...[...document.querySelectorAll('#main [title]')].map((e) => e.getAttribute('title'))].join(' ')""")
    names = page.evaluate("fetch('/api/texts/saltlands/en').then((r) => r.json())")["texts"]
    left = sorted({v["name"] for k, v in names.items() if k.startswith("card:") and len(v["name"]) > 3
                   and re.search(rf"\b{re.escape(v['name'])}\b", shown)})
    assert not left, f"English card names after the switch: {left}"
    # an attack the page was offered: its fields as the decision sends them (the page reads
    # an action's fields, never its text)
    fields = json.dumps(registered_games()["saltlands"].action_fields(["use spear#1 at 1,0"])[0])
    page.evaluate(f"import('/js/fields.js').then(m => m.learnAction('use spear#1 at 1,0', {fields}))")
    label = "m => m.actionLabel('use spear#1 at 1,0', null)"
    ru = page.evaluate(f"import('/games/saltlands/board.js').then({label})")
    assert "бронебойный урон 1" in ru, ru
    page.select_option("#lang", "en")
    expect(page.locator("#hand .card[data-card^='spear']")).to_contain_text("Spear")
    en = page.evaluate(f"import('/games/saltlands/board.js').then({label})")
    assert "(1 armor-piercing damage)" in en, en
