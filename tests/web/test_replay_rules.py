"""The replay page shows the rules' words as the game page does (issue 14): each event that
cites a rule carries its anchor, marked with the rule's title and text in the page's
language (a tooltip, and a popover on a click), and so does the decision of the step; its
board has the game page's coordinates and legend switches."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from wasteland.core import rules_reference as rr

from webtest import serve  # noqa: F401  (the conftest's helpers)


def _finished_bot_game(page, url: str) -> str:
    """A solo Saltlands game the heuristic bot plays to its end on the server."""
    r = page.request.post(f"{url}api/games", data={"game": "saltlands", "players": 1, "seed": 3,
                                                    "seats": [{"kind": "bot", "bot": "heuristic"}]})
    assert r.status == 201, r.text()
    gid = r.json()["game"]["id"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if page.request.get(f"{url}api/games/{gid}").json()["game"]["status"] == "over":
            return gid
        time.sleep(0.5)
    pytest.fail("the bot's game did not end in two minutes")


def _step_citing(page, url: str, gid: str, anchor: str) -> int:
    """The first step of the replay with an event that cites ``anchor``."""
    steps = page.request.get(f"{url}api/games/{gid}/replay?step=0").json()["steps"]
    for step in range(1, steps + 1):
        events = page.request.get(f"{url}api/games/{gid}/replay?step={step}").json()["events"]
        if any(e.get("rule") == anchor for e in events):
            return step
    pytest.fail(f"no event of the game cites {anchor}")


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_replay_marks_the_rules_of_its_events_and_its_decision(server_url, new_page, artifacts, lang):
    page = new_page()
    gid = _finished_bot_game(page, server_url)
    step = _step_citing(page, server_url, gid, "SL §100")  # a damage card activates raiders
    page.goto(f"{server_url}?lang={lang}#/replay/{gid}")
    page.wait_for_selector("#replay[data-step='0']")
    # the start: the first decision and the rule that gives it, marked
    first = page.locator("#r-decision .rule-ref")
    expect(first).to_have_count(1)
    rule = rr.rule_text("saltlands", first.get_attribute("data-anchor"), lang)
    assert first.get_attribute("title") == f"{rule.title}: {rule.text}"
    page.locator("#r-range").evaluate(f"(r) => {{ r.value = {step}; r.dispatchEvent(new Event('change')); }}")
    page.wait_for_selector(f"#replay[data-step='{step}']")
    mark = page.locator("#r-events .rule-ref[data-anchor='SL §100']").first
    expect(mark).to_be_visible()
    rule = rr.rule_text("saltlands", "SL §100", lang)
    assert rule is not None and rule.lang == lang
    assert mark.get_attribute("title") == f"{rule.title}: {rule.text}"
    mark.click()
    pop = page.locator(".rule-pop")
    expect(pop.locator("h4")).to_have_text(f"SL §100 · {rule.title}")
    expect(pop.locator("p")).to_have_text(rule.text)
    page.screenshot(path=artifacts / f"replay-rule-{lang}.png")
    page.keyboard.press("Escape")
    expect(pop).to_have_count(0)
    # every anchor on the replay's events is marked with its own rule's words
    for m in page.locator("#r-events .rule-ref").all():
        anchor = m.get_attribute("data-anchor")
        found = rr.rule_text("saltlands", anchor, lang)
        assert found is not None and m.get_attribute("title") == f"{found.title}: {found.text}", anchor
    # the board's coordinates and legend, switched on as on the game page, stay on from step to step
    expect(page.locator("#legend")).to_be_hidden()
    page.click("#legend-toggle")
    page.click("#coords-toggle")
    expect(page.locator("#legend [data-legend='reach']")).to_be_visible()
    expect(page.locator("#board.show-coords")).to_have_count(1)
    page.click("#r-next")
    page.wait_for_selector(f"#replay[data-step='{step + 1}']")
    expect(page.locator("#legend [data-legend='reach']")).to_be_visible()
    expect(page.locator("#board.show-coords svg.board .hex text.coord").first).to_be_visible()
