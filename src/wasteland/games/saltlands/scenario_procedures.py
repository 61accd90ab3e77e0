"""``[[procedure]]``: the procedures a position is in the middle of (an attack being
soaked, a raider activation, a card waiting for a slot...), innermost last.

Each table is one of the engine's procedure records as the writer wrote it: ``kind``,
``seat`` (``"p2"``), and the record's own fields as numbers (hexes, raiders and cards
by their numbers in the state), lists and texts; ``none`` lists the fields that hold
nothing (TOML has no empty value). A hand-written position rarely needs these: it
names the pieces, and the turn of ``current`` starts by the rules.
"""

from __future__ import annotations

from typing import Any

from wasteland.core import chance_text

from .scenario_fields import ScenarioError, seat, shown, text, texts
from .state import State

NONE_KEY = "none"

# The fields each procedure needs (the engine reads them), and what they hold: "seat" a
# seat number, "card" a card number, "pos" a tile position, "hexes" hex numbers, "ids"
# raider ids or seats, "text", "int", "bool", "nint" a number or nothing. A procedure may
# hold more fields than these; the ones it needs must be there and of their kind.
FIELDS: dict[str, dict[str, str]] = {
    "after_turn": {"weather": "bool"},
    "discard": {"count": "int", "reason": "text"},
    "storm": {"count": "int"},
    "place": {"card": "card"},
    "rumor": {"card": "text"},
    "soak": {"left": "int", "damage_type": "text", "source": "text"},
    "trade": {"active": "seat"},
    "offer": {"from": "seat", "card": "card"},
    "orient": {"pos": "pos"},
    "activation": {"left": "int", "stage": "text"},
    "lure": {"stage": "text", "queue": "ids", "amount": "int"},
}
STAGES: dict[tuple[str, str], dict[str, str]] = {
    ("activation", "type"): {},
    ("activation", "raider"): {"type": "text", "queue": "ids"},
    ("activation", "target"): {"type": "text", "queue": "ids", "raider": "int", "targets": "ids"},
    ("activation", "goto"): {"type": "text", "queue": "ids", "raider": "int", "ends": "hexes"},
    ("activation", "attack"): {"type": "text", "queue": "ids", "raider": "int", "targets": "ids"},
    ("activation", "spawn"): {"type": "text", "figures": "int", "points": "hexes", "choices": "hexes"},
    ("lure", "raider"): {},
    ("lure", "goto"): {"raider": "int", "ends": "hexes"},
}


def read_procedures(s: State, entries: list[dict[str, Any]], origin: str) -> list[dict[str, Any]]:
    from .engine import OPTIONS, RUN

    kinds = set(OPTIONS) | set(RUN)
    out = []
    for i, entry in enumerate(entries):
        where = f"{origin}: [[procedure]] #{i + 1}"
        kind = text(entry.get("kind"), f"{where} kind")
        if kind not in kinds:
            raise ScenarioError(f"{where} kind", f"{kind!r} is not a procedure ({', '.join(sorted(kinds))})")
        frame: dict[str, Any] = {"kind": kind, "seat": seat(entry.get("seat"), f"{where} seat", len(s.players))}
        for key, value in entry.items():
            if key in ("kind", "seat", NONE_KEY):
                continue
            if not _plain(value):
                raise ScenarioError(f"{where} {key}", f"must be a number, text, true/false or a list of them, "
                                    f"not {shown(value)}")
            frame[key] = value
        for key in texts(entry.get(NONE_KEY, []), f"{where} {NONE_KEY}"):
            if key in frame:
                raise ScenarioError(f"{where} {NONE_KEY}", f"{key!r} is given a value too")
            frame[key] = None
        _check_fields(s, frame, where)
        out.append(frame)
    return out


def _check_fields(s: State, frame: dict[str, Any], where: str) -> None:
    kind = frame["kind"]
    needs = dict(FIELDS.get(kind, {}))
    if kind in ("activation", "lure"):
        stage = frame.get("stage")
        stages = sorted(st for k, st in STAGES if k == kind)
        if stage not in stages:
            raise ScenarioError(f"{where} stage", f"{shown(stage)} is not a stage of the {kind} ({', '.join(stages)})")
        needs.update(STAGES[(kind, stage)])
    sizes = {"seat": len(s.players), "card": len(s.static.catalog.cards), "pos": len(s.static.geo.positions),
             "hexes": s.static.geo.size}
    for key, what in needs.items():
        if key not in frame:
            raise ScenarioError(where, f"the {kind} procedure needs its {key}")
        value = frame[key]
        here = f"{where} {key}"
        if what == "bool" and type(value) is not bool or what == "text" and type(value) is not str:
            raise ScenarioError(here, f"must be {'true or false' if what == 'bool' else 'a text'}, not {shown(value)}")
        if what in ("int", "seat", "card", "pos") and (type(value) is not int or value < 0
                                                        or what in sizes and value >= sizes[what]):
            raise ScenarioError(here, f"{shown(value)} is not a {what} number")
        if what in ("ids", "hexes") and (not isinstance(value, list) or not all(
                type(v) is int and v >= 0 and (what != "hexes" or v < sizes["hexes"]) for v in value)):
            raise ScenarioError(here, f"must be a list of {'hex' if what == 'hexes' else ''} numbers, "
                                f"not {shown(value)}")
    if kind == "soak" and frame["damage_type"] not in ("normal", "ap"):
        raise ScenarioError(f"{where} damage_type", f"damage is normal or ap (armor-piercing), not "
                            f"{shown(frame['damage_type'])} (SL §86, SL §87)", "SL §86")


def _plain(value: Any) -> bool:
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return isinstance(value, (bool, int, str))


def procedure_tables(s: State) -> list[dict[str, Any]]:
    """The state's procedures as ``[[procedure]]`` tables (the reverse of ``read_procedures``)."""
    out = []
    for frame in s.stack:
        entry: dict[str, Any] = {"kind": frame["kind"], "seat": f"p{frame['seat'] + 1}"}
        empty = []
        for key, value in frame.items():
            if key in ("kind", "seat"):
                continue
            if value is None:
                empty.append(key)
            else:
                entry[key] = value
        if empty:
            entry[NONE_KEY] = empty
        out.append(entry)
    return out


def _seat_words(q: int) -> Any:
    return f"p{q + 1}" if q >= 0 else q


def chance_table(chance: Any) -> dict[str, Any] | None:
    """``state.chance`` as the ``[chance]`` table, the seat as ``"p2"``."""
    return chance_text.chance_table(chance, _seat_words)


def read_chance(value: Any, where: str, players: int) -> Any:
    """``[chance]`` (core/chance_text.py), the pending seat as ``"p2"``."""
    return chance_text.read_chance(value, lambda part: f"{where} {part.replace('.', ' ')}".rstrip(),
                                   lambda v, at: seat(v, at, players) if isinstance(v, str) else v, ScenarioError)
