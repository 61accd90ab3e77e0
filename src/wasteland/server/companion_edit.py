"""Corrections of a companion session: "the pickup is actually one hex north".

A correction is a step of the session like any action, in a notation of the companion's
own, so that it is recorded, replayed and undone with the rest::

    edit set raider.2.hex "1,0"          one value of the position
    edit add raider {"type": "pickup", "hex": "1,0", "crew": 2}
    edit del token.0                     an entry of a list
    edit put state {"wind": "N"}         several keys of one table at once
    edit [["add", "raider", {...}], ["del", "state.next_raider"]]   several changes, one step
    edit [["take", "state.supply", "crew#*"], ["add", "player.0.cargo", "$taken"]]

``take PATH VALUE`` takes one entry out of the list at PATH (a table: out of whichever of
its lists holds it, as a card out of whatever deck it lies in); a VALUE ending in ``#*``
takes the first copy of that kind, and a later change of the same step names what was
taken as ``"$taken"``. So a card or token that moves (from the supply to a player's cargo)
is never in two places, which the scenario reader refuses. ``swap LIST.N.KEY VALUE`` sets
the key of entry N and gives its old value to the entry of the same list that held VALUE
("the tile lying here is tile 5": the position that had tile 5 gets this one's), so no
entry of the scenario lays the component back where it was.

The path runs through the game's scenario data (its ``GameSpec.scenario`` format): table
keys and list positions, joined by dots; the value is JSON. It is applied by writing the
state as scenario text (``GameSpec.scenario_writer``), changing that part, and reading the
text back, so a correction is checked by the same rules as any scenario file and the
companion knows nothing of any game. An edit the scenario format refuses changes nothing.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from wasteland.core import toml_text
from wasteland.core.protocol import RuleError
from wasteland.core.spec import GameSpec

VERBS = ("set", "add", "del", "put", "take", "swap")
TAKEN = "$taken"  # in a change's value: what the step's last ``take`` took
#: No scenario nests deeper than a few tables and lists (``player.0.cargo.1``); a path
#: or value nested deeper fits none, and would only make the writer recurse without end.
MAX_PATH = 8
MAX_VALUE_DEPTH = 8
MAX_INDEX_DIGITS = 9  # a list position: no scenario's list holds a billion entries
#: A number a correction may set, at most (either sign): no count, coordinate, round or turn
#: of any game comes near it (the games' options bound a game to 10 000 rounds, core/spec.py),
#: and a larger one would only make a position no rule was written for (``state.round 1e30``).
#: The scenario readers bound each field by its rule; this is the floor under all of them.
MAX_NUMBER = 100_000


class EditError(RuleError):
    """A correction of the wrong form, or a part of it that does not fit the position:
    no rulebook forbids it, so it names the ``field`` (the step, or the path of the
    change) that is wrong instead of a rule; ``rule`` stays empty."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__("", message)
        self.field = field

    def __str__(self) -> str:
        return f"{self.field}: {self.message}"


def _step_error(message: str) -> EditError:
    return EditError("step", message)


def is_edit(step: str) -> bool:
    return step == "edit" or step.startswith("edit ")


def parse_edit(step: str) -> list[tuple[str, list[str | int], Any]]:
    """``edit VERB PATH [JSON]`` or ``edit [[VERB, PATH, JSON?], ...]`` -> its changes
    (verb, path, value), in order; a RuleError names what is wrong."""
    rest = step[len("edit"):].strip()
    if rest.startswith("["):
        ops = _json(rest, "step", "the list of changes", MAX_VALUE_DEPTH + 2)
        if not isinstance(ops, list) or not ops or not all(isinstance(o, list) and 2 <= len(o) <= 3 for o in ops):
            raise _step_error("a list of changes reads [[VERB, PATH, VALUE], ...] with at least one change")
        out = []
        for op in ops:
            if not all(isinstance(x, str) for x in op[:2]):
                raise _step_error("each change names its verb and path as texts")
            text = f"edit {op[0]} {op[1]}" + (f" {json.dumps(op[2])}" if len(op) == 3 else "")
            out += parse_edit(text)
        return out
    parts = step.split(" ", 3)
    if len(parts) < 3 or parts[0] != "edit" or parts[1] not in VERBS:
        raise _step_error("a correction reads 'edit set|add|del|put|take PATH [VALUE]', "
                        f"e.g. 'edit set raider.0.hex \"1,0\"'; not {step[:60]!r}")
    verb, raw_path = parts[1], parts[2]
    if not raw_path:
        raise _step_error(f"'edit {verb}' names the PATH it changes, e.g. 'edit {verb} raider.0.hex ...'")
    path = _path(raw_path)
    if verb == "del":
        if len(parts) > 3:
            raise EditError(raw_path, "'edit del PATH' takes no value")
        return [(verb, path, None)]
    if len(parts) < 4:
        raise EditError(raw_path, f"'edit {verb} PATH VALUE' needs a value (JSON)")
    value = _json(parts[3], raw_path, "the value of the correction", MAX_VALUE_DEPTH)
    if value is None:
        raise EditError(raw_path, "a scenario has no null value: use 'edit del PATH' to take a part away")
    if verb == "put" and not isinstance(value, dict):
        raise EditError(raw_path, "'edit put PATH VALUE' takes a table (a JSON object)")
    return [(verb, path, value)]


