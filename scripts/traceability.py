"""The traceability tables: for every rule anchor of every installed game, its title, the
modules that implement it, the tests that cite it, the worked examples of the rulebook
that test it, and the rulings that touch it, read from the code and the tests.

    python scripts/traceability.py            # write docs/traceability/<game>.md
    python scripts/traceability.py --check    # compare them with the files; exit 1 if stale

The tables are generated, never edited: tests/test_traceability.py rebuilds them and
compares, so the files in the repository always say what the code and tests say. It also
fails when an anchor has no test (save the few listed in ``NO_RULE``, with their reason),
when a citation names an anchor the game does not have, and when a worked example of a
rulebook (``WORKED_EXAMPLES``) has no test marked as that example.

What counts:

* **Implemented in**: the modules of ``src/wasteland`` that cite the anchor (a comment, a
  docstring, or the rule an error or event names).
* **Tests**: each test function that cites it, in its body, docstring or decorators, or
  in its name in the compact form a name can hold (``..._SL84``, ``..._lo_13_5``,
  ``..._WQ_39_3``); a citation at a test module's top level (a table of cases that its
  tests run over) counts for the module.
* **Worked examples**: the tests marked ``@pytest.mark.worked_example("SL §84")``, the
  marker naming the anchor of each example the test plays: a worked example printed in
  the rulebook, played with the rulebook's own numbers.
* **Rulings**: the modules with a comment or docstring paragraph that says "ruling" and
  cites the anchor (the project marks its rulings so: ``# Ruling (SL §47, SL §121): ...``).
"""

from __future__ import annotations

import argparse
import ast
import functools
import io
import re
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "wasteland"
TESTS = ROOT / "tests"
OUT = ROOT / "docs" / "traceability"
SKIP = ("golden", "artifacts", "__pycache__", "third_game")

# Anchors with no rule of their own to test: pages of contents, the story told before the
# rules, advice, and chapter headings whose every rule has an anchor of its own. Each says
# why; every other anchor needs a test.
NO_RULE = {
    "SL §2": "a page of contents (it points to SL §7 and SL §78)",
    "SL §3": "a page of contents (it points to SL §9 to SL §45)",
    "SL §4": "a page of contents (it points to SL §97 to SL §107)",
    "SL §5": "a page of contents (it points to SL §46, SL §125 to SL §136)",
    "SL §7": "the story told before the rules",
    "LO-8": "a chapter heading: its rules are LO-8.1 to LO-8.3",
    "WQ-40": "the reference page's heading: its rules are WQ-40.1 to WQ-40.4",
}

# The worked examples printed in the four rulebooks (the digests in ../shared/rules and
# their originals), by the anchor of the section that prints them: each needs a test
# marked ``worked_example`` that cites the anchor and plays it with the book's numbers.
WORKED_EXAMPLES = {
    "SL §47": "the diagram of a round with 3 players: four turns, the fourth ends in the weather phase",
    "SL §55": "the Plowman's hand limit: 4 (hovercraft) + 5 (empty slot) + 2 (crew) = 11",
    "SL §64": "the Healer engages her only crew, her character card, to strike with the Pickaxe",
    "SL §65": "the Healer discards Water to refresh her crew and the Pickaxe",
    "SL §73": "the Scout engages 2 crew to collect two tokens",
    "SL §80": "the Healer's route past a raider, a player and a token, ending on a spawn point",
    "SL §81": "the Scout's Sailer: wind strength 5, at most 5 steps, double steps in two directions",
    "SL §84": "the Arsonist's Speedster: 4 + 3 + 3 hexes with 2 Fuel, moves 8",
    "SL §85": "2 normal damage stopped by 1 armor and 1 Medkit",
    "SL §86": "the Scout's Machete destroys a Hovercraft; Axe, then Water, destroy a Pickup",
    "SL §87": "the Little Girl's Crossbow, then Spear, armor-piercing against a Pickup",
    "SL §88": "the Arsonist's Armored Sailer, Helmet and crew against two Bulldozers",
    "SL §89": "the Plowman's APC and Tough armor do not stop a Truck's armor-piercing damage",
    "SL §106": "the Scout activates the Speedsters: equally near players, dunes skirted, no end on a token",
    "SL §107": "the Scout's damage card activates spawn points B, M and H at Normal difficulty",
    "SL §109": "a rumor token: one rumor card, its top option, the markers move, a tile is explored",
    "SL §113": "the Arsonist and the Scientist win with 5 Victory cards, 3 matching",
    "SL §123": "the Scout beside two tokens and a raider collects the Crew token, then the Loot token with the new crew",
    "SL §124": "the Scout destroys a Bulldozer with Water and the Spear, and loots it",
    "SL §144": "the Trader's Wind Tractor: wind 5, 4 steps over mountains",
    "LO-13.5": "the five-player game: team yellow-blue flanks white, which does not play",
    "FO-13.6": "an agenda card's two enemy types: a face-down token flipped (a marauder), then the mole rat attacks",
    "WQ-38.3": "the gate positions where the closed gate may be laid",
    "WQ-39.3": "a group deployed from slot 3 takes the initiative card of enemy group 3",
}

