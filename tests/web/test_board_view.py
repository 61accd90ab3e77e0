"""The board component (web/js/viewport.js) on the game page, and the Quest tile that froze
the page (issue 25): laying a tile with animation on threw ``Failed to execute 'animate'…
Offsets must be in [0,1]``. The page called ``board.animate(event, ms)`` on what Quest's
board module returns, its SVG element: the DOM's own Element.animate took the event for
keyframes. The component now hands the page an event player only where a board has one."""

from __future__ import annotations

import pytest

import boardkit as kit


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from webtest import serve

    with serve(tmp_path_factory.mktemp("board") / "board.db") as u:
        yield u


@pytest.mark.parametrize("speed", ["off", "fast", "slow"])
def test_quest_lays_a_tile_at_every_animation_speed(url, browser, speed):
    ctx, page = kit.watched_page(browser, "desktop")
    try:
        created = kit.open_game(page, url, "quest", anim=speed, seed=4)
        gid = created["game"]["id"]
        tiles_before = len(created["state"]["view"]["board"]["tiles"])
        for _ in range(8):
            acts = kit.actions(page)
            if not acts:
                break
            kit.play(page, kit.pick(acts, ("place ", "explore", "deploy ", "move ")))
        state = page.request.get(f"{url}api/games/{gid}").json()["state"]
        assert len(state["view"]["board"]["tiles"]) > tiles_before, "no tile was laid"
        # the page follows the game: the position drawn is the server's
        assert kit.index(page) == state["index"]
        assert not page.problems, page.problems
    finally:
        ctx.close()
