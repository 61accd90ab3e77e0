"""The browser page, played by clicking as a person would."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import expect

import boardkit as kit

READY = "#game[data-ready='1']"
MY_TURN = "#game[data-ready='1'][data-turn='mine']"
OVER = "#game[data-ready='1'][data-turn='over']"

#: easy solo games that end soonest when the first legal action is always chosen (about 130 actions).
SOLO_SEED = 37


def _click_first(page, last: bool = False) -> None:
    """Click the first (or last) legal action: its button, or its spot on the board (issue 25)."""
    acts = kit.actions(page)
    kit.click_action(page, acts[-1] if last else acts[0])


def wait_ready(page, timeout: float = 20_000):
    page.wait_for_selector(f"{MY_TURN}, {OVER}", timeout=timeout)


def confirm_if_asked(page) -> int:
    """A destructive action asks first (the page's own dialog): say yes. 1 if it asked."""
    if not page.locator("#confirm").count():  # the dialog opens within the click's own handler
        return 0
    page.click("#confirm-yes")
    return 1


def index_of(page) -> int:
    return int(page.get_attribute("#game", "data-index"))


def create_game(page, url, *, players=1, seed=None, difficulty="easy", seats=None, anim="off", lang="en"):
    """A Saltlands game from the lobby's form."""
    page.goto(f"{url}?lang={lang}&anim={anim}")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "saltlands")
    page.wait_for_selector("#create-form[data-game='saltlands']")
    if players != 1:
        page.fill("#f-players", str(players))
        page.dispatch_event("#f-players", "change")
    for i, kind in enumerate(seats or []):
        page.select_option(f"#f-seats select[data-seat='{i}']", kind)
    page.select_option("#opt-difficulty", difficulty)
    if seed is not None:
        page.fill("#f-seed", str(seed))
    page.click("#create")
    page.wait_for_selector(READY)
    return page.get_attribute("#game", "data-game")


def test_solo_game_played_to_the_end_by_clicking(server_url, new_page, artifacts):
    page = new_page()
    game_id = create_game(page, server_url, seed=SOLO_SEED, anim="fast")
    expect(page.locator("#you-are")).to_have_text("You play p1.")
    page.screenshot(path=artifacts / "solo-start.png")
    assert page.locator("svg.board .hex").count() > 100

    clicks = board_clicks = undone = confirmed = 0
    saw_animation = False
    shot_mid = False
    for _ in range(600):
        wait_ready(page)
        if page.locator(OVER).count():
            break
        kind = page.get_attribute("#decision", "data-kind")
        action = kit.actions(page)[0]
        before = index_of(page)
        if kind == "enter" or action.startswith("move "):
            # the board: the hex of the first legal action is highlighted; click it
            hex_name = action.split()[1]
            cell = page.locator(f"svg.board .hex.reach[data-hex='{hex_name}']")
            expect(cell).to_have_count(1)
            cell.click()
            board_clicks += 1
            chooser = page.locator("#chooser .choice")
            if chooser.count():
                chooser.first.click()
        else:
            kit.click_action(page, action)
        confirmed += confirm_if_asked(page)
        clicks += 1
        page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
        if page.locator("svg.board .raider.moving").count():
            saw_animation = True
        if not undone and page.locator("#undo").count():
            wait_ready(page)
            if page.locator("#undo").count():
                at = index_of(page)
                page.click("#undo")
                page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) === {at - 1}")
                undone += 1
        if clicks == 40 and not shot_mid:
            wait_ready(page)
            page.screenshot(path=artifacts / "solo-mid.png")
            shot_mid = True
            page.select_option("#anim", "off")  # the rest at full speed
    else:
        pytest.fail("the game did not end in 600 clicks")

    assert board_clicks > 0
    assert undone == 1, "undo was never offered after a move"
    expect(page.locator("#outcome")).to_be_visible()
    log = page.locator("#log li")
    assert log.count() > 50
    moves = page.locator("#log li.ev-raider_move")
    assert moves.count() > 0, "no raider move in the log"
    text = moves.first.inner_text()
    assert re.search(r"→", text) and "(" in text, text
    del saw_animation  # timing-dependent; the animation itself is checked in test_raider_moves_animated
    page.screenshot(path=artifacts / "solo-over.png")

    # the replay of the finished game, step by step
    page.click("#replay-link")
    page.wait_for_selector("#replay")
    expect(page.locator("#r-step")).to_contain_text("Step 0 of")
    page.click("#r-next")
    page.wait_for_selector("#replay[data-step='1']")
    expect(page.locator("#r-action")).to_contain_text("p1")
    page.click("#r-last")
    page.wait_for_selector("#r-events li[data-type='game_over']")
    page.screenshot(path=artifacts / "replay-end.png")
    assert game_id


