"""Events in words (English; the browser has its own translations in web/i18n). Zones,
tiles, cards, enemies, heroes, conditions and events are named as the page names them
(its English catalogue): "Gatehouse b", not "gatehouse.b"; "Lone wraith", not "e_lone".
The battlefield's square coordinates, which no board shows, are left out."""

from __future__ import annotations

import re
from typing import Any, Callable

from wasteland.core.english import count
from wasteland.core.page_words import PageWords

T = dict[str, Callable[[dict[str, Any]], str]]
_PAGE = PageWords("wasteland.games.quest", "en")
_ZONE = re.compile(r"\b([a-z_]+)\.([a-z])\b")


def _named(key: str, fallback: str) -> str:
    return _PAGE.t(key) if _PAGE.has(key) else fallback


def _tile(x: str) -> str:
    return _named(f"wq.tile.{x}", x)


def _zone(x: str) -> str:
    """A zone as the board labels it: its tile's name and its letter."""
    tile, _, letter = str(x).partition(".")
    return f"{_tile(tile)} {letter}" if letter else _tile(tile)


def _card(x: str) -> str:
    return _named(f"wq.encounter.{x}", _named(f"wq.card.{x}", x))


def _enemy(x: str) -> str:
    return _named(f"wq.enemy.{x}", x)


def _cond(x: str) -> str:
    return _named(f"wq.cond.{x}", x.replace("_", " "))


def _zones(text: str) -> str:
    """Every zone named in ``text`` ("... in gatehouse.b") as the board labels it."""
    return _ZONE.sub(lambda m: _zone(m.group(0)) if _PAGE.has(f"wq.tile.{m.group(1)}") else m.group(0), text)


_MODEL = re.compile(r"\bg(\d+)\.(\d+)\b")


def _tags(text: str) -> str:
    """Every enemy model as the page tags it: "№1.2" (group 1's second model), never "g1.2"."""
    return _MODEL.sub(lambda m: f"№{m.group(1)}.{m.group(2)}", text)


def _track(track: list[str]) -> str:
    """The battle track's places (WQ-40.2) as the page writes them: "h2" is Hero 2, "g1" Group 1."""
    return " → ".join(f"Hero {x[1:]}" if x[:1] == "h" else f"Group {x[1:]}" if x[:1] == "g" else x for x in track)


def _quest(q: str) -> str:
    """The quest by its name ("The Last Lantern"), never its id."""
    return _named(f"option.quest.{q}", f"Quest {q}")


def _faces(dice: list[int]) -> str:
    """Dice as a table reads them ("3, 6, 3"), not as a list is printed ("[3, 6, 3]")."""
    return ", ".join(str(d) for d in dice)


def _h(q: int) -> str:
    return f"hero {q + 1}"


