"""Events in words (English; the browser's translations are in ``web/i18n``). Places,
enemies, agenda cards and factions are named as the page names them (its English
catalogue), never by their ids ("radroach#1", "a01", "salvage_yard")."""

from __future__ import annotations

import re
from typing import Any, Callable

from wasteland.core.english import count
from wasteland.core.page_words import PageWords

_PAGE = PageWords("wasteland.games.fallout", "en")
_ENEMY_ID = re.compile(r"\b([a-z_]+)#(\d+)\b")


def _s(x: Any) -> str:
    return f"survivor {x + 1}" if isinstance(x, int) else str(x)


def _named(key: str, fallback: str) -> str:
    return _PAGE.t(key) if _PAGE.has(key) else fallback


def _name(x: str) -> str:
    """A place, an enemy kind or an icon by its printed name ("Salvage Yard", "Radroach")."""
    return _named(f"fo.space.{x}", _named(f"fo.enemy.{x}", x.replace("_", " ")))


def _card(x: str) -> str:
    return _named(f"fo.card.{x}", x)


def _enemies(text: str) -> str:
    """Every enemy id in ``text`` as the page labels the figure: "radroach#1" -> "Radroach 1"."""
    return _ENEMY_ID.sub(lambda m: f"{_name(m.group(1))} {m.group(2)}" if _PAGE.has(f"fo.enemy.{m.group(1)}")
                         else m.group(0), text)


def _by(e: dict[str, Any]) -> str:
    return (f"{_s(e['target'])} at {_name(e['target_space'])}, {count(e['distance'], 'space')} away "
            f"(tie-break: {e['tie_break']})")


TEMPLATES: dict[str, Callable[[dict[str, Any]], str]] = {
    "setup": lambda e: f"Set-up: {count(e['players'], 'survivor')}, {_s(e['first'])} holds the agenda deck; "
    f"influence {e['target']} wins; {e['fight']} fights.",
    "turn": lambda e: f"Round {e['round']}, turn {e['turn']}: {_s(e['seat'])} to play.",
    "turn_end": lambda e: f"{_s(e['seat'])} ends the turn.",
    "move": lambda e: f"{_s(e['seat'])} moves {_name(e['from'])} → {_name(e['to'])}.",
    "survivor_fights": lambda e: f"{_s(e['seat'])} fights {e['enemy']} at {_name(e['space'])}.",
    "roll": lambda e: f"{_s(e['seat'])} rolls {e['roll']} against defence {e['defence']}.",
    "fight_result": lambda e: f"{_s(e['seat'])}: health {e['health_before']}→{e['health']}, radiation "
    f"{e['radiation_before']}→{e['radiation']}; {e['enemy']} " + ("is defeated." if e["defeated"] else "stands."),
    "enemy_to_lair": lambda e: f"{e['enemy']} goes back to {_name(e['space'])}, face down.",
    "enemy_removed": lambda e: f"{e['enemy']} leaves the map.",
    "knocked_out": lambda e: f"{_s(e['seat'])} is knocked out and wakes up at {_name(e['space'])}.",
    "quest": lambda e: f"{_s(e['seat'])} completes the quest at {_name(e['space'])}.",
    "quest_marker": lambda e: f"The quest marker moves from {_name(e['from'])} to {_name(e['to'])}.",
    "rest": lambda e: f"{_s(e['seat'])} rests: health {e['health']} (+{e['gained']}).",
    "agenda_gained": lambda e: f"{_s(e['seat'])} takes an agenda card" + (f" ({_card(e['card'])})." if "card" in e else "."),
    "agenda_returned": lambda e: f"{_s(e['seat'])} shuffles an agenda card back into the deck"
    + (f" ({_card(e['card'])})." if "card" in e else "."),
    "agenda_empty": lambda e: "The agenda deck is empty: no card to take.",
    "deck_ran_out": lambda e: f"The agenda deck ran out: {count(e['cards'], 'card')} shuffled into a new deck; "
    f"{_s(e['first'])} is now first player; faction tokens move to "
    + ", ".join(f"{_named(f'fo.faction.{k}', k)} {v}" for k, v in e["factions"].items()) + ".",
    "round_end": lambda e: f"End of round {e['round']}: the enemies activate.",
    "agenda_revealed": lambda e: f"Agenda card {_card(e['card'])} revealed: {', '.join(_name(i) for i in e['icons'])} act.",
    "type_activates": lambda e: f"{_name(e['enemy_type'])} enemies activate (icon {e['icon']}): "
    + (", ".join(e["enemies"]) or "none face up") + ".",
    "enemy_fights": lambda e: f"{e['enemy']} at {_name(e['space'])} attacks {_by(e)}: {e['reason']}.",
    "enemy_moves": lambda e: f"{e['enemy']} moves {_name(e['from'])} → {_name(e['to'])} toward {_by(e)}; "
    f"{e['step']}.",
    "enemy_waits": lambda e: f"{e['enemy']} stays at {_name(e['space'])}: {e['reason']}.",
    "flipped": lambda e: f"Face-down {_name(e['enemy_type'])} flipped face up: {', '.join(e['enemies'])}.",
    "icons_written": lambda e: f"The table's agenda card: {', '.join(_name(i) for i in e['icons'])} act.",
    "agenda_discarded": lambda e: f"Agenda card {_card(e['card'])} is discarded.",
    "target_reached": lambda e: f"{_s(e['seat'])} reaches influence {e['influence']} and wins, showing "
    f"{', '.join(_card(c) for c in e['revealed'])}; also at the target: {', '.join(_s(q) for q in e['others'])}.",
    "victory_shared": lambda e: f"{_s(e['seat'])} shows their agenda cards and shares the victory.",
    "victory_not_shared": lambda e: f"{_s(e['seat'])} keeps their agenda cards hidden and does not share the victory.",
    "game_over": lambda e: "Game over: " + e["reason"] + (
        f"; winners: {', '.join(_s(q) for q in e['winners'])}." if e["winners"] else "; nobody wins."),
}


def describe(event: dict[str, Any]) -> str:
    t = TEMPLATES.get(event.get("type", ""))
    if t is None:
        return str(event)
    try:
        text = _enemies(t(event))
        return text[:1].upper() + text[1:]
    except (KeyError, TypeError):
        return str(event)