MARKER = "worked_example"


@dataclass
class Row:
    anchor: str
    title: str
    modules: set[str] = field(default_factory=set)
    tests: set[str] = field(default_factory=set)
    examples: set[str] = field(default_factory=set)
    rulings: set[str] = field(default_factory=set)


@dataclass
class Table:
    game: str
    title: str
    rows: list[Row]
    unknown: list[str]  # "where: anchor" citations of anchors the game does not have


def anchor_pattern(prefix: str) -> re.Pattern[str]:
    """An anchor as the games write it: ``SL §84``, ``LO-8.3``, ``FO-13.3``."""
    return re.compile(rf"(?<![\w-]){re.escape(prefix)}(?: §|-)[0-9A-Z]+(?:\.[0-9]+)*(?![\w{{]|\.[\d{{])")


def compact_anchors(spec, name: str) -> set[str]:
    """Anchors a test's name cites in the form a name can hold: ``SL84`` or ``sl_84`` for
    ``SL §84``, ``lo_13_5`` or ``LO13_5`` for ``LO-13.5`` (the longest that is an anchor)."""
    found = set()
    pattern = re.compile(rf"(?:^|_){re.escape(spec.anchor_prefix)}_?(\d+(?:_\d+)*)", re.IGNORECASE)
    for m in pattern.finditer(name):
        parts = m.group(1).split("_")
        for n in range(len(parts), 0, -1):
            tail = ".".join(parts[:n])
            for candidate in (f"{spec.anchor_prefix} §{tail}", f"{spec.anchor_prefix}-{tail}"):
                if spec.is_anchor(candidate):
                    found.add(candidate)
                    break
            else:
                continue
            break
    return found


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.py") if not any(part in SKIP for part in p.parts))


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.as_posix()


@functools.lru_cache(maxsize=None)
def _ruling_blocks(text: str) -> tuple[tuple[int, str], ...]:
    """The comment blocks (consecutive comment lines) and docstring paragraphs of a module
    that say "ruling": (first line, text). Cached by text: every game reads every module."""
    blocks: list[tuple[int, str]] = []
    run: list[str] = []
    start = last = -1
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        tokens = []
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            line = tok.start[0]
            if run and line != last + 1:
                blocks.append((start, " ".join(run)))
                run = []
            if not run:
                start = line
            run.append(tok.string.lstrip("#").strip())
            last = line
        elif tok.type == tokenize.STRING and tok.string.lstrip("rbuRBU").startswith(('"""', "'''")):
            for k, para in enumerate(re.split(r"\n\s*\n", tok.string)):
                blocks.append((tok.start[0] + k, " ".join(para.split())))
    if run:
        blocks.append((start, " ".join(run)))
    return tuple((line, block) for line, block in blocks if re.search(r"\bruling", block, re.IGNORECASE))


