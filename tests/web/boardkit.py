"""Helpers the board-component tests share: a game opened on the page with its seat's token,
a page that records every console error and unhandled rejection, and a step played."""

from __future__ import annotations

import json

READY = "#game[data-ready='1']"
MY_TURN = "#game[data-ready='1'][data-turn='mine']"
OVER = "#game[data-ready='1'][data-turn='over']"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LOCALES = {"en": "en-US", "ru": "ru-RU", "uk": "uk-UA"}


def watched_page(browser, size: str = "phone", lang: str = "en"):
    """A fresh context and page; ``page.problems`` collects console errors, page errors and
    unhandled promise rejections (Chromium reports those as page errors)."""
    phone = size == "phone"
    ctx = browser.new_context(viewport=SIZES[size], locale=LOCALES[lang], is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    page.problems = problems
    return ctx, page


def create(page, url: str, game: str, seed: int = 4, seats=None, **options) -> dict:
    body = {"game": game, "seats": seats or [{"kind": "human"}], "join": True, "seed": seed, **options}
    r = page.request.post(f"{url}api/games", data=body)
    assert r.status == 201, r.text()
    return r.json()


def open_game(page, url: str, game: str, lang: str = "en", anim: str = "off", seed: int = 4, seats=None,
              **options) -> dict:
    """Create ``game`` with the first seat ours, and open its page with that seat's token."""
    created = create(page, url, game, seed, seats, **options)
    gid = created["game"]["id"]
    page.goto(f"{url}?lang={lang}&anim={anim}")
    seats_held = {gid: {"seat": created["seat"], "token": created["token"], "game": game, "at": 0}}
    page.evaluate(f"localStorage.setItem('wasteland.seats', {json.dumps(json.dumps(seats_held))})")
    page.goto(f"{url}?lang={lang}&anim={anim}#/game/{gid}")
    page.wait_for_selector(READY)
    page.wait_for_selector(f"{MY_TURN}, {OVER}", timeout=30_000)
    return created


def index(page) -> int:
    return int(page.get_attribute("#game", "data-index"))


def actions(page) -> list[str]:
    return page.locator("#actions .action-btn").evaluate_all("bs => bs.map(b => b.dataset.action)")


def play(page, action: str) -> None:
    """Play ``action`` by its button (confirming if the page asks) and wait for the next decision."""
    before = index(page)
    page.locator(f"#actions .action-btn[data-action='{action}']").click()
    page.wait_for_function(f"document.querySelector('#confirm') || Number(document.querySelector('#game').dataset.index) > {before}")
    if page.locator("#confirm").count():
        page.click("#confirm-yes")
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    page.wait_for_selector(f"{MY_TURN}, {OVER}", timeout=30_000)


def pick(acts: list[str], prefer=("place ", "explore", "enter ", "character ", "first ", "move ")) -> str:
    for p in prefer:
        hit = [a for a in acts if a.startswith(p)]
        if hit:
            return hit[0]
    return acts[0]
