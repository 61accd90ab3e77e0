"""A balance report's parameter table on a laptop (1280x800): a rule's anchor and a
parameter's name stay whole on their line ("WQ-38.2" was cut to "WQ-" / "38.2" and
"exploration_cards" to "exploration_card" / "s", the cells wrapping anywhere); on a phone
(390x844) the page still fits the screen."""

from __future__ import annotations

import pytest

from wasteland.core.registry import get_spec
from wasteland.sim.html_report import write_simulation


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    return write_simulation(out, get_spec("quest"), "win rate: 0.5", {}, [])


def lines_of(page, selector: str) -> list[int]:
    """How many lines each cell's text takes (its height over its line height)."""
    return page.eval_on_selector_all(selector, """cells => cells.map(c => {
        const r = document.createRange(); r.selectNodeContents(c);
        return r.getClientRects().length ? new Set([...r.getClientRects()].map(x => Math.round(x.top))).size : 0; })""")


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_anchors_and_names_stay_whole(new_page, report, width, height):
    page = new_page(viewport={"width": width, "height": height})
    page.goto(report.as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width < 600:
        return  # on a phone each row is a card of labelled lines
    assert all(n == 1 for n in lines_of(page, "td[data-label='rule']")), lines_of(page, "td[data-label='rule']")
    assert all(n == 1 for n in lines_of(page, "td[data-label='parameter']")), lines_of(page, "td[data-label='parameter']")
