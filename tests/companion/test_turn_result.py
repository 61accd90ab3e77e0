"""A player's own turn is entered as its result: the table taps "Where things stand now",
its figure, then the hex it now stands on, and ends the turn; two steps, no replay of the
turn's moves one by one."""

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
        start = page.get_attribute("#board .player", "data-hex")
        page.tap("#turn-correct")
        ready(page, 1)
        page.tap("#board .player")
        page.tap("#hex-menu .menu-choice >> nth=0")  # the figure: to the hex tapped next
        taken = set(page.eval_on_selector_all("#board .token, #board .player, #board .raider",
                                              "els => els.map(e => e.dataset.hex)"))
        dest = next(h for h in ("0,-1", "1,-1", "-1,0", "0,1", "1,0", "-1,1") if h not in taken and h != start)
        page.tap(f"#board .hex[data-hex='{dest}']")
        ready(page, 2)
        assert page.get_attribute("#board .player", "data-hex") == dest
        page.screenshot(path=str(artifacts / "turn-result.png"))
        page.tap("#turn-end")
        ready(page)
        assert index_of(page) >= 3
        assert page.locator("#steps li").count() == index_of(page)
