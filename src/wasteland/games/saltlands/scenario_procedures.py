"""``[[procedure]]``: the procedures a position is in the middle of (an attack being
soaked, a raider activation, a card waiting for a slot...), innermost last.

Each table is one procedure in the game's own words: ``kind``, ``seat`` (``"p2"``), and
its fields, each in one form (``FORMS``): hexes ``"q,r"``, tile positions ``"tA,B"``,
seats ``"p2"``, cards ``"axe#2"``, raiders by the id ``[[raider]]`` gives them; ``none``
lists the fields that hold nothing (TOML has no empty value). This module reads the
forms; ``scenario_procedure_rules`` checks the position against the rules once every
piece is placed. A hand-written position rarely needs procedures: it names the pieces,
and the turn of ``current`` starts by the rules.
"""

from __future__ import annotations

from typing import Any

from wasteland.core import chance_text

from .board import fmt_pos
from .scenario_board import Places
from .scenario_fields import ScenarioError, flag, seat, shown, text, texts, whole
from .state import State

NONE_KEY = "none"

#: Every field each kind of procedure holds, and its form: ``count`` a whole number of
#: at least 1, ``number`` of at least 0, ``flag`` true or false, ``words`` a free text,
#: ``seat`` ``"p2"`` (``seat?``: or nothing), ``seats`` a list of them, ``hex`` ``"q,r"``,
#: ``hexes`` a list of them, ``tile`` ``"tA,B"``, ``card`` ``"axe#2"``, ``raider`` a
#: raider id (``raiders`` a list), ``type`` a raider type, ``rumor`` a rumor card, and a
#: tuple the texts a field may hold (``None`` among them: it may hold nothing).
FORMS: dict[str, dict[str, Any]] = {
    "soak": {"left": "count", "damage_type": ("normal", "ap"), "source": "words", "robbery_by": "seat?"},
    "discard": {"count": "count", "reason": ("respawn", "reconstruction")},
    "storm": {"count": "count"},
    "place": {"card": "card"},
    "rumor": {"card": "rumor"},
    "trade": {"active": "seat", "hand_only": "flag"},
    "offer": {"from": "seat", "card": "card"},
    "orient": {"pos": "tile"},
    "enter": {"respawn": (None, "starting_tiles", "tutorial")},
    "after_turn": {"weather": "flag"},
    "activation": {"left": "number", "stage": ("type", "raider", "target", "goto", "attack", "spawn"),
                   "type": "type", "queue": "raiders", "raider": "raider", "start": "hex", "target": "seat?",
                   "reason": "words", "distance": "number", "targets": "seats", "ends": "hexes",
                   "figures": "number", "points": "hexes", "choices": "hexes"},
    "lure": {"stage": ("raider", "goto"), "queue": "raiders", "amount": "count", "raider": "raider",
             "ends": "hexes"},
    "streak": {"raider": "raider", "damage": "count", "loot": "flag"},
    "character": {}, "fuel_drain": {}, "respawn_kit": {}, "after_setup": {},
}
#: The fields the engine reads, per kind and (for the staged kinds) per stage; the
#: others a procedure may hold are what its earlier stages left.
NEEDS: dict[tuple[str, str | None], tuple[str, ...]] = {
    ("soak", None): ("left", "damage_type", "source", "robbery_by"),
    ("discard", None): ("count", "reason"),
    ("storm", None): ("count",),
    ("place", None): ("card",),
    ("rumor", None): ("card",),
    ("trade", None): ("active",),
    ("offer", None): ("from", "card"),
    ("orient", None): ("pos",),
    ("streak", None): ("raider", "damage", "loot"),
    ("after_turn", None): ("weather",),
    ("activation", "type"): ("left",),
    ("activation", "raider"): ("left", "type", "queue"),
    ("activation", "target"): ("left", "type", "queue", "raider", "targets"),
    ("activation", "goto"): ("left", "type", "queue", "raider", "target", "ends"),
    ("activation", "attack"): ("left", "type", "queue", "raider", "targets"),
    ("activation", "spawn"): ("left", "type", "figures", "points", "choices"),
    ("lure", "raider"): ("queue", "amount"),
    ("lure", "goto"): ("queue", "amount", "raider", "ends"),
}
STAGED = ("activation", "lure")


def needs(frame: dict[str, Any]) -> tuple[str, ...]:
    kind = frame["kind"]
    return NEEDS.get((kind, frame.get("stage") if kind in STAGED else None), ())


