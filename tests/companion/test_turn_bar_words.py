"""The bar at the screen's foot while a turn is entered as its result ("Step by step", "What
else changed", "Turn played: end it") breaks its words only between words, at a phone's
width, in every language: a word cut in two ("изменилос" / "ь") is read twice."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from companiontest import ready, serve, to_a_players_turn

# every word of the bar's buttons whose letters lie on more than one line
BROKEN_WORDS = """() => {
  const out = [];
  for (const b of document.querySelectorAll('#turn-result > button')) {
    const text = b.firstChild && b.firstChild.nodeType === 3 ? b.firstChild : null;
    if (!text) continue;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text.data))) {
      const r = document.createRange();
      r.setStart(text, m.index);
      r.setEnd(text, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("width", [390, 360])
def test_the_turn_bar_breaks_no_word(browser, artifacts, width):
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp) / "bar.db") as url:
        ctx = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=True, has_touch=True)
        try:
            page = ctx.new_page()
            page.set_default_timeout(20_000)
            for lang in ("ru", "uk", "en"):
                page.goto(f"{url}companion.html?lang={lang}#/new/fallout")
                page.wait_for_selector("#create")
                page.tap("#create")
                ready(page)
                to_a_players_turn(page)
                assert page.locator("#turn-result").is_visible()
                assert page.locator("#turn-adjust").count()  # the bar's three buttons
                broken = page.evaluate(BROKEN_WORDS)
                page.screenshot(path=str(artifacts / f"turn-bar-{lang}-{width}.png"))
                assert broken == [], f"{lang} at {width} px: words cut across lines {broken}"
                right = page.evaluate("Math.max(...[...document.querySelectorAll('#turn-result > button')]"
                                      ".map((b) => b.getBoundingClientRect().right))")
                assert right <= width
                assert page.evaluate("document.documentElement.scrollWidth") <= width
        finally:
            ctx.close()
