"""Plain data: the shapes JSON has."""

from __future__ import annotations

from typing import Any


def plain(value: Any) -> Any:
    """A deep copy made only of dicts, lists and scalars (JSON's own shapes)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value
