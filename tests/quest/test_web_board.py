"""The browser board module in a real browser (Debian's Chromium through Playwright): it
draws a view of a real quest position, marks the zones the options name, calls back on a
click, and writes the panel and the log in Russian. The page is served by a small static
server with the real page's string loader, so the module runs as the page will run it."""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import threading
from pathlib import Path

import pytest

from qtest import GAME, play, pos

from wasteland.games.quest.spec import SPEC

CHROMIUM = os.environ.get("WASTELAND_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SRC = Path(__file__).parents[2] / "src" / "wasteland"
PACKAGE = SRC / "games" / "quest"

PAGE = """<!doctype html><meta charset="utf-8"><div id="board"></div><div id="side"></div><ul id="log"></ul>
<script type="module">
import * as board from "/games/quest/board.js";
import { setLang } from "/js/i18n.js";
import { learnFields } from "/js/fields.js";
const data = await (await fetch("/data.json")).json();
learnFields(data);  // the fields the server sends with the decision
await setLang("ru", false);
const marks = board.boardMarks(data.actions);
window.clicked = [];
board.renderBoard(document.getElementById("board"), data.view, { marks, onSpot: (z) => window.clicked.push(z) });
board.renderSide(document.getElementById("side"), data.view);
for (const e of data.events) { const li = document.createElement("li"); li.textContent = board.eventText(e); document.getElementById("log").append(li); }
window.labels = data.actions.map(board.actionLabel);
window.legend = board.legend(data.view);
window.ready = true;
</script>"""


@pytest.fixture
def site(tmp_path):
    s = pos(players=2, drawn="x_graveyard", heroes=[{"zone": "gatehouse.b"}, {"zone": "gatehouse.a"}])
    s, events = play(s, "place w", "chance e_pack")
    actions = list(GAME.decision(s).actions)
    data = {"view": GAME.view(s, 0), "actions": actions, "fields": SPEC.action_fields(actions), "events": events}
    root = tmp_path / "site"
    (root / "js").mkdir(parents=True)
    (root / "games" / "quest").mkdir(parents=True)
    (root / "i18n").mkdir()
    shutil.copy(SRC / "web" / "js" / "i18n.js", root / "js" / "i18n.js")
    shutil.copy(SRC / "web" / "js" / "fields.js", root / "js" / "fields.js")
    shutil.copytree(PACKAGE / Path(SPEC.web_board).parent, root / "games" / "quest", dirs_exist_ok=True)  # board.js, legend.js
    for lang in ("en", "ru"):
        shutil.copy(PACKAGE / SPEC.web_texts / f"{lang}.json", root / "i18n" / f"{lang}.json")
    (root / "index.html").write_text(PAGE, encoding="utf-8")
    (root / "data.json").write_text(json.dumps(data), encoding="utf-8")
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a, **k: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", data
    httpd.shutdown()


def test_the_board_draws_marks_and_speaks_russian(site, browser):

    url, data = site
    with browser.new_context() as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "index.html")
        page.wait_for_function("window.ready === true", timeout=20000)
        assert not errors
        squares = data["view"]["board"]["squares"]
        assert page.locator("rect.wq-square").count() == len(squares) == 10
        assert page.locator(".wq-closed-gate").count() == 1 and page.locator(".wq-lychgate").count() == 1
        assert page.locator("circle.wq-hero").count() == 2
        marked = page.locator("rect.wq-square.target")
        assert marked.count() >= 4  # the four graveyard zones the first ghoul may take (two squares for a and d)
        marked.first.click()
        assert page.evaluate("window.clicked")[0].startswith("graveyard.")
        side = page.inner_text("#side")
        assert "Герой 1" in side and "Трек битвы" in side
        log = page.inner_text("#log")
        assert "Кладбище лёг позицией врат w" in log and "Новые закрытые врата на позиции e" in log
        assert all(label and not label.startswith("deploy ") for label in page.evaluate("window.labels"))
        # a highlight keeps the tile's shade: every square of a tile has its fill, marked or
        # not, and the marked ones get a hatched, outlined overlay on top (issue 14)
        fills = page.locator("rect.wq-square").evaluate_all(
            "rs => rs.map(r => [r.dataset.zone.split('.')[0], r.getAttribute('fill')])")
        by_tile: dict[str, set[str]] = {}
        for tile, fill in fills:
            by_tile.setdefault(tile, set()).add(fill)
        assert all(len(f) == 1 for f in by_tile.values()), by_tile
        assert page.locator("rect.wq-hl.target").count() == marked.count()
        # the legend names what the battlefield draws, in Russian
        legend = {item["key"]: item for item in page.evaluate("window.legend")}
        assert {"tile", "zone-wall", "tile-wall", "closed-gate", "lychgate", "hero-0", "hero-1", "reach", "target"} <= set(legend)
        assert legend["hero-1"]["text"] == "Герой 2"
        assert all(not item["text"].startswith("wq.") and not re.search("[A-Za-z]", item["text"]) for item in legend.values())
        # the battle track names heroes and groups as the panel does, never by their ids ("h1", "g2")
        track = page.locator("#side .wq-track").inner_text()
        assert data["view"]["track"] and "Герой 1" in track, track
        assert not re.search(r"\b[hg]\d", track), track
