"""A measured table round: the companion page driven in Playwright at a phone's 390x844 as a
table would for one round of each game, counting taps (a native dropdown as two), swipes
(each time what the table must tap next lies outside the screen) and seconds, printed.

The table's flow, each step as it comes (the issue's round: the players' turns entered as
their results, the card or roll the table made revealed, the enemies run, a tie answered):
  * the table's answer to chance (a card, a die, a tile): the first card it offers, tapped
    (from a dropdown: two taps, and the button that enters it); dice rolled together, on
    one screen: a tap on each die's face;
  * an automated part the game's policy covers: "Run the enemies for us", one tap;
  * a player's own turn, played with the box: entered as its result (the page opens on it),
    the spot the player's figure now stands on (the free spot the board offers nearest to
    it; where a seat has several figures, a clan's troops: the figure first), then "Turn
    played: end it", after which the page runs the enemies itself; a turn of several
    phases ends each (its figures moved in the first);
  * another choice of the table's own (a tie no policy breaks, the set-up): the result the
    game's form enters in one step (a clan's starting troops as the table placed them,
    LO-4.3: the form's arrangement, as proposed, one tap); else the first option;
  * where the page shows what happened one event at a time, "Show all": one tap.

    python scripts/table_round.py                   # this checkout's page and server
    python scripts/table_round.py --repo /tmp/before   # another checkout's (before and after)

It starts ``wasteland serve`` from ``--repo``'s src on a temporary database; nothing is kept.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

PHONE = {"width": 390, "height": 844}
CHROMIUM = os.environ.get("WASTELAND_CHROMIUM") or "/usr/bin/chromium"
GAMES = ("saltlands", "fallout", "quest", "age-of-thirst")
MAX_STEPS = 400
#: the taps issue 24 measured for one round of each game on the page as it was (its aim: half)
ISSUE_TAPS = {"saltlands": 32, "fallout": 18, "quest": 31, "age-of-thirst": 42}


class Counter:
    """The table's taps and swipes on one page."""

    def __init__(self, page, trace: bool = False) -> None:
        self.page, self.taps, self.swipes, self.trace = page, 0, 0, trace

    def reach(self, locator) -> None:
        """Swipes to bring ``locator`` on screen: one a screen's height (80%) of distance."""
        box = locator.bounding_box()
        if box is None:
            return
        top = box["y"]
        bottom = box["y"] + box["height"]
        height = PHONE["height"]
        off = max(0.0, bottom - height) if bottom > height else max(0.0, -top)
        if off > 0:
            self.swipes += math.ceil(off / (0.8 * height))
            if self.trace:
                print(f"    swipe to y={box['y']:.0f}")
            locator.scroll_into_view_if_needed()

    def tap(self, locator, over: bool = False) -> None:
        """``over``: a figure may stand over the spot (a tap on it is a tap on its spot)."""
        self.reach(locator)
        locator.click(force=over)
        self.taps += 1
        if self.trace:
            print(f"    tap {self.taps}: {locator}")

    def pick(self, select, value: str) -> None:
        """A native dropdown: open it, pick (two taps)."""
        self.reach(select)
        select.select_option(value)
        self.taps += 2
        if self.trace:
            print(f"    taps {self.taps - 1}-{self.taps}: {select} = {value}")


