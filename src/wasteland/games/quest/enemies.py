"""Enemy actions (WQ-40.1): Advance is one Move then one weapon use, Charge two Moves
then one weapon use.

Which action a model takes, where a Move goes and whom it strikes are on pages we do
not have (p.28-30): stand-in, a model strikes a hero it is adjacent to, Advances when a
hero is two zone steps away and Charges otherwise; a Move steps to a zone with room
one step nearer the nearest hero (the first such zone by name).
"""

from __future__ import annotations

from typing import Any

from . import dice
from .conditions import condition_on_hero, hurt_hero, weapon_damage
from .deploy import adjacent, hero_distance
from .state import State

Events = list[dict[str, Any]]


def move(s: State, mid: str, events: Events, rule: str = "WQ-40.1") -> bool:
    """One Move action (stand-in path rule). WQ-40.3 Trapped: a trapped enemy cannot Move."""
    m = s.models[mid]
    if "trapped" in m["tokens"]:
        events.append({"type": "enemy_held", "model": mid, "rule": "WQ-40.3"})
        return False
    here = hero_distance(s, m["zone"])
    size = s.content.size(m["enemy"])
    steps = [z for z in s.board.neighbours[m["zone"]] if s.room(z) >= size and hero_distance(s, z) < here]
    if not steps:
        return False
    to = sorted(steps)[0]
    events.append({"type": "enemy_move", "model": mid, "from": m["zone"], "to": to, "rule": rule})
    m["zone"] = to
    return True


def target(s: State, mid: str) -> int | None:
    zone = s.models[mid]["zone"]
    near = [q for q, h in enumerate(s.heroes) if h["zone"] is not None and adjacent(s, zone, h["zone"])]
    if not near:
        return None
    return min(near, key=lambda q: (s.heroes[q]["zone"] != zone, q))


def weapon_use(s: State, mid: str, events: Events, roll: int | None = None) -> None:
    """One weapon use (stand-in for p.30): a d6 of ``hit`` or more hits, a 6 is critical.
    ``roll``: the die a table entered (companion play); else the generator rolls."""
    seat = target(s, mid)
    if seat is None:
        return
    m = s.models[mid]
    e = s.content.enemies[m["enemy"]]
    if roll is None:
        roll = dice.roll(s, 6, f"{mid} weapon", "WQ-40.1", "weapon_die", (("model", mid),))
    hit, crit = roll >= e.hit, roll == 6
    events.append({"type": "enemy_attack", "model": mid, "seat": seat, "roll": roll, "hit": hit, "critical": crit,
                   "rule": "WQ-40.1"})
    if not hit:
        return
    hurt_hero(s, seat, weapon_damage(e.damage, crit, s.heroes[seat]["tokens"]), f"{mid}'s weapon", events, "WQ-40.1")
    if crit and e.critical:
        condition_on_hero(s, seat, e.critical, events)


def close_in(s: State, mid: str, events: Events) -> bool:
    """The Move part of the model's action (WQ-40.1); True when a weapon use follows on a
    hero in reach."""
    m = s.models.get(mid)
    if m is None or not s.hero_zones():
        return False
    d = hero_distance(s, m["zone"])
    if d <= 1:
        events.append({"type": "enemy_action", "model": mid, "action": "advance", "rule": "WQ-40.1"})
    elif d == 2:
        events.append({"type": "enemy_action", "model": mid, "action": "advance", "rule": "WQ-40.1"})
        move(s, mid, events)
    else:
        events.append({"type": "enemy_action", "model": mid, "action": "charge", "rule": "WQ-40.1"})
        if move(s, mid, events):
            move(s, mid, events)
    return target(s, mid) is not None