def test_raider_moves_animated_along_their_paths(server_url, new_page, artifacts):
    """Enemy activations play step by step: the moving raider walks its path, the log says why."""
    page = new_page()
    create_game(page, server_url, seed=SOLO_SEED, anim="slow")
    seen = False
    for _ in range(80):
        wait_ready(page)
        if page.locator(OVER).count():
            break
        before = page.locator("#log li.ev-raider_move").count()
        _click_first(page)
        confirm_if_asked(page)
        # while an update is being played, a raider figure carries the "moving" class
        try:
            page.wait_for_selector("svg.board .raider.moving", timeout=1500)
            page.screenshot(path=artifacts / "raider-moving.png")
            seen = True
        except Exception:
            pass
        if seen:
            page.wait_for_function(f"document.querySelectorAll('#log li.ev-raider_move').length > {before}")
            break
    assert seen, "no raider was animated in 80 actions"
    entry = page.locator("#log li.ev-raider_move").last.inner_text()
    assert "moves" in entry and "→" in entry


def test_two_players_in_two_browsers(server_url, new_page, artifacts):
    alice = new_page()
    create_game(alice, server_url, players=2, seed=5, seats=["human", "human"])
    game_id = alice.get_attribute("#game", "data-game")
    expect(alice.locator("#you-are")).to_have_text("You play p1.")

    bob = new_page()
    bob.goto(f"{server_url}?lang=en&anim=off")
    join = bob.locator(f".game-item[data-game='{game_id}'] button.join[data-seat='1']")
    expect(join).to_be_visible()
    join.click()
    bob.wait_for_selector(READY)
    expect(bob.locator("#you-are")).to_have_text("You play p2.")

    pages = {0: alice, 1: bob}
    # play until both have a hand of cards: each move by one must show on the other's page
    for _ in range(60):
        for p in pages.values():
            p.wait_for_selector(READY)
        mover = next((seat for seat, p in pages.items() if p.locator(MY_TURN).count()), None)
        assert mover is not None, "neither page offers a decision"
        other = pages[1 - mover]
        before = index_of(other)
        _click_first(pages[mover])
        confirm_if_asked(pages[mover])
        other.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
        expect(other.locator("#log li.act").last).to_contain_text(f"p{mover + 1}:")
        if alice.locator("#hand .card").count() and bob.locator("#hand .card").count():
            break
    else:
        pytest.fail("the two players never both held cards")

    alice.wait_for_selector(READY)
    bob.wait_for_selector(READY)
    a_hand = set(alice.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
    b_hand = set(bob.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert a_hand and b_hand and not a_hand & b_hand
    # neither page holds the other's hand anywhere: only its size
    a_html, b_html = alice.content(), bob.content()
    assert not any(f'data-card="{c}"' in a_html for c in b_hand)
    assert not any(f'data-card="{c}"' in b_html for c in a_hand)
    expect(alice.locator(".player-row[data-seat='p2'] .facts")).to_contain_text(f"{len(b_hand)} cards in hand")
    alice.screenshot(path=artifacts / "two-players-p1.png")
    bob.screenshot(path=artifacts / "two-players-p2.png")

    # leave and come back: the seat token in localStorage resumes the seat
    bob.goto(f"{server_url}?lang=en&anim=off")
    resume = bob.locator(f".game-item[data-game='{game_id}'] a.resume")
    expect(resume).to_have_text("Resume as p2")
    resume.click()
    bob.wait_for_selector(READY)
    expect(bob.locator("#you-are")).to_have_text("You play p2.")
    assert set(bob.locator("#hand .card").evaluate_all("els => els.map(e => e.dataset.card)")) == b_hand

    # a spectator sees no hand at all
    watcher = new_page()
    watcher.goto(f"{server_url}?lang=en#/game/{game_id}?watch")
    watcher.wait_for_selector(READY)
    expect(watcher.locator("#you-are")).to_have_text("You are watching this game.")
    assert watcher.locator("#hand .card").count() == 0
    assert watcher.locator("#actions .action-btn").count() == 0


def test_language_switch(server_url, new_page, artifacts):
    page = new_page()
    create_game(page, server_url, seed=3)
    expect(page.locator("#prompt")).to_contain_text("Choose your character")
    page.select_option("#lang", "ru")
    expect(page.locator("#prompt")).to_contain_text("Выберите персонажа")
    expect(page.locator("#actions .action-btn").first).to_contain_text("Играть за персонажа")
    expect(page.locator("a.brand")).to_have_text("Пустошь")
    expect(page.locator("#game .gamebar a.button")).to_have_text("← Лобби")
    # play a few actions: the log's events in Russian too
    for _ in range(4):
        wait_ready(page)
        _click_first(page)
        confirm_if_asked(page)
    wait_ready(page)
    log = page.locator("#log").inner_text()
    assert "Раунд 1, ход 1" in log, log
    page.screenshot(path=artifacts / "game-ru.png")

    page.select_option("#lang", "uk")
    expect(page.locator("a.brand")).to_have_text("Пустка")
    expect(page.locator("#game .gamebar a.button")).to_have_text("← Лобі")
    assert "Раунд 1, хід 1" in page.locator("#log").inner_text()
    page.screenshot(path=artifacts / "game-uk.png")

    # the choice is remembered, and the lobby follows it
    page.goto(server_url)
    expect(page.locator("#create-form h2")).to_have_text("Нова гра")
    page.select_option("#lang", "en")
    expect(page.locator("#create-form h2")).to_have_text("New game")


def test_browser_language_picked_by_default(server_url, new_page):
    page = new_page(locale="ru-RU")
    page.goto(server_url)
    expect(page.locator("#create-form h2")).to_have_text("Новая игра")


def _text_folders():
    """The page's translations and every installed game's (``spec.web_texts``)."""
    from importlib.resources import files
    from pathlib import Path

    from wasteland.core.registry import registered_games

    yield "page", Path(__file__).resolve().parents[2] / "src" / "wasteland" / "web" / "i18n"
    for name, spec in registered_games().items():
        if spec.web_texts:
            folder = files(spec.package)
            for part in spec.web_texts.split("/"):
                folder = folder.joinpath(part)
            yield name, Path(str(folder))


@pytest.mark.parametrize("name,folder", list(_text_folders()), ids=lambda x: str(x) if isinstance(x, str) else "")
def test_every_language_has_every_string(name, folder):
    en = json.loads((folder / "en.json").read_text())
    assert en, f"{name}: no English strings"
    for lang in ("ru", "uk"):
        other = json.loads((folder / f"{lang}.json").read_text())
        missing = sorted(k for k in en if k not in other)
        assert not missing, f"{name} {lang}.json lacks {missing}"
        same = [k for k in en if not k.startswith(("replay.first", "replay.last")) and other[k] == en[k]
                and any(c.isalpha() for c in en[k])]
        assert len(same) < 5, f"{name} {lang}.json copies English: {same}"


def test_every_game_option_shown_in_the_form_has_a_label_in_every_language():
    from wasteland.core.registry import registered_games

    folders = dict(_text_folders())
    for name, spec in registered_games().items():
        if name not in folders:
            continue  # a game without texts: the form shows its option names
        for lang in ("en", "ru", "uk"):
            texts = json.loads((folders[name] / f"{lang}.json").read_text())
            for option in spec.options:
                if not option.hidden:
                    assert f"option.{option.name}" in texts, (name, lang, option.name)


def test_age_of_thirst_board(server_url, new_page, artifacts):
    """An Age of Thirst game against a random bot: the SVG map, troops, and play by clicking hexes."""
    page = new_page()
    page.goto(f"{server_url}?lang=en&anim=off")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "age-of-thirst")
    page.wait_for_selector("#create-form[data-game='age-of-thirst']")
    page.fill("#f-players", "2")
    page.dispatch_event("#f-players", "change")
    page.select_option("#f-seats select[data-seat='0']", "human")
    page.select_option("#f-seats select[data-seat='1']", "random")
    page.fill("#f-seed", "11")
    page.click("#create")
    page.wait_for_selector(READY)
    assert page.locator("svg.board-aot .hex").count() == 127
    expect(page.locator("svg.board-aot .hex.aot-oasis[data-hex='0,0']")).to_have_count(1)
    assert page.locator("svg.board-aot .aot-source").count() == 12
    assert page.locator("svg.board-aot .aot-landing").count() == 30
    expect(page.locator("#aot-water tr[data-colour]")).to_have_count(2)
    expect(page.locator("#aot-decks")).to_contain_text("Decks:")

    played = board_clicks = 0
    saw_troops = False
    for _ in range(200):
        wait_ready(page)
        if page.locator(OVER).count() or played >= 22:
            break
        if page.locator("svg.board-aot .troop").count():
            saw_troops = True
        before = index_of(page)
        marked = page.locator("svg.board-aot .hex.reach, svg.board-aot .hex.target")
        if played % 3 != 2 and marked.count():
            # a highlighted hex: its action, or the menu of the actions that name it
            cell = marked.nth(played % marked.count())
            hex_name = cell.get_attribute("data-hex")
            cell.click(force=True)
            if page.locator("svg.board-aot .hex.selected").count():
                # a troop with several destinations is selected first (issue 25): then its target
                target = page.locator("svg.board-aot .hex.reach:not(.selected), svg.board-aot .hex.target:not(.selected)")
                hex_name = target.first.get_attribute("data-hex")
                target.first.click(force=True)
            chooser = page.locator("#chooser .choice")
            if chooser.count():
                assert all(hex_name in a.split() for a in chooser.evaluate_all("els => els.map(e => e.dataset.action)"))
                chooser.first.click()
            confirm_if_asked(page)
            board_clicks += 1
        else:
            _click_first(page, last=True)
            confirm_if_asked(page)
        played += 1
        page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    wait_ready(page)
    assert played >= 20 or page.locator(OVER).count()
    assert board_clicks >= 10
    assert saw_troops and page.locator("svg.board-aot .troop").count() > 0
    assert page.locator("#log li.act").count() >= played
    page.screenshot(path=artifacts / "aot-board.png", full_page=True)


def _aot_lineups():
    """Every game form of Age of Thirst, and every team format (in its normal form), from
    the spec the server lists: (mode, teams, players)."""
    from wasteland.core.registry import get_spec

    spec = get_spec("age-of-thirst")
    out = [(mode, None, 2 + i) for i, mode in enumerate(spec.option("mode").values)]
    # a team format "2x3" seats 2 + 3 players
    out += [("normal", teams, sum(int(n) for n in teams.split("x"))) for teams in spec.option("teams").values]
    return out


@pytest.mark.parametrize("mode,teams,players", _aot_lineups(), ids=lambda x: str(x))
def test_age_of_thirst_of_every_mode_and_team_format_from_the_lobby(server_url, new_page, mode, teams, players):
    page = new_page()
    page.goto(f"{server_url}?lang=en&anim=off")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "age-of-thirst")
    page.wait_for_selector("#create-form[data-game='age-of-thirst']")
    # the form is the spec's: its modes and team formats, a free choice of players
    modes = page.locator("#opt-mode option").evaluate_all("els => els.map(e => e.value)")
    assert mode in modes
    page.fill("#f-players", str(players))
    page.dispatch_event("#f-players", "change")
    expect(page.locator("#f-seats select")).to_have_count(players)
    for seat in range(1, players):
        page.select_option(f"#f-seats select[data-seat='{seat}']", "random")
    page.select_option("#opt-mode", mode)
    page.select_option("#opt-teams", teams or "")
    page.fill("#f-seed", "5")
    page.click("#create")
    page.wait_for_selector(READY, timeout=30_000)
    game_id = page.get_attribute("#game", "data-game")
    summary = page.evaluate(f"fetch('/api/games/{game_id}').then(r => r.json())")["game"]
    assert summary["config"].get("mode") == mode and summary["config"].get("teams") == teams
    assert len(summary["seats"]) == players
    # it started: the map with every clan, and the game moves on from the first decision
    expect(page.locator("svg.board .hex").first).to_be_visible()
    expect(page.locator("#aot-water tr[data-colour]")).to_have_count(players)
    before = index_of(page)
    wait_ready(page)
    if page.locator(MY_TURN).count():
        _click_first(page)
        confirm_if_asked(page)
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}", timeout=30_000)


