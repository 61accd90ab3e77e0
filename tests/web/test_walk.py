"""A walk through each game on the page (issue 25), at a desktop's and a phone's size, in
English, Russian and Ukrainian, at every animation speed: every screen is checked for a
console error or an unhandled rejection, a page wider than the screen, and a raw id or
notation shown as text; after a reload the log holds every step the walk played.

Each run walks one bounded slice (every game once, the sizes, languages and speeds spread
over them); ``WASTELAND_FULL_WALK=1`` walks every combination."""

from __future__ import annotations

import os
import re

import pytest

import boardkit as kit

GAMES = {
    "saltlands": {},
    "fallout": {},
    "quest": {},
    "age-of-thirst": {"players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}]},
}
SPEEDS = ("off", "fast", "slow")
LANGS = ("en", "ru", "uk")
SIZES = ("desktop", "phone")
FULL = os.environ.get("WASTELAND_FULL_WALK") == "1"
STEPS = 14
# an instance id ("water#1"), a content id ("tile_09", "e_pack"), a Saltlands tile's place
# in the notation ("t0,-2") or a quest enemy model's id ("g1.2")
RAW_ID = re.compile(r"\b[a-z][a-z_]*#\d+\b|\b[a-z]+_[a-z0-9_]+\b|\bt-?\d+,-?\d+\b|\bg\d+\.\d+\b")


def _cases():
    every = [(g, size, lang, speed) for g in GAMES for size in SIZES for lang in LANGS for speed in SPEEDS]
    if FULL:
        return every
    # each game once; between them both sizes, three languages and three speeds
    return [("saltlands", "phone", "ru", "fast"), ("fallout", "desktop", "uk", "slow"),
            ("quest", "phone", "en", "fast"), ("age-of-thirst", "desktop", "ru", "off")]


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from webtest import serve

    with serve(tmp_path_factory.mktemp("walk25") / "walk.db") as u:
        yield u


def _visible_text(page) -> str:
    """What the player reads: the visible text and the board's hover texts, less the game's
    id and the language menu."""
    return page.evaluate("""() => {
        let text = document.body.innerText;
        for (const e of document.querySelectorAll('#lang, .gid')) text = text.split(e.innerText).join(' ');
        const titles = [...document.querySelectorAll('#board svg title')].map((e) => e.textContent);
        const names = [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label'));
        return [text, ...titles, ...names].join(String.fromCharCode(10));
    }""")


def _check(page, where: str, width: int) -> None:
    assert not page.problems, f"{where}: {page.problems}"
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{where}: the page is {wide} px wide on a {width} px screen"
    gid = page.get_attribute("#game", "data-game") or ""
    text = _visible_text(page).replace(gid, "")
    raw = sorted(set(RAW_ID.findall(text)))
    assert not raw, f"{where}: raw ids or notation shown {raw}: " + str(
        [line for line in text.splitlines() if any(r in line for r in raw)][:5])


@pytest.mark.parametrize("game, size, lang, speed", _cases())
def test_walk(url, browser, artifacts, game, size, lang, speed):
    ctx, page = kit.watched_page(browser, size, lang)
    width = kit.SIZES[size]["width"]
    try:
        kit.open_game(page, url, game, lang=lang, anim=speed, seed=11, **GAMES[game])
        where = f"{game} {size} {lang} {speed}"
        played = 0
        for step in range(STEPS):
            _check(page, f"{where} step {step}", width)
            acts = kit.actions(page)
            if not acts:
                break
            kit.play(page, kit.pick(acts, ("character ", "enter ", "first ", "place ", "explore", "move ", "deploy ")))
            played += 1
        _check(page, f"{where} end", width)
        page.screenshot(path=artifacts / f"walk25-{game}-{size}-{lang}-{speed}.png")
        # the whole log after a reload: every action the walk (and the bots) played
        index = kit.index(page)
        page.reload()
        page.wait_for_selector(kit.READY)
        page.wait_for_function(f"document.querySelectorAll('#log li.act').length >= {index}")
        assert played
        _check(page, f"{where} reloaded", width)
    finally:
        ctx.close()
