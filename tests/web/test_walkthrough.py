"""The walk-through of issue 14: a scripted Saltlands solo game and a two-player Age of
Thirst game, in English, Russian and Ukrainian, at a desktop's and a phone's size, read
screen by screen as a player would. Every screen must have

* no untranslated key ("game.hand", "aot.prompt.place") and no raw id or notation shown as
  text ("crew#8", "crew_start", "lose crew#8");
* in Russian and Ukrainian, no English word (anything of three Latin letters or more but
  the rule anchors' prefixes and what the allowlist names);
* tile borders on the Saltlands board; on a phone, hexes a finger can tap (over 44 px) and
  the decision on screen;

and no destructive action may be played by a single click: each one asks first. The
screenshots go to the artifacts folder (kept by CI).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import boardkit as kit

from webtest import serve

MY_TURN = "#game[data-ready='1'][data-turn='mine']"
OVER = "#game[data-ready='1'][data-turn='over']"
READY = "#game[data-ready='1']"

SIZES = {"desktop": {"width": 1400, "height": 900}, "phone": {"width": 390, "height": 844}}
LANGS = ("en", "ru", "uk")

UNTRANSLATED = re.compile(
    r"\b(?:game|act|prompt|ev|aot|group|legend|token|tile|note|danger|ties|source|seat|lobby|terrain|dir|dt|"
    r"reason|word|card|char|raider|mode|difficulty|option|bot|colour|replay)\.[a-z_]+(?:\.[a-z_]+)*\b")
# an instance id ("water#1"), a content id ("tile_09") or a tile's position in the notation ("t0,-2")
RAW_ID = re.compile(r"\b[a-z][a-z_]*#\d+\b|\b[a-z]+_[a-z0-9_]+\b|\bt-?\d+,-?\d+\b")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
# Latin words a Russian or Ukrainian screen may show: the method's name of a bot, and the
# Fallout trademark, which the game's Russian and Ukrainian editions print in Latin letters.
ALLOWED_LATIN = {"ISMCTS", "Fallout", "FALLOUT"}


@pytest.fixture(scope="module")
def walk_url(tmp_path_factory):
    """One server for the walk-through (the page tests run both server set-ups already)."""
    with serve(tmp_path_factory.mktemp("walk") / "walk.db") as url:
        yield url


def _screen_text(page) -> str:
    """What the player reads: the page's visible text and the hover texts of the board, less
    the game's id and the language menu (each language names itself)."""
    return page.evaluate("""() => {
        // the language menu names each language in its own; a game's id is no word
        const skip = [...document.querySelectorAll('#lang, .gid')].map((e) => e.innerText)
          .concat([...document.querySelectorAll('[data-game]')].map((e) => e.dataset.game));
        let text = document.body.innerText;
        for (const s of skip) if (s) text = text.split(s).join(' ');
        const titles = [...document.querySelectorAll('svg.board title')].map((e) => e.textContent);
        // every hover hint: the board's and the lobby's (a game's options, its bots)
        const tips = [...document.querySelectorAll('[title]')].map((e) => e.getAttribute('title'));
        return [text, ...titles, ...tips].join(String.fromCharCode(10));
    }""")


def _check_screen(page, lang: str, where: str) -> None:
    text = _screen_text(page)
    gid = page.get_attribute("#game", "data-game") if page.locator("#game").count() else None
    if gid:
        text = text.replace(gid, "")
    keys = sorted(set(UNTRANSLATED.findall(text)))
    assert not keys, f"{where}: untranslated keys {keys}"
    raw = sorted(set(RAW_ID.findall(text)))
    assert not raw, f"{where}: raw ids or notation shown as text {raw}, in: " + str(
        [line for line in text.splitlines() if any(r in line for r in raw)][:6])
    if lang != "en":
        english = sorted({w for w in LATIN_WORD.findall(text) if w not in ALLOWED_LATIN})
        lines = [line for line in text.splitlines() if any(w in line for w in english)][:6]
        assert not english, f"{where}: English words on a {lang} page {english}, in: {lines}"


