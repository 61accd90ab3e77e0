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


class ScenarioError(RuleError):
    def __init__(self, where: str, message: str) -> None:
        super().__init__("scenario", f"{where}: {message}")


def load_scenario(path: str | Path) -> State:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioError(str(path), f"cannot read ({exc.strerror})") from None
    return scenario_from_text(text, str(path))


def scenario_from_text(text: str, origin: str = "scenario") -> State:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(origin, f"not valid TOML ({exc})") from None
    return build_scenario(data, origin)


def build_scenario(data: dict[str, Any], origin: str = "scenario") -> State:
    known = {"game", "seed", "config", "state", "player", "raider", "token"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ScenarioError(origin, f"unknown key(s) {', '.join(unknown)}")
    if data.get("game", "saltlands") != "saltlands":
        raise ScenarioError(origin, f"game {data['game']!r} is not saltlands")
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise ScenarioError(origin, "seed must be an integer")
    s = new_game(data.get("config", {}), seed)[0]
    geo = s.static.geo
    cat = s.static.catalog

    def hex_of(text: Any, where: str) -> int:
        try:
            q, r = str(text).split(",")
            return geo.index[(int(q), int(r))]
        except (ValueError, KeyError):
            raise ScenarioError(f"{origin}: {where}", f"{text!r} is not a hex of the play area") from None

    def pos_of(text: Any, where: str) -> int:
        try:
            a, b = str(text).lstrip("t").split(",")
            return geo.pos_index[(int(a), int(b))]
        except (ValueError, KeyError):
            raise ScenarioError(f"{origin}: {where}", f"{text!r} is not a tile position (tA,B)") from None

    st = data.get("state", {})
    for key in st:
        if key not in {"round", "wind", "weather", "storm", "explore", "rumor_deck", "current", "moved"}:
            raise ScenarioError(f"{origin}: [state]", f"unknown key {key!r}")
    for text in st.get("explore", []):
        pos = pos_of(text, "[state] explore")
        if not s.face_up[pos]:
            explore(s, pos, [])
    if "round" in st:
        s.round = int(st["round"])
    if "wind" in st:
        try:
            s.wind_dir = direction_index(st["wind"])
        except ValueError:
            raise ScenarioError(f"{origin}: [state] wind", f"{st['wind']!r} is not N, NE, SE, S, SW or NW") from None
    if "weather" in st:
        pair = list(st["weather"])
        for w in pair:
            if w not in s.static.content.weather:
                raise ScenarioError(f"{origin}: [state] weather", f"unknown weather card {w!r}")
        everything = s.weather_drawn + s.weather_deck
        s.weather_deck = [w for w in everything if w not in pair]
        s.weather_drawn = pair
    if "storm" in st:
        s.storm = bool(st["storm"])
    if "rumor_deck" in st:
        keep = int(st["rumor_deck"])
        while len(s.rumor_deck) > keep:
            s.rumors_played.append(s.rumor_deck.pop())
    if "moved" in st:
        s.moved = bool(st["moved"])

    if "raider" in data:
        s.raiders = {}
        for i, r in enumerate(data["raider"]):
            where = f"[[raider]] #{i + 1}"
            rtype = r.get("type")
            if rtype not in s.static.content.raiders:
                raise ScenarioError(f"{origin}: {where}", f"unknown raider type {rtype!r}")
            crew = int(r.get("crew", s.static.content.raiders[rtype].crew))
            s.raiders[s.next_raider] = [rtype, hex_of(r.get("hex"), where), crew]
            s.next_raider += 1
    if "token" in data:
        for tok in s.tokens.values():
            s.token_pool.append(tok)
        s.tokens = {}
        for i, t in enumerate(data["token"]):
            where = f"[[token]] #{i + 1}"
            wanted = t.get("token")
            idx = next((j for j, tok in enumerate(s.token_pool) if cat.tokens[tok].id == wanted), None)
            if idx is None:
                raise ScenarioError(f"{origin}: {where}", f"no free token {wanted!r} in the pool")
            s.tokens[hex_of(t.get("hex"), where)] = s.token_pool.pop(idx)

    for i, spec in enumerate(data.get("player", [])):
        where = f"[[player]] #{i + 1}"
        seat_text = str(spec.get("seat", ""))
        if not seat_text.startswith("p") or not seat_text[1:].isdigit() or not 1 <= int(seat_text[1:]) <= len(s.players):
            raise ScenarioError(f"{origin}: {where}", f"seat {seat_text!r} is not one of p1..p{len(s.players)}")
        p = s.players[int(seat_text[1:]) - 1]
        if p.character is None:
            raise ScenarioError(f"{origin}: {where}", "give the characters in [config] characters")
        if "hex" in spec:
            p.hex = hex_of(spec["hex"], where)
            s.stack = [f for f in s.stack if not (f["kind"] == "enter" and f["seat"] == p.seat)]
        if any(k in spec for k in ("hand", "cargo", "vehicle")):
            for card in p.cards():
                s.supply.append(card)
            p.hand, p.cargo, p.vehicle = [], [], None
            p.engaged.clear()
            p.last_used.clear()
            p.hand = [_take(s, c, f"{origin}: {where}") for c in spec.get("hand", [])]
            p.cargo = [_take(s, c, f"{origin}: {where}") for c in spec.get("cargo", [])]
            if spec.get("vehicle"):
                p.vehicle = _take(s, spec["vehicle"], f"{origin}: {where}")
        for name in spec.get("engaged", []):
            card = next((c for c in [*p.cards(), p.char_card] if cat.cards[c].id == name and c not in p.engaged), None)
            if card is None:
                raise ScenarioError(f"{origin}: {where}", f"engaged card {name!r} is not held")
            p.engaged.add(card)
        if "status" in spec:
            p.status = spec["status"]
        if "respawned" in spec:
            p.respawned = int(spec["respawned"])
    if "current" in st:
        s.current = int(str(st["current"]).lstrip("p")) - 1
    s.touch()
    settle(s, [])
    return s


def _take(s: State, card_id: str, where: str) -> int:
    """The lowest-numbered free copy of ``card_id`` (so ``axe`` becomes ``axe#1`` when it
    is free), taken from the supply, the decks or the discard pile."""
    cards = s.static.catalog.cards
    best: tuple[int, list[int]] | None = None
    for zone in (s.supply, s.mirage, s.raider_deck, s.discard):
        for c in zone:
            if cards[c].id == card_id and (best is None or c < best[0]):
                best = (c, zone)
    if best is None:
        raise ScenarioError(where, f"no free copy of card {card_id!r} left")
    best[1].remove(best[0])
    return best[0]
