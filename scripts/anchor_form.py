"""One form for rule anchors: finds, and with ``--fix`` rewrites, the citations that a
search for an anchor would miss.

Every citation names one anchor in full, as the games' specs declare them
(``GameSpec.anchors``): the prefix, then the section. Two kinds of citation break that:

* a bare section sign (a Saltlands section without its ``SL`` prefix), rewritten with
  the prefix;
* a range of sections joined by a dash (Saltlands sections, or dotted anchors such as
  Age of Thirst's), rewritten as the list of every anchor it spans, in the order of the
  game's anchor list; a range of more than ``MAX_LISTED`` anchors is written as its
  first and last anchor in full joined by "to", since a list of a dozen anchors reads
  worse than the range it replaces.

A section sign after an RFC number (``RFC 8259`` and its section) is another document's
numbering and is left alone.

    python scripts/anchor_form.py            # list the offending citations, exit 1 if any
    python scripts/anchor_form.py --fix      # rewrite them in place

It looks at the text files of src/, tests/ and README.md (tests/web/artifacts aside).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Iterable

ROOT = Path(__file__).resolve().parents[1]
SUFFIXES = (".py", ".md", ".js", ".toml", ".json", ".txt", ".html", ".css", ".jsonl")
SKIP = ("tests/web/artifacts", "tests/golden")  # screenshots; recorded games (regenerated, not edited)
MAX_LISTED = 3
SIGN = "\u00a7"  # the section sign
DASH = "[-\u2013\u2014]"  # hyphen, en dash, em dash

# "SL §97-§107", "§97–§107", "SL §97-107"
SL_RANGE = re.compile(rf"(?:SL )?{SIGN}(\d+)\s*{DASH}\s*(?:SL )?{SIGN}?(\d+)\b")
# a section sign not preceded by the prefix, nor by an RFC number
BARE = re.compile(rf"(?<!SL )(?<!\bRFC \d )(?<!\bRFC \d\d )(?<!\bRFC \d\d\d )(?<!\bRFC \d\d\d\d ){SIGN}(\d+)\b")
# "LO-13.1-13.3", "LO-6.1-LO-6.3", "FO-13.1–FO-13.4" (the prefixes with dashed anchors)
DOTTED_RANGE = re.compile(rf"\b([A-Z]{{2}})-(\d+(?:\.\d+)*)\s*{DASH}\s*(?:\1-)?(\d+(?:\.\d+)*)\b")


def anchor_lists() -> dict[str, list[str]]:
    """Each registered game's prefix → its anchors, in order."""
    sys.path.insert(0, str(ROOT / "src"))
    from wasteland.core.registry import registered_games

    return {spec.anchor_prefix: list(spec.anchors) for spec in registered_games().values() if spec.anchors}


def spelled(prefix: str, first: str, last: str, anchors: dict[str, list[str]]) -> str | None:
    """The range from ``first`` to ``last`` (full anchors) as a list, or None if either
    end is not an anchor of the game."""
    order = anchors.get(prefix)
    if not order or first not in order or last not in order:
        return None
    i, j = order.index(first), order.index(last)
    if j < i:
        return None
    span = order[i:j + 1]
    return ", ".join(span) if len(span) <= MAX_LISTED else f"{first} to {last}"


def rewrite(text: str, anchors: dict[str, list[str]]) -> str:
    def sl_range(m: re.Match[str]) -> str:
        found = spelled("SL", f"SL {SIGN}{m.group(1)}", f"SL {SIGN}{m.group(2)}", anchors)
        return found if found is not None else m.group(0)

    def dotted_range(m: re.Match[str]) -> str:
        prefix = m.group(1)
        found = spelled(prefix, f"{prefix}-{m.group(2)}", f"{prefix}-{m.group(3)}", anchors)
        return found if found is not None else m.group(0)

    text = SL_RANGE.sub(sl_range, text)
    text = DOTTED_RANGE.sub(dotted_range, text)
    return BARE.sub(lambda m: f"SL {SIGN}{m.group(1)}", text)


def offences(text: str, anchors: dict[str, list[str]]) -> list[str]:
    """The citations of ``text`` that are not in the one form (bare signs, ranges)."""
    found = [m.group(0) for m in SL_RANGE.finditer(text)]
    found += [m.group(0) for m in DOTTED_RANGE.finditer(text)
              if spelled(m.group(1), f"{m.group(1)}-{m.group(2)}", f"{m.group(1)}-{m.group(3)}", anchors)]
    rest = SL_RANGE.sub(" ", text)  # a range's second sign is the range's, not a bare one
    found += [m.group(0) for m in BARE.finditer(rest)]
    return found


def files(root: Path = ROOT) -> Iterable[Path]:
    for top in ("src", "tests"):
        for path in sorted((root / top).rglob("*")):
            rel = path.relative_to(root).as_posix()
            if path.is_file() and path.suffix in SUFFIXES and not rel.startswith(SKIP) and "__pycache__" not in rel:
                yield path
    if (root / "README.md").exists():
        yield root / "README.md"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fix", action="store_true", help="rewrite the citations in place")
    args = parser.parse_args()
    anchors = anchor_lists()
    total = 0
    for path in files():
        text = path.read_text(encoding="utf-8")
        bad = offences(text, anchors)
        if not bad:
            continue
        total += len(bad)
        rel = path.relative_to(ROOT)
        if args.fix:
            path.write_text(rewrite(text, anchors), encoding="utf-8")
            print(f"{rel}: {len(bad)} rewritten")
        else:
            for line_no, line in enumerate(text.splitlines(), 1):
                for item in offences(line, anchors):
                    print(f"{rel}:{line_no}: {item}")
    if not args.fix:
        print(f"{total} citations not in the one anchor form", file=sys.stderr)
    return 1 if total and not args.fix else 0


if __name__ == "__main__":
    raise SystemExit(main())
