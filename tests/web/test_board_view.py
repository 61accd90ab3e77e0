"""The board component (web/js/viewport.js) on the game page, and the Quest tile that froze
the page (issue 25): laying a tile with animation on threw ``Failed to execute 'animate'…
Offsets must be in [0,1]``. The page called ``board.animate(event, ms)`` on what Quest's
board module returns, its SVG element: the DOM's own Element.animate took the event for
keyframes. The component now hands the page an event player only where a board has one."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

import boardkit as kit


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from webtest import serve

    with serve(tmp_path_factory.mktemp("board") / "board.db") as u:
        yield u


@pytest.mark.parametrize("speed", ["off", "fast", "slow"])
def test_quest_lays_a_tile_at_every_animation_speed(url, watched, speed):
    page = watched("desktop")
    created = kit.open_game(page, url, "quest", anim=speed, seed=4)
    gid = created["game"]["id"]
    tiles_before = len(created["state"]["view"]["board"]["tiles"])
    for _ in range(8):
        acts = kit.actions(page)
        if not acts:
            break
        kit.play(page, kit.pick(acts, ("place ", "explore", "deploy ", "move ")))
    state = page.request.get(f"{url}api/games/{gid}").json()["state"]
    assert len(state["view"]["board"]["tiles"]) > tiles_before, "no tile was laid"
    # the page follows the game: the position drawn is the server's
    assert kit.index(page) == state["index"]


#: a game's set-up for the phone tests: its options and seats
GAMES = {
    "saltlands": {},
    "fallout": {},
    "quest": {},
    "age-of-thirst": {"players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}]},
}

# the union of what a board marks in play (data-play) and the spots the decision offers, and
# the stage's rectangle, in page pixels
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


def _assert_in_view(page, where: str) -> bool:
    got = page.evaluate(IN_PLAY)
    if got is None:
        return False  # nothing in play yet (a set-up's first choice)
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
    return True


@pytest.mark.parametrize("game", list(GAMES))
def test_the_phone_board_opens_on_the_area_in_play_and_follows_it(url, watched, artifacts, game):
    page = watched("phone")
    kit.open_game(page, url, game, seed=4, **GAMES[game])
    checked = 0
    for step in range(6):
        checked += _assert_in_view(page, f"{game} step {step}")
        acts = kit.actions(page)
        if not acts:
            break
        kit.play(page, kit.pick(acts))
    checked += _assert_in_view(page, f"{game} after the steps")
    assert checked >= 2, "nothing in play was ever drawn"
    page.screenshot(path=artifacts / f"board-view-{game}-phone.png")
    # no page wider than the screen: the board is zoomed inside its stage, not scrolled
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def _view_box(page) -> list[float]:
    return [float(n) for n in page.get_attribute("#board svg", "viewBox").split()]


@pytest.mark.parametrize("game", list(GAMES))
def test_a_zoomed_view_is_kept_across_an_update(url, watched, game):
    page = watched("phone")
    kit.open_game(page, url, game, seed=4, **GAMES[game])
    fitted = _view_box(page)
    page.click("#board .vp-zoom-in")
    zoomed = _view_box(page)
    if zoomed[2] > fitted[2] * 0.9:  # opened at the closest zoom: out, then
        page.click("#board .vp-zoom-out")
        page.click("#board .vp-zoom-out")
        zoomed = _view_box(page)
    assert abs(zoomed[2] - fitted[2]) > fitted[2] * 0.1, (fitted, zoomed)
    kit.play(page, kit.pick(kit.actions(page)))
    after = _view_box(page)
    # the zoom the person chose stays (the view may pan to bring the step into sight)
    assert after[2:] == pytest.approx(zoomed[2:], rel=1e-3), (zoomed, after)
    # a drag pans it; "fit" gives the view back to the component
    page.locator("#board .vp-stage").scroll_into_view_if_needed()
    box = page.locator("#board .vp-stage").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 40, steps=5)
    page.mouse.up()
    panned = _view_box(page)
    assert panned[0] < after[0] - 1 and panned[2] == pytest.approx(after[2], rel=1e-3), (after, panned)
    page.click("#board .vp-fit")
    # (fitted to what is in play now, which the step changed)
    assert _view_box(page) != panned
    assert page.evaluate(IN_PLAY) is None or _assert_in_view(page, f"{game} fitted again")


def _log_lines(page) -> list[str]:
    """Each line of the log: who acted, or the event's kind (a tile's name in a line may read
    better after a reload: the board knows it by then)."""
    return page.locator("#log li").evaluate_all(
        "lis => lis.map((li) => `${li.className} ${li.dataset.seat || li.dataset.type || ''}`)")


def test_the_log_is_whole_after_a_reload_and_for_a_spectator(url, watched):
    """The log comes from the server: after a reload the player reads every step the page
    showed live, and a spectator opening the game late reads the same history, redacted as
    a spectator's live updates are (no card another seat drew is named)."""
    page = watched("desktop")
    watcher = watched("desktop")
    created = kit.open_game(page, url, "saltlands", seed=7, players=2,
                            seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}])
    gid = created["game"]["id"]
    for _ in range(10):
        acts = kit.actions(page)
        if not acts:
            break
        kit.play(page, kit.pick(acts, ("character ", "enter ", "first ", "end")))
    # nobody moves while the log is compared: the bot's turn played out, the seat asked again
    page.wait_for_selector(f"{kit.MY_TURN}, {kit.OVER}", timeout=60_000)
    live = _log_lines(page)
    assert len(live) > 10, live
    page.reload()
    page.wait_for_selector(kit.READY)
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {len(live)}")
    assert _log_lines(page)[-len(live):] == live  # and the set-up's lines before them
    # a spectator arriving now: the whole history, as a spectator may see it
    watcher.goto(f"{url}?lang=en&anim=off#/game/{gid}?watch")
    watcher.wait_for_selector(kit.READY)
    watcher.wait_for_function("document.querySelectorAll('#log li.act').length > 0")
    # the bot may still be playing its turn: compare once the page has caught up with the
    # server's log as read (a read racing the bot's next step would pair two moments)
    deadline = time.monotonic() + 30
    while True:
        server = watcher.request.get(f"{url}api/games/{gid}/log").json()
        acts_logged = [s for s in server["log"] if s["action"] is not None]
        assert server["seat"] is None and len(acts_logged) == server["index"] >= 10
        shown = watcher.locator("#log li.act").count()
        if shown == len(acts_logged) or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert shown == len(acts_logged), (shown, len(acts_logged))
    # the spectator's events are the live redaction: a seat's own log names its cards,
    # the spectator's copy of the same step never names more
    mine = page.request.get(f"{url}api/games/{gid}/log",
                            headers={"Authorization": f"Bearer {created['token']}"}).json()
    assert mine["seat"] == 0 and len(mine["log"]) == len(server["log"])
    for theirs, ours in zip(server["log"], mine["log"]):
        assert len(theirs["events"]) == len(ours["events"])
    # and step back through it in the game: the replay page's controls, as this seat saw it
    page.click("#log-replay")
    last = server["index"]  # it opens where the game is now
    page.wait_for_selector(f"#replay[data-step='{last}']")
    assert page.locator("#replay-seat option").count() == 2  # a spectator's view, or one's own
    page.click("#r-prev")
    page.wait_for_selector(f"#replay[data-step='{last - 1}']")
    page.click("#r-first")
    page.wait_for_selector("#replay[data-step='0']")
    assert page.locator("#board svg .hex").count() > 0
    page.click("#r-to-game")
    page.wait_for_selector(kit.READY)


