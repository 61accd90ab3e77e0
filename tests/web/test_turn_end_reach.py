"""The turn's end is in reach on a phone's game page: at 390x844, with a list of actions
longer than its box (34vh), "End the turn" stays at the foot of the box, in view without
scrolling the list or the page (it came last, below the box's fold, in Saltlands' and the
Quest's turns). Every game, en/ru/uk; the games played to a turn of the seat's own by HTTP."""

from __future__ import annotations

import time

import httpx
import pytest

ENDS = ["end", "end turn", "end phase"]
SETUPS = {"saltlands": {"players": 2, "seats": ["human", "random"]}, "fallout": {"players": 1, "seats": ["human"]},
          "quest": {"players": 1, "seats": ["human"]}, "age-of-thirst": {"players": 2, "seats": ["human", "random"]}}
PHONE = {"width": 390, "height": 844}


def to_a_long_turn(url: str, game: str) -> tuple[str, str, int]:
    """A game whose seat 0 must decide a turn it may end, among more actions than the end
    alone where the game has such turns; (its id, the seat's token, how many actions)."""
    created = httpx.post(f"{url}api/games", json={"game": game, **SETUPS[game], "seed": 5, "join": 0}, timeout=60)
    assert created.status_code == 201, created.text
    game_id, token = created.json()["game"]["id"], created.json()["token"]
    auth = {"authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = httpx.get(f"{url}api/games/{game_id}", headers=auth, timeout=30).json()["state"]
        d = state["decision"]
        assert d is not None, "the game ended before a turn of the seat's own"
        if not d["actions"]:
            time.sleep(0.05)  # a bot's turn
            continue
        if any(a in ENDS for a in d["actions"]) and len(d["actions"]) > 4:
            return game_id, token, len(d["actions"])
        if any(a in ENDS for a in d["actions"]) and game in ("fallout", "age-of-thirst"):
            return game_id, token, len(d["actions"])  # their turns offer few actions off the board
        r = httpx.post(f"{url}api/games/{game_id}/actions", headers=auth, timeout=30,
                       json={"action": d["actions"][0], "index": state["index"]})
        assert r.status_code == 200, r.text
    raise AssertionError("no turn of the seat's own came")


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_turns_end_is_in_reach_on_a_phone(server_url, new_page, artifacts, game):
    game_id, token, _count = to_a_long_turn(server_url, game)
    for lang in ("en", "ru", "uk"):
        page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
        page.goto(f"{server_url}?lang={lang}&anim=off")
        page.evaluate("([id, token, g]) => localStorage.setItem('wasteland.seats', JSON.stringify("
                      "{[id]: {seat: 0, token, game: g, at: Date.now()}}))", [game_id, token, game])
        page.goto(f"{server_url}?lang={lang}&anim=off#/game/{game_id}")
        page.wait_for_selector("#game[data-ready='1']")
        # both boxes measured in one task after the page settles (two frames): read one at a
        # time, a redraw between the reads (the socket's first state) paired boxes of two layouts
        box, list_box = page.evaluate("""() => new Promise(done => requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const rect = el => { const r = el.getBoundingClientRect();
                                   return {x: r.x, y: r.y, width: r.width, height: r.height}; };
              const end = document.querySelector("#actions [data-action='end'], " +
                "#actions [data-action='end turn'], #actions [data-action='end phase']");
              done([rect(end), rect(document.querySelector('#actions'))]);
            })))""")
        # inside the list's visible box and the screen, with the page and the list unscrolled
        assert list_box["y"] - 1 <= box["y"] and box["y"] + box["height"] <= list_box["y"] + list_box["height"] + 1, (lang, box, list_box)
        assert box["y"] + box["height"] <= PHONE["height"], (lang, box)
        # the list unscrolled; the page itself may have scrolled to bring the whole board under
        # the question, the decision's panel held at the screen's top (test_board_under_question)
        assert page.evaluate("document.querySelector('#actions').scrollTop") == 0
        page.screenshot(path=artifacts / f"turn-end-{game}-{lang}.png")
    auth = {"authorization": f"Bearer {token}"}
    before = httpx.get(f"{server_url}api/games/{game_id}", headers=auth, timeout=30).json()["state"]["index"]
    page.locator("#actions [data-action='end'], #actions [data-action='end turn'], "
                 "#actions [data-action='end phase']").first.click()  # and it ends the turn (it is no picture of a button)
    deadline = time.monotonic() + 30
    while httpx.get(f"{server_url}api/games/{game_id}", headers=auth, timeout=30).json()["state"]["index"] == before:
        assert time.monotonic() < deadline, "the turn did not end"
        time.sleep(0.1)


def test_a_long_list_is_longer_than_its_box(server_url, new_page):
    """The case the rule is for: Saltlands' first turn lists more than its box shows."""
    game_id, token, count = to_a_long_turn(server_url, "saltlands")
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto(f"{server_url}?lang=en&anim=off")
    page.evaluate("([id, token]) => localStorage.setItem('wasteland.seats', JSON.stringify("
                  "{[id]: {seat: 0, token, game: 'saltlands', at: Date.now()}}))", [game_id, token])
    page.goto(f"{server_url}?lang=en&anim=off#/game/{game_id}")
    page.wait_for_selector("#game[data-ready='1']")
    assert page.evaluate("(() => { const b = document.querySelector('#actions'); return b.scrollHeight > b.clientHeight; })()")