def _check_phone(page, where: str) -> None:
    size = page.evaluate("() => { const p = document.querySelector('svg.board .hex polygon');"
                         " return p ? p.getBoundingClientRect().width : 0; }")
    # the board opens fitted to the area in play, no hex under 30 px (viewport.js; pinch or "+" for more)
    assert size > 29, f"{where}: hexes of {size:.0f} px are too small to tap"
    box = page.locator("#decision").bounding_box()
    assert box is not None and box["y"] < SIZES["phone"]["height"] / 2, f"{where}: the decision is off screen"


def _index(page) -> int:
    return int(page.get_attribute("#game", "data-index"))


def _wait_next(page, before: int) -> None:
    page.wait_for_function(f"Number(document.querySelector('#game').dataset.index) > {before}")
    page.wait_for_selector(f"{MY_TURN}, {OVER}", timeout=30_000)


def _click_and_confirm(page, locator) -> bool:
    """Click an action; a destructive one must ask first (True if it asked), and is then confirmed."""
    destructive = "danger" in (locator.get_attribute("class") or "")
    before = _index(page)
    locator.click()
    asked = page.locator("#confirm").count() > 0
    assert asked == destructive, f"'{locator.get_attribute('data-action')}': asked {asked}, destructive {destructive}"
    if asked:
        page.wait_for_timeout(100)
        assert _index(page) == before, "a destructive action was played before it was confirmed"
        page.click("#confirm-yes")
    _wait_next(page, before)
    return asked


def _play_on_board(page, action: str) -> bool:
    """Play an action the board offers (piece, then target: issue 25); True if it asked first."""
    before = _index(page)
    kit.click_action(page, action)
    page.wait_for_function(f"document.querySelector('#confirm') || Number(document.querySelector('#game').dataset.index) > {before}")
    asked = page.locator("#confirm").count() > 0
    if asked:
        page.click("#confirm-yes")
    _wait_next(page, before)
    return asked


def _new_game(page, url, lang, game, players=1, seed=None):
    page.goto(f"{url}?lang={lang}&anim=off")
    page.wait_for_selector("#create-form")
    _check_screen(page, lang, f"{game} lobby")
    page.select_option("#f-game", game)
    page.wait_for_selector(f"#create-form[data-game='{game}']")
    _check_screen(page, lang, f"{game} lobby form")
    if players != 1:
        page.fill("#f-players", str(players))
        page.dispatch_event("#f-players", "change")
    if game == "saltlands":
        page.select_option("#opt-difficulty", "easy")
    if seed is not None:
        page.fill("#f-seed", str(seed))
    page.click("#create")
    page.wait_for_selector(READY)
    page.wait_for_selector(f"{MY_TURN}, {OVER}", timeout=30_000)