def test_a_troop_is_played_by_selecting_it_then_its_target(url, watched):
    """Age of Thirst (issue 25: a 17-line menu on a click on a troop, own troops among the
    targets): a click on a troop selects it and marks where it may go and what it may hit;
    an attack on one's own troop is drawn apart; Escape lets the troop go; a click on a
    reachable hex plays that move."""
    page = watched("desktop")
    kit.open_game(page, url, "age-of-thirst", players=2, seats=[{"kind": "human"}, {"kind": "bot"}], seed=5)
    for _ in range(40):
        if page.locator("#board .hex.source").count():
            break
        kit.play(page, kit.pick(kit.actions(page), ("first ", "place ", "end")))
    source = page.locator("#board .hex.source").first.get_attribute("data-hex")
    moves = [a for a in kit.actions(page) if a.split()[:2] == ["move", source]]
    assert len(moves) > 1
    page.locator(f"#board .troop[data-hex='{source}']").click()
    expect(page.locator(f"#board .hex.selected[data-hex='{source}']")).to_have_count(1)
    expect(page.locator("#selection")).to_be_visible()
    reach = set(page.locator("#board .hex.reach").evaluate_all("els => els.map((e) => e.dataset.hex)"))
    assert {a.split()[2] for a in moves} <= reach
    assert page.locator("#chooser").count() == 0  # no menu: the targets are on the board
    # the other troops' spots are not offered while this one is selected
    assert page.locator("#board .hex.source").count() == 0
    page.keyboard.press("Escape")
    expect(page.locator("#board .hex.selected")).to_have_count(0)
    assert page.locator("#board .hex.source").count() > 1
    page.locator(f"#board .troop[data-hex='{source}']").click()
    target = moves[0].split()[2]
    before = kit.index(page)
    page.locator(f"#board .hex.reach[data-hex='{target}']").click()
    if page.locator("#chooser").count():
        page.click(f"#chooser .choice[data-action='{moves[0]}']")
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    log = page.request.get(f"{url}api/games/{page.get_attribute('#game', 'data-game')}/log").json()["log"]
    assert any(s["action"] == moves[0] for s in log), [s["action"] for s in log][-5:]


