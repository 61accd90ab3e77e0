"""The traceability tables (docs/traceability/<game>.md) say what the code and tests say:
rebuilt here from them and compared with the files. Every anchor of every game has a
test citing it (save the few ``NO_RULE`` lists, with their reason), every citation in the
code and tests names an anchor the game has, and every worked example a rulebook prints
has a test marked ``worked_example`` that plays it."""

from __future__ import annotations

import difflib
import importlib.util
import sys
from pathlib import Path

import pytest

from wasteland.core.registry import registered_games

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("traceability", ROOT / "scripts" / "traceability.py")
traceability = importlib.util.module_from_spec(_spec)
sys.modules["traceability"] = traceability  # its dataclasses look their module up
_spec.loader.exec_module(traceability)

SIGN = "\u00a7"
GAMES = sorted(registered_games())


@pytest.fixture(scope="module")
def tables():
    """Built once the first test asks, not while pytest collects (every xdist worker
    collects every module; most of them never run these tests)."""
    return {t.game: t for t in traceability.tables()}


@pytest.mark.parametrize("game", GAMES)
def test_the_table_in_the_repository_is_current(game, tables):
    table = tables[game]
    path = traceability.path_of(table)
    want = traceability.markdown(table)
    have = path.read_text(encoding="utf-8") if path.is_file() else ""
    diff = "".join(list(difflib.unified_diff(have.splitlines(True), want.splitlines(True), str(path), "rebuilt"))[:60])
    assert have == want, f"{path.relative_to(ROOT)} is stale: run python scripts/traceability.py\n{diff}"


@pytest.mark.parametrize("game", GAMES)
def test_every_anchor_has_a_test_and_every_citation_an_anchor(game, tables):
    found = traceability.problems(tables[game])
    assert not found, "\n".join(found)


def test_the_exemptions_and_examples_name_anchors_of_the_games(tables):
    """``NO_RULE`` and ``WORKED_EXAMPLES`` name real anchors; an exempt anchor has no test
    that would make the exemption a lie."""
    rows = {r.anchor: r for t in tables.values() for r in t.rows}
    for anchor in [*traceability.NO_RULE, *traceability.WORKED_EXAMPLES]:
        assert anchor in rows, anchor
    for anchor in traceability.NO_RULE:
        assert not rows[anchor].tests, f"{anchor} is tested: take it out of NO_RULE"


def test_citations_are_read_from_names_bodies_and_case_tables(tmp_path):
    """The reading itself: a compact anchor in a test's name, one in its body, one in a
    case table at the top level, an unknown one, and a marked worked example."""
    from wasteland.core.registry import get_spec

    spec = get_spec("saltlands")
    sl = lambda n: f"SL {SIGN}{n}"  # noqa: E731 (written apart, so that this file cites none of them)
    path = tmp_path / "test_sample.py"
    path.write_text(f'"""Module docstring citing {sl(1)} (not a test)."""\nimport pytest\n'
                    f'CASES = [("x", "{sl(12)}")]\n\n'
                    f'@pytest.mark.worked_example("{sl(55)}")\ndef test_limit_SL55():\n    assert "{sl(999)}"\n\n'
                    f'def helper():\n    return "{sl(13)}"\n', encoding="utf-8")
    pattern = traceability.anchor_pattern(spec.anchor_prefix)
    tests, top, examples = traceability._test_citations(spec, pattern, path)
    (test_id,) = tests
    assert test_id.endswith("::test_limit_SL55")
    assert tests[test_id] == {sl(55), sl(999)}
    assert top == {sl(12), sl(13)}
    assert examples == {test_id: {sl(55)}}
    assert traceability.compact_anchors(spec, "test_x_sl_84_and_SL121") == {sl(84), sl(121)}
