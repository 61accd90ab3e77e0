"""The engine's own parts of an Age of Thirst position: ``[[procedure]]`` and ``[chance]``.

A table writing down what stands on its board needs neither (docs/age-of-thirst-scenarios.md).
A position the engine writes (``scenario_write.to_text``: the companion's corrections, a
test keeping a position) names them, so that reading it back gives the very same state.

``[[procedure]]`` tables are what the game waits on besides a phase, outermost first, each
with its ``kind`` and the ``colour`` of the clan it waits on:

* set-up (LO-4): ``first`` (the table picks the first player, LO-4.5), ``begin`` (the first
  turn starts once every troop is placed) under one ``place`` per clan still placing its
  starting troops, with ``left`` (troops of each kind not yet placed, LO-4.3), ``todo``
  (how many it still places) and ``skip_nearest`` (the five-player trio leaves its base hex
  nearest the centre empty, LO-13.5);
* extraction (LO-7.3): ``towers`` (``count`` ray-tower cards still to draw, LO-11),
  ``inject`` (``cards``: bunker cards drawn and not yet laid, LO-10.1), ``hand`` (more than
  five ray-tower cards in hand, LO-11) and ``bonus`` (``count`` bunker cards still to take
  from the black market, LO-10.2, LO-12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wasteland.core import chance_text
from wasteland.core.chance import TableChance

from .content import TROOP_KINDS
from .scenario_fields import ScenarioError, flag, keys, names, whole
from .state import State

if TYPE_CHECKING:
    from .scenario import _Builder

START = (5, 3, 2)  # LO-4.3: five Skinnies, three Handsomes, two Brainiacs on the base
#: each procedure's keys besides ``kind`` and ``colour``
FIELDS: dict[str, tuple[str, ...]] = {
    "first": (), "begin": (), "place": ("left", "todo", "skip_nearest"),
    "towers": ("count",), "inject": ("cards",), "hand": (), "bonus": ("count",),
}
SETUP = ("first", "begin", "place")  # the rest belong to the economic phase
RULE = {"first": "LO-4.5", "begin": "LO-4.3", "place": "LO-4.3", "towers": "LO-11", "inject": "LO-10.1",
        "hand": "LO-11", "bonus": "LO-10.2"}


def procedure_tables(s: State) -> list[dict[str, Any]]:
    """``s.stack`` as ``[[procedure]]`` tables (the reverse of :func:`read_procedures`)."""
    out = []
    for frame in s.stack:
        entry: dict[str, Any] = {"kind": frame["kind"], "colour": s.colour[frame["seat"]]}
        if frame["kind"] == "place":
            entry.update(left=dict(zip(TROOP_KINDS, frame["left"])), todo=frame["todo"],
                         skip_nearest=frame["skip_nearest"])
        elif frame["kind"] == "inject":
            entry["cards"] = list(frame["cards"])
        elif frame["kind"] in ("towers", "bonus"):
            entry["count"] = frame["count"]
        out.append(entry)
    return out


def read_procedures(b: "_Builder", entries: Any) -> list[dict[str, Any]]:
    """The ``[[procedure]]`` tables as the engine's frames, each key checked against the
    phase and the rules; an ``inject``'s cards are taken out of the bunker deck."""
    s = b.s
    if not isinstance(entries, list):
        raise ScenarioError(b.at("[[procedure]]"), "must be a list of tables ([[procedure]])")
    frames = []
    for i, entry in enumerate(entries):
        where = f"[[procedure]] #{i + 1}"
        kind = entry.get("kind") if isinstance(entry, dict) else None
        if not isinstance(kind, str) or kind not in FIELDS:
            keys(entry, {"kind", "colour"}, b.at(where))
            raise ScenarioError(b.at(f"{where} kind"), f"{kind!r} is not a procedure ({', '.join(FIELDS)})")
        keys(entry, {"kind", "colour", *FIELDS[kind]}, b.at(where))
        seat = b.seat_of(entry.get("colour"), f"{where} colour")
        rule = RULE[kind]
        if (kind in SETUP) != (s.phase == "setup"):
            raise ScenarioError(b.at(f"{where} kind"), f"a {kind} procedure belongs to the "
                                f"{'set-up' if kind in SETUP else 'economic phase'}, not the {s.phase} "
                                "phase ([state] phase)", rule)
        if kind not in SETUP and seat != s.current:
            raise ScenarioError(b.at(f"{where} colour"), f"the {kind} procedure is the current clan's "
                                f"({s.colour[s.current]}): it happens in its extraction", rule)
        frame: dict[str, Any] = {"kind": kind, "seat": seat}
        if kind == "place":
            frame.update(_placement(b, entry, where, seat))
        elif kind == "inject":
            cards = names(entry.get("cards"), b.at(f"{where} cards"))
            if not cards:
                raise ScenarioError(b.at(f"{where} cards"), "an inject procedure waits on at least one drawn "
                                    "bunker card", rule)
            frame["cards"] = [b.take("bunker", c, f"{where} cards") for c in cards]
        elif kind == "towers":
            frame["count"] = whole(entry.get("count"), b.at(f"{where} count"), 1, len(s.board.ray_towers), rule)
        elif kind == "bonus":
            # LO-12: as many extra cards as the Eye's circle, never on circle 3
            frame["count"] = whole(entry.get("count"), b.at(f"{where} count"), 1, 2, rule)
        frames.append(frame)
    _check_order(b, frames)
    return frames


