"""The README's research-environment examples run as written."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def snippets() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Research environments", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.S)


def test_the_section_has_a_random_and_an_ismcts_example_per_api() -> None:
    found = snippets()
    assert len(found) == 6
    for api in ("pettingzoo", "gymnasium", "openspiel"):
        mine = [s for s in found if f"wasteland.envs.{api}" in s]
        assert any("ISMCTSBot" in s for s in mine) and any("np.random.choice" in s for s in mine), api


@pytest.mark.parametrize("index", range(6))
def test_snippet_runs(index: int, capsys) -> None:
    random.seed(index)
    np.random.seed(index)
    code = snippets()[index]
    namespace: dict = {}
    exec(compile(code, f"README snippet {index + 1}", "exec"), namespace)
    assert any(k in namespace for k in ("e", "env", "state"))
