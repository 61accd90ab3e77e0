"""Helpers the board-component tests share: a game opened on the page with its seat's token,
a page that records every console error and unhandled rejection, and a step played."""

from __future__ import annotations

import json
import re

READY = "#game[data-ready='1']"
MY_TURN = "#game[data-ready='1'][data-turn='mine']"
OVER = "#game[data-ready='1'][data-turn='over']"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LOCALES = {"en": "en-US", "ru": "ru-RU", "uk": "uk-UA"}


#: Chromium's console line for a request the server refused, which the page shows: bad input
#: (400, 422: one clear error naming the rule or field) or a step on a position another
#: phone had already moved (409)
REFUSED = re.compile(r"Failed to load resource: the server responded with a status of (400|409|422)\b")


def watched_page(browser, size="phone", lang: str = "en", timeout: int = 20_000, refusals: bool = False,
                 **options):
    """A fresh context and page at ``size`` (a name of ``SIZES`` or (width, height); under
    500 px wide a phone's, touch on) in ``lang``'s locale; ``page.problems`` collects console
    errors, page errors and unhandled promise rejections (Chromium reports those as page
    errors). ``refusals``: the test provokes refusals on purpose, so the console's line for
    each refused request is no problem (``REFUSED``). ``options``: more of Playwright's
    context options."""
    viewport = SIZES[size] if isinstance(size, str) else {"width": size[0], "height": size[1]}
    phone = viewport["width"] < 500
    ctx = browser.new_context(**{"viewport": viewport, "locale": LOCALES[lang], "is_mobile": phone,
                                 "has_touch": phone, **options})
    page = ctx.new_page()
    page.set_default_timeout(timeout)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("console", lambda m: problems.append(f"console.{m.type}: {m.text}")
            if m.type == "error" and not (refusals and REFUSED.match(m.text)) else None)
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
    """Every legal action: the list's (those without a place) and the board's spots' (issue 25)."""
    return page.evaluate("""() => {
        const out = [...document.querySelectorAll('#actions .action-btn')].map(b => b.dataset.action);
        for (const e of document.querySelectorAll('#board [data-actions]'))
            for (const a of e.dataset.actions.split('\\n')) if (a && !out.includes(a)) out.push(a);
        return out;
    }""")


# the board's spot offering an action: a target before a piece to select (a piece whose
# several destinations need a selection first is a "source")
_SPOT_FOR = """a => {
    const spots = [...document.querySelectorAll('#board .vp-focusable[data-actions]')]
        .filter(e => e.dataset.actions.split('\\n').includes(a));
    const spot = spots.find(e => !e.matches('.source')) || spots[0];
    if (!spot) return false;
    spot.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    return true;
}"""


def click_action(page, action: str) -> None:
    """Play ``action`` as a person does: its button in the list of the actions without a place,
    else on the board, piece then target (a menu where a spot offers several)."""
    button = page.locator(f"#actions .action-btn[data-action='{action}']")
    if button.count():
        button.click()
        return
    before = index(page)
    for _ in range(3):
        in_place = page.locator(f"#selection .action-btn[data-action='{action}']")
        if in_place.count():  # what a selected piece does where it stands (a flip)
            in_place.click()
            return
        assert page.evaluate(_SPOT_FOR, action), f"{action!r} is neither listed nor on the board"
        page.wait_for_function("document.querySelector('#chooser, #confirm, #selection') "
                               "|| document.querySelector('#game').dataset.ready !== '1' "
                               f"|| Number(document.querySelector('#game').dataset.index) > {before}")
        if page.locator("#chooser").count():
            page.locator(f"#chooser .choice[data-action='{action}']").click()
            return
        if not page.locator("#selection").count():
            return  # played (or asking first: #confirm)


def play(page, action: str) -> None:
    """Play ``action`` (by its button or on the board, confirming if the page asks) and wait
    for the next decision."""
    before = index(page)
    click_action(page, action)
    page.wait_for_function(f"document.querySelector('#confirm') || Number(document.querySelector('#game').dataset.index) > {before}")
    if page.locator("#confirm").count():
        page.click("#confirm-yes")
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    page.wait_for_selector(f"{MY_TURN}, {OVER}", timeout=30_000)


def play_first(page, prefix: str = "") -> str:
    """Play the first legal action starting with ``prefix`` (the list's, then the board's)."""
    action = next(a for a in actions(page) if a.startswith(prefix))
    play(page, action)
    return action


def pick(acts: list[str], prefer=("place ", "explore", "enter ", "character ", "first ", "move ")) -> str:
    for p in prefer:
        hit = [a for a in acts if a.startswith(p)]
        if hit:
            return hit[0]
    return acts[0]


def pan_to(page, spot_selector):
    """Drag the board as a person would until the spot is in its box: on a phone Fallout's map
    is kept readable (12 px labels), so not every place is in view at once."""
    for _ in range(6):
        page.locator("#board .vp-stage").scroll_into_view_if_needed()
        stage, spot = page.locator("#board .vp-stage").bounding_box(), page.locator(spot_selector).bounding_box()
        cx, cy = stage["x"] + stage["width"] / 2, stage["y"] + stage["height"] / 2
        dx, dy = cx - (spot["x"] + spot["width"] / 2), cy - (spot["y"] + spot["height"] / 2)
        if abs(dx) < stage["width"] / 2 - spot["width"] and abs(dy) < stage["height"] / 2 - spot["height"]:
            return
        step = lambda d, half: max(-half, min(half, d))  # one finger's drag stays inside the box
        page.mouse.move(cx, cy)
        page.mouse.down()
        page.mouse.move(cx + step(dx, stage["width"] / 2 - 4), cy + step(dy, stage["height"] / 2 - 4), steps=8)
        page.mouse.up()
    raise AssertionError(f"{spot_selector} not brought into the board's box")
