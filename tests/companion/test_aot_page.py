"""An Age of Thirst table on the companion page in a real browser at a phone's viewport
(Debian's chromium through Playwright, a real ``wasteland serve``), through the game's
companion module (games/age_of_thirst/web/companion.js): the table picks the first player
and places its starting troops (LO-4.3, LO-4.5), then corrects its board by tapping (a
hedge grown on an empty hex, a Skinny moved onto a source, a clan's water, a ray-tower card
into a hand), is refused where a rule forbids the correction (LO-6.4), answers the source
card it turned (LO-9), in English, Russian and Ukrainian, undoes a step and reloads.
Screenshots go to the artifacts folder (``$WASTELAND_ARTIFACTS``/companion)."""

from __future__ import annotations

import re

import pytest

from companiontest import index_of, kind_of, ready, serve

SOURCE = "-1,-2"  # a source hex (LO-9)


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("aot") / "companion.db") as found:
        yield found


def api(page, url):
    sid = page.url.split("#/s/", 1)[1]
    return page.request.get(f"{url}api/companion/{sid}").json()


def tap_step(page, selector):
    n = index_of(page)
    page.tap(selector)
    ready(page, n + 1)


def menu(page, *labels):
    for label in labels:
        page.tap(f"#hex-menu .menu-choice:has-text(\"{label}\") >> nth=0")


def test_an_age_of_thirst_table_on_a_phone(url, watched, artifacts):
    page = watched("phone", refusals=True)  # it enters bad input on purpose
    page.goto(url + "companion.html?lang=en")
    page.wait_for_selector("#new-game")
    page.select_option("#new-game", "age-of-thirst")
    page.tap("#new-session")
    page.wait_for_selector("#setup")
    page.tap("#create")
    ready(page, 0)
    assert kind_of(page) == "first"
    tap_step(page, "[data-action='first red']")
    while kind_of(page) == "place":  # the starting troops, as the table placed them: a clan in one tap
        tap_step(page, "#action-form-go")
    assert kind_of(page) == "tactical"
    assert page.locator("#board .troop").count() == 20

    page.tap("#correct-toggle")
    assert page.locator("#board .aot-hex.pick").count() > 100  # every hex takes a tap
    # Blue grew a hedge on an empty hex.
    n = index_of(page)
    page.tap("#board .aot-hex[data-hex='0,3']")
    menu(page, "Place a blue token", "Hedge")
    ready(page, n + 1)
    assert page.locator("#board .troop-hedge[data-hex='0,3']").count() == 1
    assert "blue Hedge placed on 0,3" in page.inner_text("#steps li >> nth=-1")  # in words, not a path
    # A red Skinny stands on a source at this table: tap it, then the hex it stands on.
    skinny = page.get_attribute("#board .troop-skinny[data-owner='0'] >> nth=0", "data-hex")
    n = index_of(page)
    page.tap(f"#board .troop[data-hex='{skinny}']")
    menu(page, "Skinny (red): move to")
    page.tap(f"#board .aot-hex[data-hex='{SOURCE}']")
    ready(page, n + 1)
    assert page.locator(f"#board .troop-skinny[data-hex='{SOURCE}']").count() == 1
    # Red's water and a Strike in red's hand, from the clan's corrections.
    n = index_of(page)
    page.tap("#player-edits button:has-text('red: water 0')")
    menu(page, "red: water 5")
    ready(page, n + 1)
    n = index_of(page)
    page.tap("#player-edits button:has-text('red: a ray-tower card into the hand')")
    page.tap("#hex-menu .menu-choice >> nth=0")
    ready(page, n + 1)
    red = api(page, url)["view"]["players"][0]
    assert (red["water"], red["hand_size"]) == (5, 1)
    assert "into red's hand" in page.inner_text("#steps li >> nth=-1")
    # The hedge cannot stand on the Last Oasis (LO-6.4): refused, nothing changes.
    n = index_of(page)
    page.tap("#board .troop[data-hex='0,3']")
    menu(page, "Hedge (blue): move to")
    page.tap("#board .aot-hex[data-hex='0,0']")
    # (the toast that asked for the hex may still show: wait for the refusal's own words)
    page.wait_for_selector("#toast:not([hidden]):has-text('LO-6.4')")
    assert index_of(page) == n
    # A token takes less damage than its health (LO-7.2): a Skinny of health 1 takes none.
    page.tap(f"#board .troop[data-hex='{SOURCE}']")
    menu(page, "Skinny (red): damage taken", "damage taken: 1")
    page.wait_for_selector("#toast:not([hidden]):has-text('LO-7.2')")
    assert index_of(page) == n
    page.screenshot(path=artifacts / "aot-corrected.png", full_page=True)
    page.tap("#correct-toggle")

    # Red ends its tactical phase: the Skinny on the source draws, the table says which card.
    tap_step(page, "[data-action='end phase']")
    assert kind_of(page) == "chance" and "LO-9" in page.inner_text("#decision")
    assert "top source card" in page.inner_text("#chance-what")
    n = index_of(page)
    at = page.url.split("#", 1)[1]
    for lang, words in (("ru", "карту источника"), ("uk", "карту джерела")):
        page.goto(f"{url}companion.html?lang={lang}#{at}")
        ready(page, n)
        assert words in page.inner_text("#chance-what")
        page.tap("#correct-toggle")  # the clans' corrections, in the page's language
        edits = page.inner_text("#player-edits") + page.inner_text("#table-edits")
        assert re.findall(r"[A-Za-z]{3,}", edits) == [] and ("вода" in edits or "Вода" in edits), edits
        page.tap("#correct-toggle")
    page.goto(f"{url}companion.html?lang=en#{at}")
    ready(page, n)
    tap_step(page, "#decision .action-btn.chance >> nth=0")
    assert kind_of(page) == "economic"
    page.screenshot(path=artifacts / "aot-drawn.png", full_page=True)
    # Undo the answer, reload: the table is asked again, the session as it was left.
    page.tap("#undo")
    ready(page, n)
    page.reload()
    ready(page, n)
    assert kind_of(page) == "chance"
    assert api(page, url)["view"]["players"][0]["water"] == 5
