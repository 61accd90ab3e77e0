"""The companion page in a real browser at a phone's viewport (Debian's chromium through
Playwright, a real ``wasteland serve``): a table sets up Saltlands by tapping, places its
figure by tapping the board, runs the raiders step by step with each step's rule, answers
a tie and lets the policy decide another, undoes a step, reloads and finds the session as
it was. Screenshots go to the artifacts folder (``$WASTELAND_ARTIFACTS``/companion)."""

from __future__ import annotations

import pytest

from companiontest import answer_chance, index_of, ready, serve


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("companion") / "companion.db") as found:
        yield found


def pick_chance(page) -> None:
    """Answer a chance point with an outcome from the data (a list when there are many)."""
    answer_chance(page)



def tap_spot(page, selector: str) -> None:
    """A tap on a spot of the board: the board opens fitted to the area in play
    (web/js/viewport.js), and a spot beyond it comes into view as it takes the focus, as a
    keyboard's Tab would bring it."""
    page.focus(selector)
    page.tap(selector)

def test_a_table_session_from_scratch_on_a_phone(url, watched, artifacts):
    page = watched("phone", refusals=True)  # it enters bad input on purpose
    page.goto(url + "companion.html")
    page.tap("#new-session")
    page.wait_for_selector("#setup")
    page.select_option("#opt-players", "1")
    page.select_option("[data-seat='0']", "scout")
    page.screenshot(path=artifacts / "setup.png", full_page=True)
    page.tap("#create")
    ready(page, 0)
    assert "SL §45" in page.inner_text("#decision")
    # Touch targets are large: every button of the decision at least 44 px high.
    heights = page.eval_on_selector_all("#decision button, #undo", "els => els.map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    # ... and the board's hexes can be tapped: the board opens fitted to the area in play
    # (web/js/viewport.js), never drawing a spot under its TAP_PX of 30 (WCAG 2.5.8 asks 24);
    # pinch or + makes them larger
    assert page.eval_on_selector("#board .hex polygon", "e => e.getBoundingClientRect().width") >= 30
    # The figure enters where the table put it: a tap on the board.
    page.tap("#board .hex.reach >> nth=0")
    ready(page, 1)
    assert page.locator("#board .player").count() == 1
    # The table's position differs from the set-up: corrections by tapping the board.
    page.tap("#correct-toggle")
    ready(page, 1)
    taken = set(page.eval_on_selector_all("#board .token, #board .player, #board .raider",
                                          "els => els.map(e => e.dataset.hex)"))
    free = [h for h in ("0,-1", "1,-1", "-1,0", "0,1", "1,0", "-1,1") if h not in taken]
    raiders = page.locator("#board .raider").count()
    tap_spot(page, f"#board .hex[data-hex='{free[0]}']")
    page.tap("#hex-menu .menu-choice:has-text('Place a raider')")
    page.tap("#hex-menu .menu-choice:has-text('Pickup')")
    ready(page, 2)
    assert page.locator("#board .raider").count() == raiders + 1
    assert page.locator(f"#board .raider[data-hex='{free[0]}']").count() == 1
    # "the pickup is actually one hex over": tap it, then where it goes
    tap_spot(page, f"#board .raider[data-hex='{free[0]}']")
    page.tap("#hex-menu .menu-choice >> nth=0")
    tap_spot(page, f"#board .hex[data-hex='{free[1]}']")
    ready(page, 3)
    assert page.locator(f"#board .raider[data-hex='{free[1]}']").count() == 1
    assert page.locator(f"#board .raider[data-hex='{free[0]}']").count() == 0
    page.tap("#table-edits button >> nth=0")  # the wind the table rolled
    ready(page, 4)
    page.screenshot(path=artifacts / "corrected.png", full_page=True)
    page.tap("#correct-toggle")
    page.tap("[data-action='end']")
    ready(page, 5)
    # Run the raiders: every choice of the activation is the table's; a tie is answered
    # by tapping one of its options, another by the documented policy ("decide for us"),
    # and each damage card is the one the table revealed, picked from the game's data.
    answered = decided = revealed = custom = 0
    for _ in range(80):
        if answered and decided and revealed >= 2:
            break
        kind = page.get_attribute("#session", "data-kind")
        n = index_of(page)
        if page.locator("#next-event").count():
            page.tap("#next-event")  # the step's events one at a time
            assert page.locator("#explain .explain").count() >= 2
        if kind == "chance":
            assert "SL §100" in page.inner_text("#decision")
            # each card the table may have revealed in the component's own words
            assert "Damage card" in page.inner_text("#decision .action-btn.chance >> nth=0")
            assert "null" not in page.inner_text("#decision") and "undefined" not in page.inner_text("#decision")
            if revealed == 1 and page.locator("#chance-custom").count():
                # a card whose printed values differ from the data: the table enters them;
                # a refused entry keeps the form as typed, its error beside the fields
                page.fill("#chance-custom [data-custom='letters']", "B9")
                page.fill("#chance-custom [data-custom='damage']", "2")
                page.tap("#chance-custom-go")
                page.wait_for_selector("#chance-custom-error")
                ready(page, n)
                assert page.input_value("#chance-custom [data-custom='letters']") == "B9"
                assert page.input_value("#chance-custom [data-custom='damage']") == "2"
                assert page.inner_text("#chance-custom-error").strip()  # beside the fields, inside the form
                page.fill("#chance-custom [data-custom='letters']", "B")
                page.select_option("#chance-custom [data-custom='type']", "normal")
                page.tap("#chance-custom-go")
                custom += 1
            else:
                pick_chance(page)
            ready(page, n + 1)
            if page.get_attribute("#session", "data-kind") != "chance":
                # the activation went on with the card the table gave (while it needs more
                # cards, the same step waits for them: nothing has happened yet)
                page.wait_for_selector("#explain .ev-damage_card [data-rule='SL §100']")
            revealed += 1
            continue
        if kind == "turn":
            page.tap("[data-action='end']")
        elif kind == "activation" and not answered:
            page.tap("#actions .action-btn:visible >> nth=0")
            answered += 1
        elif kind == "activation" and page.locator("#decide").count():
            assert page.inner_text("#policy")
            page.tap("#decide")
            ready(page, n + 1)
            assert page.inner_text("#decided")
            decided += 1
            continue
        else:
            page.tap("#actions .action-btn:visible >> nth=0")
        ready(page, n + 1)
    assert answered and decided and revealed >= 2 and custom == 1
    assert "a card as printed (Spawn letters: B, Damage: 2, Damage type: normal" in page.inner_text("#steps")
    # "Run the enemies for us": the policy takes every choice until the table must answer.
    ran = False
    for _ in range(80):
        kind = page.get_attribute("#session", "data-kind")
        n = index_of(page)
        if kind == "over":
            break
        if page.locator("#run").count():
            page.tap("#run")
            ready(page)
            assert index_of(page) > n
            d = page.get_attribute("#session", "data-kind")
            assert d == "over" or page.locator("#run").count() == 0  # stopped where the table answers
            assert page.locator("#steps li[data-source='policy']").count() >= index_of(page) - n
            ran = True
            break
        if kind == "chance":
            pick_chance(page)
        elif kind == "turn":
            page.tap("[data-action='end']")
        else:
            page.tap("#actions .action-btn:visible >> nth=0")
        ready(page, n + 1)
    assert ran
    page.screenshot(path=artifacts / "raiders.png", full_page=True)
    # Each step's events name their rules where the rules say why.
    assert page.locator("#explain .rule").count() + page.locator("#decision .rule").count() >= 1
    before = index_of(page)
    steps = page.locator("#steps li").count()
    assert steps == before
    page.tap("#undo")
    ready(page, before - 1)
    assert page.locator("#steps li").count() == before - 1
    shown = page.inner_text("#steps")
    decision = page.inner_text("#decision")
    page.reload()
    ready(page, before - 1)
    assert page.inner_text("#steps") == shown and page.inner_text("#decision") == decision
    page.screenshot(path=artifacts / "after-reload.png", full_page=True)
    # ... and from the lobby too
    page.goto(url + "companion.html#/")
    page.wait_for_selector("#sessions .resume")
    page.tap("#sessions .resume >> nth=0")
    ready(page, before - 1)


@pytest.mark.parametrize("game", [name for name in __import__("wasteland.core.registry", fromlist=["x"]).registered_games()])
def test_every_game_runs_on_the_companion_page(url, phone, artifacts, game):
    """Each registered game through its spec alone: set up with the rules' defaults, the
    table answers a few decisions by tapping (chance too), undoes one, reloads."""
    page = phone
    page.goto(url + f"companion.html#/new/{game}")
    page.wait_for_selector("#setup")
    page.tap("#create")
    ready(page, 0)
    for n in range(6):
        if page.get_attribute("#session", "data-kind") == "over":
            break
        if page.get_attribute("#session", "data-kind") == "chance":  # a card, a die, dice rolled together
            answer_chance(page)
        else:
            if not page.locator("#decision .action-btn:visible").count():
                page.tap("#decision details.fold summary >> nth=0")  # a long list folds by verb
            page.tap("#decision .action-btn:visible >> nth=0")
        ready(page, n + 1)
    count = index_of(page)
    assert count >= 1
    page.screenshot(path=artifacts / f"game-{game}.png", full_page=True)
    page.tap("#undo")
    ready(page, count - 1)
    page.reload()
    ready(page, count - 1)
    assert page.locator("#steps li").count() == count - 1


def test_every_part_of_a_position_is_corrected_by_tapping(url, phone, artifacts):
    """The table corrects by tapping alone, in one column of large targets: a face-up
    tile's identity and orientation, the rumor marker on it, a token on a wreck, a raider's crew, a player's
    vehicle, armor and crew, the weather card, the wind and the sandstorm. Each is a
    step the server applied (read back through the session's own API)."""
    import httpx

    page = phone
    page.goto(url + "companion.html#/new/saltlands")
    page.wait_for_selector("#setup")
    page.select_option("#opt-players", "1")
    page.select_option("[data-seat='0']", "scout")
    page.tap("#create")
    ready(page, 0)
    page.tap("#board .hex.reach >> nth=0")
    ready(page, 1)
    sid = page.evaluate("location.hash").split("/")[-1]
    api = httpx.Client(base_url=url, timeout=30)

    def view():
        return api.get(f"/api/companion/{sid}").json()["view"]

    def tap_menu(*labels):
        for label in labels:
            page.tap(f"#hex-menu .menu-choice:has-text({label!r}) >> nth=0")

    def large_one_column(selector):
        boxes = page.eval_on_selector_all(selector, "els => els.map(e => e.getBoundingClientRect())"
                                          ".map(r => [r.left, r.width, r.height])")
        assert boxes and min(h for _, _, h in boxes) >= 44, boxes
        assert len({round(left) for left, _, _ in boxes}) == 1, boxes  # one column
        assert min(w for _, w, _ in boxes) >= 300, boxes  # across the phone

    page.tap("#correct-toggle")
    ready(page, 1)
    large_one_column("#player-edits button")
    large_one_column("#table-edits button")
    n = 1
    before = view()
    # a tile the table turned up is tile 5, lying north by its arrow (SL §110: no turn to choose
    # without Explorer's luck, so naming the tile is the whole correction)
    k = next(i for i, t in enumerate(before["tiles"]) if not t["face_up"])
    spot = before["hexes"][k * 19]["hex"]
    tap_spot(page, f"#board .hex[data-hex='{spot}']")
    large_one_column("#hex-menu .menu-choice")
    tap_menu("which tile")
    large_one_column("#hex-menu .menu-choice")
    tap_menu("Tile 5")
    n += 1
    ready(page, n)
    tile = view()["tiles"][k]
    assert (tile["face_up"], tile["tile"], tile["rotation"]) == (True, "tile_05", 0)
    # a rumor marker stands on this tile (SL §108)
    colour = next(iter(view()["markers"]))
    tap_spot(page, f"#board .hex[data-hex='{spot}']")
    page.tap(f"#hex-menu .menu-choice[data-step^='edit set state.markers.{colour} ']")
    n += 1
    ready(page, n)
    assert view()["markers"][colour] == view()["tiles"][k]["at"]
    # a token on a free hex of a face-up tile, then a raider with three crew beside it
    start = view()
    taken = {start["players"][0]["hex"], *start["tokens"], *(r["hex"] for r in start["raiders"])}
    free = [h for h in ("0,-1", "1,-1", "-1,0", "0,1", "1,0", "-1,1") if h not in taken]
    tap_spot(page, f"#board .hex[data-hex='{free[0]}']")
    tap_menu("Place a token", "loot")
    n += 1
    ready(page, n)
    assert view()["tokens"][free[0]].startswith("loot#")
    tap_spot(page, f"#board .hex[data-hex='{free[1]}']")
    tap_menu("Place a raider", "Pickup")
    n += 1
    ready(page, n)
    tap_spot(page, f"#board .raider[data-hex='{free[1]}']")
    assert page.locator("#hex-menu .menu-choice:has-text('crew 3')").count() == 0  # a pickup holds two
    tap_menu("crew 1")
    n += 1
    ready(page, n)
    assert {"type": "pickup", "hex": free[1], "crew": 1} in view()["raiders"]
    # the player's figure: another vehicle, one armor more, one crew more, then one less
    armor = view()["players"][0]["armor"]
    page.tap("#player-edits button:has-text('vehicle')")
    large_one_column("#hex-menu .menu-choice")
    tap_menu("Pickup")
    n += 1
    ready(page, n)
    player = view()["players"][0]
    assert player["vehicle"].startswith("pickup_vehicle#") and player["armor"] == armor + 1  # SL §88: its armor 1
    page.tap("#player-edits button:has-text('armor +1') >> nth=0")
    n += 1
    ready(page, n)
    assert view()["players"][0]["armor"] == armor + 2
    page.tap("#player-edits button:has-text('crew +1')")
    n += 1
    ready(page, n)
    crew = [c for c in view()["players"][0]["cargo"] if c.startswith("crew#")]
    assert len(crew) == 1
    page.tap("#player-edits button:has-text('crew −1')")
    n += 1
    ready(page, n)
    assert not [c for c in view()["players"][0]["cargo"] if c.startswith("crew#")]
    # the weather: another card, the wind, the sandstorm
    page.tap("#table-edits button:has-text('Weather card')")
    choice = page.inner_text("#hex-menu .menu-choice >> nth=0")
    page.tap("#hex-menu .menu-choice >> nth=0")
    n += 1
    ready(page, n)
    weather = view()["weather"]
    assert weather[-1] not in before["weather"] and weather[:-1] == before["weather"][:-1], (choice, weather)
    wind = view()["wind_dir"]
    page.tap("#table-edits button >> nth=0")
    n += 1
    ready(page, n)
    assert view()["wind_dir"] != wind
    storm = view()["storm"]
    page.tap("#table-edits button:has-text('andstorm')")
    n += 1
    ready(page, n)
    assert view()["storm"] != storm
    # each correction is a step of the log, in words
    log = page.inner_text("#steps")
    for words in ("tile at", "rumor marker on the tile", "token", "Pickup placed", "crew 1", "drives", "gets", "gives up", "weather card", "wind toward"):
        assert words in log, (words, log)
    page.screenshot(path=artifacts / "corrections.png", full_page=True)
