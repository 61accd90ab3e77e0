"""The question and the board it asks about are in view together on a phone (issue 25): at
390x844 Saltlands asks which raider type activates (SL §100) and the raiders stand on the
board. The board lay below the decision's panel, the raiders under the fold; the panel now
holds the screen's top and the page brings the whole board under it. At 1280x800 the board
stands beside the question, as before."""

from __future__ import annotations

import time

import httpx
import pytest
from boardkit import SIZES, watched_page


def to_the_raiders_activation(url: str) -> tuple[str, str]:
    """A Saltlands game for two whose seat 0 chooses which raider type activates."""
    created = httpx.post(f"{url}api/games", json={"game": "saltlands", "players": 2, "seats": ["human", "random"],
                                                  "seed": 5, "join": 0}, timeout=60)
    assert created.status_code == 201, created.text
    game_id, token = created.json()["game"]["id"], created.json()["token"]
    auth = {"authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = httpx.get(f"{url}api/games/{game_id}", headers=auth, timeout=30).json()["state"]
        d = state["decision"]
        assert d is not None, "the game ended before the raiders' activation"
        if not d["actions"]:
            time.sleep(0.05)  # a bot's turn
            continue
        if d["kind"] == "activation":
            return game_id, token
        # the turn ended at once: the raiders then activate
        action = next((a for a in d["actions"] if a in ("end", "end turn")), d["actions"][0])
        r = httpx.post(f"{url}api/games/{game_id}/actions", headers=auth, timeout=30,
                       json={"action": action, "index": state["index"]})
        assert r.status_code == 200, r.text
    raise AssertionError("no activation of the seat's own came")


BOXES = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
    const box = s => { const r = document.querySelector(s).getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
    done({prompt: box('#prompt'), stage: box('#board .vp-stage'),
          wide: document.documentElement.scrollWidth - window.innerWidth});
})))"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_question_and_its_board_are_in_view_together(server_url, browser, artifacts, size):
    game_id, token = to_the_raiders_activation(server_url)
    height = SIZES[size]["height"]
    for lang in ("en", "ru", "uk"):
        ctx, page = watched_page(browser, size, lang)
        try:
            page.goto(f"{server_url}?lang={lang}&anim=off")
            page.evaluate("([id, token]) => localStorage.setItem('wasteland.seats', JSON.stringify("
                          "{[id]: {seat: 0, token, game: 'saltlands', at: Date.now()}}))", [game_id, token])
            page.goto(f"{server_url}?lang={lang}&anim=off#/game/{game_id}")
            page.wait_for_selector("#game[data-ready='1'][data-turn='mine'] #prompt")
            boxes = page.evaluate(BOXES)
            page.screenshot(path=artifacts / f"board-under-question-{size}-{lang}.png")
            # the question whole on the screen, and the board's whole stage with it
            assert 0 <= boxes["prompt"]["top"] and boxes["prompt"]["bottom"] <= height, (lang, boxes)
            assert -1 <= boxes["stage"]["top"] and boxes["stage"]["bottom"] <= height + 1, (lang, boxes)
            assert boxes["prompt"]["bottom"] <= boxes["stage"]["top"] or size == "desktop", (lang, boxes)
            assert boxes["wide"] <= 0, (lang, boxes)  # no sideways scroll
            assert not page.problems, page.problems
        finally:
            ctx.close()


AT = """() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
    const box = s => { const r = document.querySelector(s).getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
    done({decision: box('#decision'), mine: box('#mine'), log: box('.game .log'),
          stage: box('#board .vp-stage'), scrolled: window.scrollY});
})))"""


def test_the_decision_leaves_with_the_board_when_the_person_reads_on(server_url, browser, artifacts):
    """On a phone the decision's panel held the screen's top (up to 45% of it) wherever the
    person scrolled: reading the log, they read it under the panel. The panel now goes with
    the board's foot once the person scrolls past the board, and holds the top again over the
    board when they scroll back up."""
    game_id, token = to_the_raiders_activation(server_url)
    height = SIZES["phone"]["height"]
    for lang in ("en", "ru", "uk"):
        ctx, page = watched_page(browser, "phone", lang)
        try:
            page.goto(f"{server_url}?lang={lang}&anim=off")
            page.evaluate("([id, token]) => localStorage.setItem('wasteland.seats', JSON.stringify("
                          "{[id]: {seat: 0, token, game: 'saltlands', at: Date.now()}}))", [game_id, token])
            page.goto(f"{server_url}?lang={lang}&anim=off#/game/{game_id}")
            page.wait_for_selector("#game[data-ready='1'][data-turn='mine'] #prompt")
            # on to the page's foot, the log on the screen: none of the cards, the log or the
            # players under the decision's panel, which ends at the board's foot
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            boxes = page.evaluate(AT)
            page.screenshot(path=artifacts / f"decision-leaves-at-log-{lang}.png")
            assert boxes["scrolled"] > 0 and 0 <= boxes["log"]["top"] < height, (lang, boxes)
            assert boxes["decision"]["bottom"] <= boxes["mine"]["top"] + 1, (lang, boxes)
            # back up to the board: the question over it again, the whole board under it
            page.evaluate("window.scrollBy(0, document.querySelector('#board .vp-stage')"
                          ".getBoundingClientRect().bottom - window.innerHeight)")
            boxes = page.evaluate(AT)
            page.screenshot(path=artifacts / f"decision-leaves-back-{lang}.png")
            assert abs(boxes["decision"]["top"]) <= 1, (lang, boxes)
            assert boxes["decision"]["bottom"] <= boxes["stage"]["top"] + 1, (lang, boxes)
            assert boxes["stage"]["bottom"] <= height + 1, (lang, boxes)
            assert not page.problems, page.problems
        finally:
            ctx.close()