TEMPLATES: T = {
    "setup": lambda e: f"{_quest(e['quest'])}: {', '.join(_named(f'wq.hero.{h}', h) for h in e['heroes'])} set out "
    f"from the {_tile(e['start_tile'])}.",
    "round": lambda e: f"Round {e['round']}.",
    "dusk": lambda e: f"The dusk token moves to zone {e['zone'] + 1}" + (" (night)." if e["night"] else "."),
    "dusk_held": lambda e: f"The dusk token stays in zone {e['zone'] + 1}: it is night.",
    "destiny_denied": lambda e: "Destiny denied: no destiny roll this round.",
    "destiny_roll": lambda e: f"Destiny roll: {_faces(e['dice']) or 'no dice'}.",
    "destiny_fulfilled": lambda e: f"Destiny fulfilled: {e['returned']} spent destiny dice return to the airship.",
    "activation_roll": lambda e: f"{_h(e['seat'])} rolls {_faces(e['rolled'])}, placed as {_faces(e['dice'])}"
    + (f" (disease x{e['disease']})" if e["disease"] else "") + (" (fatigue spent)" if e["fatigue"] else "") + ".",
    "initiative": lambda e: f"Battle track: {_track(e['track'])}.",
    "group_activates": lambda e: f"Enemy group {e['group']} activates.",
    "moved_back": lambda e: f"Enemy group {e['group']} is stunned: moved back to the end of the track.",
    "hero_move": lambda e: f"{_h(e['seat'])} {e['action']}s {e['from']} → {e['to']} (die {e['die']}).",
    "hero_attack": lambda e: f"{_h(e['seat'])} strikes {e['model']} with a {e['die']}"
    + (" (critical)" if e["critical"] else "") + f": {e['damage']} damage.",
    "hero_done": lambda e: f"{_h(e['seat'])} ends the activation.",
    "recover": lambda e: f"{_h(e['seat'])} recovers {count(e['healed'], 'wound')}" + (" (free)." if e.get("free") else "."),
    "freed": lambda e: f"{_h(e['seat'])} frees {_h(e['hero'])} from the trap.",
    "dug_out": lambda e: f"{_h(e['seat'])} digs free.",
    "inspired": lambda e: f"{_h(e['seat'])} spends inspiration: die {e['die']} becomes {e['now']}.",
    "explore": lambda e: f"{_h(e['seat'])} explores beyond the closed gate in {e['zone']}.",
    "exploration_card": lambda e: f"Exploration card: {_tile(e['tile'])}, gate positions "
    f"{', '.join(e['gates'])}, {count(e['groups'], 'enemy group')}" + (", the quest symbol" if e["quest_symbol"] else "") + ".",
    "tile_placed": lambda e: f"{_tile(e['tile'])} laid by gate position {e['gate']} ({e['turns'] * 90}° turned); "
    "the gate it meets is now open.",
    "closed_gate": lambda e: f"New closed gate on position {e['gate']} ({e['steps']} zone steps "
    "from the opened gate" + (f"; tied with {', '.join(x for x in e['tied'] if x != e['gate'])}" if len(e["tied"]) > 1 else "") + ").",
    "furnished": lambda e: "On the tile: " + (f"mystic items in {', '.join(e['items'])}" if e["items"] else "no mystic item")
    + (f", {count(len(e['lychgates']), 'lychgate')}" if e["lychgates"] else "") + (f", the quest symbol in {e['quest_symbol']}" if e["quest_symbol"] else "") + ".",
    "dead_end": lambda e: f"Dead end: {e['reason']}.",
    "encounter_card": lambda e: f"Encounter card {_card(e['card'])} " + ("returns " if e["returned"] else "") + f"into slot {e['slot']}.",
    "track_full": lambda e: f"No empty slot above the battle track: {count(e['undrawn'], 'encounter card')} not drawn.",
    "no_encounter": lambda e: "No encounter card left to draw.",
    "no_more_models": lambda e: f"Group {e['group']}: no more models for {', '.join(map(_enemy, e['missing']))}.",
    "group_anchor": lambda e: f"Group {e['group']} deploys by the {e['what']} in {e['zone']}.",
    "enemy_deployed": lambda e: f"{_enemy(e['enemy'])} {e['model']} ({e['size']}) stands in {e['zone']}: {e['why']}.",
    "no_room": lambda e: f"Group {e['group']}: no room for a {_enemy(e['enemy'])}.",
    "group_lost": lambda e: f"Group {e['group']} has no model on the battlefield; its card is discarded.",
    "initiative_card": lambda e: f"Initiative card of enemy group {e['group']} joins the battle track at place {e['position']}.",
    "enemy_action": lambda e: f"{e['model']}: {e['action']}.",
    "enemy_move": lambda e: f"{e['model']} moves {e['from']} → {e['to']}.",
    "enemy_held": lambda e: f"{e['model']} is trapped and cannot move.",
    "enemy_attack": lambda e: f"{e['model']} attacks {_h(e['seat'])}: rolls {e['roll']}, "
    + ("critical hit." if e["critical"] else "hit." if e["hit"] else "miss."),
    "hero_hurt": lambda e: f"{_h(e['seat'])} takes {e['amount']} ({e['cause']}); {e['left']} left.",
    "out_of_action": lambda e: f"{_h(e['seat'])} is out of action.",
    "enemy_hurt": lambda e: f"{e['model']} takes {e['amount']}; {e['left']} left.",
    "enemy_slain": lambda e: f"{_enemy(e['enemy'])} {e['model']} is slain.",
    "withdrawn": lambda e: f"Enemy group {e['group']} is withdrawn; card {_card(e['card'])} waits above the battle track.",
    "condition": lambda e: f"{_h(e['seat'])} gains the {_cond(e['condition'])} condition.",
    "enemy_condition": lambda e: f"{e['model']} gains the {_cond(e['condition'])} condition.",
    "group_condition": lambda e: f"Enemy group {e['group']} gains the {_cond(e['condition'])} condition.",
    "stun_spent": lambda e: f"{_h(e['seat'])} shakes off the stun" + (f", giving up {e['die']}." if e["die"] else "."),
    "traps_cleared": lambda e: f"Trapped tokens removed from {', '.join(e['models'])}.",
    "event_roll": lambda e: f"Event roll {e['roll']}: {_named(f'wq.event.' + e['event'], e['event'].replace('_', ' '))}.",
    "no_effect": lambda e: f"Nothing happens: {e['reason']}.",
    "masters_will": lambda e: f"Master's will: enemy group {e['group']}, {e['steps']} zone steps from the heroes, moves.",
    "crisis": lambda e: f"Crisis {_named(f'wq.crisis.' + e['crisis'], e['crisis'])}: {e['effect']}.",
    "hero_returns": lambda e: f"{_h(e['seat'])} returns in {e['zone']}.",
    "cured": lambda e: f"{_h(e['seat'])} loses one disease.",
    "inspiration": lambda e: f"{_h(e['seat'])} gains an inspiration point ({e['points']}).",
    "quest_over": lambda e: ("Quest succeeds: " if e["won"] else "Quest fails: ") + e["reason"] + ".",
}


def describe(event: dict[str, Any]) -> str:
    t = TEMPLATES.get(event.get("type", ""))
    if t is None:
        return str(event)
    try:
        text = _tags(_zones(t(event)))
    except (KeyError, TypeError, IndexError):
        return str(event)
    # a sentence starts with a capital ("Hero 1 ...")
    return text[:1].upper() + text[1:] if re.match(r"[a-z]+\b", text) else text
