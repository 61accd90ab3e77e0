"""The event phase: 1D12 on the event table (WQ-40.4), and the leader's choices in it.

Ruling: the table's results run 1 to 12, so the die is a d12 (2D6 cannot roll 1).
"""

from __future__ import annotations

from typing import Any

from wasteland.core import chance
from wasteland.core.rng import shuffle

from . import dice
from .conditions import condition_on_hero
from .deploy import hero_distance
from .enemies import actions
from .config import RECOVER
from .state import State

Events = list[dict[str, Any]]
LEADER = 0

EVENTS = {1: "destiny_denied", 2: "masters_will", 3: "masters_will", 4: "masters_will", 5: "emergency",
          6: "emergency", 7: "time_runs_out", 8: "time_runs_out", 9: "heroic_rebirth", 10: "heroic_rebirth",
          11: "inspiring_effort", 12: "destiny_fulfilled"}


def group_distance(s: State, slot: str) -> int:
    """WQ-40.4 ruling: a group's distance from the heroes is that of its closest model."""
    return min(hero_distance(s, s.models[m]["zone"]) for m in s.groups[slot]["models"])


def advance_dusk(s: State, events: Events, rule: str) -> None:
    """WQ-40.4 result 7-8: one zone clockwise, unless the token is in a night zone."""
    q = s.quest
    if s.dusk in q.night_zones:
        events.append({"type": "dusk_held", "zone": s.dusk, "rule": rule})
        return
    s.dusk = (s.dusk + 1) % q.dusk_zones
    events.append({"type": "dusk", "zone": s.dusk, "night": s.dusk in q.night_zones, "rule": rule})


def pick(s: State, what: str, choices: list[str], extra: dict[str, Any] | None = None) -> None:
    s.stack.append({"kind": "pick", "seat": LEADER, "what": what, "choices": choices, **(extra or {})})


def resolve(s: State, roll: int, events: Events) -> None:
    name = EVENTS[roll]
    events.append({"type": "event_roll", "roll": roll, "event": name, "rule": "WQ-40.4"})
    if name == "destiny_denied":
        s.destiny_denied = True  # WQ-40.4 result 1: no destiny roll at the start of the next round
    elif name == "masters_will":
        masters_will(s, events)
    elif name == "emergency":
        emergency(s, events)
    elif name == "time_runs_out":
        advance_dusk(s, events, "WQ-40.4")
    elif name == "heroic_rebirth":
        out = [q for q, h in enumerate(s.heroes) if h["zone"] is None]
        pool = out or [q for q, h in enumerate(s.heroes) if h["zone"] is not None]
        if len(pool) == 1:
            rebirth_hero(s, pool[0], events)
        elif pool:
            pick(s, "rebirth", [str(q + 1) for q in pool])
    elif name == "inspiring_effort":
        pool = list(range(s.players))  # "the leader picks a hero": any hero
        if len(pool) == 1:
            inspire(s, pool[0], events)
        else:
            pick(s, "inspiration", [str(q + 1) for q in pool])
    elif name == "destiny_fulfilled":
        s.destiny_return = True  # WQ-40.4 result 12, ruling: after the next round's destiny roll


def masters_will(s: State, events: Events) -> None:
    """WQ-40.4 result 2-4: the group furthest from any hero Moves; ties: the leader."""
    groups = [g for g in sorted(s.groups, key=int) if s.groups[g]["models"]]
    if not groups:
        events.append({"type": "no_effect", "reason": "no enemy groups", "rule": "WQ-40.4"})
        return
    far = max(group_distance(s, g) for g in groups)
    tied = [g for g in groups if group_distance(s, g) == far]
    if len(tied) == 1:
        group_moves(s, tied[0], events)
    else:
        pick(s, "master", [f"g{g}" for g in tied])


def group_moves(s: State, slot: str, events: Events) -> None:
    events.append({"type": "masters_will", "group": int(slot), "steps": group_distance(s, slot), "rule": "WQ-40.4"})
    # each model Moves once (WQ-40.1's Move, stand-in path), in the group's order; a
    # Move with several equally good zones waits on the leader
    for mid in reversed(s.groups[slot]["models"]):
        s.stack.append(actions(s, mid, 1, False, "WQ-40.4"))


