"""Damage, conditions and leaving the battlefield (WQ-40.3).

Effects as the page gives them; what the page leaves to p.33 is a marked stand-in.
Rulings: "+1/+2" Damage on a cursed target is +1 for a normal success and +2 for a
critical one; die changes from disease and fatigue are -1 (never below 1); "moved back"
for a stunned group is to the end of the battle track.
"""

from __future__ import annotations

from typing import Any

from .state import State

Events = list[dict[str, Any]]
CURSED_BONUS = {False: 1, True: 2}  # WQ-40.3 Cursed: +1/+2 Damage (ruling: normal/critical)


def weapon_damage(base: int, critical: bool, target_tokens: list[str]) -> int:
    """A weapon use's damage: +1 on a critical (stand-in), then WQ-40.3 Cursed."""
    dmg = base + (1 if critical else 0)
    if "cursed" in target_tokens:
        dmg += CURSED_BONUS[critical]
    return dmg


def hurt_hero(s: State, seat: int, amount: int, cause: str, events: Events, rule: str) -> None:
    """``rule``: the anchor of what hurts (an enemy's weapon use, WQ-40.1; a second stun, WQ-40.3)."""
    h = s.heroes[seat]
    if h["zone"] is None:
        return
    h["wounds"] -= amount
    events.append({"type": "hero_hurt", "seat": seat, "amount": amount, "cause": cause, "left": max(0, h["wounds"]),
                   "rule": rule})
    if h["wounds"] <= 0:
        # Out of action (stand-in for its own page): off the battlefield, tokens kept
        # except those that only make sense on it.
        events.append({"type": "out_of_action", "seat": seat, "zone": h["zone"], "rule": rule})
        h["zone"] = None
        h["wounds"] = 0
        h["dice"] = []
        h["tokens"] = [t for t in h["tokens"] if t == "disease"]


def condition_on_hero(s: State, seat: int, token: str, events: Events) -> None:
    h = s.heroes[seat]
    if h["zone"] is None:
        return
    if token == "stunned" and "stunned" in h["tokens"]:
        hurt_hero(s, seat, 1, "stunned again (WQ-40.3)", events, "WQ-40.3")  # WQ-40.3 Stunned: twice is 1 damage
        return
    if token != "disease" and token in h["tokens"]:
        return
    h["tokens"].append(token)
    events.append({"type": "condition", "seat": seat, "condition": token, "rule": "WQ-40.3"})


def hurt_model(s: State, mid: str, amount: int, cause: str, events: Events) -> None:
    m = s.models.get(mid)
    if m is None:
        return
    m["wounds"] -= amount
    events.append({"type": "enemy_hurt", "model": mid, "amount": amount, "cause": cause, "left": max(0, m["wounds"])})
    if m["wounds"] <= 0:
        events.append({"type": "enemy_slain", "model": mid, "enemy": m["enemy"], "zone": m["zone"]})
        del s.models[mid]
        g = s.groups[m["group"]]
        g["models"] = [x for x in g["models"] if x != mid]
        if not g["models"]:
            withdraw(s, m["group"], events)


def withdraw(s: State, slot: str, events: Events) -> None:
    """Stand-in for "withdrawn" (p.28 is not ours): a group with no model left on the
    battlefield is withdrawn; its card waits to come back instead of a new draw (WQ-39.2)."""
    g = s.groups.pop(slot)
    s.slots[int(slot) - 1] = None
    s.withdrawn.append(g["card"])
    entry = f"g{slot}"
    if entry in s.track:
        i = s.track.index(entry)
        s.track.pop(i)
        if s.phase == "activation" and i < s.track_pos:
            s.track_pos -= 1
    events.append({"type": "withdrawn", "group": int(slot), "card": g["card"], "rule": "WQ-39.2"})


def condition_on_model(s: State, mid: str, token: str, events: Events) -> None:
    m = s.models.get(mid)
    if m is None:
        return
    if token == "stunned":
        # Ruling (WQ-40.3): an enemy is stunned as its group is (the page moves back "a
        # group of stunned enemies"), so a model of a stunned group stunned again takes 1.
        g = s.groups[m["group"]]
        if g["stunned"]:
            hurt_model(s, mid, 1, "stunned again (WQ-40.3)", events)
            return
        g["stunned"] = True
        events.append({"type": "group_condition", "group": int(m["group"]), "condition": "stunned", "rule": "WQ-40.3"})
        return
    if token in m["tokens"]:
        return
    m["tokens"].append(token)
    events.append({"type": "enemy_condition", "model": mid, "condition": token, "rule": "WQ-40.3"})


def place_dice(dice: list[int], tokens: list[str]) -> tuple[list[int], bool]:
    """Activation dice placed on the hero's slots in roll order (stand-in): WQ-40.3
    Disease, each disease token's slot changes its die by 1; Exhausted, a die on the
    fatigue token's slot (the slot after the disease tokens) changes every one of this
    hero's dice by 1 and the token goes. Returns the dice and whether fatigue was spent."""
    out = list(dice)
    sick = tokens.count("disease")
    for i in range(min(sick, len(out))):
        out[i] = max(1, out[i] - 1)
    spent = False
    if "fatigue" in tokens and len(out) > sick:
        out = [max(1, v - 1) for v in out]
        spent = True
    return out, spent
