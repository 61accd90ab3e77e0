"""The companion's board at a phone's 390x844, for each game: the area in play (what the board
marks in play, the spots the question offers) lies inside the board's view when a session
opens and after each of several corrections; a view the table zoomed to is kept across an
update. A slice every run (Saltlands' fit, Quest's zoom); every game with
WASTELAND_FULL_WALK=1."""

from __future__ import annotations

import os

import pytest

from companiontest import answer_chance, PHONE, index_of, ready

GAMES = ("saltlands", "fallout", "quest", "age-of-thirst")
FULL = os.environ.get("WASTELAND_FULL_WALK") == "1"
CORRECTIONS = 4
FIRST_STEPS = {"saltlands": 4, "age-of-thirst": 2}  # characters first (SL §44); troops placed (LO-4.3)

# what the board marks in play and the spots offered, and the board's stage, in page pixels
IN_PLAY = """() => {
  const stage = document.querySelector('#board .vp-stage').getBoundingClientRect();
  const els = [...document.querySelectorAll('#board svg [data-play], #board svg .reach, #board svg .target')];
  const rs = els.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  if (!rs.length) return null;
  const area = { left: Math.min(...rs.map((r) => r.left)), top: Math.min(...rs.map((r) => r.top)),
                 right: Math.max(...rs.map((r) => r.right)), bottom: Math.max(...rs.map((r) => r.bottom)) };
  const marked = [...document.querySelectorAll('#board svg .reach, #board svg .target')].map((e) => e.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);
  const focus = marked.length ? { left: Math.min(...marked.map((r) => r.left)), top: Math.min(...marked.map((r) => r.top)),
                 right: Math.max(...marked.map((r) => r.right)), bottom: Math.max(...marked.map((r) => r.bottom)) } : null;
  const svg = document.querySelector('#board svg');
  return { area, focus, read: Number(svg.dataset.read || 0) * svg.getScreenCTM().a,
           stage: { left: stage.left, top: stage.top, right: stage.right, bottom: stage.bottom } };
}"""


def slice_of(games, every_run):
    """Every game with WASTELAND_FULL_WALK=1, else the slice (no test left skipped)."""
    return [g for g in games if FULL or g in every_run]


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from companiontest import serve

    with serve(tmp_path_factory.mktemp("companion-fit") / "fit.db") as found:
        yield found


def opened(page, url, game):
    page.goto(f"{url}companion.html?lang=en#/new/{game}")
    page.wait_for_selector("#create")
    page.tap("#create")
    ready(page, 0)


def in_view(page, where: str) -> bool:
    got = page.evaluate(IN_PLAY)
    if got is None:
        return False  # nothing in play yet
    a, s = got["area"], got["stage"]
    if got["read"] and (a["right"] - a["left"] > s["right"] - s["left"] + 2 or a["bottom"] - a["top"] > s["bottom"] - s["top"] + 2):
        # a board whose words must read at 12 px (Fallout's map, data-read) may show less than
        # the whole area in play on a phone: the words kept readable, the question's spots in
        # view (or, with none, the middle of the area in play), the rest a pan away
        assert got["read"] >= 11.5, f"{where}: the board's words {got['read']} px high"
        a = got["focus"] or {"left": (a["left"] + a["right"]) / 2, "right": (a["left"] + a["right"]) / 2,
                             "top": (a["top"] + a["bottom"]) / 2, "bottom": (a["top"] + a["bottom"]) / 2}
    assert a["left"] >= s["left"] - 1 and a["right"] <= s["right"] + 1, f"{where}: in play {a}, shown {s}"
    assert a["top"] >= s["top"] - 1 and a["bottom"] <= s["bottom"] + 1, f"{where}: in play {a}, shown {s}"
    assert s["left"] >= -1 and s["right"] <= PHONE["width"] + 1, f"{where}: the board is wider than the screen {s}"
    return True


def take_a_step(page):
    """The question's first option in view, else its form's result as proposed (a clan's
    starting troops, LO-4.3), or the faces of dice rolled together."""
    shown = page.locator("#decision [data-action]:visible")
    if page.locator("#roll").count():  # dice rolled together (Quest's destiny roll): each die's face
        answer_chance(page)
    elif shown.count():
        shown.first.tap()
    else:
        page.tap("#action-form-go")


def corrections(page):
    """The corrections the page offers in one tap (no list behind them)."""
    return page.locator("#player-edits button:not([data-menu]), #table-edits button:not([data-menu])")


@pytest.mark.parametrize("game", slice_of(GAMES, {"saltlands"}))
def test_the_area_in_play_is_in_view_after_corrections(url, phone, artifacts, game):
    page = phone
    opened(page, url, game)
    checked = in_view(page, f"{game} opened")
    for n in range(FIRST_STEPS.get(game, 0)):  # the set-up's choices (characters, figures entering)
        take_a_step(page)
        ready(page, n + 1)
        checked = in_view(page, f"{game} after its step {n + 1}") or checked
    assert checked, f"{game}: nothing in play is ever drawn"
    page.tap("#correct-toggle")
    ready(page)
    made = 0
    for n in range(CORRECTIONS):
        offered = corrections(page)
        if offered.count() <= n:
            break
        before = index_of(page)
        offered.nth(n).tap()
        ready(page, before + 1)
        in_view(page, f"{game} after correction {n + 1}")
        made += 1
    assert made >= 2, f"{game}: only {made} corrections made"
    page.screenshot(path=str(artifacts / f"fit-{game}.png"))


def view_box(page) -> list[float]:
    return [float(n) for n in page.get_attribute("#board svg", "viewBox").split()]


@pytest.mark.parametrize("game", slice_of(GAMES, {"quest"}))
def test_a_zoomed_view_is_kept_across_an_update(url, phone, game):
    page = phone
    opened(page, url, game)
    fitted = view_box(page)
    page.locator("#board .vp-zoom-in").tap()
    zoomed = view_box(page)
    if zoomed[2] > fitted[2] * 0.9:  # opened at the closest zoom: out, then
        page.locator("#board .vp-zoom-out").tap()
        page.locator("#board .vp-zoom-out").tap()
        zoomed = view_box(page)
    assert abs(zoomed[2] - fitted[2]) > fitted[2] * 0.1, (fitted, zoomed)
    before = index_of(page)
    take_a_step(page)  # an update: the table's step
    ready(page, before + 1)
    after = view_box(page)
    # the zoom the table chose stays (the view may pan to bring the step into sight)
    assert after[2:] == pytest.approx(zoomed[2:], rel=1e-3), (zoomed, after)
