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


def test_a_turn_that_must_first_move_off_the_start_dune_is_entered_as_its_result(phone, artifacts):
    """SL §45: p2 entered on the start dune p1 stands on, and must move off it before anything
    else, so her turn offers no end until she has moved; the table still enters the turn as
    where her figure now stands (not 38 buttons of hexes), and the end follows."""
    import httpx

    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp) / "dune.db") as url:
        api = f"{url}api/companion"
        sid = httpx.post(api, json={"game": "saltlands", "config": {"players": 2}, "seed": 7}).json()["session"]["id"]
        for _ in range(30):  # the table plays on to p2's turn on the occupied dune
            snap = httpx.get(f"{api}/{sid}").json()
            d = snap["decision"]
            if d["kind"] == "turn" and "end" not in d["actions"]:
                break
            step = {"step": "end", "played": True} if d["kind"] == "turn" else {"step": d["actions"][0]}
            assert httpx.post(f"{api}/{sid}/steps", json={**step, "index": snap["index"]}).status_code == 200
        assert d["seat"] == 1 and all(a.startswith("move ") for a in d["actions"]), d
        start = snap["index"]
        page = phone
        page.goto(f"{url}companion.html#/s/{sid}")
        ready(page, start)
        assert page.locator("#session.entering").count()
        assert page.locator("#turn-end").is_visible()
        dest = d["actions"][0].split()[1]
        page.tap("#board .player[data-seat='p2']", force=True)  # p2's figure, then where it now stands
        page.tap(f"#board .hex[data-hex='{dest}']", force=True)
        ready(page, start + 1)
        assert page.get_attribute("#board .player[data-seat='p2']", "data-hex") == dest
        assert "must_move" not in page.inner_text("#session")
        page.screenshot(path=str(artifacts / "turn-result-dune.png"))
        page.tap("#turn-end")
        ready(page)
        assert index_of(page) > start + 1
