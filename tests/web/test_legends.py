"""Every board's legend on the real page (issue 14): the Fallout map and the quest's
battlefield explain what they draw in the page's language, and their highlights hatch
over what is underneath instead of painting it over."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from webtest import serve  # noqa: F401  (the conftest's helpers)

READY = "#game[data-ready='1']"
#: per game: the legend entries its first position must show, and the overlay of a highlight
GAMES = {
    "fallout": ({"space", "road", "marker", "survivor-0", "enemy-down", "reach"}, "g.fo-space.reach .fo-hl"),
    "quest": ({"tile", "zone-wall", "tile-wall", "closed-gate", "hero-0", "reach", "target"}, "rect.wq-hl"),
}
LATIN = re.compile(r"[A-Za-z]{2,}")


def _open_game(page, url: str, game: str, lang: str) -> str:
    r = page.request.post(f"{url}api/games", data={"game": game, "seats": [{"kind": "human"}], "join": True, "seed": 4})
    assert r.status == 201, r.text()
    created = r.json()
    gid = created["game"]["id"]
    page.goto(f"{url}?lang={lang}&anim=off")
    seats = {gid: {"seat": created["seat"], "token": created["token"], "game": game, "at": 0}}
    page.evaluate(f"localStorage.setItem('wasteland.seats', {json.dumps(json.dumps(seats))})")
    page.goto(f"{url}?lang={lang}&anim=off#/game/{gid}")
    page.wait_for_selector(READY)
    return gid


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("game", list(GAMES))
def test_the_board_has_a_legend_in_the_page_language(server_url, new_page, artifacts, game, lang):
    keys, overlay = GAMES[game]
    page = new_page()
    _open_game(page, server_url, game, lang)
    page.click("#legend-toggle")
    items = page.locator("#legend .lg-item")
    expect(items.first).to_be_visible()
    shown = {i.get_attribute("data-legend"): i.inner_text() for i in items.all()}
    assert keys <= set(shown), sorted(shown)
    for key, text in shown.items():
        assert text and not text.startswith(("fo.", "wq.")), (key, text)
        if lang != "en":
            assert not LATIN.search(text), (key, text)  # no English word left in a Russian or Ukrainian legend
    # the first decision names places on the board: they are hatched over, not painted over
    expect(page.locator(overlay).first).to_be_attached()
    page.screenshot(path=artifacts / f"legend-{game}-{lang}.png")