def _placement(b: "_Builder", entry: dict[str, Any], where: str, seat: int) -> dict[str, Any]:
    s = b.s
    left_table = keys(entry.get("left"), set(TROOP_KINDS), b.at(f"{where} left"))
    left = [whole(left_table.get(kind, 0), b.at(f"{where} left {kind}"), 0, top, "LO-4.3")
            for kind, top in zip(TROOP_KINDS, START)]
    short = flag(entry.get("skip_nearest", False), b.at(f"{where} skip_nearest"))
    trio = s.rules.teams == "2x3" and len(s.rules.lineup[s.team(seat)]) == 3
    if short != trio:
        raise ScenarioError(b.at(f"{where} skip_nearest"), "only the trio of the five-player game leaves its "
                            "base hex nearest the centre empty, and it always does", "LO-13.5")
    todo = whole(entry.get("todo"), b.at(f"{where} todo"), 1, min(sum(left), 9 if short else 10), "LO-4.3")
    return {"left": left, "todo": todo, "skip_nearest": short}


def check_room(b: "_Builder") -> None:
    """LO-4.3: a clan still placing has room for its troops on its own base (the tokens are
    read by then)."""
    s = b.s
    for i, f in enumerate(s.stack):
        if f["kind"] != "place":
            continue
        colour = s.colour[f["seat"]]
        nearest = s.board.nearest[colour] if f["skip_nearest"] else None
        free = [h for h in s.board.base[colour] if h not in s.pieces and h != nearest]
        if len(free) < f["todo"]:
            raise ScenarioError(b.at(f"[[procedure]] #{i + 1} todo"), f"{colour} places {f['todo']} more troops on "
                                f"its base, which has room for {len(free)}", "LO-4.3")


def _check_order(b: "_Builder", frames: list[dict[str, Any]]) -> None:
    """The set-up waits on the first player alone, or on the placements above the first
    turn's start (LO-4.3, LO-4.5); the tactical phase waits on no procedure."""
    s = b.s
    kinds = [f["kind"] for f in frames]
    where = b.at("[[procedure]]")
    if s.phase == "tactical" and frames:
        raise ScenarioError(where, "the tactical phase waits on no procedure: they belong to the set-up and "
                            "the extraction", "LO-7.1")
    if s.phase != "setup":
        return
    if kinds == ["first"]:
        if s.order:
            raise ScenarioError(b.at("[state] first"), "the first player is still to be chosen ([[procedure]] "
                                "first), so nobody has started yet", "LO-4.5")
        return
    if not kinds or kinds[0] != "begin" or kinds.count("begin") != 1 or "first" in kinds or len(kinds) < 2:
        raise ScenarioError(where, "the set-up waits on the first player (first, alone) or on the clans still "
                            "placing (begin, then one place per clan)", "LO-4.3")
    if not s.order:
        raise ScenarioError(b.at("[state] first"), "the clans place in turn order, from the first player",
                            "LO-4.5")
    if frames[0]["seat"] != s.order[0]:
        raise ScenarioError(b.at("[[procedure]] #1 colour"), f"the first turn is the first player's "
                            f"({s.colour[s.order[0]]})", "LO-4.5")
    placing = [f["seat"] for f in frames[1:]]
    if len(set(placing)) != len(placing):
        raise ScenarioError(where, "a clan places its starting troops once", "LO-4.3")


def chance_table(s: State) -> dict[str, Any] | None:
    """``state.chance`` as the ``[chance]`` table, the pending seat a colour."""
    return chance_text.chance_table(s.chance, lambda q: s.colour[q])


def read_chance(b: "_Builder", value: Any) -> TableChance | None:
    """``[chance]`` (core/chance_text.py), the pending seat a colour."""
    return chance_text.read_chance(value, lambda part: b.at("[chance]" + (f" {part}" if part else "")),
                                   lambda v, where: b.seat_of(v, where.removeprefix(b.at(""))),
                                   ScenarioError)
