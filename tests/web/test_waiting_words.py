"""What a player waiting for another seat (or a spectator) reads: the other seat's question
is quoted as that seat's, not put to the reader ("Waiting for p1: your turn ..." read as the
reader's own turn, found trying the game as a new player would)."""

from __future__ import annotations

import re

import pytest

import boardkit as kit


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    from webtest import serve

    with serve(tmp_path_factory.mktemp("waiting") / "waiting.db") as u:
        yield u


@pytest.mark.parametrize("lang, yours", [("en", r"\byour\b"), ("ru", r"\bваш"), ("uk", r"\bваш")])
def test_a_spectator_reads_the_deciding_seats_question_as_that_seats(url, browser, lang, yours):
    ctx, page = kit.watched_page(browser, "phone", lang)
    try:
        # fallout's first question is survivor 1's own turn: "your turn (a stand-in ...)"
        created = kit.create(page, url, "fallout", seed=3, seats=[{"kind": "human"}])
        page.goto(f"{url}?lang={lang}&anim=off#/game/{created['game']['id']}?watch")
        page.wait_for_selector(kit.READY)
        text = page.locator("#decision .prompt.waiting").inner_text()
        before, _, question = text.partition("p1")
        assert question, text
        # the seat's question follows words that say it is p1's, never "p1: your turn"
        assert not re.match(r"\s*:\s*" + yours, question, re.IGNORECASE), text
        assert not page.problems, page.problems
    finally:
        ctx.close()
