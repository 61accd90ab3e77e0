"""Scenarios: a readable TOML file that sets up any Saltlands position.

A scenario starts from a normal set-up (``[config]`` and ``seed``) and then changes
what it names. Cards are named by their id (``axe``); the scenario takes a free copy
from the supply, the decks or the discard pile, so card totals never change. Example::

    game = "saltlands"
    seed = 7
    [config]
    players = 1
    characters = ["scout"]

    [state]
    round = 2
    wind = "N"                  # the direction the wind blows toward
    weather = ["w01", "w02"]    # the active pair, older first
    storm = false
    explore = ["t0,-2"]         # face-down tiles to flip now
    rumor_deck = 0              # rumor cards left (the rest count as played)

    [[player]]
    seat = "p1"
    hex = "0,0"
    vehicle = "speedster_vehicle"
    hand = ["axe", "fuel", "fuel"]
    cargo = ["crew"]
    engaged = []                # cards already used this turn

    [[raider]]                  # when present, these replace every raider on the board
    type = "pickup"
    hex = "1,0"
    crew = 2

    [[token]]                   # when present, these replace every token on the board
    hex = "2,0"
    token = "loot"
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from wasteland.core.hexgrid import direction_index
from wasteland.core.protocol import RuleError

from .engine import settle
from .setup import new_game
from .state import State
from .world import explore
from .zones import cargo_capacity


class ScenarioError(RuleError):
    def __init__(self, where: str, message: str) -> None:
        super().__init__("scenario", f"{where}: {message}")


def load_scenario(path: str | Path) -> State:
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise ScenarioError(str(path), f"cannot read ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(str(path), f"not UTF-8 text (byte {exc.start})") from None
    return scenario_from_text(text, str(path))


def scenario_from_text(text: str, origin: str = "scenario") -> State:
    if not isinstance(text, str):
        raise ScenarioError(origin, "a scenario is TOML text")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(origin, f"not valid TOML ({exc})") from None
    except RecursionError:
        raise ScenarioError(origin, "not valid TOML (nested too deep)") from None
    return build_scenario(data, origin)


# -- reading typed fields: one error naming the field -----------------------------------


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _table(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ScenarioError(where, f"must be a table, not {_shown(value)}")
    return value


def _tables(data: dict[str, Any], key: str, origin: str) -> list[dict[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ScenarioError(f"{origin}: {key}", f"must be an array of tables ([[{key}]] ...), not {_shown(value)}")
    return value


def _int(value: Any, where: str, low: int, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ScenarioError(where, f"must be a whole number {span}, not {_shown(value)}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(where, f"must be true or false, not {_shown(value)}")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ScenarioError(where, f"must be a text, not {_shown(value)}")
    return value


def _texts(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ScenarioError(where, f"must be a list of texts, not {_shown(value)}")
    return value


def _known(table: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(k for k in table if k not in allowed)
    if unknown:
        raise ScenarioError(where, f"unknown key(s) {', '.join(map(repr, unknown))}; known: {', '.join(sorted(allowed))}")


STATE_KEYS = {"round", "wind", "weather", "storm", "explore", "rumor_deck", "current", "moved"}
RAIDER_KEYS = {"type", "hex", "crew"}
TOKEN_KEYS = {"hex", "token"}
PLAYER_KEYS = {"seat", "hex", "hand", "cargo", "vehicle", "engaged", "status", "respawned"}
#: a player's standing (SL §89 to SL §92: dead and waiting to come back, out of the game; won: escaped)
STATUSES = ("active", "dead", "out", "won")


def _seat(value: Any, where: str, players: int) -> int:
    text = _text(value, where)
    if not text.startswith("p") or not text[1:].isdigit() or not 1 <= int(text[1:]) <= players:
        raise ScenarioError(where, f"{text!r} is not one of p1..p{players}")
    return int(text[1:]) - 1


def build_scenario(data: dict[str, Any], origin: str = "scenario") -> State:
    from .spec import SPEC

    _known(data, {"game", "seed", "config", "state", "player", "raider", "token"}, origin)
    if data.get("game", "saltlands") != "saltlands":
        raise ScenarioError(f"{origin}: game", f"{_shown(data['game'])} is not saltlands")
    seed = _int(data.get("seed", 0), f"{origin}: seed", 0, (1 << 63) - 1)
    config = _table(data.get("config", {}), f"{origin}: [config]")
    try:
        SPEC.validate(dict(config))  # each option's type, then the combination
        s = new_game(config, seed)[0]
    except RuleError as exc:
        raise ScenarioError(f"{origin}: [config]", str(exc)) from None
    geo = s.static.geo
    cat = s.static.catalog
    content = s.static.content
    rules = s.static.rules

    def hex_of(text: Any, where: str) -> int:
        try:
            q, r = _text(text, where).split(",")
            return geo.index[(int(q), int(r))]
        except (ValueError, KeyError):
            raise ScenarioError(where, f"{_shown(text)} is not a hex of the play area (Q,R)") from None

    def pos_of(text: Any, where: str) -> int:
        try:
            a, b = _text(text, where).lstrip("t").split(",")
            return geo.pos_index[(int(a), int(b))]
        except (ValueError, KeyError):
            raise ScenarioError(where, f"{_shown(text)} is not a tile position (tA,B)") from None

    st = _table(data.get("state", {}), f"{origin}: [state]")
    _known(st, STATE_KEYS, f"{origin}: [state]")
    raiders = _tables(data, "raider", origin)
    tokens = _tables(data, "token", origin)
    players = _tables(data, "player", origin)
    where = f"{origin}: [state]"
    for text in _texts(st.get("explore", []), f"{where} explore"):
        pos = pos_of(text, f"{where} explore")
        if not s.face_up[pos]:
            explore(s, pos, [])
    if "round" in st:
        s.round = _int(st["round"], f"{where} round", 1, rules.last_round)  # SL §47
    if "wind" in st:
        try:
            s.wind_dir = direction_index(_text(st["wind"], f"{where} wind"))
        except ValueError:
            raise ScenarioError(f"{where} wind", f"{_shown(st['wind'])} is not N, NE, SE, S, SW or NW") from None
    if "weather" in st:
        pair = _texts(st["weather"], f"{where} weather")
        if not 1 <= len(pair) <= 2 or len(set(pair)) != len(pair):
            raise ScenarioError(f"{where} weather", "the active weather is one or two different cards (SL §48)")
        for w in pair:
            if w not in content.weather:
                raise ScenarioError(f"{where} weather", f"unknown weather card {w!r}")
        everything = s.weather_drawn + s.weather_deck
        s.weather_deck = [w for w in everything if w not in pair]
        s.weather_drawn = pair
    if "storm" in st:
        s.storm = _bool(st["storm"], f"{where} storm")
    if "rumor_deck" in st:
        keep = _int(st["rumor_deck"], f"{where} rumor_deck", 0, len(s.rumor_deck))
        while len(s.rumor_deck) > keep:
            s.rumors_played.append(s.rumor_deck.pop())
    if "moved" in st:
        s.moved = _bool(st["moved"], f"{where} moved")
    if "current" in st:
        s.current = _seat(st["current"], f"{where} current", len(s.players))

    # hex -> what the scenario placed there (a raider or a token): one per hex, and no
    # player on it. The set-up's own raiders are not checked against players: tests stand
    # players next to where the set-up put them.
    taken: dict[int, str] = {}

    def place(h: int, what: str, where: str) -> None:
        if h in taken:
            raise ScenarioError(where, f"{geo_name(h)} already holds {taken[h]}: one raider or token per hex")
        taken[h] = what

    def geo_name(h: int) -> str:
        return f"hex {geo.names[h]}"

    if "raider" in data:
        s.raiders = {}
        for i, r in enumerate(raiders):
            where = f"{origin}: [[raider]] #{i + 1}"
            _known(r, RAIDER_KEYS, where)
            rtype = r.get("type")
            if not isinstance(rtype, str) or rtype not in content.raiders:
                raise ScenarioError(f"{where} type", f"{_shown(rtype)} is not a raider type "
                                    f"({', '.join(content.raiders)})")
            most = content.raiders[rtype].crew
            crew = _int(r.get("crew", most), f"{where} crew", 1, most)
            h = hex_of(r.get("hex"), f"{where} hex")
            place(h, f"a {rtype}", where)
            s.raiders[s.next_raider] = [rtype, h, crew]
            s.next_raider += 1
    if "token" in data:
        for tok in s.tokens.values():
            s.token_pool.append(tok)
        s.tokens = {}
        for i, t in enumerate(tokens):
            where = f"{origin}: [[token]] #{i + 1}"
            _known(t, TOKEN_KEYS, where)
            wanted = _text(t.get("token"), f"{where} token")
            idx = next((j for j, tok in enumerate(s.token_pool) if cat.tokens[tok].id == wanted), None)
            if idx is None:
                raise ScenarioError(f"{where} token", f"no free token {wanted!r} in the pool")
            h = hex_of(t.get("hex"), f"{where} hex")
            place(h, f"a {wanted} token", where)
            s.tokens[h] = s.token_pool.pop(idx)
    else:  # the set-up's tokens stay: a raider the scenario places must not stand on one
        for h, tok in s.tokens.items():
            if h in taken:
                raise ScenarioError(f"{origin}: [[raider]]", f"{taken[h]} stands on the {cat.tokens[tok].id} token's hex")

    seats_given: set[int] = set()
    for i, spec in enumerate(players):
        where = f"{origin}: [[player]] #{i + 1}"
        _known(spec, PLAYER_KEYS, where)
        seat = _seat(spec.get("seat", ""), f"{where} seat", len(s.players))
        if seat in seats_given:
            raise ScenarioError(f"{where} seat", f"p{seat + 1} is described twice")
        seats_given.add(seat)
        p = s.players[seat]
        if p.character is None:
            raise ScenarioError(where, "give the characters in [config] characters")
        if "hex" in spec:
            h = hex_of(spec["hex"], f"{where} hex")
            if h in taken:
                raise ScenarioError(f"{where} hex", f"{taken[h]} stands there")
            p.hex = h
            s.stack = [f for f in s.stack if not (f["kind"] == "enter" and f["seat"] == p.seat)]
        if any(k in spec for k in ("hand", "cargo", "vehicle")):
            hand = _texts(spec.get("hand", []), f"{where} hand")
            cargo = _texts(spec.get("cargo", []), f"{where} cargo")
            vehicle = spec.get("vehicle")
            if vehicle is not None:
                vehicle = _text(vehicle, f"{where} vehicle")
            for card in p.cards():
                s.supply.append(card)
            p.hand, p.cargo, p.vehicle = [], [], None
            p.engaged.clear()
            p.last_used.clear()
            # The hand takes any card: a test may put every copy of a slot card out of play there.
            p.hand = [_take(s, c, f"{where} hand", None) for c in hand]
            p.cargo = [_take(s, c, f"{where} cargo", "cargo") for c in cargo]
            if len(p.cargo) > cargo_capacity(s):
                raise ScenarioError(f"{where} cargo", f"{len(p.cargo)} cards, but the cargo holds {cargo_capacity(s)} "
                                    "(SL §54)")
            if vehicle:
                p.vehicle = _take(s, vehicle, f"{where} vehicle", "vehicle")
        for name in _texts(spec.get("engaged", []), f"{where} engaged"):
            card = next((c for c in [*p.cards(), p.char_card] if cat.cards[c].id == name and c not in p.engaged), None)
            if card is None:
                raise ScenarioError(f"{where} engaged", f"engaged card {name!r} is not held")
            p.engaged.add(card)
        if "status" in spec:
            status = _text(spec["status"], f"{where} status")
            if status not in STATUSES:
                raise ScenarioError(f"{where} status", f"{status!r} is not one of {', '.join(STATUSES)}")
            p.status = status
        if "respawned" in spec:
            p.respawned = _int(spec["respawned"], f"{where} respawned", 0, rules.last_round)
    s.touch()
    settle(s, [])
    return s


def _take(s: State, card_id: str, where: str, slot: str | None) -> int:
    """The lowest-numbered free copy of ``card_id`` (so ``axe`` becomes ``axe#1`` when it
    is free), taken from the supply, the decks or the discard pile; it must fit ``slot``
    (SL §54: hand items in the hand, cargo in the cargo slots, a vehicle in the vehicle slot)."""
    cards = s.static.catalog.cards
    kinds = {c.id: c.slot for c in cards}
    if card_id not in kinds:
        raise ScenarioError(where, f"unknown card {card_id!r}")
    if slot is not None and kinds[card_id] != slot:
        raise ScenarioError(where, f"{card_id!r} is a {kinds[card_id]} card, not a {slot} card (SL §54)")
    best: tuple[int, list[int]] | None = None
    for zone in (s.supply, s.mirage, s.raider_deck, s.discard):
        for c in zone:
            if cards[c].id == card_id and (best is None or c < best[0]):
                best = (c, zone)
    if best is None:
        raise ScenarioError(where, f"no free copy of card {card_id!r} left")
    best[1].remove(best[0])
    return best[0]