def _segment(lines: list[str], node: ast.AST) -> str:
    """``ast.get_source_segment`` over lines split once (it splits the whole text each call)."""
    first, last = node.lineno - 1, node.end_lineno - 1
    if first == last:
        return lines[first].encode()[node.col_offset:node.end_col_offset].decode()
    head = lines[first].encode()[node.col_offset:].decode()
    tail = lines[last].encode()[:node.end_col_offset].decode()
    return "\n".join([head, *lines[first + 1:last], tail])


@dataclass(frozen=True)
class _TestSource:
    name: str  # the function's name
    where: str  # its place in the module: "Class::name" or "name"
    source: str  # its decorators and body
    markers: tuple[str, ...]  # the source of each decorator that is a worked_example marker


@functools.lru_cache(maxsize=None)
def _test_sources(text: str) -> tuple[tuple[_TestSource, ...], str]:
    """A test module's tests and its text outside them (its top level, docstring left out),
    parsed once for every game."""
    lines = text.splitlines()
    tree = ast.parse(text)
    found: list[_TestSource] = []
    covered: set[int] = set()

    def visit(node: ast.AST, owner: str) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            first = min([d.lineno for d in node.decorator_list] + [node.lineno])
            covered.update(range(first, node.end_lineno + 1))
            markers = tuple(src for src in (_segment(lines, d) for d in node.decorator_list) if MARKER in src)
            found.append(_TestSource(node.name, f"{owner}{node.name}",
                                     "\n".join(lines[first - 1:node.end_lineno]), markers))
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for child in node.body:
                visit(child, f"{owner}{node.name}::")

    for node in tree.body:
        visit(node, "")
    doc = tree.body[0] if tree.body and isinstance(tree.body[0], ast.Expr) and isinstance(
        getattr(tree.body[0], "value", None), ast.Constant) else None
    if doc is not None:
        covered.update(range(doc.lineno, doc.end_lineno + 1))
    return tuple(found), "\n".join(line for n, line in enumerate(lines, 1) if n not in covered)


def _test_citations(spec, pattern: re.Pattern[str], path: Path) -> tuple[dict[str, set[str]], set[str],
                                                                         dict[str, set[str]]]:
    """test id -> anchors cited by that test; anchors cited at the module's top level; and
    test id -> the anchors of the worked examples it is marked as playing."""
    found, top = _test_sources(path.read_text(encoding="utf-8"))
    tests: dict[str, set[str]] = {}
    examples: dict[str, set[str]] = {}
    for test in found:
        test_id = f"{_rel(path)}::{test.where}"
        tests[test_id] = set(pattern.findall(test.source)) | compact_anchors(spec, test.name)
        if test.markers:
            examples[test_id] = {a for marker in test.markers for a in pattern.findall(marker)}
    return tests, set(pattern.findall(top)), examples


def build(spec) -> Table:
    from wasteland.core.rules_reference import rules

    titles = {r.anchor: r.title for r in rules(spec, "en")}
    rows = {a: Row(a, titles.get(a, "")) for a in spec.anchors}
    pattern = anchor_pattern(spec.anchor_prefix)
    unknown: list[str] = []

    def note(where: str, anchors: set[str]) -> list[Row]:
        hits = []
        for a in sorted(anchors):
            if a in rows:
                hits.append(rows[a])
            else:
                unknown.append(f"{where}: {a}")
        return hits

    for path in _files(SRC):
        text = path.read_text(encoding="utf-8")
        module = path.relative_to(SRC.parent).with_suffix("").as_posix().replace("/", ".")
        for row in note(_rel(path), set(pattern.findall(text))):
            row.modules.add(module)
        for _line, block in _ruling_blocks(text):
            for row in note(_rel(path), set(pattern.findall(block))):
                row.rulings.add(module)
    for path in _files(TESTS):
        if not path.name.startswith("test_"):
            text = path.read_text(encoding="utf-8")
            note(_rel(path), set(pattern.findall(text)))  # helpers: only checked for unknown anchors
            continue
        tests, top, examples = _test_citations(spec, pattern, path)
        for test_id, anchors in tests.items():
            for row in note(test_id, anchors):
                row.tests.add(test_id)
                if row.anchor in examples.get(test_id, ()):
                    row.examples.add(test_id)
        for row in note(_rel(path), top):
            row.tests.add(f"{_rel(path)} (cases)")
    return Table(spec.name, spec.title, [rows[a] for a in spec.anchors], sorted(set(unknown)))