def test_a_refused_option_is_shown_with_its_rule(server_url, new_page):
    """A team format with the wrong number of players: the server's error, in the page."""
    page = new_page()
    page.goto(f"{server_url}?lang=en&anim=off")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "age-of-thirst")
    page.wait_for_selector("#create-form[data-game='age-of-thirst']")
    page.select_option("#opt-teams", "2x2")  # with the default two players
    page.click("#create")
    expect(page.locator("#toast")).to_contain_text("LO-13.4")
    assert page.locator("#create-form").count() == 1


def _exports(path) -> set[str]:
    """The names an ES module exports (export function/const/class X, export { a, b as c })."""
    text = path.read_text(encoding="utf-8")
    names = set(re.findall(r"^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)", text, re.M))
    for group in re.findall(r"^export\s*\{([^}]*)\}", text, re.M):
        for item in group.split(","):
            if item.strip():
                names.add(item.split(" as ")[-1].strip())
    return names


def test_board_modules_export_only_what_the_page_calls():
    """Every game's board module keeps to ``WEB_BOARD_EXPORTS`` (the page calls nothing else),
    and the page's generic fallbacks cover every name of it."""
    from importlib.resources import files
    from pathlib import Path

    from wasteland.core.registry import registered_games
    from wasteland.core.spec import WEB_BOARD_EXPORTS, WEB_BOARD_STYLESHEET

    web = Path(__file__).resolve().parents[2] / "src" / "wasteland" / "web" / "js"
    assert set(WEB_BOARD_EXPORTS) == _exports(web / "generic.js")
    allowed = set(WEB_BOARD_EXPORTS) | {WEB_BOARD_STYLESHEET}
    checked = 0
    for name, spec in registered_games().items():
        if not spec.web_board:
            continue
        module = files(spec.package)
        for part in spec.web_board.split("/"):  # a namespace package's path joins one part at a time
            module = module.joinpath(part)
        module = Path(str(module))
        exported = _exports(module)
        assert exported <= allowed, (name, sorted(exported - allowed))
        assert "renderBoard" in exported, name
        if WEB_BOARD_STYLESHEET in exported:
            sheet = re.search(r'export const STYLESHEET = "([^"]+)"', module.read_text()).group(1)
            assert (module.parent / sheet).is_file(), (name, sheet)
        checked += 1
    assert checked >= 1


