"""The frames of a new tile's enemy groups (WQ-39): one encounter card per crossed-swords
symbol into the slots above the battle track (a withdrawn group's card instead of a new
draw), each group deployed in draw order around its anchor, then the new groups'
initiative cards at the end of the battle track. Where the models stand is decided by
``deploy.py``; these frames walk the groups and wait on the leader's choices.
"""

from __future__ import annotations

from typing import Any

from wasteland.core import chance
from wasteland.core.rng import shuffle

from .deploy import anchor_candidates, build_group, model_zones, tied_for_the_places
from . import notation as N
from .notation import parse
from .state import State

Frame = dict[str, Any]
Events = list[dict[str, Any]]
LEADER = 0


def _empty_slot(s: State) -> int | None:
    return next((i for i, c in enumerate(s.slots) if c is None), None)


def _into_slot(s: State, f: Frame, card: str, events: Events, returned: bool) -> None:
    i = _empty_slot(s)
    assert i is not None
    s.slots[i] = card
    slot = str(i + 1)
    s.groups[slot] = {"card": card, "models": [], "stunned": False, "tile": f["tile"], "next": 1}
    f["drawn"].append(slot)
    f["left"] -= 1
    events.append({"type": "encounter_card", "card": card, "slot": i + 1, "returned": returned,
                   "rule": "WQ-39.2" if returned else "WQ-39.1"})


def encounters_run(s: State, f: Frame, events: Events) -> bool:
    """WQ-39.1: one encounter card per crossed-swords symbol into the nearest empty slot
    above the battle track; none when it is full. WQ-39.2: a withdrawn group returns
    instead of a new draw."""
    while f["left"] > 0:
        if _empty_slot(s) is None:
            events.append({"type": "track_full", "undrawn": f["left"], "rule": "WQ-39.1"})
            f["left"] = 0
            break
        if s.withdrawn:
            _into_slot(s, f, s.withdrawn.pop(0), events, True)
            continue
        if not s.encounter_deck and s.encounter_discard:
            s.encounter_deck = s.encounter_discard  # stand-in: the discards are reshuffled
            s.encounter_discard = []
            shuffle(s, s.encounter_deck)
        if not s.encounter_deck:
            events.append({"type": "no_encounter", "rule": "WQ-39.1"})
            f["left"] = 0
            break
        drawn = chance.draw(s, s.encounter_deck, "the encounter card drawn", "WQ-39.1", term="encounter_card")
        _into_slot(s, f, drawn, events, False)
    s.stack[-1] = {"kind": "deploy", "seat": LEADER, "tile": f["tile"], "card": f["card"], "groups": f["drawn"],
                   "i": 0, "queue": None, "anchor": "", "what": "", "wait": "", "choices": [], "deployed": [],
                   "anchor_zone": f["anchor_zone"]}
    return True


