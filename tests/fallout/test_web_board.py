"""The browser board module in a real browser (Debian's Chromium through Playwright): it
draws the demo map from a real view, marks the spaces an option names, calls back on a
click, and writes the panel, the options and the log in Russian. The page is a small
static site with the real page's string loader, so the module runs as the page runs it."""

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

from wasteland.games.fallout.spec import SPEC

from .conftest import play, position

CHROMIUM = os.environ.get("WASTELAND_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SRC = Path(__file__).parents[2] / "src" / "wasteland"
PACKAGE = SRC / "games" / "fallout"

#: actions of other decisions, marked by the page's own lines below (their fields as a decision sends them)
OTHERS = ["fight marauder#1", "activate ghoul#1", "move crater"]
PAGE = """<!doctype html><meta charset="utf-8"><div id="board"></div><div id="side"></div><ul id="log"></ul>
<script type="module">
import * as board from "/games/fallout/board.js";
import { setLang } from "/js/i18n.js";
import { learnFields } from "/js/fields.js";
const data = await (await fetch("/data.json")).json();
learnFields(data);  // the fields the server sends with the decision
learnFields(data.others);
await setLang("ru", false);
const marks = board.boardMarks(data.actions, data.view);
window.clicked = [];
board.renderBoard(document.getElementById("board"), data.view, { marks, onSpot: (s) => window.clicked.push(s) });
board.renderSide(document.getElementById("side"), data.view);
for (const e of data.events) { const li = document.createElement("li"); li.textContent = board.eventText(e); document.getElementById("log").append(li); }
window.labels = data.actions.map(board.actionLabel);
window.legend = board.legend(data.view);
window.setupText = board.eventText({ type: "setup", players: 1, first: 0, target: 11, fight: "demo" });
const plain = (m) => Object.fromEntries([...m].map(([k, v]) => [k, { classes: v.classes, actions: v.actions, from: v.from }]));
window.marks = plain(marks);
window.otherMarks = plain(board.boardMarks(data.others.actions, data.view));
window.ready = true;
</script>"""


@pytest.fixture
def site(tmp_path, game):
    s = position([{"space": "vault_gate", "health": 10, "radiation": 0, "hand": ["a01"]},
                  {"space": "crater", "health": 10, "radiation": 0}],
                 [("marauder", "crossroads", "up"), ("ghoul", "water_plant", "down")], icons=["marauder", "ghoul"],
                 first=2)
    s, events = play(s, "resolve")  # the marauder has two equally short routes: a step decision
    d = game.decision(s)
    _, setup = game.new_game_with_events({"players": 2}, 1)  # FO-13.5: two survivors need 10
    data = {"view": game.view(s, d.seat), "actions": list(d.actions), "fields": SPEC.action_fields(d.actions),
            "events": setup[:1] + events, "others": {"actions": OTHERS, "fields": SPEC.action_fields(OTHERS)}}
    root = tmp_path / "site"
    (root / "js").mkdir(parents=True)
    (root / "games" / "fallout").mkdir(parents=True)
    (root / "i18n").mkdir()
    shutil.copy(SRC / "web" / "js" / "i18n.js", root / "js" / "i18n.js")
    for module in ("fields.js", "dom.js", "svg.js"):  # the shared modules the board imports
        shutil.copy(SRC / "web" / "js" / module, root / "js" / module)
    shutil.copytree(PACKAGE / Path(SPEC.web_board).parent, root / "games" / "fallout", dirs_exist_ok=True)  # board.js, legend.js
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


def test_the_board_draws_the_graph_marks_steps_and_speaks_russian(site, browser):

    url, data = site
    assert data["actions"] == ["step marauder#1 red_rocket", "step marauder#1 drumlin_diner"]
    with browser.new_context() as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "index.html")
        page.wait_for_function("window.ready === true", timeout=20000)
        assert not errors
        spaces = data["view"]["map"]["spaces"]
        assert page.locator("g.fo-space").count() == len(spaces) == 12
        roads = sum(len(sp["adjacent"]) for sp in spaces) // 2
        assert page.locator("line.fo-road").count() == roads
        assert page.locator("circle.fo-survivor").count() == 2 and page.locator("rect.fo-enemy").count() == 2
        marked = page.locator("g.fo-space.reach")
        assert marked.count() == 2
        # piece, then target (issue 25): the stepping marauder's own space is its source, each
        # step names it as where it starts; a fought or sent enemy is a target on its space
        marks = page.evaluate("window.marks")
        assert marks["crossroads"]["classes"] == ["source"] and page.locator("g.fo-space.source .fo-src-ring").count() == 1
        assert all(marks[sp]["from"][a] == "crossroads" for sp in ("red_rocket", "drumlin_diner") for a in marks[sp]["actions"])
        other = page.evaluate("window.otherMarks")
        assert other["crossroads"] == {"classes": ["target"], "actions": ["fight marauder#1"], "from": {}}
        assert other["water_plant"]["classes"] == ["target"] and other["crater"]["classes"] == ["reach"]
        page.locator('g.fo-space[data-space="drumlin_diner"]').click()
        assert page.evaluate("window.clicked") == ["drumlin_diner"]
        side = page.inner_text("#side")
        assert "Выживший 1" in side and "Колода замыслов" in side and "Борьба с вредителями" not in side
        log = page.inner_text("#log")
        # FO-13.5: the set-up's influence target is the status line's figure (it read 11, a seat's +1)
        assert "для победы 10 влияния" in log and "для победы 11" not in log, log
        assert "Карта замыслов стола: действуют Мародёр, Дикий гуль" in log and "Активируются: Мародёр" in log
        labels = page.evaluate("window.labels")
        assert labels == ["Мародёр 1 идёт: Красная ракета", "Мародёр 1 идёт: Закусочная Драмлина"]
        # the highlight keeps each place as it is: the same fill, the marker ring, the name,
        # with hatching and a dashed ring over it (issue 14)
        fills = set(page.locator("g.fo-space circle.fo-place").evaluate_all("cs => cs.map(c => c.getAttribute('fill'))"))
        assert len(fills) == 1, fills
        assert page.locator("g.fo-space.reach .fo-hl").count() == 2 == page.locator("g.fo-space.reach .fo-hl-ring").count()
        assert page.locator("g.fo-space:not(.reach) .fo-hl").count() == 0
        assert page.locator("g.fo-space.reach text").count() == 2  # the names stay on top of the hatching
        # the legend names what the map draws, in Russian: places, roads, markers, each
        # survivor, the face-up enemy's kind by its letters, a face-down enemy, the highlight
        legend = {item["key"]: item for item in page.evaluate("window.legend")}
        assert {"space", "road", "marker", "survivor-0", "survivor-1", "enemy-marauder", "enemy-down", "reach"} <= set(legend)
        assert "enemy-ghoul" not in legend  # face down: its kind is not shown
        assert legend["enemy-marauder"]["sym"] == "Ма" and legend["enemy-marauder"]["text"].startswith("Мародёр")
        assert legend["survivor-1"]["text"] == "Выживший 2"
        setup = page.evaluate("window.setupText")  # influence to win, not a seat: no +1
        assert "11" in setup and "12" not in setup, setup
        assert all(not item["text"].startswith("fo.") and not re.search("[A-Za-z]", item["text"]) for item in legend.values())