def _path(raw: str) -> list[str | int]:
    """``raider.0.hex`` -> ["raider", 0, "hex"]: a part of the digits 0-9 is a list position
    (as the scenario files number nothing in other scripts, '٣' or '¹' is a key, which no
    scenario has)."""
    pieces = raw.split(".")
    if len(pieces) > MAX_PATH:
        raise EditError(raw[:60], f"a path of the scenario has at most {MAX_PATH} parts, not {len(pieces)}")
    path: list[str | int] = []
    for piece in pieces:
        if not piece:
            raise EditError(raw, "the path has an empty part")
        if piece.isascii() and piece.isdigit():
            if len(piece) > MAX_INDEX_DIGITS:
                raise EditError(raw[:60], f"no list of a scenario has an entry {piece[:12]}...")
            path.append(int(piece))
        else:
            path.append(piece)
    return path


def _json(text: str, field: str, what: str, depth: int) -> Any:
    """The JSON value in ``text``, nested at most ``depth`` lists and tables deep."""
    try:
        value = json.loads(text)
    except RecursionError:
        value = None
        deep = True
    except ValueError as exc:  # not JSON; NaN is JSON to Python but not to a scenario
        message = "a number of more than 4300 digits" if "digits" in str(exc) else getattr(exc, "msg", str(exc))
        raise EditError(field, f"{what} is not JSON ({message})") from None
    else:
        deep = _depth(value) > depth
    if deep:
        raise EditError(field, f"{what} nests deeper than {depth} lists and tables, which no scenario does")
    for number in _numbers(value):
        if not abs(number) <= MAX_NUMBER:  # NaN too
            raise EditError(field, f"{what} holds the number {number!r:.20}; a correction's numbers are "
                            f"from -{MAX_NUMBER} to {MAX_NUMBER}")
    return value


def _numbers(value: Any) -> list[int | float]:
    """Every number in ``value`` (a JSON value no deeper than MAX_VALUE_DEPTH), flags aside."""
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [value]
    if isinstance(value, dict):
        return [n for v in value.values() for n in _numbers(v)]
    if isinstance(value, list):
        return [n for v in value for n in _numbers(v)]
    return []


