"""The hero's own turn: a minimal stand-in of ours (the hero rules are on pages we do
not have), so that the page's rules can be played to an end.

A hero spends one die per action: an activation die (``a5``, rolled at the activation
roll step) or a rolled destiny die (``d3``). The die must show the action's threshold or
more. Move (1+) and Run (3+) are the page's own thresholds (WQ-40.3 Trapped), as is
freeing a trapped hero (4+) and Recover (1+, WQ-40.4); the rest are ours.
"""

from __future__ import annotations

from typing import Any

from .conditions import condition_on_model, hurt_model, weapon_damage
from .config import HERO_DAMAGE, RECOVER
from .deploy import adjacent
from . import notation as N
from .notation import die_value, parse
from .state import State

Events = list[dict[str, Any]]

THRESHOLD = {"move": 1, "run": 3, "free": 4, "recover": 1,  # WQ-40.3, WQ-40.4
             "attack": 2, "explore": 1, "dig": 3}  # stand-ins


def dice_tokens(s: State, seat: int) -> list[str]:
    h = s.heroes[seat]
    return [f"a{v}" for v in sorted(set(h["dice"]))] + [f"d{v}" for v in sorted(set(s.destiny_rolled))]


def hero_options(s: State, seat: int) -> list[str]:
    # Runs for nearly every hero decision: each die's value is read once (not parsed back
    # from its token per verb), and a model's adjacency is tested against one
    # neighbour list; the actions and their order are those of ``dice_tokens``/``_meets``.
    h = s.heroes[seat]
    out: list[str] = []
    zone = h["zone"]
    dice = h["dice"]
    if zone is not None and (dice or s.destiny_rolled):
        own = sorted(set(dice))
        rolled = [(f"a{v}", v) for v in own] + [(f"d{v}", v) for v in sorted(set(s.destiny_rolled))]

        def meets(verb: str) -> list[str]:
            least = THRESHOLD[verb]
            return [t for t, v in rolled if v >= least]

        bf = s.board
        conditions = h["tokens"]
        if "buried" in conditions:
            out += [N.Dig.text(t) for t in meets("dig")]  # stand-in for WQ-40.3 Buried (p.33)
        else:
            if "trapped" not in conditions:  # WQ-40.3 Trapped: no Move (1+) or Run (3+)
                occ = s.occupancy()  # one count of the zones for every room asked below
                capacity = bf.capacity
                steps = [z for z in bf.neighbours[zone] if capacity[z] - occ.get(z, 0) >= 1]
                if steps:
                    move = N.Move.text
                    dice_move = meets("move")
                    out += [move(z, t) for z in steps for t in dice_move]
                d = bf.distances(zone)
                far = sorted(z for z, k in d.items() if k == 2 and capacity[z] - occ.get(z, 0) >= 1)
                if far:
                    run = N.Run.text
                    dice_run = meets("run")
                    out += [run(z, t) for z in far for t in dice_run]
            near = bf.neighbours.get(zone, ())  # ``adjacent``: the zone itself or a neighbour
            models = s.models
            foes = sorted(i for i, m in models.items() if m["zone"] == zone or m["zone"] in near) if models else ()
            if foes:
                attack = N.Attack.text
                dice_attack = meets("attack")
                out += [attack(m, t) for m in foes for t in dice_attack]
            if zone == s.closed_gate_zone():
                out += [N.Explore.text(t) for t in meets("explore")]
        if h["wounds"] < s.content.heroes[seat].vitality:
            out += [N.Recover.text(t) for t in meets("recover")]
        # WQ-40.3 Trapped: the hero or an adjacent hero, 4+. Ruling (WQ-40.3): the page
        # says a 4+ activation die; a rolled destiny die stands in for an activation die in
        # every action of this stand-in (the dice rules, p.22-24, are not ours), so it frees too.
        for q, other in enumerate(s.heroes):
            if "trapped" in other["tokens"] and other["zone"] is not None and adjacent(s, zone, other["zone"]):
                out += [N.Free.text(q, t) for t in meets("free")]
        if h["inspiration"] > 0:  # stand-in: an inspiration point raises an activation die by 1
            out += [N.Inspire.text(f"a{v}") for v in own if v < 6]
    out.append(N.End.text())
    return out


def spend(s: State, seat: int, token: str) -> int:
    v = int(token[1:])
    if token[0] == "a":
        s.heroes[seat]["dice"].remove(v)
    else:
        s.destiny_rolled.remove(v)
        s.destiny_spent += 1
    return v


def apply_hero(s: State, seat: int, action: str, events: Events) -> str:
    """Apply one hero action; returns ``explore`` when exploration must run, ``end`` at
    the end of the activation, else ``""``."""
    a = parse(action)
    verb = a.VERB
    h = s.heroes[seat]
    if verb == "end":
        events.append({"type": "hero_done", "seat": seat})
        return "end"
    if verb == "inspire":
        v = die_value(a.die)
        h["dice"].remove(v)
        h["dice"].append(v + 1)
        h["inspiration"] -= 1
        events.append({"type": "inspired", "seat": seat, "die": v, "now": v + 1})
        return ""
    v = spend(s, seat, a.die)
    if verb in ("move", "run"):
        events.append({"type": "hero_move", "seat": seat, "from": h["zone"], "to": a.zone, "action": verb, "die": v})
        h["zone"] = a.zone
        if verb == "run" and "fatigue" not in h["tokens"]:
            h["tokens"].append("fatigue")  # stand-in: running tires (WQ-40.3 Exhausted needs a source)
            events.append({"type": "condition", "seat": seat, "condition": "fatigue", "rule": "WQ-40.3"})
    elif verb == "attack":
        mid = a.model
        m = s.models[mid]
        # WQ-40.3 Disease: a successful attack on a diseased enemy is a critical success.
        crit = v == 6 or "disease" in m["tokens"]
        dmg = weapon_damage(s.tuned("hero_damage", HERO_DAMAGE), crit, m["tokens"])
        events.append({"type": "hero_attack", "seat": seat, "model": mid, "die": v, "critical": crit, "damage": dmg})
        if crit:
            condition_on_model(s, mid, s.content.heroes[seat].critical, events)
        hurt_model(s, mid, dmg, f"hero {seat + 1}'s weapon", events)
    elif verb == "recover":
        heal = min(s.tuned("recover", RECOVER), s.content.heroes[seat].vitality - h["wounds"])
        h["wounds"] += heal
        events.append({"type": "recover", "seat": seat, "healed": heal, "die": v})
    elif verb == "free":
        q = a.hero
        s.heroes[q]["tokens"].remove("trapped")
        events.append({"type": "freed", "seat": seat, "hero": q, "die": v, "rule": "WQ-40.3"})
    elif verb == "dig":
        h["tokens"].remove("buried")
        events.append({"type": "dug_out", "seat": seat, "die": v})
    elif verb == "explore":
        events.append({"type": "explore", "seat": seat, "die": v, "zone": h["zone"], "rule": "WQ-38.1"})
        return "explore"
    return ""