def _pick(page, moved: bool):
    """The scripted player: move once a turn (by the board on a desktop), collect and use
    cards now and then, discard when asked, else end the turn."""
    actions = kit.actions(page)  # the list's and the board's
    for prefix in ("character ", "enter ", "first ", "place "):
        hit = [a for a in actions if a.startswith(prefix)]
        if hit:
            return hit[0]
    if not moved:
        moves = [a for a in actions if a.startswith("move ")]
        if moves:
            return moves[len(moves) // 2]
    for prefix in ("collect ", "end", "discard ", "lose ", "armor ", "heal ", "top", "spawn ", "raider ",
                   "chase ", "goto ", "attack ", "activate ", "done", "pass"):
        hit = [a for a in actions if a == prefix or a.startswith(prefix)]
        if hit:
            return hit[0]
    return actions[0]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_saltlands_solo_walkthrough(walk_url, browser, artifacts, lang, size):
    server_url = walk_url
    ctx = browser.new_context(viewport=SIZES[size], locale={"en": "en-US", "ru": "ru-RU", "uk": "uk-UA"}[lang],
                              is_mobile=size == "phone", has_touch=size == "phone")
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        _new_game(page, server_url, lang, "saltlands", seed=37)
        where = f"saltlands {lang} {size}"
        asked = 0
        moved_turn = None
        for step in range(45):
            if page.locator(OVER).count():
                break
            _check_screen(page, lang, f"{where} step {step}")
            assert page.locator("svg.board path.tile-border").count() == 2
            assert len(page.get_attribute("svg.board path.tile-border:not(.face-down)", "d") or "") > 100
            if size == "phone":
                _check_phone(page, f"{where} step {step}")
            if step == 3:
                page.click("#legend-toggle")
                expect(page.locator("#legend .lg-item")).not_to_have_count(0)
                _check_screen(page, lang, f"{where} legend")
                page.screenshot(path=artifacts / f"walk-saltlands-{lang}-{size}-legend.png")
            turn = page.locator("#status-line span").first.inner_text()
            action = _pick(page, moved_turn == turn)
            if action.startswith("move "):
                moved_turn = turn
            button = page.locator(f"#actions .action-btn[data-action='{action}']")
            if not button.count():  # on the board (issue 25), not listed
                asked += _play_on_board(page, action)
                continue
            if action.startswith("move ") and size == "desktop":
                before = _index(page)
                page.click(f"svg.board .hex.reach[data-hex='{action.split()[1]}']")
                if page.locator("#chooser").count():
                    page.click(f"#chooser .choice[data-action='{action}']")
                _wait_next(page, before)
                continue
            asked += _click_and_confirm(page, button)
            if step == 8:
                page.screenshot(path=artifacts / f"walk-saltlands-{lang}-{size}.png")
        # a discard is always offered on one's own turn: it asks first, and cancel keeps the card
        page.wait_for_selector(f"{MY_TURN}, {OVER}")
        discard = page.locator("#actions .action-btn[data-action^='discard ']")
        if discard.count():
            before = _index(page)
            discard.first.click()
            expect(page.locator("#confirm")).to_be_visible()
            _check_screen(page, lang, f"{where} confirm")
            page.screenshot(path=artifacts / f"walk-saltlands-{lang}-{size}-confirm.png")
            page.click("#confirm-no")
            page.wait_for_timeout(150)
            assert _index(page) == before
            asked += 1
        assert asked, "no destructive action came up to be confirmed"
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_age_of_thirst_two_player_walkthrough(walk_url, browser, artifacts, lang, size):
    server_url = walk_url
    ctx = browser.new_context(viewport=SIZES[size], locale={"en": "en-US", "ru": "ru-RU", "uk": "uk-UA"}[lang],
                              is_mobile=size == "phone", has_touch=size == "phone")
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        _new_game(page, server_url, lang, "age-of-thirst", players=2, seed=5)
        where = f"age-of-thirst {lang} {size}"
        own_attack_asked = False
        for step in range(40):
            if page.locator(OVER).count():
                break
            _check_screen(page, lang, f"{where} step {step}")
            if size == "phone":
                _check_phone(page, f"{where} step {step}")
            # an attack on one's own troop: drawn apart on the board ("danger"), asked before played
            own = page.locator("#board .vp-focusable.danger[data-actions^='attack ']")
            if own.count() and not own_attack_asked:
                before = _index(page)
                kit.click_action(page, own.first.get_attribute("data-actions").split("\n")[0])
                expect(page.locator("#confirm")).to_be_visible()
                _check_screen(page, lang, f"{where} confirm")
                page.click("#confirm-no")
                assert _index(page) == before
                own_attack_asked = True
            actions = kit.actions(page)
            choice = next((a for a in actions if a.startswith(("first ", "place ", "move "))), None)
            choice = choice or next((a for a in actions if a.startswith("end")), actions[0])
            listed = page.locator(f"#actions .action-btn[data-action='{choice}']")
            if listed.count():
                _click_and_confirm(page, listed)
            else:
                _play_on_board(page, choice)
            if step == 20:
                page.click("#legend-toggle")
                _check_screen(page, lang, f"{where} legend")
                page.screenshot(path=artifacts / f"walk-aot-{lang}-{size}.png")
        assert not errors, errors
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ("ru", "uk"))
def test_every_games_lobby_form_and_its_hints_are_translated(walk_url, browser, lang):
    """Each registered game's form in the lobby: its options, their hover hints and its
    bots' hints read in the page's language."""
    from wasteland.core.registry import registered_games

    ctx = browser.new_context(viewport=SIZES["desktop"])
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    try:
        page.goto(f"{walk_url}?lang={lang}&anim=off")
        page.wait_for_selector("#create-form")
        for game in registered_games():
            page.select_option("#f-game", game)
            page.wait_for_selector(f"#create-form[data-game='{game}']")
            page.fill("#f-players", "2")
            page.dispatch_event("#f-players", "change")
            page.wait_for_selector(f"#create-form[data-game='{game}']")
            assert page.locator("#create-form [title]").count() > 0
            _check_screen(page, lang, f"{game} lobby form")
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ("ru", "uk"))
@pytest.mark.parametrize("game", ("fallout", "quest"))
def test_fallout_and_quest_pages_read_in_the_language(walk_url, browser, artifacts, game, lang):
    """A solo game of each, a dozen questions: every screen in the page's language."""
    ctx = browser.new_context(viewport=SIZES["desktop"])
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        _new_game(page, walk_url, lang, game, seed=3)
        for step in range(12):
            if page.locator(OVER).count():
                break
            _check_screen(page, lang, f"{game} {lang} step {step}")
            actions = kit.actions(page)
            choice = actions[step % max(1, min(2, len(actions)))]
            listed = page.locator(f"#actions .action-btn[data-action='{choice}']")
            if listed.count():
                _click_and_confirm(page, listed)
            else:
                _play_on_board(page, choice)
        page.screenshot(path=artifacts / f"walk-{game}-{lang}.png")
        assert not errors, errors
    finally:
        ctx.close()


