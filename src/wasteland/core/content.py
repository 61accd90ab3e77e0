"""Loading a game's content data (TOML files decoded into frozen msgspec structs).

Content is loaded once and shared by every state, never copied, so its structs are
frozen (:class:`Frozen`). A data file that is malformed or contradicts the rulebook
fails on load with one :class:`ContentError` whose message names the file, the entry
and the problem (``cards.toml: card 'axe': Expected `int`, got `str` (at $.card[3].count)``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Mapping, NoReturn

import msgspec
import msgspec.toml


class Frozen(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every content struct: immutable, and a key the schema does not know is an
    error (a misspelt field must not be silently ignored)."""


class ContentError(Exception):
    """The content data is malformed or contradicts the rulebook."""


_PATH_RE = re.compile(r"at `\$\.(\w+)(?:\[(\d+)\])?")


def decode_toml(
    data_dir: Path,
    filename: str,
    file_type: type[Any],
    *,
    labels: Mapping[str, str] | None = None,
    id_fields: Mapping[str, str] | None = None,
    raw: bytes | None = None,
) -> Any:
    """``data_dir / filename`` decoded as ``file_type``, or a :class:`ContentError`.

    A validation error names the entry by its id: the top-level key (or its label in
    ``labels``), then the ``id`` field of the entry (or the field ``id_fields`` names for
    that key), else its index. ``raw`` gives the file's bytes instead of reading them.
    """
    if raw is None:
        path = data_dir / filename
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise ContentError(f"{filename}: cannot read {path}: {exc.strerror or exc}") from None
    try:
        return msgspec.toml.decode(raw, type=file_type)
    except msgspec.ValidationError as exc:
        raise ContentError(validation_message(filename, raw, str(exc), labels, id_fields)) from None
    except msgspec.DecodeError as exc:
        raise ContentError(f"{filename}: invalid TOML: {exc}") from None


def validation_message(filename: str, raw_bytes: bytes, message: str, labels: Mapping[str, str] | None = None,
                       id_fields: Mapping[str, str] | None = None) -> str:
    """Rewrap a msgspec message ("... - at `$.card[3].count`") to name the entry."""
    problem, _, where = message.partition(" - at ")
    match = _PATH_RE.search(message)
    if not match:
        return f"{filename}: {message}"
    key, index = match.group(1), match.group(2)
    label = (labels or {}).get(key, key)
    entry = label
    try:
        raw = msgspec.toml.decode(raw_bytes)[key]
        if index is not None:
            item = raw[int(index)]
            entry_id = item.get((id_fields or {}).get(key, "id")) if isinstance(item, dict) else None
            entry = f"{label} {entry_id!r}" if isinstance(entry_id, str) else f"{label} #{index}"
    except (KeyError, IndexError, TypeError, msgspec.DecodeError):
        if index is not None:
            entry = f"{label} #{index}"
    return f"{filename}: {entry}: {problem} (at {where.strip('`')})"


def by_id(filename: str, label: str, items: Iterable[Any], attr: str = "id") -> dict[str, Any]:
    """The entries keyed by their id (``attr``); a repeated id is a ContentError."""
    out: dict[str, Any] = {}
    for item in items:
        key = getattr(item, attr)
        if key in out:
            raise ContentError(f"{filename}: {label} {key!r}: duplicate id")
        out[key] = item
    return out


def fail(filename: str, entry: str, problem: str) -> NoReturn:
    """Raise the ContentError ``file: entry: problem``."""
    raise ContentError(f"{filename}: {entry}: {problem}")