def deploy_run(s: State, f: Frame, events: Events) -> bool:
    """WQ-39.1: deploy each group in draw order."""
    while True:
        if f["wait"]:
            return False
        if f["i"] >= len(f["groups"]):
            s.stack[-1] = {"kind": "initiative", "seat": LEADER, "groups": f["deployed"]}
            return True
        slot = f["groups"][f["i"]]
        g = s.groups[slot]
        if f["queue"] is None:
            got, missing = build_group(s, g["card"], [])
            if missing:
                events.append({"type": "no_more_models", "group": int(slot), "missing": missing, "rule": "WQ-39.1"})
            f["queue"] = [{"enemy": e, "left": False} for e in got]
            if f["anchor_zone"]:
                anchors, what = [f["anchor_zone"]], "closed gate"
            else:
                anchors, what = anchor_candidates(s, f["tile"], f["card"], f["i"] == 0)
            if not anchors:
                anchors, what = [s.board.tile_zones[f["tile"]][0]], "tile"
            f["what"] = what
            if len(anchors) > 1:
                f["wait"], f["choices"] = "anchor", anchors
                return False
            _set_anchor(s, f, anchors[0], events)
        if not f["queue"]:
            if g["models"]:
                f["deployed"].append(slot)
            else:
                s.groups.pop(slot)
                s.slots[int(slot) - 1] = None
                s.encounter_discard.append(g["card"])
                events.append({"type": "group_lost", "group": int(slot), "card": g["card"], "rule": "WQ-39.1"})
            f["i"] += 1
            f["queue"] = None
            continue
        if "beside" not in f:
            tied = tied_for_the_places(s, f["tile"], f["anchor"], f["what"], slot,
                                       [q["enemy"] for q in f["queue"] if not q["left"]])
            if len(tied) > 1:
                f["wait"], f["choices"] = "beside", tied
                return False
        nxt = next((q for q in f["queue"] if not q["left"]), f["queue"][0])
        rest = [q["enemy"] for q in f["queue"] if not q["left"] and q is not nxt]
        zones, why = model_zones(s, f["tile"], f["anchor"], f["what"], slot, nxt["enemy"], rest, nxt["left"])
        if why == "leftover":
            f["queue"].remove(nxt)
            f["queue"].append({**nxt, "left": True})
            continue
        if not zones:
            f["queue"].remove(nxt)
            events.append({"type": "no_room", "group": int(slot), "enemy": nxt["enemy"], "rule": "WQ-39.1"})
            continue
        if len(zones) == 1:
            _place_model(s, f, zones[0], why, events)
            continue
        f["wait"], f["choices"], f["why"] = "deploy", zones, why
        return False


def _set_anchor(s: State, f: Frame, zone: str, events: Events) -> None:
    f["anchor"] = zone
    events.append({"type": "group_anchor", "group": int(f["groups"][f["i"]]), "zone": zone, "what": f["what"],
                   "rule": "WQ-39.1"})


def _place_model(s: State, f: Frame, zone: str, why: str, events: Events) -> None:
    slot = f["groups"][f["i"]]
    g = s.groups[slot]
    nxt = next((q for q in f["queue"] if not q["left"]), f["queue"][0])
    f["queue"].remove(nxt)
    f.pop("beside", None)  # the next place by the anchor is the leader's to give again
    mid = f"g{slot}.{g['next']}"
    g["next"] += 1
    e = s.content.enemies[nxt["enemy"]]
    s.models[mid] = {"enemy": e.id, "group": slot, "zone": zone, "wounds": e.wounds, "tokens": []}
    g["models"].append(mid)
    events.append({"type": "enemy_deployed", "model": mid, "enemy": e.id, "size": e.size, "zone": zone,
                   "why": why, "rule": "WQ-39.1"})


def deploy_options(s: State, f: Frame) -> list[str]:
    if f["wait"] == "anchor":
        return [N.Anchor.text(z) for z in f["choices"]]
    if f["wait"] == "beside":
        return [N.Beside.text(e) for e in f["choices"]]
    slot = f["groups"][f["i"]]
    mid = f"g{slot}.{s.groups[slot]['next']}"
    return [N.Deploy.text(mid, z) for z in f["choices"]]


def deploy_choose(s: State, f: Frame, action: str, events: Events) -> None:
    a = parse(action)
    wait = f["wait"]
    f["wait"] = ""
    if wait == "anchor":
        _set_anchor(s, f, a.zone, events)
    elif wait == "beside":
        _take_the_place(s, f, a.enemy, events)
    else:
        _place_model(s, f, a.zone, f["why"], events)


def _take_the_place(s: State, f: Frame, enemy: str, events: Events) -> None:
    """WQ-39.1: the leader gives the next place by the anchor to an enemy of this kind; it
    goes first in the group's queue and is deployed next."""
    q = next(q for q in f["queue"] if not q["left"] and q["enemy"] == enemy)
    f["queue"].remove(q)
    f["queue"].insert(0, q)
    f["beside"] = enemy


def initiative_run(s: State, f: Frame, events: Events) -> bool:
    """WQ-39.3: the new groups' initiative cards join the end of the battle track, in
    the order they were deployed (the group in slot 3 is "enemy group 3")."""
    s.stack.pop()
    for slot in f["groups"]:
        s.track.append(f"g{slot}")
        events.append({"type": "initiative_card", "group": int(slot), "position": len(s.track), "rule": "WQ-39.3"})
    return True
