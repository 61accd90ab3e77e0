"""Events in words (English): troops by their kinds' names, and source, bunker and
ray-tower cards by their printed names from the component texts ("Wet day", not "wet")."""

from __future__ import annotations

from typing import Any, Callable

from .texts import TEXTS

T = dict[str, Callable[[dict[str, Any]], str]]


def _s(x: Any) -> str:
    """A seat as every screen names it: "p1" (the players list adds the clan's colour)."""
    return f"p{x + 1}" if isinstance(x, int) else str(x)


# The troop kinds by the names the browser and the rulebook's English use (LO-3).
KIND_NAMES = {"skinny": "Skinny", "handsome": "Handsome", "smart": "Smart", "hedge": "Hedge"}


def _card(cid: Any) -> Any:
    """A source, bunker or ray-tower card by its printed name; anything else (a hidden card) as it is."""
    found = TEXTS.find(cid) if isinstance(cid, str) else None
    return (TEXTS.name(found, "en") or cid) if found and not found.startswith(("species:", "hex:")) else cid


def _named(event: dict[str, Any]) -> dict[str, Any]:
    """Kinds and cards by name, and a hit's cause: the attacking kind, or the ray-tower card played."""
    e = dict(event)
    if isinstance(e.get("kind"), str):
        e["kind"] = KIND_NAMES.get(e["kind"], e["kind"])
    cause = e.get("cause")
    if isinstance(cause, str):
        e["cause"] = f"attacked by a {KIND_NAMES[cause]}" if cause in KIND_NAMES else f"card {_card(cause)}"
    if "card" in e:
        e["card"] = _card(e["card"])
    if isinstance(e.get("cards"), list):
        e["cards"] = [_card(c) for c in e["cards"]]
    return e


TEMPLATES: T = {
    "setup": lambda e: f"Set-up: {e['players']} players, {e['mode']}" + (f", teams {e['teams']}" if e["teams"] else "")
    + f"; colours {', '.join(e['colours'])}.",
    "draw": lambda e: f"The colour draw deals {', '.join(e['colours'])} to the seats; red starts.",
    "order": lambda e: f"Turn order: {' → '.join(e['colours'])}.",
    "place": lambda e: f"{_s(e['seat'])} places a {e['kind']} on {e['hex']}.",
    "turn": lambda e: f"Turn {e['turn']}: {e['colour']} ({_s(e['seat'])}) to play.",
    "turn_end": lambda e: f"{_s(e['seat'])} ends the turn.",
    "move": lambda e: f"{_s(e['seat'])} moves {e['from']} → {e['to']}.",
    "attack": lambda e: f"{_s(e['seat'])}'s {e['kind']} at {e['from']} attacks {e['to']}.",
    "hit": lambda e: f"{e['kind']} of {_s(e['owner'])} at {e['hex']} takes {e['amount']} ({e['cause']}); "
    f"{e['left']} health left.",
    "removed": lambda e: f"The {e['kind']} of {_s(e['owner'])} at {e['hex']} leaves the board.",
    "level_reset": lambda e: f"{_s(e['seat'])} has no {e['kind']} left: back to level 1.",
    "barred": lambda e: f"{_s(e['seat'])} was knocked off the centre after circle 1: it may never occupy the centre again.",
    "health_restored": lambda e: "All tokens recover full health.",
    "eye": lambda e: f"{_s(e['seat'])} holds the Last Oasis: Eye to circle {e['circle']}.",
    "game_over": lambda e: f"Game over: {e['reason']}.",
    "injections_expire": lambda e: f"{_s(e['seat'])}'s bunker cards expire: {', '.join(e['cards'])}.",
    "statuses_expire": lambda e: f"Status cards on {_s(e['seat'])} expire: {', '.join(e['cards'])}.",
    "water": lambda e: f"{_s(e['seat'])} draws {', '.join(e['cards']) or 'no source card'}"
    + (f", pumps {e['pumps']}" if e["pumps"] else "") + (f", x{e['factor']}" if e["factor"] > 1 else "")
    + f": +{e['gallons']} gal.",
    "pumps_lost": lambda e: f"The source deck is rebuilt: {_s(e['seat'])} loses pumps: {e['count']}.",
    "reshuffle": lambda e: f"The {e['deck']} deck is rebuilt from its discard pile ({e['cards']} cards).",
    "deck_empty": lambda e: f"The {e['deck']} deck and its discard pile are empty.",
    "bunker_drawn": lambda e: f"{_s(e['seat'])} draws bunker cards: {', '.join(e['cards'])}.",
    "inject": lambda e: f"{_s(e['seat'])} lays {e['card']} on the {e['kind']} card.",
    "tower_drawn": lambda e: f"{_s(e['seat'])} draws ray-tower cards: {e['count']}.",
    "ray": lambda e: f"{_s(e['seat'])} plays {e['card']} on {e['target']}.",
    "discard": lambda e: f"{_s(e['seat'])} discards {e['card']}.",
    "buy": lambda e: f"{_s(e['seat'])} buys a {e['kind']} on {e['hex']} for {e['cost']} gal.",
    "upgrade": lambda e: f"{_s(e['seat'])} upgrades {e['kind']} to level {e['level']} for {e['cost']} gal.",
    "grow": lambda e: f"{_s(e['seat'])} grows a hedge on {e['hex']} for {e['cost']} gal.",
    "market": lambda e: f"{_s(e['seat'])} buys {e['card']} on the black market for the {e['kind']} card.",
    "bonus_card": lambda e: f"{_s(e['seat'])} takes {e['card']} as a bonus for the {e['kind']} card.",
}


def describe(event: dict[str, Any]) -> str:
    t = TEMPLATES.get(event.get("type", ""))
    if t is None:
        return str(event)
    try:
        return t(_named(event))
    except (KeyError, TypeError):
        return str(event)
