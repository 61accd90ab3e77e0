"""Corrections of a companion session: "the pickup is actually one hex north".

A correction is a step of the session like any action, in a notation of the companion's
own, so that it is recorded, replayed and undone with the rest::

    edit set raider.2.hex "1,0"          one value of the position
    edit add raider {"type": "pickup", "hex": "1,0", "crew": 2}
    edit del token.0                     an entry of a list
    edit put state {"wind": "N"}         several keys of one table at once
    edit [["add", "raider", {...}], ["del", "state.next_raider"]]   several changes, one step

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

from wasteland.core.protocol import RuleError

VERBS = ("set", "add", "del", "put")
RULE = "companion"  # the anchor of refusals that no rulebook makes: the correction notation itself


def is_edit(step: str) -> bool:
    return step == "edit" or step.startswith("edit ")


def parse_edit(step: str) -> list[tuple[str, list[str | int], Any]]:
    """``edit VERB PATH [JSON]`` or ``edit [[VERB, PATH, JSON?], ...]`` -> its changes
    (verb, path, value), in order; a RuleError names what is wrong."""
    rest = step[len("edit"):].strip()
    if rest.startswith("["):
        try:
            ops = json.loads(rest)
        except ValueError as exc:
            raise RuleError(RULE, f"the list of changes is not JSON ({exc.msg})") from None
        if not isinstance(ops, list) or not ops or not all(isinstance(o, list) and 2 <= len(o) <= 3 for o in ops):
            raise RuleError(RULE, "a list of changes reads [[VERB, PATH, VALUE], ...] with at least one change")
        out = []
        for op in ops:
            if not all(isinstance(x, str) for x in op[:2]):
                raise RuleError(RULE, "each change names its verb and path as texts")
            text = f"edit {op[0]} {op[1]}" + (f" {json.dumps(op[2])}" if len(op) == 3 else "")
            out += parse_edit(text)
        return out
    parts = step.split(" ", 3)
    if len(parts) < 3 or parts[0] != "edit" or parts[1] not in VERBS:
        raise RuleError(RULE, "a correction reads 'edit set|add|del|put PATH [VALUE]', "
                        f"e.g. 'edit set raider.0.hex \"1,0\"'; not {step[:60]!r}")
    verb, raw_path = parts[1], parts[2]
    path: list[str | int] = []
    for piece in raw_path.split("."):
        if not piece:
            raise RuleError(RULE, f"the path {raw_path!r} has an empty part")
        path.append(int(piece) if piece.isdigit() else piece)
    if verb == "del":
        if len(parts) > 3:
            raise RuleError(RULE, "'edit del PATH' takes no value")
        return [(verb, path, None)]
    if len(parts) < 4:
        raise RuleError(RULE, f"'edit {verb} PATH VALUE' needs a value (JSON)")
    try:
        value = json.loads(parts[3])
    except ValueError as exc:
        raise RuleError(RULE, f"the value of the correction is not JSON ({exc.msg})") from None
    if value is None:
        raise RuleError(RULE, "a scenario has no null value: use 'edit del PATH' to take a part away")
    if verb == "put" and not isinstance(value, dict):
        raise RuleError(RULE, "'edit put PATH VALUE' takes a table (a JSON object)")
    return [(verb, path, value)]


def _where(path: list[str | int]) -> str:
    return ".".join(map(str, path))


def change(data: dict[str, Any], verb: str, path: list[str | int], value: Any) -> None:
    """Apply one edit to scenario data in place; a RuleError if the path does not fit."""
    node: Any = data
    for i, key in enumerate(path[:-1]):
        nxt_is_index = isinstance(path[i + 1], int)
        if isinstance(node, dict) and isinstance(key, str):
            if key not in node:
                if verb == "del":
                    raise RuleError(RULE, f"there is no {_where(path[:i + 1])} to take away")
                node[key] = [] if nxt_is_index else {}
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int):
            if key >= len(node):
                raise RuleError(RULE, f"{_where(path[:i + 1])}: there are only {len(node)} entries")
            node = node[key]
        else:
            raise RuleError(RULE, f"{_where(path[:i + 1])} does not fit the scenario's shape")
    last = path[-1]
    if verb == "add":
        if isinstance(node, dict) and isinstance(last, str):
            target = node.setdefault(last, [])
            if not isinstance(target, list):
                raise RuleError(RULE, f"{_where(path)} is not a list: use 'edit set'")
            target.append(value)
            return
        raise RuleError(RULE, f"{_where(path)} is not a list of the scenario")
    if isinstance(node, dict) and isinstance(last, str):
        if verb == "del":
            if last not in node:
                raise RuleError(RULE, f"there is no {_where(path)} to take away")
            del node[last]
        elif verb == "put":
            target = node.setdefault(last, {})
            if not isinstance(target, dict):
                raise RuleError(RULE, f"{_where(path)} is not a table: use 'edit set'")
            target.update(value)
        else:
            node[last] = value
        return
    if isinstance(node, list) and isinstance(last, int):
        if last >= len(node):
            raise RuleError(RULE, f"{_where(path)}: there are only {len(node)} entries")
        if verb == "del":
            del node[last]
        elif verb == "put":
            if not isinstance(node[last], dict):
                raise RuleError(RULE, f"{_where(path)} is not a table: use 'edit set'")
            node[last].update(value)
        else:
            node[last] = value
        return
    raise RuleError(RULE, f"{_where(path)} does not fit the scenario's shape")


def apply_edit(spec: Any, state: Any, step: str) -> tuple[Any, dict[str, Any]]:
    """The state after the correction ``step``, and its event; ``state`` is not changed."""
    ops = parse_edit(step)
    writer = getattr(spec, "scenario_writer", "")
    if not writer or not spec.scenario:
        raise RuleError(RULE, f"{spec.title} cannot write its positions as scenarios yet, so the table "
                        "cannot correct them")
    data = scenario_data(spec, state)
    for verb, path, value in ops:
        change(data, verb, path, value)
    nxt = spec.load_scenario(dumps(data), "correction")
    changes = [{"verb": verb, "path": _where(path), "value": value} for verb, path, value in ops]
    text = "; ".join(f"{c['verb']} {c['path']}" + ("" if c["value"] is None else f" = {json.dumps(c['value'])}")
                     for c in changes)
    event = {"type": "correction", "changes": changes, "text": f"correction: {text}", "rule": RULE}
    return nxt, event


def scenario_data(spec: Any, state: Any) -> dict[str, Any]:
    """The state as the game's scenario data (what a correction's paths run through)."""
    from wasteland.core.spec import load_ref

    return tomllib.loads(load_ref(spec.scenario_writer)(state))


# -- TOML text (tomllib reads; the standard library writes none) --------------------------

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(k: str) -> str:
    return k if _BARE.match(k) else json.dumps(k, ensure_ascii=False)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            raise RuleError(RULE, "a scenario value must be a finite number")
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + "}"
    if v is None:
        raise RuleError(RULE, "a scenario has no null value")
    raise RuleError(RULE, f"a scenario cannot hold {type(v).__name__} values")


def dumps(data: dict[str, Any]) -> str:
    """Scenario data as TOML: plain keys first, then each table, then arrays of tables."""
    head, tables, arrays = [], [], []
    for k, v in data.items():
        if isinstance(v, dict):
            tables.append(f"\n[{_key(k)}]")
            tables += [f"{_key(a)} = {_value(b)}" for a, b in v.items()]
        elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for entry in v:
                arrays.append(f"\n[[{_key(k)}]]")
                arrays += [f"{_key(a)} = {_value(b)}" for a, b in entry.items()]
        else:
            head.append(f"{_key(k)} = {_value(v)}")
    return "\n".join(head + tables + arrays) + "\n"
