"""The engine's own parts of a quest position: the rest of ``[state]``, ``[[group]]``,
``[[procedure]]`` and ``[chance]``.

A table writing down its battlefield needs none of these (docs/quest-scenarios.md): the
step it is at (``step = "hero" | "explore" | "event"``) sets the round's procedures. A
position written by the engine (``scenario_write.to_text``: the companion's corrections,
a test keeping a position) names ``[state] phase`` and everything else, so that reading
it back gives the very same state.

``[[procedure]]`` tables are the engine's procedure records, outermost first: ``kind``,
``seat`` as a hero number (1 = seat 0, the leader), the record's other fields as the
engine holds them, and ``none`` listing the fields that hold nothing (TOML has none).
"""

from __future__ import annotations

from typing import Any

from wasteland.core import chance_text
from wasteland.core.chance import TableChance
from wasteland.core.scenario_fields import ScenarioError, numbered, shown
from wasteland.core.scenario_fields import procedure_tables as frame_tables
from wasteland.core.scenario_fields import read_procedure_tables

from .engine import CHOOSE, RUN
from .state import PHASES, State

#: the [state] keys of a complete position, beside the ones a table writes
FULL_KEYS = frozenset({"rng", "phase", "track_pos", "explored", "encounter_discard", "crisis_deck", "next_model",
                       "rolls", "over", "winners", "end_reason"})


def _hero(value: Any, where: str, n: int) -> int:
    return numbered(value, where, n, "hero")


