"""axe-core in a Playwright page: the copy the pinned ``axe-playwright-python`` package ships
(pyproject's test extra), run in the page; the violations of a given impact."""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python

AXE_JS = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def violations(page, impacts=("serious", "critical")) -> list[str]:
    """Each violation of ``impacts`` on the page as one line: the rule, its help and where."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE_JS + "\n;true")  # evaluated by the driver: no script tag, no CSP exception
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in result["violations"] if v["impact"] in impacts]
