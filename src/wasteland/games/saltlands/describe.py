"""Events in words a player understands (English; the browser issue adds translations).

Cards, tokens, characters and raiders are named as the content data names them
("Medkit", "a crew token"), never by their instance ids ("medkit#3"); the events
themselves keep the ids."""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.english import count

from .content import load_content
from .texts import TEXTS


def _seat(x: Any) -> str:
    return f"p{x + 1}" if isinstance(x, int) else str(x)


TEMPLATES: dict[str, Callable[[dict[str, Any]], str]] = {
    "setup": lambda e: f"Set-up: {count(e['players'], 'player')}, {e['mode']}, {e['difficulty']}, {e['area']} play area.",
    "character": lambda e: f"{_seat(e['seat'])} plays the {e['character']}.",
    "turn_start": lambda e: f"Round {e['round']}, turn {e['turn']}: {_seat(e['seat'])} to play.",
    "turn_end": lambda e: f"{_seat(e['seat'])} ends the turn.",
    "enter": lambda e: f"{_seat(e['seat'])} enters the board at {e['hex']}"
    + (" (occupied: must move off at once)" if e["occupied"] else "") + ".",
    "move": lambda e: f"{_seat(e['seat'])} moves {e['from']} → {e['to']}"
    + (f", burning {e['fuel']} Fuel (+{e['bonus']})" if e["fuel"] else "") + ".",
    "collect": lambda e: f"{_seat(e['seat'])} collects {e['token']} at {e['hex']}.",
    "use": lambda e: f"{_seat(e['seat'])} uses {e['card']} ({str(e['effect']).replace('_', ' ')})"
    + (f" with crew {e['crew']}" if e["crew"] else "") + ".",
    "gain": lambda e: f"{_seat(e['seat'])} gains {e['card']} ({e['how']}).",
    "discard": lambda e: f"{_seat(e['seat'])} discards {e['card']} ({e['why']}).",
    "refresh": lambda e: f"{_seat(e['seat'])} refreshes {e['crew']}"
    + (f" and {e['card']}" if e["card"] else "") + ".",
    "reshuffle": lambda e: f"The {e['deck']} deck is rebuilt and shuffled ({e['cards']} cards).",
    "deck_empty": lambda e: f"The {e['deck']} deck and the discard pile are empty: nothing drawn.",
    "deck_searched": lambda e: f"The {e['deck']} deck is searched and shuffled.",
    "attack_raider": lambda e: f"{_seat(e['seat'])} hits the {e['raider']} at {e['hex']} for {e['damage']} "
    f"{'armor-piercing' if e['damage_type'] == 'ap' else 'normal'} damage"
    # "hits" are the points past the armor; they may exceed the crew left (SL §87), so the
    # crew lost is told by the raider_wounded / raider_destroyed event that follows
    + (f" (armor stops {e['armor']}, {e['hits']} get through)" if e["armor"] and e["hits"]
       else " (the armor stops it all)" if e["armor"] else "") + ".",
    "raider_wounded": lambda e: f"The {e['raider']} at {e['hex']} has {e['crew']} crew left.",
    "raider_destroyed": lambda e: f"The {e['raider']} at {e['hex']} is destroyed by {_seat(e['seat'])}.",
    "no_vehicle_left": lambda e: f"No {e['raider']} vehicle card is left to take.",
    "attacked": lambda e: f"{_seat(e['seat'])} is attacked by {e['source']} for {e['damage']} "
    f"{'armor-piercing' if e['damage_type'] == 'ap' else 'normal'} damage"
    + (f"; armor stops {e['armor']}" if e["armor"] else "") + f"; {e['left']} to stop.",
    "soaked": lambda e: f"{_seat(e['seat'])} stops {e['points']} with {e['card']} ({e['how']}).",
    "robbed": lambda e: f"{_seat(e['by'])} robs {e['card']} from {_seat(e['seat'])}.",
    "robbery_empty": lambda e: f"{_seat(e['seat'])} has no Victory card left to give.",
    "death": lambda e: f"{_seat(e['seat'])} dies ({e['cause']}); respawn: {e['respawn']}.",
    "eliminated": lambda e: f"{_seat(e['seat'])} dies ({e['cause']}) and is out of the game.",
    "respawn": lambda e: f"{_seat(e['seat'])} respawns"
    + (" on the black side of the character card" if e.get("black_side") else "") + ".",
    "damage_card": lambda e: f"{_printed('damage', e['card'])} (round {e['round']}) activates the {e['raider']}s: "
    + (f"+{e['move_bonus']} movement, no attack" if e["move_bonus"]
       else f"{e['damage']} {'armor-piercing' if e['damage_type'] == 'ap' else 'normal'} damage")
    + f", spawn letters {e['letters']}.",
    "raider_move": lambda e: (
        f"The {e['raider']} moves {e['from']} → {e['to']} toward {e['target']} "
        f"({e['reason']}; {count(e['distance'], 'step')} from it; path {' '.join(e['path'])})."
        if e.get("target") else f"The {e['raider']} moves {e['from']} → {e['to']} ({e['reason']})."),
    "raider_stays": lambda e: f"The {e['raider']} at {e['hex']} stays put ({e['reason']}).",
    "spawn_check": lambda e: f"Spawning {e['raider']}s on free {e['letters']} points: {count(e['points'], 'point')}, "
    f"{count(e['figures'], 'figure')} left.",
    "spawn": lambda e: f"A {e['raider']} appears at {e['hex']} (point {e['letter']}).",
    "weather": lambda e: f"{_printed('weather', e['card'])}: strength {e['strength']}"
    + (f", wind turns {e['turn']:+d}" if e["turn"] else "") + (", SANDSTORM" if e["storm"] else "")
    + f". Wind now {e['wind_strength']} toward {('N', 'NE', 'SE', 'S', 'SW', 'NW')[e['wind_dir']]}.",
    "round_end": lambda e: f"Round {e['round']} ends.",
    "rumor_drawn": lambda e: f"{_seat(e['seat'])} draws {_printed('rumor', e['card'], lower=True)}.",
    "rumor": lambda e: f"{_seat(e['seat'])} follows the {e['option']} option of {_printed('rumor', e['card'], lower=True)}.",
    "no_rumor_left": lambda e: "No rumor card is left.",
    # tiles by the names the board shows, never by their positions ("t0,-2")
    "marker_move": lambda e: f"The {e['marker']} marker moves {e['direction']} "
    + (f"to {tile_name(e['tile'], lower=True)}." if e.get("tile") else "onto a face-down tile."),
    "marker_stays": lambda e: f"The {e['marker']} marker cannot move {e['direction']} off the area.",
    "end_of_the_road": lambda e: "Every rumor card is played: escape is possible on a tile with a rumor marker.",
    "explore": lambda e: f"{tile_name(e['tile'])} is explored.",
    "token_placed": lambda e: f"{e['token'][0].upper()}{e['token'][1:]} is placed at {e['hex']}.",
    "trade_asked": lambda e: f"{_seat(e['seat'])} asks {_seat(e['partner'])} to trade.",
    "trade": lambda e: f"{_seat(e['from'])} gives {e['card']} to {_seat(e['to'])}.",
    "offer_declined": lambda e: f"{_seat(e['seat'])} declines {e['card']}.",
    "ability": lambda e: f"{_seat(e['seat'])} uses the ability {_printed('ability', e['ability'])}.",
    "lure": lambda e: f"{_seat(e['seat'])} lures the {count(e['raiders'], 'raider')} on the tile {count(e['amount'], 'hex', 'hexes')} "
    "closer (SL §142).",
    "area": lambda e: f"{_seat(e['seat'])} strikes an area (turned {e['rot']}): {', '.join(e['hexes'])}.",
    "no_loot": lambda e: f"No loot from the {e['raider']} at {e['hex']}: {e['why']}.",
    "hidden": lambda e: f"{_seat(e['seat'])} hides: raiders not next to her ignore her until her next turn.",
    "theft": lambda e: f"{_seat(e['seat'])} steals a random card from {_seat(e['from'])}.",
    "orient": lambda e: f"{_seat(e['seat'])} turns {tile_name(e['tile'], lower=True) if e.get('tile') else 'the new tile'} "
    f"with its arrow toward {e['arrow']}.",
    "tie_break": lambda e: f"Tie-break totals: {e['scores']}.",
    "game_over": lambda e: ("Winners: " + ", ".join(e["winners"]) if e["winners"] else "Everybody loses")
    + f" — {e['reason']}.",
}


