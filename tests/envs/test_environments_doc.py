"""docs/environments.md is what the code says: the script that writes it, run with
``--check``, finds the page unchanged (CI runs this test)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_script():
    spec = importlib.util.spec_from_file_location("environments_doc", ROOT / "scripts" / "environments_doc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_specs_page_is_rebuilt_from_the_code() -> None:
    script = load_script()
    page = (ROOT / "docs" / "environments.md").read_text(encoding="utf-8")
    assert script.build() == page, "docs/environments.md is stale: run python scripts/environments_doc.py"


def test_the_page_gives_every_index_of_every_observation() -> None:
    script = load_script()
    page = script.build()
    for game, spec in script.env_games().items():
        assert f"`{script.env_name(game)}`" in page
        layout = spec.observer.layout()
        last = layout[-1]
        assert f"| {last[1]}–{last[1] + last[2] - 1} | {last[0]} |" in page or f"| {last[1]} | {last[0]} |" in page
        assert sum(length for _n, _f, length, _d in layout) == spec.observer.size
        for feature in spec.observer.features:
            for k, place in enumerate(feature.keys):
                assert f"{k}:`{place}`" in page
        for name in spec.observer.rewards:
            assert f"`{name}` (dense:" in page
