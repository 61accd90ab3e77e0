"""Checks of a state read from JSON or a scenario: every field of the type and range the
rules need, every zone, card, model and seat it names existing, so that a state the
quest cannot continue from is refused at once with the field (issue 32: a state accepted
here used to fail steps later with a KeyError or a TypeError).

What no field check can see (a procedure's fields that only make sense together) the
engine-wide check after loading catches (``core.state_check.check_goes_on``)."""

from __future__ import annotations

from typing import Any

from wasteland.core.state_check import (StateError, checked_reader, fail, need_bool, need_dict, need_each, need_in,
                                        need_int, need_list, need_seat, need_str)

from .spec import ROUND_BOUND
from .engine import CHOOSE, RUN
from .explore import placement_problem  # noqa: F401  (kept beside the checks it shares)
from .geometry import SIDES
from .state import PHASES, State

#: a sane bound, not a rule: no tile is laid that far out
COORDINATE_BOUND = 1_000
#: inspiration points and model numbers a state may hold (sane bounds: WQ-40.4 gives one
#: point a roll of 10-11; an enemy group numbers its models from 1)
POINTS_BOUND = 1_000
CONDITIONS = ("buried", "cursed", "disease", "fatigue", "stunned", "trapped")  # WQ-40.3
HERO_KEYS = {"hero", "zone", "wounds", "tokens", "dice", "inspiration"}
MODEL_KEYS = {"enemy", "group", "zone", "wounds", "tokens"}
GROUP_KEYS = {"card", "models", "stunned", "tile", "next"}
#: every field a procedure of the engine holds (engine.py, encounters.py, enemies.py,
#: events_table.py): any other is a mistake, refused by its name
FRAME_KEYS = {"kind", "seat", "acted", "anchor", "anchor_zone", "card", "choices", "deployed", "drawn", "groups",
              "hero", "i", "left", "model", "moves", "queue", "rule", "slot", "strike", "target", "tied", "tile",
              "wait", "what", "why", "beside"}


def _keys(field: str, value: dict[str, Any], keys: set[str]) -> None:
    unknown = sorted(set(value) - keys)
    if unknown:
        fail(f"{field}.{unknown[0]}", "unknown key")
    missing = sorted(keys - set(value))
    if missing:
        fail(f"{field}.{missing[0]}", "missing")


def _edge(field: str, edge: Any) -> None:
    need_list(field, edge, 2)
    need_list(f"{field}[0]", edge[0], 2)
    for i, x in enumerate(edge[0]):
        need_int(f"{field}[0][{i}]", x, -COORDINATE_BOUND, COORDINATE_BOUND)
    need_in(f"{field}[1]", edge[1], SIDES, "side")


