"""A measured table round: the companion page driven in Playwright at a phone's 390x844 as a
table would for one round of each game, counting taps (a native dropdown as two), swipes
(each time what the table must tap next lies outside the screen) and seconds, printed.

The table's flow, each step as it comes:
  * the table's answer to chance (a card, a die, a tile): the first card it offers, tapped
    (from a dropdown: two taps, and the button that enters it);
  * an automated part the game's policy covers: "Run the enemies for us", one tap;
  * a choice of the table's own (its players' turns, a tie no policy breaks): the turn's
    end where the decision offers it (the table played that turn with the box); else the
    result the game's form enters in one step (a clan's starting troops as the table
    placed them, LO-4.3: the form's arrangement, as proposed, one tap); else the first option;
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


class Counter:
    """The table's taps and swipes on one page."""

    def __init__(self, page) -> None:
        self.page, self.taps, self.swipes = page, 0, 0

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
            locator.scroll_into_view_if_needed()

    def tap(self, locator) -> None:
        self.reach(locator)
        locator.click()
        self.taps += 1

    def pick(self, select, value: str) -> None:
        """A native dropdown: open it, pick (two taps)."""
        self.reach(select)
        select.select_option(value)
        self.taps += 2


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


def table_round(browser, url: str, game: str) -> dict:
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    page.goto(f"{url}companion.html?lang=en#/new/{game}")
    page.wait_for_selector("#create")
    page.click("#create")
    ready(page)
    sid = page.url.split("#/s/", 1)[1]
    start = position(url, sid)
    count = Counter(page)
    began = time.monotonic()
    steps = 0
    while steps < MAX_STEPS:
        now = position(url, sid)
        if round_over(game, start, now):
            break
        index = now["index"]
        d = now["decision"]
        if page.locator("#all-events").count():
            count.tap(page.locator("#all-events"))
        if d["chance"]:
            buttons = page.locator("#decision button.chance")
            if buttons.count():
                count.tap(buttons.first)
            else:
                select = page.locator("#chance-pick")
                count.pick(select, select.locator("option").first.get_attribute("value"))
                count.tap(page.locator("#chance-go"))
        elif d.get("policy") and page.locator("#run").count():
            count.tap(page.locator("#run"))
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
        # a selector, not a script: the page's Content-Security-Policy forbids evaluating strings
        page.wait_for_selector(f"#session[data-ready='1']:not([data-index='{index}'])", timeout=60_000)
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
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = serve(args.repo.resolve(), Path(tmp) / "round.db")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                print(f"{'game':<15}{'taps':>6}{'swipes':>8}{'seconds':>9}{'steps':>7}")
                for game in args.games:
                    r = table_round(browser, url, game)
                    note = "" if r["finished"] else f"  (stopped at {MAX_STEPS} steps)"
                    print(f"{game:<15}{r['taps']:>6}{r['swipes']:>8}{r['seconds']:>9}{r['steps']:>7}{note}", flush=True)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
