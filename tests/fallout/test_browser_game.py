"""The Fallout round end through the registry alone, in a real browser: a real
``wasteland serve`` on a temporary SQLite database, Debian's Chromium through Playwright.
The lobby's form offers the game with its options, the page draws its own board module
(the demo graph), and a person plays it by clicking, against the heuristic bot, to the end."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import time

import pytest
from playwright.sync_api import expect

import boardkit as kit

CHROMIUM = os.environ.get("WASTELAND_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
READY = "#game[data-ready='1']"
MY_TURN = "#game[data-ready='1'][data-turn='mine']"
OVER = "#game[data-ready='1'][data-turn='over']"


@contextlib.contextmanager
def serve(db):
    cmd = [sys.executable, "-c", "from wasteland.cli.main import app; app()", "serve", "--host", "127.0.0.1",
           "--port", "0", "--db", str(db), "--bot-workers", "1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url, lines, deadline = None, [], time.monotonic() + 60
    while time.monotonic() < deadline and url is None:
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            break
        lines.append(line)
        m = re.search(r"(http://[\d.]+:\d+/)", line)
        url = m.group(1) if m else None
    try:
        assert url, "the server did not start: " + "".join(lines)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_fallout_game_is_created_in_the_lobby_and_played_to_the_end(tmp_path, browser):
    with serve(tmp_path / "fo.db") as url, browser.new_context() as context:
        page = context.new_page()
        page.set_viewport_size({"width": 1400, "height": 1000})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{url}?lang=ru&anim=off")
        page.wait_for_selector("#create-form")
        page.select_option("#f-game", "fallout")
        page.wait_for_selector("#create-form[data-game='fallout']")
        page.fill("#f-players", "2")
        page.dispatch_event("#f-players", "change")
        expect(page.locator("#f-seats select")).to_have_count(2)
        page.select_option("#f-seats select[data-seat='1']", "heuristic")
        page.fill("#f-seed", "5")
        page.click("#create")
        page.wait_for_selector(READY)
        expect(page.locator("svg#fo-map g.fo-space")).to_have_count(12)
        expect(page.locator("#mine")).to_contain_text("Колода замыслов")
        for _ in range(200):
            page.wait_for_selector(f"{MY_TURN}, {OVER}")
            if page.locator(OVER).count():
                break
            # prefer a quest, then the first option (a move, a step, an enemy to act): the list
            # holds the actions without a place, the board the others (issue 25)
            acts = kit.actions(page)
            kit.play(page, next((a for a in acts if a.startswith("quest")), acts[0]))
        else:
            pytest.fail("the game did not end in 200 clicks")
        expect(page.locator("#outcome")).to_be_visible()
        assert page.locator("#log li").count() > 10
        assert not errors, errors


def test_the_board_animates_nothing_it_cannot_and_the_console_stays_clean(tmp_path, browser):
    """The demo map is an SVG element: the page must not call the DOM's Element.animate
    with a game event (it warned 'Invalid keyframe value for property rule: FO-13.1')."""
    with serve(tmp_path / "fo.db") as url, browser.new_context() as context:
        page = context.new_page()
        console: list[str] = []
        page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
        page.goto(f"{url}?lang=en&anim=fast")
        page.wait_for_selector("#create-form")
        page.select_option("#f-game", "fallout")
        page.wait_for_selector("#create-form[data-game='fallout']")
        page.fill("#f-seed", "5")
        page.click("#create")
        for _ in range(4):  # ending turns: the round ends and the enemies act, with events to animate
            page.wait_for_selector(f"{MY_TURN}, {OVER}")
            if page.locator(OVER).count():
                break
            acts = kit.actions(page)
            kit.play(page, "end" if "end" in acts else acts[0])
        assert int(page.get_attribute("#game", "data-index")) >= 2
        assert not console, console
