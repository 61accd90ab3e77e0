"""The companion's session page at a phone's 390x844 and a laptop's 1280x800 in en/ru/uk:
the question first, nothing wider than the screen, the code for other phones in view;
screenshots in the artifacts folder to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companiontest import ready


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from companiontest import serve

    with serve(tmp_path_factory.mktemp("companion-screens") / "screens.db") as found:
        yield found


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["phone", "laptop"])
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_session_page_reads_question_first(url, watched, artifacts, lang, size):
    width, height = size
    page = watched(size, lang, timeout=30_000)
    page.goto(f"{url}companion.html?lang={lang}#/new/saltlands")
    page.wait_for_selector("#create")
    page.click("#create")
    ready(page, 0)
    page.locator("#decision [data-action] >> nth=0").click()  # a first step: something happened
    ready(page, 1)
    # the question comes before what happened, and both before the board; on a phone a
    # question whose answers are the board's spots (where p1 enters, SL §45) has the board
    # right under it, what happened after (test_board_with_question.py), a laptop never
    on_board = page.locator("#session.asks-on-board").count() > 0
    assert not on_board or width < 700, "a laptop's order changed"
    order = ("#decision", "#board", "#explain") if on_board else ("#decision", "#explain", "#board")
    tops = [page.locator(sel).bounding_box()["y"] for sel in order]
    assert tops == sorted(tops), tops
    assert page.locator("#decision").bounding_box()["y"] < height  # no swipe to reach the question
    assert page.locator("#code-chip").is_visible()
    # against the screen's width: a phone's innerWidth grows with a page wider than it
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "sideways scroll"
    page.screenshot(path=str(artifacts / f"session-{lang}-{width}.png"))
    page.evaluate("for (const d of document.querySelectorAll('#settings, #share')) d.open = true")
    page.locator("#share").scroll_into_view_if_needed()
    page.wait_for_function("document.querySelector('#share-qr').complete")
    page.screenshot(path=str(artifacts / f"share-{lang}-{width}.png"))


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_steps_list_fits_a_phone_once_a_step_can_be_gone_back_to(url, watched, artifacts, lang):
    """With two steps the first one offers "back here" beside "undo": in Russian and
    Ukrainian the two buttons and the step's words ran 17 px past a 390 px screen."""
    page = watched("phone", lang, timeout=30_000)
    page.goto(f"{url}companion.html?lang={lang}#/new/fallout")
    page.wait_for_selector("#create")
    page.click("#create")
    ready(page, 0)
    for index in (1, 2):
        page.locator("#decision [data-action] >> nth=0").click()
        ready(page, index)
    expect(page.locator("#steps .back-to")).to_have_count(1)
    page.locator("#steps").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / f"session-steps-{lang}-390.png"))
    # against the screen's 390, not innerWidth: a phone's layout viewport grows with the page
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, "sideways scroll"


def test_a_buttons_words_sit_in_its_middle(url, watched):
    """The die faces the table picks from and the link back to the sessions are 48 px tall
    for a finger; their words sat at the top of those 48 px."""
    page = watched("desktop", "uk")
    page.goto(f"{url}companion.html?lang=uk#/new/quest")
    page.wait_for_selector("#create")
    page.click("#create")
    ready(page, 0)
    offsets = page.evaluate("""() => [document.querySelector('#decision button.chance'),
                                      document.querySelector('a.button[href="#/"]')].map((b) => {
        const range = document.createRange(); range.selectNodeContents(b);
        const words = range.getBoundingClientRect(), box = b.getBoundingClientRect();
        return Math.abs((words.top + words.bottom) / 2 - (box.top + box.bottom) / 2); })""")
    assert all(off <= 3 for off in offsets), offsets
