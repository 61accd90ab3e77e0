"""axe-core finds no serious or critical accessibility violation on the companion's pages
(the lobby, a game's set-up, a session with its question, the table's answer to chance,
corrections, settings, sharing) in English, Russian and Ukrainian, at a phone's size."""

from __future__ import annotations

import pytest

from testkit import axe_violations as violations
from companiontest import PHONE, ready, to_a_players_turn


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from companiontest import serve

    with serve(tmp_path_factory.mktemp("companion-axe") / "axe.db") as found:
        yield found


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_no_serious_violation_on_the_companion_pages(url, browser, lang):
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    found: list[str] = []
    try:
        page.goto(f"{url}companion.html?lang={lang}")
        page.wait_for_selector("#new-session")
        found += [f"lobby: {v}" for v in violations(page)]
        page.goto(f"{url}companion.html?lang={lang}#/new/fallout")
        page.wait_for_selector("#setup")
        found += [f"set-up: {v}" for v in violations(page)]
        page.tap("#create")
        ready(page, 0)
        found += [f"session: {v}" for v in violations(page)]
        for _ in range(30):  # to the table's first answer to chance
            if page.locator("#decision button.chance, #chance-pick").count():
                break
            index = int(page.get_attribute("#session", "data-index"))
            page.locator("#decision button[data-action]:visible >> nth=0").click()
            ready(page, index + 1)
        found += [f"chance: {v}" for v in violations(page)]
        page.locator("#events .chip >> nth=0").click() if page.locator("#events .chip").count() else None
        page.tap("#correct-toggle")
        ready(page)
        page.evaluate("for (const d of document.querySelectorAll('#settings, #share')) d.open = true")
        found += [f"correcting, settings, sharing: {v}" for v in violations(page)]
    finally:
        ctx.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_no_serious_violation_on_a_roll_and_a_turns_adjustments(url, browser, lang):
    """Dice rolled together (the faces, the ones entered as chips) and the adjustments
    beside a turn entered as its result (their sheet, and a list of values in it)."""
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    found: list[str] = []
    try:
        page.goto(f"{url}companion.html?lang={lang}#/new/quest")
        page.wait_for_selector("#create")
        page.tap("#create")
        ready(page, 0)
        page.tap("#roll .roll-face >> nth=2")  # one die entered: its chip to take it back
        found += [f"roll: {v}" for v in violations(page)]
        for _ in range(2):
            page.tap("#roll .roll-face >> nth=0")
        to_a_players_turn(page)
        page.tap("#turn-adjust")
        found += [f"adjustments: {v}" for v in violations(page)]
        page.locator("#adjust-list [data-menu='1'] >> nth=0").tap()
        found += [f"a list of values: {v}" for v in violations(page)]
    finally:
        ctx.close()
    assert not found, "\n".join(found)
