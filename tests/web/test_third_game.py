"""The throwaway third game (Dry Well, built from docs/adding-a-game.md) in the browser: installed as a game
of another distribution is (its own dist-info registering it in ``wasteland.games``, on the
server's PYTHONPATH), it is offered by the lobby's form with its own options, and since it
brings no board module its page is the generic one: the view's fields and the decision's
actions, played by clicking to the end against a bot. No file outside its folder names it."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import expect

from webtest import serve  # tests/web/conftest.py

READY = "#game[data-ready='1']"
MY_TURN = "#game[data-ready='1'][data-turn='mine']"
OVER = "#game[data-ready='1'][data-turn='over']"


@pytest.fixture(scope="module")
def third_game_url(tmp_path_factory, third_game_site):
    path = os.pathsep.join(p for p in (str(third_game_site), os.environ.get("PYTHONPATH", "")) if p)
    with serve(tmp_path_factory.mktemp("db") / "third.db", env=dict(os.environ, PYTHONPATH=path)) as url:
        yield url


def test_a_game_without_a_board_module_is_created_and_played_from_the_lobby(third_game_url, new_page):
    page = new_page()
    page.goto(f"{third_game_url}?lang=en&anim=off")
    page.wait_for_selector("#create-form")
    assert "dry-well" in page.locator("#f-game option").evaluate_all("els => els.map(e => e.value)")
    page.select_option("#f-game", "dry-well")
    page.wait_for_selector("#create-form[data-game='dry-well']")
    # its own option, as the spec declares it: a number from 5 to 30, 12 by default
    water = page.locator("#opt-water")
    assert (water.get_attribute("min"), water.get_attribute("max"), water.input_value()) == ("5", "30", "12")
    page.fill("#opt-water", "6")
    page.dispatch_event("#opt-water", "change")
    expect(page.locator("#f-seats select")).to_have_count(2)
    page.select_option("#f-seats select[data-seat='1']", "random")
    page.fill("#f-seed", "3")
    page.click("#create")
    page.wait_for_selector(READY)
    # the generic page: the view's fields, the decision's actions as buttons
    expect(page.locator("#generic-view dd[data-key='water']")).to_have_text("6")
    expect(page.locator("#generic-view dt").first).to_be_visible()
    assert page.locator("#mine").is_hidden()
    for _ in range(40):
        page.wait_for_selector(f"{MY_TURN}, {OVER}")
        if page.locator(OVER).count():
            break
        before = int(page.get_attribute("#game", "data-index"))
        page.locator("#actions .action-btn").first.click()
        page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    else:
        pytest.fail("the game did not end in 40 clicks")
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#generic-view dd[data-key='water']")).to_have_text("0")
    assert page.locator("#log li.act").count() >= 2
    # its replay, with the same generic board
    page.click("#replay-link")
    page.wait_for_selector("#replay[data-step='0']")
    expect(page.locator("#generic-view dd[data-key='water']")).to_have_text("6")
    page.click("#r-last")
    page.wait_for_selector("#r-events li[data-type]")
    expect(page.locator("#generic-view dd[data-key='water']")).to_have_text("0")
    # and the lobby lists it among the finished games by its title
    page.goto(f"{third_game_url}?lang=en")
    expect(page.locator(".game-item .desc").first).to_contain_text("Dry Well")