ENDS = [("age-of-thirst", "turn limit 3 reached (not a rulebook ending)", "достигнут предел ходов 3"),
        ("age-of-thirst", "red puts the Eye on circle 3", "красные ставят Око на круг 3"),
        ("fallout", "influence 11 reached", "достигнуто влияние 11"),
        ("quest", "night has fallen: the quest fails", "пала ночь: поход провален"),
        ("saltlands", "time ran out: the last round ended without an escape (SL §47, SL §114)", "время вышло")]


@pytest.mark.parametrize(("game", "reason", "words"), ENDS)
def test_the_end_of_a_game_reads_in_the_pages_language(walk_url, browser, game, reason, words):
    """The log's last line, why the game ended, in Russian (it was the engine's English)."""
    ctx = browser.new_context(viewport=SIZES["desktop"])
    page = ctx.new_page()
    try:
        page.goto(f"{walk_url}?lang=ru&anim=off")
        page.wait_for_selector("#create-form")
        kind = "quest_over" if game == "quest" else "game_over"
        said = page.evaluate("""async ([game, kind, reason]) => {
            const i18n = await import('/js/i18n.js');
            await i18n.loadGameTexts(game, `/games/${game}/i18n/`);
            i18n.useGame(game);
            const board = await import(`/games/${game}/board.js`);
            return board.eventText({type: kind, reason, winners: [], won: false});
        }""", [game, kind, reason])
        assert words in said and not re.search(r"[A-Za-z]{3,}", said), said
    finally:
        ctx.close()


def test_a_refusal_of_the_server_reads_in_the_pages_language(walk_url, browser):
    """The toast of a refused request: the words for its code in Russian, its rule after it;
    a code with no words keeps the server's message."""
    ctx = browser.new_context(viewport=SIZES["desktop"])
    page = ctx.new_page()
    try:
        page.goto(f"{walk_url}?lang=ru&anim=off")
        page.wait_for_selector("#create-form")
        said = page.evaluate("""async () => {
            const i18n = await import('/js/i18n.js');
            return [i18n.errorText('not_your_turn', 'p2 must decide now (turn), not p1', 'SL §46'),
                    i18n.errorText('stale', 'the game has moved on'), i18n.errorText('odd', 'as the server says')];
        }""")
        assert said[0] == "Отказано: сейчас решает другое место (SL §46)", said
        assert said[1] == "Отказано: игра уже ушла вперёд: ничего не изменено", said
        assert said[2] == "Отказано: as the server says", said
    finally:
        ctx.close()