def emergency(s: State, events: Events) -> None:
    """WQ-40.4 result 5-6: one crisis of the quest (stand-in for the quest book, p.32)."""
    if not s.crisis_deck:
        s.crisis_deck = [c.id for c in s.quest.crises]
        shuffle(s, s.crisis_deck)
    drawn = chance.draw(s, s.crisis_deck, "the crisis card drawn", "WQ-40.4", term="crisis_card")
    s.rolls.append(["crisis", drawn])
    crisis(s, drawn, events)


def crisis(s: State, crisis_id: str, events: Events) -> None:
    effect = next(c.effect for c in s.quest.crises if c.id == crisis_id)
    events.append({"type": "crisis", "crisis": crisis_id, "effect": effect, "rule": "WQ-40.4"})
    if effect == "dusk":
        advance_dusk(s, events, "WQ-40.4")
    elif effect == "curse":
        for q, h in enumerate(s.heroes):
            condition_on_hero(s, q, "cursed", events)
    elif effect == "ambush":
        zone = s.closed_gate_zone() or s.hero_zones()[0]
        tile = zone.split(".")[0]
        s.stack.append({"kind": "encounters", "seat": LEADER, "tile": tile, "card": "", "left": 1,
                        "drawn": [], "anchor_zone": zone})


def rebirth_hero(s: State, seat: int, events: Events) -> None:
    """WQ-40.4 result 9-10: back in the nearest empty zone next to another hero, or
    (nobody out of action) a hero on the battlefield; then Recover or cure one disease."""
    h = s.heroes[seat]
    if h["zone"] is None:
        empty = [z for z in s.board.zones if s.occupied(z) == 0]
        dist = {z: hero_distance(s, z) for z in empty}
        if not dist:
            # Ruling (WQ-40.4): no empty zone to return to, nothing happens (the Recover or
            # the cure follows the return, "then").
            events.append({"type": "no_effect", "reason": "no empty zone", "rule": "WQ-40.4"})
            return
        best = min(dist.values())
        tied = sorted(z for z, d in dist.items() if d == best)
        if len(tied) > 1:
            pick(s, "rebirth_zone", tied, {"hero": seat})
            return
        place_hero(s, seat, tied[0], events)
        return
    rebirth_effect(s, seat, events)


def place_hero(s: State, seat: int, zone: str, events: Events) -> None:
    h = s.heroes[seat]
    h["zone"] = zone
    h["wounds"] = 1  # stand-in: back on the battlefield with one wound left
    events.append({"type": "hero_returns", "seat": seat, "zone": zone, "rule": "WQ-40.4"})
    rebirth_effect(s, seat, events)


def rebirth_effect(s: State, seat: int, events: Events) -> None:
    # Ruling (WQ-40.4): Recover or the cure is the leader's choice, the only chooser the
    # result names; with no disease to remove there is nothing to choose.
    if "disease" in s.heroes[seat]["tokens"]:
        pick(s, "effect", ["recover", "cure"], {"hero": seat})
    else:
        apply_effect(s, seat, "recover", events)


def apply_effect(s: State, seat: int, effect: str, events: Events) -> None:
    h = s.heroes[seat]
    if effect == "cure":
        h["tokens"].remove("disease")
        events.append({"type": "cured", "seat": seat, "rule": "WQ-40.4"})
        return
    heal = min(s.tuned("recover", RECOVER), s.content.heroes[seat].vitality - h["wounds"])
    h["wounds"] += heal
    events.append({"type": "recover", "seat": seat, "healed": heal, "free": True, "rule": "WQ-40.4"})


def inspire(s: State, seat: int, events: Events) -> None:
    s.heroes[seat]["inspiration"] += 1
    events.append({"type": "inspiration", "seat": seat, "points": s.heroes[seat]["inspiration"], "rule": "WQ-40.4"})


def roll_d12(s: State) -> int:
    return dice.roll(s, 12, "event", "WQ-40.4", "event_die")  # WQ-40.4 ruling: 1D12