def serve(repo: Path, db: Path):
    env = {**os.environ, "PYTHONPATH": str(repo / "src")}
    cmd = [sys.executable, "-c", "from wasteland.cli.main import app; app()", "serve", "--host", "127.0.0.1",
           "--port", "0", "--db", str(db), "--bot-workers", "1", "--companion"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        found = re.search(r"(http://[\d.]+:\d+/)", line or "")
        if found:
            threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
            return proc, found.group(1)
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise SystemExit("the server did not start")


def ready(page) -> None:
    page.wait_for_selector("#session[data-ready='1']", timeout=60_000)


def position(url: str, sid: str) -> dict:
    return httpx.get(f"{url}api/companion/{sid}", timeout=30).json()


def round_over(game: str, start: dict, now: dict) -> bool:
    """The next round has come to the table's own choice again (the enemies' part of the
    last one run, its chance answered)."""
    d = now.get("decision")
    if d is None:
        return True
    if d["chance"] or d.get("policy"):
        return False
    v0, v = start["view"], now["view"]
    if game == "age-of-thirst":  # a round: the set-up, then every clan's turn once
        return v.get("phase") != "setup" and v.get("turn", 0) >= 2
    return v.get("round", 0) > v0.get("round", 0)


#: the options of the issue's round: Saltlands' two players (SL §47: both players' turns)
SETUP = {"saltlands": {"#opt-players": "2"}}
#: where a seat's figure stands in a game's view: (list, key of the spot, key of the seat)
FIGURES = {"saltlands": ("players", "hex", "seat"), "fallout": ("survivors", "space", "seat"),
           "quest": ("players", "zone", "seat"), "age-of-thirst": ("pieces", "hex", "owner")}
SPOT_ATTRS = ("data-hex", "data-space", "data-zone")


def spot(page, name: str):
    """The board's element of the spot ``name`` the page lets the table tap (its marked one)."""
    for attr in SPOT_ATTRS:
        found = page.locator(f'#board svg .pick[{attr}="{name}"]')
        if found.count():
            return found.first
    return None


def nearest_free(page, origin: str, taken: set[str]) -> str | None:
    """The free spot the board offers nearest to ``origin`` on the screen (where the figure
    went, for this script: a table taps wherever it went)."""
    return page.evaluate("""([origin, taken, attrs]) => {
      const name = (e) => attrs.map((a) => e.getAttribute(a)).find((v) => v) || "";
      const centre = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
      const spots = [...document.querySelectorAll('#board svg .pick')].filter((e) => name(e));
      const from = spots.find((e) => name(e) === origin);
      if (!from) return null;
      const [x0, y0] = centre(from);
      let best = null, dist = Infinity;
      for (const e of spots) {
        const n = name(e);
        if (n === origin || taken.includes(n)) continue;
        const [x, y] = centre(e);
        const d = (x - x0) ** 2 + (y - y0) ** 2;
        if (d < dist) { dist = d; best = n; }
      }
      return best;
    }""", [origin, sorted(taken), list(SPOT_ATTRS)])


def settled(page, index: int, timeout: float = 60_000) -> bool:
    """The page shows a step after ``index`` (False: nothing came, the tap was refused)."""
    try:
        # a selector, not a script: the page's Content-Security-Policy forbids evaluating strings
        page.wait_for_selector(f"#session[data-ready='1']:not([data-index='{index}'])", timeout=timeout)
        return True
    except Exception:
        return False


def enter_result(page, count, url: str, sid: str, game: str, now: dict) -> None:
    """A player's turn entered as its result: the figure, then where it now stands."""
    if not page.locator("#session.entering").count():  # "Where things stand now" (the page opens on it)
        count.tap(page.locator("#turn-correct"))
        page.wait_for_selector("#session.entering")
    seat = now["decision"]["seat"]
    group, key, owner = FIGURES[game]
    figures = now["view"].get(group) or []
    mine = [f for f in figures if f.get(owner) == seat and f.get(key)]
    taken = {str(f.get(key)) for f in figures if f.get(key)}
    taken |= set((now["view"].get("tokens") or {}).keys()) | {r.get("hex") for r in now["view"].get("raiders") or []}
    if not mine:
        return
    origin = str(mine[0][key])
    here = spot(page, origin)
    dest = nearest_free(page, origin, taken) if here is not None else None
    if here is None or dest is None:
        return
    index = now["index"]
    if len(mine) > 1:  # one figure of several (a clan's troops): the figure, then where it stands
        count.tap(here, over=True)
        menu = page.locator("#hex-menu .menu-choice[data-step='']")
        if menu.count():  # a list opened (a spot holding more than the figure): its "move to"
            count.tap(menu.first)
    count.tap(spot(page, dest), over=True)  # the player's one figure: where it now stands
    settled(page, index, 10_000)


def table_round(browser, url: str, game: str, trace: bool = False) -> dict:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{url}companion.html?lang=en#/new/{game}")
    page.wait_for_selector("#create")
    for field, value in SETUP.get(game, {}).items():  # the session's options (not the round's taps)
        page.select_option(field, value)
    page.click("#create")
    ready(page)
    sid = page.url.split("#/s/", 1)[1]
    first = None  # the position at the round's first player turn
    count = Counter(page, trace)
    began = time.monotonic()
    steps = 0
    entered: set[tuple] = set()  # the turns (seat, round, turn) whose result is entered
    while steps < MAX_STEPS:
        now = position(url, sid)
        if first is not None and round_over(game, first, now):
            break
        index = now["index"]
        d = now["decision"]
        page.wait_for_selector(f"#session[data-ready='1'][data-index='{index}']")  # the page shows it too
        if page.locator("#all-events").count():
            count.tap(page.locator("#all-events"))
        v = now["view"]
        if trace:
            print(f"  {d['label']} {d['kind']} {d['rule']} {d['actions'][:3]}")
        turn = (d["seat"], v.get("round"), v.get("turn"), v.get("phase"))
        if d["chance"]:
            buttons = page.locator("#decision button.chance")
            roll = page.locator("#roll")
            if roll.count():  # dice rolled together: each die's face, on one screen
                for _ in range(int(roll.get_attribute("data-roll"))):
                    count.tap(page.locator("#roll .roll-face").first)
            elif buttons.count():
                count.tap(buttons.first)
            else:
                select = page.locator("#chance-pick")
                count.pick(select, select.locator("option").first.get_attribute("value"))
                count.tap(page.locator("#chance-go"))
        elif d.get("policy") and page.locator("#run").count():
            count.tap(page.locator("#run"))
        elif page.locator("#turn-end").count() and turn not in entered and v.get("phase") != "economic":
            if first is None:  # the round: from the first player's turn (its dice and set-up before it)
                first = now
            entered.add(turn)
            enter_result(page, count, url, sid, game, now)
            steps += 1
            continue
        else:
            end = page.locator("#turn-end")  # the turn played with the box: ended beside the question
            if not end.count():
                end = page.locator("#decision [data-action='end']")
            form = page.locator("#action-form-go")  # the result entered in one step
            target = end if end.count() else form if form.count() else page.locator("#decision [data-action]").first
            if not target.is_visible():  # inside a folded list: open it first
                fold = page.locator("#decision details.fold:not([open]) > summary").first
                count.tap(fold)
            count.tap(target)
        settled(page, index)
        steps += 1
    seconds = time.monotonic() - began
    ctx.close()
    return {"game": game, "taps": count.taps, "swipes": count.swipes, "seconds": round(seconds, 1), "steps": steps,
            "finished": steps < MAX_STEPS}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", type=Path, default=Path(__file__).resolve().parent.parent,
                    help="the checkout whose server and page to measure (default: this one)")
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--trace", action="store_true", help="print every tap and swipe")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = serve(args.repo.resolve(), Path(tmp) / "round.db")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                print(f"{'game':<15}{'taps':>6}{'swipes':>8}{'seconds':>9}{'steps':>7}{'issue':>7}{'aim':>6}")
                for game in args.games:
                    r = table_round(browser, url, game, args.trace)
                    note = "" if r["finished"] else f"  (stopped at {MAX_STEPS} steps)"
                    was = ISSUE_TAPS.get(game)
                    aim = f"<={was // 2}" if was else ""
                    print(f"{game:<15}{r['taps']:>6}{r['swipes']:>8}{r['seconds']:>9}{r['steps']:>7}{was or '':>7}{aim:>6}{note}",
                          flush=True)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