def check_state(s: State) -> None:
    c = s.content
    q = s.quest
    n = s.players
    need_int("rng", s.rng, 0, 2**64 - 1)
    need_int("round", s.round, 0, ROUND_BOUND)
    need_in("phase", s.phase, PHASES, "phase")
    need_list("placements", s.placements)
    if not s.placements:
        fail("placements", "the quest's start tile is always laid")
    for i, p in enumerate(s.placements):
        need_list(f"placements[{i}]", p, 4)
        need_in(f"placements[{i}][0]", p[0], c.tiles, "tile")
        need_int(f"placements[{i}][1]", p[1], 0, 3)
        need_int(f"placements[{i}][2]", p[2], -COORDINATE_BOUND, COORDINATE_BOUND)
        need_int(f"placements[{i}][3]", p[3], -COORDINATE_BOUND, COORDINATE_BOUND)
    if s.placements[0][0] != q.start_tile:
        fail("placements[0]", f"the first tile is the quest's start tile {q.start_tile!r}")
    if len({p[0] for p in s.placements}) != len(s.placements):
        fail("placements", "a tile is laid twice")
    for name in ("open_gates", "lychgates"):
        for i, edge in enumerate(need_list(name, getattr(s, name))):
            _edge(f"{name}[{i}]", edge)
    if s.closed_gate is not None:
        _edge("closed_gate", s.closed_gate)
    try:
        zones = set(s.board.capacity)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        fail("placements", f"the tiles do not make a battlefield ({exc})")
    need_each("items", s.items, zones, "zone")
    if need_str("quest_zone", s.quest_zone):
        need_in("quest_zone", s.quest_zone, zones, "zone")

    need_list("heroes", s.heroes, n)
    for i, h in enumerate(s.heroes):
        where = f"heroes[{i}]"
        _keys(where, need_dict(where, h), HERO_KEYS)
        if h["hero"] != c.heroes[i].id:
            fail(f"{where}.hero", f"seat {i + 1} plays {c.heroes[i].id!r}, not {h['hero']!r}")
        if h["zone"] is not None:
            need_in(f"{where}.zone", h["zone"], zones, "zone")
        need_int(f"{where}.wounds", h["wounds"], 0 if h["zone"] is None else 1, c.heroes[i].vitality)
        need_each(f"{where}.tokens", h["tokens"], CONDITIONS, "condition")
        for k, v in enumerate(need_list(f"{where}.dice", h["dice"])):
            need_int(f"{where}.dice[{k}]", v, 1, 6)
        need_int(f"{where}.inspiration", h["inspiration"], 0, POINTS_BOUND)

    need_list("slots", s.slots, q.slots)
    for i, card in enumerate(s.slots):
        if card is not None:
            need_in(f"slots[{i}]", card, c.encounters, "encounter card")
    need_dict("groups", s.groups)
    need_dict("models", s.models)
    for slot, g in s.groups.items():
        where = f"groups.{slot}"
        _keys(where, need_dict(where, g), GROUP_KEYS)
        if not slot.isdecimal() or not 1 <= int(slot) <= q.slots or s.slots[int(slot) - 1] != g["card"]:
            fail(where, f"an enemy group is the encounter card in its slot (1-{q.slots}, slots)")
        need_each(f"{where}.models", g["models"], s.models, "model")
        need_bool(f"{where}.stunned", g["stunned"])
        need_str(f"{where}.tile", g["tile"])
        need_int(f"{where}.next", g["next"], 1, POINTS_BOUND)
    for mid, m in s.models.items():
        where = f"models.{mid}"
        _keys(where, need_dict(where, m), MODEL_KEYS)
        need_in(f"{where}.enemy", m["enemy"], c.enemies, "enemy")
        need_in(f"{where}.group", m["group"], s.groups, "enemy group")
        if mid not in s.groups[m["group"]]["models"]:
            fail(f"{where}.group", f"group {m['group']} does not list model {mid}")
        need_in(f"{where}.zone", m["zone"], zones, "zone")
        need_int(f"{where}.wounds", m["wounds"], 1, POINTS_BOUND)
        need_each(f"{where}.tokens", m["tokens"], CONDITIONS, "condition")

    need_list("track", s.track)
    entries = {f"h{k + 1}" for k in range(n)} | {f"g{slot}" for slot in s.groups}
    need_each("track", s.track, entries, "battle-track card")
    if len(set(s.track)) != len(s.track):
        fail("track", "an initiative card lies on the battle track twice")
    need_int("track_pos", s.track_pos, 0, len(s.track))

    need_each("exploration_deck", s.exploration_deck, c.cards, "exploration card")
    need_each("explored", s.explored, c.cards, "exploration card")
    for name in ("encounter_deck", "encounter_discard", "withdrawn"):
        need_each(name, getattr(s, name), c.encounters, "encounter card")
    need_each("crisis_deck", s.crisis_deck, {x.id for x in q.crises}, "crisis card")
    need_int("airship", s.airship, 0, q.destiny_dice)
    need_int("destiny_spent", s.destiny_spent, 0, q.destiny_dice)
    for k, v in enumerate(need_list("destiny_rolled", s.destiny_rolled)):
        need_int(f"destiny_rolled[{k}]", v, 1, 6)
    if s.airship + s.destiny_spent + len(s.destiny_rolled) != q.destiny_dice:
        fail("destiny_rolled", f"airship, rolled and spent destiny dice make {q.destiny_dice} (WQ-40.4)")
    need_int("dusk", s.dusk, 0, q.dusk_zones - 1)
    for name in ("destiny_denied", "destiny_return", "over"):
        need_bool(name, getattr(s, name))
    for k, w in enumerate(need_list("winners", s.winners)):
        need_seat(f"winners[{k}]", w, n)
    need_str("end_reason", s.end_reason)
    need_int("next_model", s.next_model, 1, POINTS_BOUND)
    need_list("rolls", s.rolls)
    _check_stack(s, zones)


def _check_stack(s: State, zones: set[str]) -> None:
    """Each procedure's kind, seat, and the things its fields name (the rest, what only
    makes sense together, the engine-wide check after loading tries)."""
    kinds = set(CHOOSE) | set(RUN)
    c = s.content
    for i, f in enumerate(need_list("stack", s.stack)):
        where = f"stack[{i}]"
        need_dict(where, f)
        need_in(f"{where}.kind", f.get("kind"), kinds, "procedure")
        need_seat(f"{where}.seat", f.get("seat"), s.players)
        unknown = sorted(set(f) - FRAME_KEYS, key=str)
        if unknown:
            fail(f"{where}.{unknown[0]}", "unknown key")
        for key, value in f.items():
            here = f"{where}.{key}"
            if key == "model":
                need_in(here, value, s.models, "model")
            elif key == "slot":
                need_in(here, value, s.groups, "enemy group")
            elif key in ("queue", "groups", "drawn", "deployed", "choices", "tied") and value is not None:
                need_list(here, value)
            elif key in ("left", "moves", "i"):
                need_int(here, value, 0, POINTS_BOUND)
            elif key == "hero":
                need_seat(here, value, s.players)
            elif key == "tile":
                if value != "":
                    need_in(here, value, c.tiles, "tile")
            elif key == "card" and f["kind"] in ("place", "close", "encounters", "deploy"):
                if value != "":
                    need_in(here, value, c.cards, "exploration card")
            elif key == "beside":  # the enemy the leader gave the next place by the anchor (WQ-39.1)
                need_in(here, value, c.enemies, "enemy")
            elif key == "anchor_zone" and value:
                need_in(here, value, zones, "zone")
            elif key in ("wait", "what", "anchor", "rule"):
                need_str(here, value)
        if f["kind"] == "group":
            for k, mid in enumerate(f.get("queue") or []):
                need_in(f"{where}.queue[{k}]", mid, s.models, "model")
            if f.get("slot") is None:
                fail(f"{where}.slot", "missing")
        if f["kind"] in ("place", "close") and f.get("card") not in c.cards:
            fail(f"{where}.card", "the exploration card being laid")
        if f["kind"] == "enemy" and f.get("model") not in s.models:
            fail(f"{where}.model", "the enemy acting")
    if not s.over and not s.stack:
        raise StateError("stack", "the quest is not over and waits on nothing")


#: the state ``to_json`` wrote; anything the engine could not play on is a StateError naming the field
load_state = checked_reader(State.from_json, check_state)
