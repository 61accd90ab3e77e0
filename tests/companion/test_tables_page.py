"""Fallout and Quest tables on the companion page in a real browser at a phone's viewport
(Debian's chromium through Playwright, a real ``wasteland serve``), through each game's
companion module: a Fallout table sets up, corrects its map by tapping (an enemy placed on
a space, a survivor moved there), enters the icons printed on the agenda card it turned
(one choice per icon), lets the policy order the enemies and enters a fight's result; a
Quest table moves a hero by tapping a zone and lets the policy lay the tile it drew.
Screenshots go to the artifacts folder (``$WASTELAND_ARTIFACTS``/companion)."""

from __future__ import annotations

import pytest

import boardkit as kit
from companiontest import answer_chance, index_of, kind_of, ready, serve


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("tables") / "companion.db") as found:
        yield found


def new_session(page, url, game, **options):
    page.goto(url + "companion.html?lang=en")
    page.wait_for_selector("#new-game")
    page.select_option("#new-game", game)
    page.tap("#new-session")
    page.wait_for_selector("#setup")
    for name, value in options.items():
        page.select_option(f"#opt-{name}", value)
    page.tap("#create")
    ready(page, 0)


def correct(page, spot_selector, *labels):
    """Tap a spot while correcting and follow the menu's labels (a menu may open another)."""
    n = index_of(page)
    kit.pan_to(page, spot_selector)
    page.tap(spot_selector)
    for label in labels:
        page.tap(f"#hex-menu .menu-choice:has-text('{label}') >> nth=0")
    ready(page, n + 1)


def test_a_fallout_table_on_a_phone(url, phone, artifacts):
    page = phone
    new_session(page, url, "fallout", players="1", fight="table")
    assert kind_of(page) == "turn"
    page.tap("#correct-toggle")
    # every space of the map takes a tap while correcting
    assert page.locator("#board .fo-space.pick").count() >= 10
    # A ghoul stands on the survivor's own space at this table.
    space = page.eval_on_selector("#board .fo-survivor", "e => e.closest('.fo-space').dataset.space")
    ghouls = page.locator("#board .fo-enemy[data-enemy^='ghoul']").count()
    correct(page, f"#board .fo-space[data-space='{space}']", "Place an enemy", "Ghoul")
    assert page.locator("#board .fo-enemy[data-enemy^='ghoul']").count() == ghouls + 1
    assert page.locator(f"#board .fo-space[data-space='{space}'] .fo-enemy").count() >= 1
    assert "ghoul placed on" in page.inner_text("#steps li >> nth=-1")  # the change in words, not a path
    # the survivor's counts, which agenda cards require (FO-13.5): a tap among the survivor's corrections
    n = index_of(page)
    page.tap("#player-edits button:has-text('enemies defeated: 1')")
    ready(page, n + 1)
    sid = page.url.split("#/s/", 1)[1]
    assert page.request.get(f"{url}api/companion/{sid}").json()["view"]["survivors"][0]["kills"] == 1
    page.screenshot(path=artifacts / "fallout-corrected.png", full_page=True)
    page.tap("#correct-toggle")
    # The survivor ends the turn: the round ends and the table turns its agenda card.
    n = index_of(page)
    page.tap("[data-action='end']")
    ready(page, n + 1)
    assert kind_of(page) == "chance" and "FO-13.1" in page.inner_text("#decision")
    assert "top card of the agenda deck" in page.inner_text("#chance-what")
    # the same question in Russian and Ukrainian: the game's words, not the engine's
    at = page.url.split("#", 1)[1]
    for lang, words in (("ru", "колоды замыслов"), ("uk", "колоди задумів")):
        page.goto(f"{url}companion.html?lang={lang}#{at}")
        ready(page, n + 1)
        assert words in page.inner_text("#chance-what")
        assert "agenda" not in page.inner_text("#decision")
    page.goto(f"{url}companion.html?lang=en#{at}")
    ready(page, n + 1)
    # The card is not the data's: one choice per icon, left to right.
    page.wait_for_selector("#chance-custom [data-custom='icon1']")
    page.select_option("#chance-custom [data-custom='icon1']", "ghoul")
    page.select_option("#chance-custom [data-custom='icon2']", "ghoul")
    page.screenshot(path=artifacts / "fallout-icons.png", full_page=True)
    n = index_of(page)
    page.tap("#chance-custom-go")
    ready(page, n + 1)
    if page.locator("#all-events").count():
        page.tap("#all-events")  # every event of the step at once
    assert page.locator("#explain [data-rule='FO-13.1']").count() >= 1
    # Two face-up ghouls or one: the table answers what the enemies leave to it.
    seen = set()
    for _ in range(30):
        kind = kind_of(page)
        if kind in ("turn", "over"):
            break
        n = index_of(page)
        seen.add(kind)
        if page.locator("#decide").count():
            assert page.inner_text("#policy")
            page.tap("#decide")
            ready(page, n + 1)
            assert page.inner_text("#decided")
        elif kind == "fight":
            # the result in three choices (the list of every result stays folded)
            assert page.locator("#actions .action-btn:visible").count() == 0
            page.select_option("#action-form [data-field='health']", "7")
            page.select_option("#action-form [data-field='end']", "defeated")
            page.tap("#action-form-go")
            ready(page, n + 1)
            sid = page.url.split("#/s/", 1)[1]
            last = page.request.get(f"{url}api/companion/{sid}").json()["log"][n]
            assert last["step"].startswith("result 7 ") and last["step"].endswith(" defeated"), last
        else:
            page.tap("#actions .action-btn:visible >> nth=0")
            ready(page, n + 1)
    assert "fight" in seen, seen
    page.screenshot(path=artifacts / "fallout-round-end.png", full_page=True)
    # Undo the last step, reload: the session is as it was left.
    n = index_of(page)
    page.tap("#undo")
    ready(page, n - 1)
    page.reload()
    ready(page, n - 1)


def test_a_quest_table_on_a_phone(url, phone, artifacts):
    page = phone
    new_session(page, url, "quest", players="2")
    page.tap("#correct-toggle")
    zones = page.eval_on_selector_all("#board .wq-square.pick", "els => [...new Set(els.map(e => e.dataset.zone))]")
    assert len(zones) >= 3
    hero2 = page.eval_on_selector("#board .wq-hero[data-seat='1']", "e => e.getAttribute('cx') + ',' + e.getAttribute('cy')")
    target = zones[-1]
    correct(page, f"#board .wq-square[data-zone='{target}'] >> nth=0", "Hero 2: stands here")
    moved = page.eval_on_selector("#board .wq-hero[data-seat='1']", "e => e.getAttribute('cx') + ',' + e.getAttribute('cy')")
    assert moved != hero2
    page.screenshot(path=artifacts / "quest-corrected.png", full_page=True)
    page.tap("#correct-toggle")
    # The table plays on: it answers its draws, the policy its leader's ties, each hero explores.
    placed = False
    for _ in range(120):
        kind = kind_of(page)
        if kind == "over" or placed:
            break
        n = index_of(page)
        if kind == "chance":
            answer_chance(page)
        elif page.locator("#decide").count():
            page.tap("#decide")
            placed = kind == "place"
        elif page.locator("[data-action^='explore']").count():
            page.tap("[data-action^='explore'] >> nth=0")
        elif page.locator("[data-action='end']").count():
            page.tap("[data-action='end']")
        else:
            page.tap("#actions .action-btn:visible >> nth=0")
        ready(page, n + 1)
    assert placed
    assert "compass order" in page.inner_text("#decided")  # the policy's rule, in words
    page.screenshot(path=artifacts / "quest-placed.png", full_page=True)