def test_every_kind_of_option_control_reaches_the_game(server_url, new_page):
    """int, choice, bool, names and seats controls, from Saltlands' spec, end in the created
    game's config; a per-seat choice made for some seats only is refused in the page."""
    page = new_page()
    page.goto(f"{server_url}?lang=en&anim=off")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "saltlands")
    page.wait_for_selector("#create-form[data-game='saltlands']")
    page.fill("#f-players", "2")
    page.dispatch_event("#f-players", "change")
    expect(page.locator("#opt-characters select")).to_have_count(2)
    page.select_option("#opt-mode", "coop")
    page.select_option("#opt-difficulty", "hard")
    page.check("#opt-expansion")
    page.check("#opt-variants input[data-value='epic']")
    page.select_option("#opt-characters select[data-seat='0']", "scout")
    page.click("#create")
    expect(page.locator("#toast")).to_contain_text("every seat")
    assert page.locator("#create-form").count() == 1
    page.select_option("#opt-characters select[data-seat='1']", "healer")
    page.click("#create")
    page.wait_for_selector(READY)
    game_id = page.get_attribute("#game", "data-game")
    config = page.evaluate(f"fetch('/api/games/{game_id}').then(r => r.json())")["game"]["config"]
    assert (config["players"], config["mode"], config["difficulty"]) == (2, "coop", "hard")
    assert config["expansion"] is True and list(config["variants"]) == ["epic"]
    assert list(config["characters"]) == ["scout", "healer"]


