"""One anchor form: code, tests and the README cite each rule by its full anchor, so a
search for an anchor finds every place that applies it. A bare section sign, or a range
of sections joined by a dash, fails here; ``python scripts/anchor_form.py --fix``
rewrites them (see its docstring for how a range is spelled out)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("anchor_form", ROOT / "scripts" / "anchor_form.py")
anchor_form = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(anchor_form)

S = anchor_form.SIGN  # the sign and the dash written apart, so that this file cites nothing
D = "-"  # in a wrong form itself
ANCHORS = anchor_form.anchor_lists()


def test_code_tests_and_readme_cite_anchors_in_full():
    offending = []
    for path in anchor_form.files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            offending += [f"{path.relative_to(ROOT)}:{number}: {bad}" for bad in anchor_form.offences(line, ANCHORS)]
    assert not offending, (f"{len(offending)} citations not in the one anchor form (fix: python "
                           f"scripts/anchor_form.py --fix):\n" + "\n".join(offending[:40]))


def test_the_rewrite_spells_out_bare_signs_and_ranges():
    fix = lambda text: anchor_form.rewrite(text, ANCHORS)  # noqa: E731
    assert fix(f"(SL {S}96, {S}114)") == f"(SL {S}96, SL {S}114)"
    assert fix(f"ruling {S}113") == f"ruling SL {S}113"
    assert fix(f"SL {S}105-{S}106") == f"SL {S}105, SL {S}106"
    assert fix(f"SL {S}86\u2013{S}88") == f"SL {S}86, SL {S}87, SL {S}88"
    assert fix(f"SL {S}97-{S}107") == f"SL {S}97 to SL {S}107"  # longer than MAX_LISTED
    assert fix(f"{S}48-{S}53, {S}108") == f"SL {S}48 to SL {S}53, SL {S}108"
    assert fix(f"LO-13.1{D}13.3") == "LO-13.1, LO-13.2, LO-13.3"  # in the order of the game's anchor list
    assert fix(f"LO-6.1{D}LO-6.3") == "LO-6.1, LO-6.2, LO-6.3"
    assert fix(f"LO-4.2{D}4.5") == "LO-4.2 to LO-4.5"
    # Left alone: full anchors, another document's sections, dashes that join no anchors.
    for text in (f"SL {S}84", f"RFC 8259 {S}6", "LO-8.3", "seats 2-3", "LO-13 - the modes", "2x2-3x3"):
        assert fix(text) == text
        assert not anchor_form.offences(text, ANCHORS)
    for text in (f"{S}113", f"SL {S}97-{S}107", f"LO-13.1{D}13.3"):
        assert anchor_form.offences(text, ANCHORS)