def _strings(where: str, value: Any, known: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(v in known for v in value):
        raise ScenarioError(where, f"must list {what}, not {shown(value)}")
    return list(value)


# -- writing ------------------------------------------------------------------------------------


def procedure_tables(s: State) -> list[dict[str, Any]]:
    """``s.stack`` as ``[[procedure]]`` tables (the reverse of :func:`read_procedures`)."""
    return frame_tables(s.stack)


# -- reading ------------------------------------------------------------------------------------


def read_full_state(s: State, st: dict[str, Any]) -> None:
    """The ``[state]`` keys of a complete position (``FULL_KEYS``), after the pieces are read."""
    c = s.content
    if st.get("phase") not in PHASES:
        raise ScenarioError("state.phase", f"one of {', '.join(PHASES)}; not {shown(st.get('phase'))}")
    s.phase = st["phase"]
    pos = st.get("track_pos", 0)
    if isinstance(pos, bool) or not isinstance(pos, int) or not 0 <= pos <= len(s.track):
        raise ScenarioError("state.track_pos", f"a place on the battle track 0-{len(s.track)}, not {shown(pos)}")
    s.track_pos = pos
    if "explored" in st:
        s.explored = _strings("state.explored", st["explored"], c.cards, "exploration cards")
    s.encounter_discard = _strings("state.encounter_discard", st.get("encounter_discard", []), c.encounters,
                                   "encounter cards")
    if "crisis_deck" in st:
        crises = {x.id for x in s.quest.crises}
        s.crisis_deck = _strings("state.crisis_deck", st["crisis_deck"], crises, "crises of the quest")
    nm = st.get("next_model", 1)
    if isinstance(nm, bool) or not isinstance(nm, int) or nm < 1:
        raise ScenarioError("state.next_model", f"a number of 1 or more, not {shown(nm)}")
    s.next_model = nm
    rolls = st.get("rolls", [])
    if not isinstance(rolls, list) or not all(
            isinstance(r, list) and len(r) == 2 and isinstance(r[0], str) and isinstance(r[1], (int, str))
            and not isinstance(r[1], bool) for r in rolls):
        raise ScenarioError("state.rolls", f"a list of [what, result], not {shown(rolls)}")
    s.rolls = [list(r) for r in rolls]
    over = st.get("over", False)
    if not isinstance(over, bool):
        raise ScenarioError("state.over", "true or false")
    s.over = over
    s.winners = [_hero(w, "state.winners", s.players) for w in st.get("winners", [])]
    reason = st.get("end_reason", "")
    if not isinstance(reason, str):
        raise ScenarioError("state.end_reason", "a text")
    s.end_reason = reason


def read_groups(s: State, groups: Any) -> None:
    """``[[group]]``: a group's ``slot`` and what the pieces do not say: the ``tile`` it
    deployed on, the ``next`` number its new models take and ``models``, the order its
    models activate in (WQ-40.1; a model no longer on the battlefield is passed over, a
    model not listed comes after the listed ones)."""
    if not isinstance(groups, list):
        raise ScenarioError("group", "must be a list of [[group]] tables")
    tiles = {p[0] for p in s.placements}
    for i, g in enumerate(groups, 1):
        where = f"group[{i}]"
        if not isinstance(g, dict) or set(g) - {"slot", "tile", "next", "models"}:
            raise ScenarioError(where, "a [[group]] holds slot, tile, next and models")
        slot = str(g.get("slot"))
        if slot not in s.groups:
            raise ScenarioError(f"{where}.slot", f"no encounter card in slot {g.get('slot')!r} (state.slots)")
        if "tile" in g:
            if g["tile"] not in tiles and g["tile"] != "":
                raise ScenarioError(f"{where}.tile", f"{shown(g['tile'])} is no tile on the battlefield")
            s.groups[slot]["tile"] = g["tile"]
        if "next" in g:
            nxt = g["next"]
            if isinstance(nxt, bool) or not isinstance(nxt, int) or nxt < 1:
                raise ScenarioError(f"{where}.next", f"a number of 1 or more, not {shown(nxt)}")
            s.groups[slot]["next"] = nxt
        if "models" in g:
            order = g["models"]
            if not isinstance(order, list) or not all(isinstance(m, str) for m in order):
                raise ScenarioError(f"{where}.models", f"a list of model ids, not {shown(order)}")
            have = s.groups[slot]["models"]
            s.groups[slot]["models"] = [m for m in order if m in have] + [m for m in have if m not in order]


def read_procedures(s: State, entries: Any) -> list[dict[str, Any]]:
    kinds = sorted(set(CHOOSE) | set(RUN))
    return read_procedure_tables(entries, kinds, "procedure[{i}]", lambda v, where: _hero(v, where, s.players))


# -- the form of each key ------------------------------------------------------------------------

# What each key of a position holds: "int", "str", "bool", "table", "[int]", "[str]" (lists
# of those), "[list]" (a list of lists: edges, rolls), "list" (any list), "[table]".
SHAPES: dict[str, dict[str, str]] = {
    "": {"game": "str", "seed": "int", "config": "table", "state": "table", "tile": "[table]", "gates": "table",
         "hero": "[table]", "enemy": "[table]", "exploration": "table", "group": "[table]", "procedure": "[table]",
         "chance": "table"},
    "state": {"round": "int", "dusk": "int", "track": "[str]", "slots": "[str]", "withdrawn": "[str]",
              "destiny": "[int]", "airship": "int", "spent": "int", "stunned_groups": "[int]", "step": "str",
              "active": "int", "exploration_deck": "[str]", "encounter_deck": "[str]", "destiny_denied": "bool",
              "destiny_return": "bool", "rng": "str", "phase": "str", "track_pos": "int", "explored": "[str]",
              "encounter_discard": "[str]", "crisis_deck": "[str]", "next_model": "int", "rolls": "[list]",
              "over": "bool", "winners": "[int]", "end_reason": "str"},
    "gates": {"open": "[list]", "closed": "list", "lychgates": "[list]", "items": "[str]", "quest_symbol": "str"},
    "tile": {"tile": "str", "turns": "int", "at": "[int]"},
    "hero": {"zone": "str", "wounds": "int", "tokens": "[str]", "dice": "[int]", "inspiration": "int"},
    "enemy": {"enemy": "str", "group": "int", "zone": "str", "wounds": "int", "tokens": "[str]", "model": "str"},
    "group": {"slot": "int", "tile": "str", "next": "int", "models": "[str]"},
    "exploration": {"drawn": "str"},
}
_WORDS = {"int": "a whole number", "str": "a text", "bool": "true or false", "table": "a table", "list": "a list",
          "[int]": "a list of whole numbers", "[str]": "a list of texts", "[list]": "a list of lists",
          "[table]": "a list of tables"}


def _fits(value: Any, shape: str) -> bool:
    one = {"int": lambda v: isinstance(v, int) and not isinstance(v, bool), "str": lambda v: isinstance(v, str),
           "bool": lambda v: isinstance(v, bool), "table": lambda v: isinstance(v, dict),
           "list": lambda v: isinstance(v, list)}
    if shape.startswith("["):
        return isinstance(value, list) and all(one[shape[1:-1]](v) for v in value)
    return one[shape](value)


def check_shapes(data: dict[str, Any]) -> None:
    """Every key of ``data`` holds the form it must (``SHAPES``), before anything is read:
    one error naming the first key that does not (``state.track``, ``hero[2].tokens``)."""
    for key, shape in SHAPES[""].items():
        if key in data and not _fits(data[key], shape):
            raise ScenarioError(key, f"must be {_WORDS[shape]}, not {shown(data[key])}")
    for table, keys in SHAPES.items():
        if not table or table not in data:
            continue
        entries = data[table] if isinstance(data[table], list) else [data[table]]
        for i, entry in enumerate(entries, 1):
            where = f"{table}[{i}]" if isinstance(data[table], list) else table
            for key, shape in keys.items():
                if key in entry and not _fits(entry[key], shape):
                    raise ScenarioError(f"{where}.{key}", f"must be {_WORDS[shape]}, not {shown(entry[key])}")


def chance_table(chance: Any) -> dict[str, Any] | None:
    """``state.chance`` as the ``[chance]`` table, the seat a hero number."""
    return chance_text.chance_table(chance, lambda q: q + 1)


def read_chance(value: Any, n: int) -> TableChance | None:
    """``[chance]`` (core/chance_text.py), the pending seat a hero number."""
    return chance_text.read_chance(value, lambda part: "chance" + (f".{part}" if part else ""),
                                   lambda v, where: _hero(v, where, n), ScenarioError)
