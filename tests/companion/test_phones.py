"""Several phones at one table, in a real browser: two phones tap at once, 30 times each
(100 with ``WASTELAND_FULL_WALK=1``), a third watches; every tap reaches its page (none
lands in a redraw); the server orders every tap (each is played, or refused because
another tap had moved the position first, and its phone is told), none is lost, all three
end on the same position, and a reload of each shows the same log."""

from __future__ import annotations

import os

import pytest

from companiontest import ready

# taps a phone, each sent while the other phone's is on its way: a slice every run, the
# soak of 100 with WASTELAND_FULL_WALK=1
TAPS = 100 if os.environ.get("WASTELAND_FULL_WALK") == "1" else 30
KILLS = "#player-edits button[data-step^='edit set survivor.0.kills'] >> nth=-1"  # the +1 of survivor 1's kills


@pytest.fixture
def server_url(tmp_path):
    from companiontest import serve

    with serve(tmp_path / "phones.db") as url:
        yield url


def log_of(page) -> list[str]:
    return page.locator("#steps li span").all_inner_texts()


def test_two_phones_tap_at_once_and_a_third_watches(watched, server_url, artifacts):
    # a tap on a position the other phone's tap moved is refused (409) on purpose
    a, b, c = (watched("phone", timeout=30_000, refusals=True) for _ in range(3))
    a.goto(f"{server_url}companion.html#/new/fallout")
    a.wait_for_selector("#create")
    a.tap("#create")
    ready(a, 0)
    sid = a.url.split("#/s/", 1)[1]
    code = a.inner_text("#code-chip")
    # the second phone types the short code; the third opens the link (the QR code's)
    b.goto(f"{server_url}companion.html")
    b.fill("#join-code", code)
    b.tap("#join-go")
    ready(b, 0)
    assert b.url.split("#/s/", 1)[1] == sid
    c.goto(f"{server_url}companion.html#/s/{sid}")
    ready(c, 0)
    assert c.get_attribute("#share-qr", "src").endswith(f"/api/companion/{sid}/qr.svg")
    for p in (a, b):
        p.tap("#correct-toggle")
        p.wait_for_selector(KILLS)
    for _ in range(TAPS):  # each phone taps while the other's tap is on its way
        a.locator(KILLS).click(no_wait_after=True)
        b.locator(KILLS).click(no_wait_after=True)
    # Every tap reaches the page and is answered: none lands in a redraw for the other
    # phone's tap (the page holds its redraws from a press to its click).
    for p in (a, b):
        p.wait_for_function("(s => s.dataset.ready === '1' && s.dataset.answered === s.dataset.sent)"
                            "(document.querySelector('#session'))", timeout=120_000)
        assert int(p.get_attribute("#session", "data-sent")) == TAPS
    played = int(a.get_attribute("#session", "data-index"))
    assert played >= TAPS // 2, played  # taps refused as stale were made on a position already gone
    for p in (a, b, c):
        p.wait_for_selector(f"#session[data-index='{played}']", timeout=30_000)
    logs = [log_of(p) for p in (a, b, c)]
    assert logs[0] == logs[1] == logs[2] and len(logs[0]) == min(played, 300)
    assert a.inner_text(KILLS) == b.inner_text(KILLS)  # the same count on both correcting phones
    a.screenshot(path=str(artifacts / "phones-a.png"))
    for p in (a, b, c):
        p.reload()
        ready(p, played)
        assert log_of(p) == logs[0]