def _cell(items: set[str], short=lambda s: s) -> str:
    return "<br>".join(f"`{short(i)}`" for i in sorted(items)) if items else "—"


def _test_name(test_id: str) -> str:
    return test_id.removeprefix("tests/")


def markdown(table: Table) -> str:
    out = [f"# Traceability: {table.title}", "",
           "Generated by `python scripts/traceability.py` from the code and the tests; do not edit "
           "(tests/test_traceability.py fails when this file is stale).", "",
           "Columns: the rule's anchor and title (the game's rules reference), the modules citing it, the "
           "tests citing it (\"(cases)\": a table of cases at a test module's top level), the tests that play "
           "a worked example printed in the rulebook (`@pytest.mark.worked_example`), and the modules whose "
           "rulings cite it.", ""]
    tested = sum(1 for r in table.rows if r.tests)
    out += [f"{len(table.rows)} anchors, {tested} with tests, "
            f"{sum(1 for r in table.rows if r.examples)} with worked examples.", ""]
    out += ["| Anchor | Title | Implemented in | Tests | Worked examples | Rulings |",
            "|---|---|---|---|---|---|"]
    for r in table.rows:
        title = r.title.replace("|", "\\|")
        tests = _cell(r.tests, _test_name) if r.tests or r.anchor not in NO_RULE else f"none: {NO_RULE[r.anchor]}"
        out.append(f"| {r.anchor} | {title} | {_cell(r.modules)} | {tests} | {_cell(r.examples, _test_name)} | "
                   f"{_cell(r.rulings)} |")
    examples = {a: w for a, w in WORKED_EXAMPLES.items() if a in {r.anchor for r in table.rows}}
    if examples:
        out += ["", "## The rulebook's worked examples", "", "| Anchor | Example | Tests |", "|---|---|---|"]
        by_anchor = {r.anchor: r for r in table.rows}
        for anchor, what in examples.items():
            out.append(f"| {anchor} | {what} | {_cell(by_anchor[anchor].examples, _test_name)} |")
    return "\n".join(out) + "\n"


def problems(table: Table) -> list[str]:
    """What the CI test refuses: an anchor with no test, a citation of no anchor, a worked
    example with no test of its own."""
    found = [f"{table.game}: {r.anchor} ({r.title}) has no test citing it" for r in table.rows
             if not r.tests and r.anchor not in NO_RULE]
    found += [f"{table.game}: {where} cites an anchor the game does not have" for where in table.unknown]
    rows = {r.anchor: r for r in table.rows}
    found += [f"{table.game}: the worked example of {a} ({w}) has no test marked {MARKER}"
              for a, w in WORKED_EXAMPLES.items() if a in rows and not rows[a].examples]
    return found


def tables() -> list[Table]:
    from wasteland.core.registry import registered_games

    return [build(spec) for spec in registered_games().values()]


def path_of(table: Table) -> Path:
    return OUT / f"{table.game}.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the files; write nothing")
    args = parser.parse_args(argv)
    stale = []
    found: list[str] = []
    for table in tables():
        text = markdown(table)
        path = path_of(table)
        found += problems(table)
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                stale.append(_rel(path))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {_rel(path)}")
    for line in found:
        print(line, file=sys.stderr)
    for path in stale:
        print(f"{path} is stale: run python scripts/traceability.py", file=sys.stderr)
    return 1 if stale or found else 0


if __name__ == "__main__":
    sys.exit(main())