def test_age_of_thirst_words_for_every_event_and_decision_in_every_language():
    """Every event the game describes and every decision it offers has its words in the game's
    own texts, with the same placeholders in English, Russian and Ukrainian."""
    from wasteland.games.age_of_thirst.describe import TEMPLATES
    from wasteland.games.age_of_thirst.engine import DECISION_INFO

    folder = dict(_text_folders())["age-of-thirst"]
    texts = {lang: json.loads((folder / f"{lang}.json").read_text()) for lang in ("en", "ru", "uk")}
    slots = lambda s: sorted(re.findall(r"\{(\w+)\}", s))  # noqa: E731
    for lang, words in texts.items():
        for kind in TEMPLATES:
            assert f"aot.ev.{kind}" in words, (lang, kind)
        for kind in DECISION_INFO:
            assert f"aot.prompt.{kind}" in words, (lang, kind)
        for key, value in words.items():
            assert key not in texts["en"] or slots(value) == slots(texts["en"][key]), (lang, key)


def test_age_of_thirst_in_russian(server_url, new_page):
    page = new_page()
    page.goto(f"{server_url}?lang=ru&anim=off")
    page.wait_for_selector("#create-form")
    page.select_option("#f-game", "age-of-thirst")
    page.wait_for_selector("#create-form[data-game='age-of-thirst']")
    page.select_option("#f-seats select[data-seat='1']", "random")
    page.fill("#f-seed", "11")
    page.click("#create")
    page.wait_for_selector(MY_TURN)
    expect(page.locator("#prompt")).to_contain_text("Стол выбирает первого игрока")
    for _ in range(4):
        wait_ready(page)
        if page.locator(OVER).count():
            break
        _click_first(page)
        confirm_if_asked(page)
    wait_ready(page)
    log = page.locator("#log li.ev").all_inner_texts()
    assert log and any("Порядок ходов" in line for line in log), log
    assert not any(re.search(r"\bseat \d", line) for line in log), log
