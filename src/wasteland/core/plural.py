"""A number's noun in the form its language wants: ``{n|step|steps}`` in English,
``{n|шаг|шага|шагов}`` in Russian and Ukrainian (one, few, many), so no text reads
"1 steps" or "5 шага". The page's twin is ``plural`` in ``web/js/i18n.js``; the two
pick the same form (tests/core/test_plural.py runs both).

The rule follows the number of forms a template gives, not the catalogue's language: an
English template shown where a Russian one is missing still reads as English."""

from __future__ import annotations

import re
from typing import Any

#: ``{name|form|form...}``: two forms (English: one, other) or three (Slavic: one, few, many)
PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")


def plural(n: Any, forms: list[str]) -> str:
    """The form of ``forms`` that goes with ``n`` (the last one for a value that is no whole number)."""
    try:
        k = abs(int(str(n)))
    except ValueError:
        return forms[-1]
    if len(forms) == 2:
        return forms[0] if k == 1 else forms[1]
    if len(forms) >= 3:
        if k % 10 == 1 and k % 100 != 11:
            return forms[0]
        if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if forms else ""


def fill_plurals(template: str, values: dict[str, Any]) -> str:
    """Every ``{name|...}`` of ``template`` replaced by its form for ``values[name]`` (left
    as written where the value is missing, as an unknown placeholder is)."""
    def form(m: re.Match[str]) -> str:
        if values.get(m.group(1)) is None:
            return m.group(0)
        return plural(values[m.group(1)], m.group(2).split("|"))
    return PLURAL.sub(form, template)
