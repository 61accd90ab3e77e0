"""The quest on the game server, in the browser: created from the lobby's form with its
own options, drawn by its own board module, played by clicking to the end (explore
whenever offered, else the first option), and its replay."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import boardkit as kit

CHROMIUM = os.environ.get("WASTELAND_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
READY = "#game[data-ready='1']"
MY_TURN = "#game[data-ready='1'][data-turn='mine']"
OVER = "#game[data-ready='1'][data-turn='over']"


@pytest.fixture(scope="module")
def server_url(tmp_path_factory):
    db = tmp_path_factory.mktemp("quest-web") / "web.db"
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
    if url is None:
        proc.kill()
        raise RuntimeError("the server did not start:\n" + "".join(lines))
    threading.Thread(target=lambda: [None for _ in proc.stdout], daemon=True).start()
    yield url
    proc.terminate()
    proc.wait(timeout=10)


def test_a_quest_created_from_the_lobby_and_played_to_the_end(server_url, browser):
    from playwright.sync_api import expect

    with browser.new_context() as context:
        page = context.new_page()
        page.set_viewport_size({"width": 1400, "height": 900})
        page.set_default_timeout(15_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server_url}?lang=ru&anim=off")
        page.wait_for_selector("#create-form")
        page.select_option("#f-game", "quest")
        page.wait_for_selector("#create-form[data-game='quest']")
        page.fill("#f-seed", "5")
        page.click("#create")
        page.wait_for_selector(READY)
        expect(page.locator("rect.wq-square")).to_have_count(4)  # the gatehouse
        expect(page.locator(".wq-closed-gate")).to_have_count(1)
        assert "Трек битвы" in page.inner_text("body")
        explored = False
        for _ in range(400):
            page.wait_for_selector(f"{MY_TURN}, {OVER}")
            if page.locator(OVER).count():
                break
            # the list holds the actions without a place, the board the others (issue 25)
            acts = kit.actions(page)
            explore = [a for a in acts if a.startswith("explore")]
            explored = explored or bool(explore)
            kit.play(page, (explore or acts)[0])
        else:
            pytest.fail("the quest did not end in 400 clicks")
        expect(page.locator("#outcome")).to_be_visible()
        assert explored and page.locator("rect.wq-square").count() > 4  # tiles were laid
        assert page.locator("#log li").count() > 10
        assert not errors, errors
