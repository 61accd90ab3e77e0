"""Fallout's map reads on a phone: at 390x844 its place names and the enemies' letters were
drawn 6 to 12 px high (the whole map fitted into the screen's width). The board component
now keeps a board's smallest text (its ``data-read``) at 12 px or more on a narrow screen,
the map panned inside its box, never the page sideways. At 1280x800 too, in en/ru/uk."""

from __future__ import annotations

import pytest
from boardkit import open_game, watched_page

# every text drawn inside the board's stage: its height on the screen, in CSS pixels
SIZES_SHOWN = """() => {
  const svg = document.querySelector('#board svg'), stage = document.querySelector('#board .vp-stage').getBoundingClientRect();
  const k = svg.getScreenCTM().a, out = [];
  for (const t of svg.querySelectorAll('text')) {
    const r = t.getBoundingClientRect();
    if (!r.width || r.right < stage.left || r.left > stage.right || r.bottom < stage.top || r.top > stage.bottom) continue;
    out.push(Number(t.getAttribute('font-size') || getComputedStyle(t).fontSize.replace('px', '')) * k);
  }
  return {sizes: out, wide: document.documentElement.scrollWidth - window.innerWidth};
}"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_maps_words_read_at_12_px(server_url, browser, artifacts, size, lang):
    ctx, page = watched_page(browser, size, lang)
    try:
        open_game(page, server_url, "fallout", lang=lang)
        page.wait_for_selector("#board svg text")
        shown = page.evaluate(SIZES_SHOWN)
        page.screenshot(path=artifacts / f"fallout-readable-{size}-{lang}.png")
        assert len(shown["sizes"]) >= 3, shown  # names and tokens in view, not an empty corner
        assert min(shown["sizes"]) >= 11.5, shown
        assert shown["wide"] <= 0, shown  # the map pans in its box, the page never sideways
        assert not page.problems, page.problems
    finally:
        ctx.close()
