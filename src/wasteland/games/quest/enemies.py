"""Enemy actions (WQ-40.1): Advance is one Move then one weapon use, Charge two Moves
then one weapon use.

Which action a model takes, where a Move goes and whom it strikes are on pages we do
not have (p.28-30): stand-in, a model Advances when a hero is at most two zone steps away
and Charges otherwise; a Move steps to a zone with room one step nearer the nearest hero,
and a weapon use strikes a hero it is adjacent to (one in its own zone before one in a
zone next to it).

Where that leaves more than one zone to step to, or more than one hero equally near to
strike, the pages say nothing of who picks: as the pages' other ties (WQ-38.3, WQ-39.1,
WQ-40.4), it is the leader's decision (``step MODEL ZONE``, ``strike MODEL HERO``), never
the first by name or seat.

A model's actions are one frame on the engine's stack (``kind = "enemy"``): its Moves
left, whether a weapon use follows, and the decision it waits on, if any.
"""

from __future__ import annotations

from typing import Any

from . import dice
from .conditions import condition_on_hero, hurt_hero, weapon_damage
from .deploy import adjacent, hero_distance, hero_distances
from . import notation as N
from .notation import parse
from .state import State

Events = list[dict[str, Any]]
Frame = dict[str, Any]
LEADER = 0


def step_options(s: State, mid: str) -> list[str]:
    """The zones one Move of ``mid`` may go to (stand-in path rule): with room for it and
    one step nearer the nearest hero."""
    m = s.models[mid]
    nearest = hero_distances(s)
    here = nearest(m["zone"])
    size = s.content.size(m["enemy"])
    bf = s.board
    occ = s.occupancy()  # one count of the zones for every neighbour's room
    capacity = bf.capacity
    return sorted(z for z in bf.neighbours[m["zone"]]
                  if capacity[z] - occ.get(z, 0) >= size and nearest(z) < here)


def strike_options(s: State, mid: str) -> list[int]:
    """The seats of the heroes ``mid`` may strike: the nearest of those it is adjacent to
    (in its own zone, else in a zone next to it)."""
    zone = s.models[mid]["zone"]
    near = [q for q, h in enumerate(s.heroes) if h["zone"] is not None and adjacent(s, zone, h["zone"])]
    if not near:
        return []
    best = min(s.heroes[q]["zone"] != zone for q in near)
    return [q for q in near if (s.heroes[q]["zone"] != zone) == best]


def actions(s: State, mid: str, moves: int, strike: bool, rule: str = "WQ-40.1") -> Frame:
    """The frame of one model's actions: ``moves`` Moves, then a weapon use if ``strike``."""
    return {"kind": "enemy", "seat": LEADER, "model": mid, "moves": moves, "strike": strike, "rule": rule,
            "wait": "", "choices": [], "target": None}


def close_in(s: State, mid: str, events: Events) -> Frame | None:
    """WQ-40.1: the action the model takes (Advance or Charge), as its frame; None when
    there is no hero on the battlefield."""
    m = s.models.get(mid)
    if m is None or not s.hero_zones():
        return None
    d = hero_distance(s, m["zone"])
    action = "advance" if d <= 2 else "charge"
    events.append({"type": "enemy_action", "model": mid, "action": action, "rule": "WQ-40.1"})
    # WQ-40.1: an Advance is one Move and a Charge two, whatever the distance; next to a
    # hero the Move still steps into the hero's zone, and in it no zone is nearer (no step)
    return actions(s, mid, 1 if action == "advance" else 2, True)


def run(s: State, f: Frame, events: Events) -> bool:
    """Play the frame on until it waits on the leader (False) or is done (popped)."""
    if f["wait"]:
        return False
    mid = f["model"]
    m = s.models.get(mid)
    if m is None:
        s.stack.pop()
        return True
    while f["moves"] > 0:
        if "trapped" in m["tokens"]:  # WQ-40.3 Trapped: a trapped enemy cannot Move
            events.append({"type": "enemy_held", "model": mid, "rule": "WQ-40.3"})
            f["moves"] = 0
            break
        zones = step_options(s, mid)
        if not zones:
            f["moves"] = 0  # no step nearer: a Charge's second Move does not happen either
            break
        if len(zones) > 1:
            f["wait"], f["choices"] = "step", zones
            return False
        _step(s, f, zones[0], events)
    if f["strike"] and f["target"] is None:
        near = strike_options(s, mid)
        if len(near) > 1:
            f["wait"], f["choices"] = "strike", [str(q + 1) for q in near]
            return False
        f["target"] = near[0] if near else -1
    s.stack.pop()
    if f["strike"] and f["target"] >= 0:
        weapon_use(s, mid, f["target"], events)
    return True


def _step(s: State, f: Frame, to: str, events: Events) -> None:
    m = s.models[f["model"]]
    events.append({"type": "enemy_move", "model": f["model"], "from": m["zone"], "to": to, "rule": f["rule"]})
    m["zone"] = to
    f["moves"] -= 1


def options(s: State, f: Frame) -> list[str]:
    return [N.NOTATION.text(f["wait"], f["model"], c) for c in f["choices"]]


def choose(s: State, f: Frame, action: str, events: Events) -> None:
    a = parse(action)
    f["wait"], f["choices"] = "", []
    if a.VERB == "step":
        _step(s, f, a.zone, events)
    else:
        f["target"] = a.hero


def weapon_use(s: State, mid: str, seat: int, events: Events) -> None:
    """One weapon use on the hero of ``seat`` (stand-in for p.30): a d6 of ``hit`` or more
    hits, a 6 is critical. The die is a chance point (the table's at a table)."""
    m = s.models[mid]
    e = s.content.enemies[m["enemy"]]
    roll = dice.roll(s, 6, f"{mid} weapon", "WQ-40.1", "weapon_die", (("model", mid),))
    hit, crit = roll >= e.hit, roll == 6
    events.append({"type": "enemy_attack", "model": mid, "seat": seat, "roll": roll, "hit": hit, "critical": crit,
                   "rule": "WQ-40.1"})
    if not hit:
        return
    hurt_hero(s, seat, weapon_damage(e.damage, crit, s.heroes[seat]["tokens"]), f"{mid}'s weapon", events, "WQ-40.1")
    if crit and e.critical:
        condition_on_hero(s, seat, e.critical, events)
