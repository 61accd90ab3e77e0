"""Reading what a client sends: one JSON object, checked whole before anything acts on it.

Every request body and WebSocket message goes through :func:`parse_object`, which refuses
(400, naming the field) what could be stored but never shown again or not stored at all:

* bytes that are not UTF-8, or start with a byte-order mark (UTF-8's or UTF-16's);
* text that is not one JSON value: ``NaN``, ``Infinity`` and numbers too big for a float
  are not JSON numbers (RFC 8259, section 6), a number of more than 4300 digits is not read;
* nesting deeper than :data:`MAX_DEPTH` (no message of the API nests more than 4 deep;
  Python's parser would otherwise stop at ~1000 levels with a RecursionError);
* a text with a lone surrogate (``"\\ud800"``: valid JSON, but no UTF-8 encodes it, so
  neither the database nor an answer can hold it) or a NUL character (PostgreSQL's text
  cannot hold it).
"""

from __future__ import annotations

import json
import math
from typing import Any

from .errors import ApiError

#: how deep a message may nest objects and lists.
MAX_DEPTH = 32

_BOMS = (b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _bad(message: str, field: str) -> ApiError:
    """``field``: the path of the bad value, or ``body`` / ``message`` for the whole of it."""
    return ApiError(400, "bad_json", message, field=field)


def _whole(what: str) -> str:
    return "message" if "message" in what else "body"


def decode_text(raw: bytes, what: str = "the request body") -> str:
    """``raw`` as UTF-8 text, or a 400 naming what is wrong with its encoding."""
    if raw.startswith(_BOMS):
        raise _bad(f"{what} starts with a byte-order mark: send UTF-8 without one", _whole(what))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _bad(f"{what} is not UTF-8 (byte {exc.start})", _whole(what)) from None


def parse_object(raw: bytes | str, what: str = "the request body") -> dict[str, Any]:
    """The JSON object in ``raw``, every text and number in it checked (see the module's notes)."""
    text = decode_text(raw, what) if isinstance(raw, (bytes, bytearray)) else raw
    if text.startswith("\ufeff"):
        raise _bad(f"{what} starts with a byte-order mark: send UTF-8 without one", _whole(what))
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise _bad(f"{what} nests deeper than {MAX_DEPTH} levels", _whole(what)) from None
    except ValueError as exc:
        raise _bad(f"{what} is not JSON: {exc}", _whole(what)) from None
    if not isinstance(data, dict):
        raise _bad(f"{what} must be a JSON object", _whole(what))
    check_value(data, what)
    return data


def field_name(path: tuple[Any, ...]) -> str:
    """``("config", "draw")`` → ``config.draw``; ``("seats", 0, "bot")`` → ``seats[0].bot``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    if len(out) > 60:  # a client's key may be long: name where, not all of it
        out = out[:57] + "..."
    return out or "the message"


def text_problem(text: str) -> str | None:
    """Why ``text`` can be neither stored nor shown, or None."""
    if "\x00" in text:
        return "contains a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"contains a lone surrogate (\\u{ord(text[exc.start]):04x}), which no UTF-8 text can hold"
    return None


def check_value(value: Any, what: str = "the request body") -> None:
    """Walk a parsed value without recursion; a 400 naming the first bad field."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise _bad(f"{what} nests deeper than {MAX_DEPTH} levels (at '{field_name(path[:3])}...')",
                       field_name(path[:3]))
        if isinstance(item, str):
            problem = text_problem(item)
            if problem:
                raise _bad(f"'{field_name(path)}' {problem}", field_name(path))
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise _bad(f"'{field_name(path)}' is a number too large for JSON", field_name(path))
        elif isinstance(item, dict):
            for key, inner in item.items():
                problem = text_problem(key)
                if problem:
                    raise _bad(f"a key of '{field_name(path)}' {problem}", field_name(path))
                stack.append((inner, (*path, key)))
        elif isinstance(item, list):
            stack.extend((inner, (*path, number)) for number, inner in enumerate(item))
