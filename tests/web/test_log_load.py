"""The game's log survives a failed request (issue 25): once after a reload the log stood
empty, the page having swallowed a failed ``/log`` and started an empty history in silence.
The page asks again; and when every ask fails it says so in the log's place, in the page's
language, rather than show an empty history."""

from __future__ import annotations

import pytest
from boardkit import open_game, watched_page

LOG = "**/api/games/*/log"
FAILED = {"en": "could not be loaded", "ru": "Не удалось загрузить", "uk": "Не вдалося завантажити"}


def failing(times: int | None):
    """A route handler that fails the log's request ``times`` times (None: always), then lets it through."""
    count = {"n": 0}

    def handle(route):
        count["n"] += 1
        if times is None or count["n"] <= times:
            route.fulfill(status=503, content_type="application/json", body='{"error": "unavailable"}')
        else:
            route.continue_()
    handle.count = count
    return handle


def expected(problems: list[str]) -> list[str]:
    """The browser's own line for the refused request is no error of the page's."""
    return [p for p in problems if "Failed to load resource" not in p and "503" not in p]


def reload_with(page, handler):
    page.route(LOG, handler)
    page.reload()
    page.wait_for_selector("#game[data-ready='1']")


def test_a_log_request_failing_once_is_asked_again(server_url, browser):
    ctx, page = watched_page(browser, "desktop", "en")
    try:
        open_game(page, server_url, "saltlands")
        page.wait_for_selector("#log li")
        lines = page.locator("#log li").count()
        handler = failing(1)
        reload_with(page, handler)
        page.wait_for_function(f"document.querySelectorAll('#log li').length >= {lines}")
        assert handler.count["n"] == 2
        assert page.locator("#log .log-failed").count() == 0
        assert not expected(page.problems), page.problems
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_a_log_that_cannot_be_loaded_is_said_so(server_url, browser, lang):
    ctx, page = watched_page(browser, "phone", lang)
    try:
        open_game(page, server_url, "saltlands", lang=lang)
        reload_with(page, failing(None))
        note = page.locator("#log .log-failed")
        note.wait_for()
        assert FAILED[lang] in note.inner_text()
        assert not expected(page.problems), page.problems
    finally:
        ctx.close()