def _depth(value: Any) -> int:
    """How deep lists and tables nest in ``value`` (a scalar: 0), without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            level += 1
            deepest = max(deepest, level)
            stack.extend((inner, level) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest


def _where(path: list[str | int]) -> str:
    return ".".join(map(str, path))


def change(data: dict[str, Any], verb: str, path: list[str | int], value: Any) -> Any:
    """Apply one edit to scenario data in place; an EditError names the path if it does not
    fit. ``take`` returns what it took."""
    node: Any = data
    for i, key in enumerate(path[:-1]):
        nxt_is_index = isinstance(path[i + 1], int)
        here = _where(path[:i + 1])
        if isinstance(node, dict) and isinstance(key, str):
            if key not in node:
                if verb in ("del", "take"):
                    raise EditError(here, "there is no such part to take away")
                node[key] = [] if nxt_is_index else {}
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int):
            if key >= len(node):
                raise EditError(here, f"there are only {len(node)} entries")
            node = node[key]
        else:
            raise EditError(here, "does not fit the scenario's shape")
    last = path[-1]
    where = _where(path)
    if verb == "swap":
        return _swap(data, path, value, where)
    if verb == "take":
        if isinstance(node, dict) and isinstance(last, str) and last in node:
            return _take(node[last], value, where)
        if isinstance(node, list) and isinstance(last, int) and last < len(node):
            return _take(node[last], value, where)
        raise EditError(where, "there is no such part to take from")
    if verb == "add":
        if isinstance(node, dict) and isinstance(last, str):
            target = node.setdefault(last, [])
            if not isinstance(target, list):
                raise EditError(where, "is not a list: use 'edit set'")
            target.append(value)
            return None
        raise EditError(where, "is not a list of the scenario")
    if isinstance(node, dict) and isinstance(last, str):
        if verb == "del":
            if last not in node:
                raise EditError(where, "there is no such part to take away")
            del node[last]
        elif verb == "put":
            target = node.setdefault(last, {})
            if not isinstance(target, dict):
                raise EditError(where, "is not a table: use 'edit set'")
            target.update(value)
        else:
            node[last] = value
        return None
    if isinstance(node, list) and isinstance(last, int):
        if last >= len(node):
            raise EditError(where, f"there are only {len(node)} entries")
        if verb == "del":
            del node[last]
        elif verb == "put":
            if not isinstance(node[last], dict):
                raise EditError(where, "is not a table: use 'edit set'")
            node[last].update(value)
        else:
            node[last] = value
        return None
    raise EditError(where, "does not fit the scenario's shape")


def _swap(data: dict[str, Any], path: list[str | int], value: Any, where: str) -> None:
    if len(path) < 3 or not isinstance(path[-2], int) or not isinstance(path[-1], str):
        raise EditError(where, "'edit swap LIST.N.KEY VALUE' names a key of an entry of a list")
    entries: Any = data
    for key in path[:-2]:
        entries = entries.get(key) if isinstance(entries, dict) and isinstance(key, str) else \
            entries[key] if isinstance(entries, list) and isinstance(key, int) and key < len(entries) else None
    index, key = path[-2], path[-1]
    if not isinstance(entries, list) or index >= len(entries) or not isinstance(entries[index], dict):
        raise EditError(where, "there is no such entry")
    old = entries[index].get(key)
    for other in entries:
        if other is not entries[index] and isinstance(other, dict) and other.get(key) == value:
            if old is None:
                del other[key]
            else:
                other[key] = old
    entries[index][key] = value


def _take(target: Any, value: Any, where: str) -> Any:
    """Take ``value`` (``KIND#*``: the first copy of that kind) out of the list ``target``,
    or out of the first list of the table ``target`` that holds it."""
    if not isinstance(value, str):
        raise EditError(where, "'edit take PATH VALUE' takes a text: an entry, or KIND#* for any copy")
    lists = [target] if isinstance(target, list) else \
        [v for v in target.values() if isinstance(v, list)] if isinstance(target, dict) else []
    if not lists:
        raise EditError(where, "is neither a list nor a table of lists")
    kind = value[:-1] if value.endswith("#*") else None
    for found in lists:
        for i, entry in enumerate(found):
            if entry == value or (kind is not None and isinstance(entry, str) and entry.startswith(kind)):
                return found.pop(i)
    raise EditError(where, f"holds no {value!r}")


def _with_taken(value: Any, taken: Any) -> Any:
    if value == TAKEN:
        if taken is None:
            raise EditError(TAKEN, "names what an earlier 'take' of the same step took; there is none")
        return taken
    if isinstance(value, list):
        return [_with_taken(v, taken) for v in value]
    if isinstance(value, dict):
        return {k: _with_taken(v, taken) for k, v in value.items()}
    return value


#: a scenario reader's refusal of a key of the wrong form names it as TOML does:
#: "correction: [[raider]] #2 hex: ...", "correction: [state] wind: ..."
_READER_FIELD = re.compile(r"^correction: (?:\[\[(\w+)\]\] #(\d+)|\[(\w+)\])((?: \w+)?)(?=:)")


def _reader_field(message: str, paths: list[str]) -> str:
    """The path (in the correction's own form) of the part the scenario reader refused."""
    m = _READER_FIELD.match(message)
    if m is None:
        return ", ".join(paths)
    array, number, table, key = m.groups()
    parts = [array, str(int(number) - 1)] if array else [table]
    if key.strip():
        parts.append(key.strip())
    return ".".join(parts)


def apply_edit(spec: GameSpec, state: Any, step: str) -> tuple[Any, dict[str, Any]]:
    """The state after the correction ``step``, and its event; ``state`` is not changed.
    A refusal is an EditError naming the field, or the scenario reader's RuleError with
    the anchor of the rule the corrected position would break."""
    ops = parse_edit(step)
    writer = spec.scenario_writer
    if not writer or not spec.scenario:
        raise EditError("step", f"{spec.title} cannot write its positions as scenarios yet, so the table "
                        "cannot correct them")
    data = scenario_data(spec, state)
    taken = None
    changes = []
    for verb, path, value in ops:
        value = _with_taken(value, taken)
        got = change(data, verb, path, value)
        if verb == "take":
            taken = got
        changes.append({"verb": verb, "path": _where(path), "value": value})
    try:
        nxt = spec.load_scenario(toml_text.dumps(data), "correction")
    except toml_text.TomlValueError as exc:
        raise EditError("value", f"a scenario cannot hold it: {exc}") from None
    except RuleError as exc:
        if exc.rule in ("scenario", "state", ""):  # a key of the wrong form: no rule, its field
            raise EditError(_reader_field(exc.message, [c["path"] for c in changes]),
                            exc.message.removeprefix("correction: ")) from None
        raise RuleError(exc.rule, exc.message.removeprefix("correction: ")) from None
    text = "; ".join(f"{c['verb']} {c['path']}" + ("" if c["value"] is None else f" = {json.dumps(c['value'])}")
                     for c in changes)
    # a correction follows no rule of the game: its event cites none
    event = {"type": "correction", "changes": changes, "text": f"correction: {text}"}
    return nxt, event


def scenario_data(spec: Any, state: Any) -> dict[str, Any]:
    """The state as the game's scenario data (what a correction's paths run through)."""
    from wasteland.core.spec import load_ref

    return tomllib.loads(load_ref(spec.scenario_writer)(state))
