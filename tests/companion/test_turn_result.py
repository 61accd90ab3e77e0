"""A player's own turn is entered as its result: the page opens on it, the table taps its
figure, then the hex it now stands on (or that hex alone: the player has one figure), and
ends the turn; no replay of the turn's moves one by one (its actions stay offered, for a
turn the table would rather play through the engine)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from companiontest import index_of, ready, serve


def test_a_turn_entered_as_where_the_figure_now_stands(phone, artifacts):
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp) / "turn.db") as url:
        page = phone
        page.goto(url + "companion.html#/new/saltlands")
        page.wait_for_selector("#setup")
        page.select_option("#opt-players", "1")
        page.select_option("[data-seat='0']", "scout")
        page.tap("#create")
        ready(page, 0)
        page.tap("#board .hex.reach >> nth=0")  # the figure enters
        ready(page, 1)
        assert page.locator("#turn-result").is_visible()
        assert page.locator("#session.entering").count()
        start = page.get_attribute("#board .player", "data-hex")
        page.tap("#board .player")  # the figure: to the hex tapped next, no list between
        assert not page.locator("#hex-menu").count()
        taken = set(page.eval_on_selector_all("#board .token, #board .player, #board .raider",
                                              "els => els.map(e => e.dataset.hex)"))
        free = [h for h in ("0,-1", "1,-1", "-1,0", "0,1", "1,0", "-1,1") if h not in taken and h != start]
        page.tap(f"#board .hex[data-hex='{free[0]}']")
        ready(page, 2)
        assert page.get_attribute("#board .player", "data-hex") == free[0]
        page.tap(f"#board .hex[data-hex='{free[1]}']")  # where it stands now, in one tap
        ready(page, 3)
        assert page.get_attribute("#board .player", "data-hex") == free[1]
        dest = free[1]
        page.screenshot(path=str(artifacts / "turn-result.png"))
        page.tap("#turn-end")
        ready(page)
        assert index_of(page) >= 4
        assert page.locator("#steps li").count() == index_of(page)
