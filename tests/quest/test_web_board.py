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

PIECE_ACTIONS = ["attack g1.1 a2", "attack g1.1 a5", "move gatehouse.a a1", "step g1.1 graveyard.a",
                 "step g1.1 graveyard.c", "strike g1.1 1", "beside ghoul", "beside zombie"]
PAGE = """<!doctype html><meta charset="utf-8"><div id="board"></div><div id="board2"></div><div id="side"></div><ul id="log"></ul>
<script type="module">
import * as board from "/games/quest/board.js";
import { setLang } from "/js/i18n.js";
import { learnFields } from "/js/fields.js";
const data = await (await fetch("/data.json")).json();
learnFields(data);  // the fields the server sends with the decision
learnFields(data.placing);
learnFields(data.pieces);
await setLang("ru", false);
const marks = board.boardMarks(data.actions, data.view);
window.clicked = [];
board.renderBoard(document.getElementById("board"), data.view, { marks, onSpot: (z) => window.clicked.push(z) });
board.renderSide(document.getElementById("side"), data.view);
for (const e of data.events) { const li = document.createElement("li"); li.textContent = board.eventText(e); document.getElementById("log").append(li); }
window.labels = data.actions.map(board.actionLabel);
window.besideLabels = ["beside ghoul", "beside zombie"].map((a) => board.actionLabel(a));
window.legend = board.legend(data.view);
const plain = (m) => Object.fromEntries([...m].map(([k, v]) => [k, { classes: v.classes, actions: v.actions, from: v.from }]));
const standing = { enemies: [{ model: "g1.1", zone: "graveyard.b" }], players: [{ seat: 0, zone: "gatehouse.b" }, { seat: 1, zone: "gatehouse.a" }] };
window.pieceMarks = plain(board.boardMarks(["attack g1.1 a2", "attack g1.1 a5", "move gatehouse.a a1"], standing));
window.enemyMarks = plain(board.boardMarks(["step g1.1 graveyard.a", "step g1.1 graveyard.c", "strike g1.1 1"], standing));
const p = data.placing;
window.placed = [];
if (location.hash === "#placing") board.renderBoard(document.getElementById("board2"), p.view, { marks: board.boardMarks(p.actions, p.view), onSpot: (z) => window.placed.push(z) });
window.ready = true;
</script>"""


@pytest.fixture
def site(tmp_path):
    placing = pos(players=2, drawn="x_graveyard", heroes=[{"zone": "gatehouse.b"}, {"zone": "gatehouse.a"}])
    s, events = play(placing, "place w", "chance e_pack")
    actions = list(GAME.decision(s).actions)
    placing_actions = list(GAME.decision(placing).actions)
    # a destiny roll of no dice (every destiny die spent, none on the airship: WQ-40.2) says so in words
    events = [*events, {"type": "destiny_roll", "dice": [], "rule": "WQ-40.2"}]
    data = {"view": GAME.view(s, 0), "actions": actions, "fields": SPEC.action_fields(actions), "events": events,
            "placing": {"view": GAME.view(placing, 0), "actions": placing_actions,
                        "fields": SPEC.action_fields(placing_actions)},
            # the pieces' actions the page's own lines below mark, with their fields as a decision sends them
            "pieces": {"actions": PIECE_ACTIONS, "fields": SPEC.action_fields(PIECE_ACTIONS)}}
    root = tmp_path / "site"
    (root / "js").mkdir(parents=True)
    (root / "games" / "quest").mkdir(parents=True)
    (root / "i18n").mkdir()
    shutil.copy(SRC / "web" / "js" / "i18n.js", root / "js" / "i18n.js")
    for module in ("fields.js", "dom.js", "svg.js"):  # the shared modules the board imports
        shutil.copy(SRC / "web" / "js" / module, root / "js" / module)
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
        assert "Бросок судьбы: нет кубиков." in log
        assert all(label and not label.startswith("deploy ") for label in page.evaluate("window.labels"))
        # WQ-39.1: the leader's choice of the enemy that takes the last place, in the page's words
        assert page.evaluate("window.besideLabels") == ["Место займёт: Упырь", "Место займёт: Зомби"]
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


def test_piece_then_target_marks(site, browser):
    """Issue 25: the enemy a hero attacks (WQ-40.3) is a target on its zone, as is the hero an
    enemy strikes; a stepping model's own zone is its source, and each step says it starts
    there (the page selects the model first, then draws only its steps)."""
    url, _ = site
    with browser.new_context() as context:
        page = context.new_page()
        page.goto(url + "index.html")
        page.wait_for_function("window.ready === true", timeout=20000)
        marks = page.evaluate("window.pieceMarks")
        assert marks["graveyard.b"] == {"classes": ["target"], "actions": ["attack g1.1 a2", "attack g1.1 a5"], "from": {}}
        assert marks["gatehouse.a"]["classes"] == ["reach"]
        marks = page.evaluate("window.enemyMarks")
        assert marks["graveyard.b"]["classes"] == ["source"]
        assert marks["graveyard.a"]["from"] == {"step g1.1 graveyard.a": "graveyard.b"}
        # "strike g1.1 1" strikes hero 1, the first seat's, at gatehouse.b (heroes are
        # written from 1, WQ-40.4's leader choice among the heroes within reach)
        assert marks["gatehouse.b"] == {"classes": ["target"], "actions": ["strike g1.1 1"], "from": {}}
        assert "gatehouse.a" not in marks


def test_the_gate_choice_draws_the_tile_it_would_lay(site, browser):
    """WQ-38.3, issue 25: while the leader chooses a gate position, the drawn card's tile is
    drawn where that gate would lay it (its zones' letters, the gate letter, its other gate
    positions), one gate at a time; pointing at a gate's option shows that one, and a
    click on the drawn tile lays it so."""
    url, data = site
    laying = data["placing"]["view"]["laying"]
    gates = [a.split()[1] for a in data["placing"]["actions"]]
    assert laying["tile"] == "graveyard" and sorted(laying["gates"]) == sorted(gates) and len(gates) >= 2
    assert all(p["squares"] and not {(q["x"], q["y"]) for q in p["squares"]} & {
        (q["x"], q["y"]) for q in data["placing"]["view"]["board"]["squares"]} for p in laying["gates"].values())
    with browser.new_context() as context:
        page = context.new_page()
        page.goto(url + "index.html#placing")
        page.wait_for_function("window.ready === true", timeout=20000)
        shown = page.locator("#board2 .wq-preview:visible")
        assert shown.count() == 1 and shown.get_attribute("data-gate") == gates[0]
        assert shown.locator("rect.wq-preview-square").count() == len(laying["gates"][gates[0]]["squares"])
        assert "Кладбище" in shown.locator("title").text_content()
        # pointing at another gate's option in the list shows that gate's tile
        page.evaluate("""g => { const b = document.createElement('button'); b.dataset.action = 'place ' + g;
            b.textContent = g; document.body.append(b); }""", gates[1])
        page.hover(f'button[data-action="place {gates[1]}"]')
        shown = page.locator("#board2 .wq-preview:visible")
        assert shown.count() == 1 and shown.get_attribute("data-gate") == gates[1]
        shown.locator("rect").first.click()
        assert page.evaluate("window.placed") == [f"gate:{gates[1]}"]