def test_a_team_game_shows_the_teams_where_the_seats_are(url, watched):
    """Age of Thirst 2x2 (LO-13.4): each seat's row in the players list and in the panel
    names its team and the team's clans; every colour's dot is seen (the white one was not);
    a game without teams names none."""
    page = watched("desktop", "ru")
    kit.open_game(page, url, "age-of-thirst", lang="ru", players=4, teams="2x2", seed=3,
                  seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3)
    rows = page.locator("#players .player-row")
    expect(rows).to_have_count(4)
    texts = rows.all_inner_texts()
    assert all("команда" in text for text in texts), texts
    assert texts[0].count("команда 1") == 1 and "команда 2" in texts[3], texts
    assert page.locator("#aot-water .team").count() == 4
    ringed = page.locator("#players .dot").evaluate_all("ds => ds.map((d) => getComputedStyle(d).boxShadow)")
    assert all(r and r != "none" for r in ringed), ringed
    kit.open_game(page, url, "age-of-thirst", lang="ru", players=2, seed=3,
                  seats=[{"kind": "human"}, {"kind": "bot"}])
    assert "команда" not in page.locator("#players").inner_text()
    assert page.locator("#aot-water .team").count() == 0


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_logs_replay_link_covers_no_line_of_the_log(url, watched, artifacts, size):
    # a tester saw "Step through the log" over the log's top line: the link stands in the
    # log's head row, beside its title, and the lines scroll in their own framed box below it
    page = watched(size)
    kit.open_game(page, url, "fallout", seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], players=2)
    for _ in range(8):  # a log long enough to scroll
        acts = kit.actions(page)
        if page.locator(kit.OVER).count() or not acts:
            break
        kit.play(page, kit.pick(acts))
    page.locator("section.log").scroll_into_view_if_needed()
    link = page.locator("#log-replay").bounding_box()
    box = page.locator(".log-scroll").bounding_box()
    title = page.locator("section.log h3").bounding_box()
    assert link["y"] + link["height"] <= box["y"], (link, box)  # wholly above the lines' box
    assert link["y"] < title["y"] + title["height"] and title["y"] < link["y"] + link["height"]  # one row
    for where in ("0", "1e9"):  # the box scrolled to its top and to its end
        page.evaluate(f"document.querySelector('.log-scroll').scrollTop = {where}")
        # the first line in view is what the page shows at its top, not the link
        hit = page.evaluate("""(() => { const b = document.querySelector('.log-scroll').getBoundingClientRect();
            const li = [...document.querySelectorAll('#log li')].find(li => li.getBoundingClientRect().bottom > b.top + 4);
            const r = li.getBoundingClientRect();
            const at = document.elementFromPoint(r.left + 8, Math.max(r.top, b.top) + 3);
            return at ? (at.closest('#log') ? 'log' : at.id || at.className || at.tagName) : null; })()""")
        assert hit == "log", hit
    page.locator("section.log").screenshot(path=str(artifacts / f"game-log-{size}.png"))
