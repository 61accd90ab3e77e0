"""The rules' words in the browser (issue 14): the anchor beside a decision is marked, its
tooltip and its popover (on a click or a tap) give the rule's title and text from the
game's rules reference in the page's language, and Escape or a click elsewhere closes it."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from wasteland.core import rules_reference as rr

import boardkit as kit

from webtest import serve  # noqa: F401  (the conftest's helpers)

READY = "#game[data-ready='1']"


def _new_solo(page, url, lang):
    page.goto(f"{url}?lang={lang}&anim=off")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "saltlands")
    page.wait_for_selector("#create-form[data-game='saltlands']")
    page.fill("#f-seed", "5")
    page.click("#create")
    page.wait_for_selector(READY)


@pytest.mark.parametrize("lang", rr.LANGUAGES)
def test_the_decision_anchor_shows_its_rule_in_the_page_language(server_url, new_page, artifacts, lang):
    page = new_page()
    _new_solo(page, server_url, lang)
    mark = page.locator("#decision .rule-ref").first
    expect(mark).to_be_visible()
    anchor = mark.get_attribute("data-anchor")
    rule = rr.rule_text("saltlands", anchor, lang)
    assert rule is not None and rule.lang == lang
    assert mark.get_attribute("title") == f"{rule.title}: {rule.text}"
    mark.click()
    pop = page.locator(".rule-pop")
    expect(pop).to_be_visible()
    expect(pop.locator("h4")).to_have_text(f"{anchor} · {rule.title}")
    expect(pop.locator("p")).to_have_text(rule.text)
    page.screenshot(path=artifacts / f"rule-popover-{lang}.png")
    page.keyboard.press("Escape")
    expect(pop).to_have_count(0)
    # a click elsewhere closes it too, and playing on keeps marking the new decision's anchor
    mark.click()
    expect(page.locator(".rule-pop")).to_be_visible()
    page.click("#decision h3")
    expect(page.locator(".rule-pop")).to_have_count(0)
    page.click("#actions .action-btn[data-action^='character ']")
    page.wait_for_function("document.querySelector('#decision .rule-ref') && "
                           f"document.querySelector('#decision .rule-ref').dataset.anchor !== {anchor!r}")


def test_a_tap_on_a_phone_opens_the_rule_inside_the_screen(browser, server_url, artifacts):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="uk-UA")
    try:
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        _new_solo(page, server_url, "uk")
        mark = page.locator("#decision .rule-ref").first
        mark.scroll_into_view_if_needed()
        mark.tap()
        pop = page.locator(".rule-pop")
        expect(pop).to_be_visible()
        box = pop.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        rule = rr.rule_text("saltlands", mark.get_attribute("data-anchor"), "uk")
        expect(pop.locator("p")).to_have_text(rule.text)
        page.screenshot(path=artifacts / "rule-popover-phone-uk.png")
    finally:
        ctx.close()


def _play(page, prefix):
    """The first action starting with ``prefix``, from the list or on the board (issue 25)."""
    kit.play_first(page, prefix)


def test_the_raiders_events_in_the_log_carry_their_rules_words(server_url, new_page, artifacts):
    """The end of a solo turn runs the raiders (SL §100): each event that cites a rule shows
    its anchor in the log, marked with that rule's words in the page's language."""
    page = new_page()
    _new_solo(page, server_url, "ru")
    _play(page, "character ")
    _play(page, "enter ")
    _play(page, "end")
    for _ in range(30):  # the raiders' questions to the current player (which type, which raider...)
        if page.locator("#log .ev .rule-ref[data-anchor='SL §100']").count():
            break
        _play(page, "")
    page.wait_for_selector("#log .ev .rule-ref")
    marks = page.locator("#log .ev .rule-ref")
    anchors = set(marks.evaluate_all("ms => ms.map(m => m.dataset.anchor)"))
    assert "SL §100" in anchors, anchors
    for anchor in anchors:
        rule = rr.rule_text("saltlands", anchor, "ru")
        titles = set(page.locator(f"#log .rule-ref[data-anchor='{anchor}']").evaluate_all("ms => ms.map(m => m.title)"))
        assert titles == {f"{rule.title}: {rule.text}"}, (anchor, titles)
    page.locator("#log .rule-ref[data-anchor='SL §100']").first.click()
    expect(page.locator(".rule-pop p")).to_have_text(rr.rule_text("saltlands", "SL §100", "ru").text)
    page.screenshot(path=artifacts / "rule-popover-log-ru.png")