def read_procedures(s: State, entries: list[dict[str, Any]], origin: str) -> list[dict[str, Any]]:
    """The ``[[procedure]]`` tables as the engine's procedures, each field read in its
    form. A card waiting for a slot (``place``) is taken from wherever it lay."""
    out = []
    reader = _Reader(s)
    for i, entry in enumerate(entries):
        where = f"{origin}: [[procedure]] #{i + 1}"
        kind = text(entry.get("kind"), f"{where} kind")
        if kind not in FORMS:
            raise ScenarioError(f"{where} kind", f"{kind!r} is not a procedure ({', '.join(sorted(FORMS))})")
        forms = FORMS[kind]
        frame: dict[str, Any] = {"kind": kind, "seat": seat(entry.get("seat"), f"{where} seat", len(s.players))}
        empty = texts(entry.get(NONE_KEY, []), f"{where} {NONE_KEY}")
        for key, nothing in [*((k, False) for k in entry), *((k, True) for k in empty)]:
            if key in ("kind", "seat", NONE_KEY) and not nothing:
                continue
            if key not in forms:
                known = ", ".join(sorted(forms)) or "none"
                raise ScenarioError(f"{where} {key}", f"a {kind} procedure has no field {key!r} (its fields: {known})")
            if key in frame:
                raise ScenarioError(f"{where} {NONE_KEY}", f"{key!r} is given a value too")
            if nothing:
                if not _may_be_empty(forms[key]):
                    raise ScenarioError(f"{where} {key}", f"the {kind} procedure's {key} always holds something")
                frame[key] = None
            elif key == "stage" and entry[key] not in forms[key]:
                raise ScenarioError(f"{where} stage", f"{shown(entry[key])} is not a stage of the {kind} "
                                    f"({', '.join(forms[key])})")
            else:
                frame[key] = reader.read(forms[key], entry[key], f"{where} {key}")
        if kind in STAGED and "stage" not in frame:
            raise ScenarioError(where, f"the {kind} procedure needs its stage")
        for key in needs(frame):
            if key not in frame:
                raise ScenarioError(where, f"the {kind} procedure needs its {key}")
        out.append(frame)
    return out


def _may_be_empty(form: Any) -> bool:
    return form == "seat?" or isinstance(form, tuple) and None in form


class _Reader:
    """Reads one field in its form (``FORMS``)."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.places = Places(s)

    def read(self, form: Any, value: Any, where: str) -> Any:
        s = self.s
        if isinstance(form, tuple):
            if value not in [f for f in form if f is not None] or not isinstance(value, str):
                if "ap" in form:
                    raise ScenarioError(where, f"damage is normal or ap (armor-piercing), not {shown(value)} "
                                        "(SL §86, SL §87)", "SL §86")
                choices = ", ".join(f for f in form if f is not None)
                raise ScenarioError(where, f"{shown(value)} is not one of {choices}")
            return value
        if form in ("count", "number"):
            return whole(value, where, 1 if form == "count" else 0)
        if form == "flag":
            return flag(value, where)
        if form == "words":
            return text(value, where)
        if form in ("seat", "seat?"):
            return seat(value, where, len(s.players))
        if form == "seats":
            return [seat(v, where, len(s.players)) for v in _items(value, where, "seats (\"p2\")")]
        if form == "hex":
            return self.places.hex(value, where)
        if form == "hexes":
            return [self.places.hex(v, where) for v in _items(value, where, "hexes (\"q,r\")")]
        if form == "tile":
            return self.places.pos(value, where)
        if form == "raider":
            return whole(value, where, 0)
        if form == "raiders":
            if not isinstance(value, list):
                raise ScenarioError(where, f"must be a list of raider ids, not {shown(value)}")
            return [whole(v, where, 0) for v in value]
        if form == "type":
            name = text(value, where)
            if name not in s.static.rules.raider_types:
                raise ScenarioError(where, f"{name!r} is not a raider type of this game "
                                    f"({', '.join(s.static.rules.raider_types)}; SL §30)", "SL §30")
            return name
        if form == "rumor":
            name = text(value, where)
            if name not in s.static.content.rumors:
                raise ScenarioError(where, f"unknown rumor card {name!r} (SL §109)", "SL §109")
            return name
        if form == "card":
            return card_number(s, text(value, where), where)  # a bare id: resolved by where it lies
        raise AssertionError(form)  # pragma: no cover - FORMS holds only the forms above


def _items(value: Any, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(where, f"must be a list of {what}, not {shown(value)}")
    return value


def card_number(s: State, name: str, where: str) -> int | str:
    """A procedure's card: ``axe#2`` that copy; ``axe`` stays a name until the cards lie
    where the scenario puts them (``scenario_procedure_rules`` picks the copy: for a card
    waiting for a slot one from the table's piles, for an offer one the giver holds)."""
    cat = s.static.catalog
    if "#" in name and name in cat.card_index:
        return cat.card_index[name]
    characters = set(cat.character_card.values())
    if not any(d.id == name and c not in characters for c, d in enumerate(cat.cards)):
        raise ScenarioError(where, f"unknown card {name!r}")
    return name


def procedure_tables(s: State) -> list[dict[str, Any]]:
    """The state's procedures as ``[[procedure]]`` tables (the reverse of ``read_procedures``)."""
    geo = s.static.geo
    names = s.static.catalog.card_names

    def words(form: Any, value: Any) -> Any:
        if form in ("seat", "seat?"):
            return f"p{value + 1}"
        if form == "seats":
            return [f"p{v + 1}" for v in value]
        if form == "hex":
            return geo.names[value]
        if form == "hexes":
            return [geo.names[h] for h in value]
        if form == "tile":
            return fmt_pos(geo.positions[value])
        if form == "card":
            return names[value]
        return list(value) if isinstance(value, list) else value

    out = []
    for frame in s.stack:
        forms = FORMS[frame["kind"]]
        entry: dict[str, Any] = {"kind": frame["kind"], "seat": f"p{frame['seat'] + 1}"}
        empty = []
        for key, value in frame.items():
            if key in ("kind", "seat"):
                continue
            if value is None:
                empty.append(key)
            else:
                entry[key] = words(forms[key], value)
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
