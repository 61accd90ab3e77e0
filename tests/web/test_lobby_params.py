"""The lobby's tuned numbers (issue 31): a game created with a pasted set keeps it (the
list marks the game as tuned, its view plays the tuned number), a set read from a file
goes the same way, and a bad set is refused with the parameter, its range and its rule in
the page's language, nothing created. A phone (390x844) and a laptop (1280x800) show the
field without sideways scroll, in English, Russian and Ukrainian."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from testkit import axe_violations
from webtest import serve

BAD = {"en": "target_1p must be a whole number from 4 to 16 (FO-13.5)",
       "ru": "target_1p — целое число от 4 до 16 (FO-13.5)",
       "uk": "target_1p — ціле число від 4 до 16 (FO-13.5)"}
# what target_1p sets (FO-13.5), the game's page word ``param.target_1p``
SETS = {"en": "influence a survivor needs to win with 1 player",
        "ru": "влияние, нужное выжившему для победы при одном игроке",
        "uk": "вплив, потрібний вцілілому для перемоги за одного гравця"}
TUNED = {"en": "tuned: target_1p=6", "ru": "числа: target_1p=6", "uk": "числа: target_1p=6"}


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    with serve(tmp_path_factory.mktemp("p") / "p.db") as address:
        yield address


def _fallout_form(page, url: str, lang: str) -> None:
    page.goto(f"{url}?lang={lang}")
    expect(page.locator("#create-form")).to_be_visible()
    page.select_option("#f-game", "fallout")
    expect(page.locator("#create-form")).to_have_attribute("data-game", "fallout")
    page.select_option("[data-seat='0']", "heuristic")  # a bot plays, so nobody sits down
    page.locator("#f-params-box summary").click()
    expect(page.locator("#f-params")).to_be_visible()


def _created(page) -> str:
    """The id of the game the form created: the page goes to its hash route."""
    page.wait_for_function("location.hash.startsWith('#/game/')")
    return page.evaluate("location.hash").split("/")[2].split("?")[0]


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("width, height", [(390, 844), (1280, 800)])
def test_a_pasted_set_is_checked_and_kept_with_the_game(new_page, url, artifacts, lang, width, height):
    page = new_page()
    page.set_viewport_size({"width": width, "height": height})
    _fallout_form(page, url, lang)
    expect(page.locator("#f-params-list [data-param='target_1p']")).to_contain_text("FO-13.5")
    expect(page.locator("#f-params-list [data-param='target_1p'] .param-text")).to_have_text(SETS[lang])
    page.fill("#f-params", "target_1p = 40\n")
    page.screenshot(path=str(artifacts / f"lobby-params-{lang}-{width}x{height}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # no sideways scroll
    assert axe_violations(page) == []  # the field and the file's input have their labels
    before = len(page.request.get(f"{url}api/games").json()["games"])
    page.click("#create")
    expect(page.locator("#toast")).to_contain_text(BAD[lang])
    page.screenshot(path=str(artifacts / f"lobby-params-refused-{lang}-{width}x{height}.png"))
    assert len(page.request.get(f"{url}api/games").json()["games"]) == before  # nothing created
    page.fill("#f-params", "# a shorter race\ntarget_1p = 6\n")
    page.click("#create")
    game_id = _created(page)
    state = page.request.get(f"{url}api/games/{game_id}").json()
    assert state["game"]["config"]["params"] == {"target_1p": 6}
    assert state["state"]["view"]["target"] == 6  # FO-13.5 at the tuned number
    page.goto(f"{url}?lang={lang}")
    expect(page.locator(f"[data-game='{game_id}'] .desc")).to_contain_text(TUNED[lang])


def test_a_set_read_from_a_file(new_page, url, tmp_path):
    page = new_page()
    _fallout_form(page, url, "en")
    path = tmp_path / "best.toml"
    path.write_text('game = "fallout"\ntarget_1p = 8\n', encoding="utf-8")
    page.set_input_files("#f-params-file", str(path))
    expect(page.locator("#f-params")).to_have_value('game = "fallout"\ntarget_1p = 8\n')
    page.click("#create")
    game_id = _created(page)
    assert page.request.get(f"{url}api/games/{game_id}").json()["game"]["config"]["params"] == {"target_1p": 8}