def tile_name(tile_id: Any, lower: bool = False) -> str:
    """A tile as printed: "The compass tile", "Start tile 1", "Tile 9" (not "tile_09");
    ``lower`` for the middle of a sentence ("the compass tile", "start tile 1", "tile 9")."""
    text = str(tile_id)
    kind, _, number = text.partition("_")
    if text == "compass":
        name = "The compass tile"
    elif number.isdecimal():
        name = f"{'Start tile' if kind == 'start' else 'Tile'} {int(number)}"
    else:
        name = f"Tile {text}"
    return name[0].lower() + name[1:] if lower else name


def _printed(kind: str, cid: Any, lower: bool = False) -> str:
    """A weather, damage or rumor card or an ability by its printed name ("Weather card 4",
    not "w04"), from the component texts; the id where the texts have none."""
    name = TEXTS.name(f"{kind}:{cid}", "en") or str(cid)
    return name[0].lower() + name[1:] if lower and name != str(cid) else name


def _base(instance: str) -> tuple[str, str]:
    """``"flamethrower#1/2"`` -> (``"flamethrower"``, ``"2"``): the content id and the side."""
    head, _, side = instance.partition("/")
    return head.split("#", 1)[0], side


def card_name(instance: Any) -> Any:
    """A card's (or a character's, or a raider's) name from the content data; anything
    else (a hidden "a card", a rumor or weather card's id) as it is."""
    if not isinstance(instance, str):
        return instance
    content = load_content()
    cid, side = _base(instance)
    found = content.cards.get(cid) or content.characters.get(cid) or content.raiders.get(cid)
    if found is None:
        return instance
    return f"{found.name} ({side})" if side else found.name


def token_name(instance: Any) -> Any:
    """A token by what it is: "a crew token", "a green victory token"."""
    token = load_content().tokens.get(_base(instance)[0]) if isinstance(instance, str) else None
    if token is None:
        return card_name(instance)
    what = f"{token.colour} {token.kind}" if token.colour else token.kind
    return f"a {what} token"


NAMED = ("card", "crew", "raider", "character", "source", "cause")


def describe(event: dict[str, Any]) -> str:
    template = TEMPLATES.get(event.get("type", ""))
    if template is None:
        return str(event)
    named = dict(event)
    for field in NAMED:
        if field in named:
            named[field] = card_name(named[field])
    if "token" in named:
        named["token"] = token_name(named["token"])
    return template(named)
