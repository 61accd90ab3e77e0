"""Safe clicks and quick enemy turns in the browser (issue 14): a destructive action asks on
the page before it is played, and 'decide ties for me' takes the raiders' ties by the
game's documented policy, saying so in the log."""

from __future__ import annotations

from playwright.sync_api import expect

import boardkit as kit

from webtest import serve  # noqa: F401  (the conftest's helpers)

READY = "#game[data-ready='1']"
MY_TURN = "#game[data-ready='1'][data-turn='mine']"
OVER = "#game[data-ready='1'][data-turn='over']"


def _new_solo(page, url, seed=37, lang="en"):
    page.goto(f"{url}?lang={lang}&anim=off")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "saltlands")
    page.wait_for_selector("#create-form[data-game='saltlands']")
    page.select_option("#opt-difficulty", "easy")
    page.fill("#f-seed", str(seed))
    page.click("#create")
    page.wait_for_selector(READY)


def _index(page) -> int:
    return int(page.get_attribute("#game", "data-index"))


def _play(page, selector):
    before = _index(page)
    page.click(selector)
    if page.locator("#confirm").count():
        page.click("#confirm-yes")
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    page.wait_for_selector(f"{MY_TURN}, {OVER}")


def test_a_discard_asks_first_and_cancel_changes_nothing(server_url, new_page, artifacts):
    page = new_page()
    _new_solo(page, server_url)
    kit.play_first(page, "character ")
    kit.play_first(page, "enter ")
    discard = page.locator("#actions .action-btn[data-action^='discard ']").first
    expect(discard).to_have_class("action-btn verb-discard danger")
    assert discard.inner_text().startswith("⚠")
    # the destructive actions have a group of their own, after the others of the list (the
    # board's moves are played on the board, not listed: issue 25)
    groups = page.locator("#actions .action-group").evaluate_all("gs => gs.map(g => g.dataset.group)")
    assert groups.index("discard") == len(groups) - 2 and groups[-1] == "end", groups
    before = _index(page)
    discard.click()
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm .confirm-why")).to_contain_text("cannot be taken back")
    # the question is the action itself, once: not "Play “Discard Spear”? It cannot be taken
    # back." above a reason that says it again
    label = discard.inner_text().removeprefix("⚠").strip()
    expect(page.locator("#confirm .confirm-q")).to_have_text(f"{label}?")
    page.screenshot(path=artifacts / "confirm-discard.png")
    page.click("#confirm-no")
    expect(page.locator("#confirm")).to_have_count(0)
    page.wait_for_timeout(300)
    assert _index(page) == before, "a cancelled discard was played"
    # a discard from the card itself asks the same (the card whose one action was discard)
    card = page.locator("#hand .card.playable").first
    card.click()
    if page.locator("#chooser").count():
        page.locator("#chooser .choice[data-action^='discard ']").first.click()
    expect(page.locator("#confirm")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#confirm")).to_have_count(0)
    assert _index(page) == before
    discard = page.locator("#actions .action-btn[data-action^='discard ']").first
    discard.click()
    page.click("#confirm-yes")
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) === {before + 1}")


def test_decide_ties_for_me_plays_the_raiders_ties_and_says_so(server_url, new_page, artifacts):
    page = new_page()
    _new_solo(page, server_url)
    page.check("#auto-ties")
    policy_kinds = set()
    for _ in range(80):
        page.wait_for_selector(f"{MY_TURN}, {OVER}")
        if page.locator(OVER).count():
            break
        kind = page.get_attribute("#decision", "data-kind")
        # with the setting on, the page never leaves a tie of the raiders' turn to the player
        if kind == "activation":
            page.wait_for_timeout(500)
            if page.get_attribute("#decision", "data-kind") == "activation" and page.locator(MY_TURN).count():
                raise AssertionError("a raiders' tie was left to the player with 'decide ties for me' on")
            continue
        acts = kit.actions(page)
        before = _index(page)
        kit.click_action(page, "end" if "end" in acts else acts[0])
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
        page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
        notes = page.locator("#log li.act.by-policy .policy-note")
        policy_kinds |= set(notes.evaluate_all("ns => ns.map(n => n.dataset.policy)"))
        if len(policy_kinds) >= 1 and page.locator("#log li.act.by-policy").count() >= 3:
            break
    assert policy_kinds, "no action was decided by the policy"
    entry = page.locator("#log li.act.by-policy").first
    expect(entry).to_contain_text("decided for you")
    expect(entry.locator(".policy-note")).to_contain_text("SL §")
    page.screenshot(path=artifacts / "decide-ties-for-me.png")
    # the setting is the person's: a new game in the same browser starts with it on
    _new_solo(page, server_url, seed=38)
    expect(page.locator("#auto-ties")).to_be_checked()
