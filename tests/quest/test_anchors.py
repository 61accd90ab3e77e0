"""Every item of the pages (WQ-38.1 to WQ-40.4) is cited by the code and by a test."""

from __future__ import annotations

from pathlib import Path

import wasteland.games.quest as package
from wasteland.games.quest.spec import SPEC

ITEMS = [a for a in SPEC.anchors if "." in a]


def cited_in(folder: Path, suffix: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in folder.rglob(f"*{suffix}"))


def test_every_item_is_cited_in_code_and_tests():
    code = cited_in(Path(package.__file__).parent, ".py")
    tests = cited_in(Path(__file__).parent, ".py").replace("ITEMS", "")
    assert ITEMS == ["WQ-38.1", "WQ-38.2", "WQ-38.3", "WQ-39.1", "WQ-39.2", "WQ-39.3",
                     "WQ-40.1", "WQ-40.2", "WQ-40.3", "WQ-40.4"]
    assert [a for a in ITEMS if a not in code] == []
    assert [a for a in ITEMS if a not in tests.replace(__doc__ or "", "")] == []
