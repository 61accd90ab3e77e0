"""Is a loaded Saltlands state one the engine can play on? Every field is checked against
the play area, the seats of its config, the catalog of card and token instances and the
content: a hex off the board, a seat that does not exist, an unknown card, tile, status
or procedure is one StateError naming the field, before the engine ever reads it."""

from __future__ import annotations

from typing import Any

from wasteland.core.content import ContentError
from wasteland.core.state_check import (fail, need_bool, need_dict, need_each, need_in, need_int, need_list,
                                        need_seat, need_str)

from .content import CUSTOM_TILE, custom_tile_cells
from .engine import OPTIONS, RUN
from .reveals import check_custom_damage
from .state import NEW_FIELDS, PLAIN_FIELDS, State
from .zones import card_instances


def load_state(data: Any) -> State:
    """The state ``to_json`` wrote; anything the engine could not play on (a hex off the
    board, a seat that does not exist, an unknown card, tile or status) is a StateError
    naming the field."""
    check_raw(data, PLAIN_FIELDS, NEW_FIELDS)
    s = State.from_json(data)
    check_state(s)
    return s

STATUSES = ("active", "dead", "out", "won")  # SL §90, SL §96, SL §113
DIRECTIONS = 6  # hex directions, N = 0 clockwise (SL §81)

_PLAYER_FIELDS = ("seat", "character", "char_card", "hex", "status", "respawned", "hand", "vehicle", "cargo",
                  "engaged", "last_used")


def check_raw(data: Any, plain_fields: tuple[str, ...], optional: set[str]) -> None:
    """The JSON has every field, and the tables kept as lists of pairs have their shape."""
    need_dict("state", data)
    for name in ("config", *plain_fields, "tokens", "raiders", "players"):
        if name not in data and name not in optional:
            fail(name, "missing")
    for i, entry in enumerate(need_list("tokens", data["tokens"])):
        if type(entry) is not list or len(entry) != 2:
            fail(f"tokens[{i}]", f"must be [hex, token], not {entry!r}")
    for i, entry in enumerate(need_list("raiders", data["raiders"])):
        if type(entry) is not list or len(entry) != 4:
            fail(f"raiders[{i}]", f"must be [id, type, hex, crew], not {entry!r}")
    for i, p in enumerate(need_list("players", data["players"])):
        need_dict(f"players[{i}]", p)
        for name in _PLAYER_FIELDS:
            if name not in p:
                fail(f"players[{i}].{name}", "missing")
        for j, pair in enumerate(need_list(f"players[{i}].last_used", p["last_used"])):
            if type(pair) is not list or len(pair) != 2:
                fail(f"players[{i}].last_used[{j}]", f"must be [crew card, card], not {pair!r}")
        need_list(f"players[{i}].engaged", p["engaged"])


def check_state(s: Any) -> None:
    """Every field of a state built from JSON (after :func:`check_raw`)."""
    static = s.static
    rules, content, cat, geo = static.rules, static.content, static.catalog, static.geo
    n = rules.players
    hexes = geo.size
    cards = len(cat.cards)
    positions = len(geo.positions)

    def hex_(field: str, h: Any) -> int:
        if type(h) is not int or not 0 <= h < hexes:
            fail(field, f"hex {h!r} is off the board (hexes are numbered 0 to {hexes - 1})")
        return h

    def card(field: str, c: Any) -> int:
        if type(c) is not int or not 0 <= c < cards:
            fail(field, f"no card instance {c!r} (card instances are numbered 0 to {cards - 1})")
        return c

    def card_list(field: str, values: Any) -> None:
        for i, c in enumerate(need_list(field, values)):
            card(f"{field}[{i}]", c)

    need_int("rng", s.rng, 0)
    need_int("round", s.round, 1)
    need_int("turn", s.turn, 0)
    need_seat("current", s.current, n)
    need_list("tiles", s.tiles, positions)
    for i, tile in enumerate(s.tiles):
        if isinstance(tile, str) and tile.startswith(CUSTOM_TILE):
            try:
                custom_tile_cells(tile)
            except ContentError as exc:
                fail(f"tiles[{i}]", f"not a custom tile: {exc}")
        else:
            need_in(f"tiles[{i}]", tile, content.tiles, "tile")
    for i, up in enumerate(need_list("face_up", s.face_up, positions)):
        need_bool(f"face_up[{i}]", up)
    for i, rot in enumerate(need_list("rotation", s.rotation, positions)):
        need_int(f"rotation[{i}]", rot, 0, DIRECTIONS - 1)
    tokens = len(cat.tokens)
    for h, t in s.tokens.items():
        hex_(f"tokens[{h!r}].hex", h)
        if type(t) is not int or not 0 <= t < tokens:
            fail(f"tokens[{h}].token", f"no token instance {t!r} (0 to {tokens - 1})")
    for i, t in enumerate(need_list("token_pool", s.token_pool)):
        if type(t) is not int or not 0 <= t < tokens:
            fail(f"token_pool[{i}]", f"no token instance {t!r} (0 to {tokens - 1})")
    for colour, pos in need_dict("markers", s.markers).items():
        need_in(f"markers.{colour}", colour, rules.markers, "rumor marker")
        need_int(f"markers.{colour}", pos, 0, positions - 1)
    need_each("rumor_deck", s.rumor_deck, content.rumors, "rumor card")
    need_each("rumors_played", s.rumors_played, content.rumors, "rumor card")
    need_each("weather_deck", s.weather_deck, content.weather, "weather card")
    need_each("weather_drawn", s.weather_drawn, content.weather, "weather card")
    need_int("wind_dir", s.wind_dir, 0, DIRECTIONS - 1)
    need_bool("storm", s.storm)
    shown = {**content.damage_cards, **check_custom_damage(s)}  # a table's cards are revealed ones
    for name in ("damage_stacks", "revealed"):
        missing = sorted(set(s.static.rules.raider_types) - set(need_dict(name, getattr(s, name))))
        if missing:
            fail(f"{name}.{missing[0]}", "missing: every raider type has its damage stack")
        for rtype, stack in need_dict(name, getattr(s, name)).items():
            need_in(f"{name}.{rtype}", rtype, content.raiders, "raider type")
            need_each(f"{name}.{rtype}", stack, content.damage_cards if name == "damage_stacks" else shown,
                      "damage card")
    need_each("damage_discard", s.damage_discard, shown, "damage card")
    for rid, (rtype, h, crew) in s.raiders.items():
        need_int(f"raiders[{rid!r}].id", rid, 0)
        need_in(f"raiders[{rid}].type", rtype, content.raiders, "raider type")
        hex_(f"raiders[{rid}].hex", h)
        need_int(f"raiders[{rid}].crew", crew, 0)
    need_int("next_raider", s.next_raider, 0)
    for name in ("mirage", "raider_deck", "discard", "supply", "traded"):
        card_list(name, getattr(s, name))
    need_list("players", s.players, n)
    for i, p in enumerate(s.players):
        where = f"players[{i}]"
        if p.seat != i:
            fail(f"{where}.seat", f"must be {i} (players are listed seat by seat), not {p.seat!r}")
        if p.character is not None:
            need_in(f"{where}.character", p.character, content.characters, "character")
        if p.char_card != -1:
            card(f"{where}.char_card", p.char_card)
        if p.hex is not None:
            hex_(f"{where}.hex", p.hex)
        need_in(f"{where}.status", p.status, STATUSES, "status")
        need_int(f"{where}.respawned", p.respawned, 0)
        card_list(f"{where}.hand", p.hand)
        card_list(f"{where}.cargo", p.cargo)
        if p.vehicle is not None:
            card(f"{where}.vehicle", p.vehicle)
        for c in p.engaged:
            card(f"{where}.engaged", c)
        for crew, used in p.last_used.items():
            card(f"{where}.last_used", crew)
            card(f"{where}.last_used", used)
        need_bool(f"{where}.hidden", p.hidden)
        for i, rid in enumerate(need_list(f"{where}.hidden_near", p.hidden_near)):
            need_int(f"{where}.hidden_near[{i}]", rid, 0)  # a raider id (SL §147); it may be gone since
    _starting_cards(s)
    kinds = set(OPTIONS) | set(RUN)
    for i, frame in enumerate(need_list("stack", s.stack)):
        need_dict(f"stack[{i}]", frame)
        need_in(f"stack[{i}].kind", frame.get("kind"), kinds, "procedure")
        need_seat(f"stack[{i}].seat", frame.get("seat"), n)
    for name in ("moved", "must_move", "ability_used", "final_turn", "over"):
        need_bool(name, getattr(s, name))
    need_int("refreshes", s.refreshes, 0)
    need_int("trades_used", s.trades_used, 0)
    for i, h in enumerate(need_list("raid_hexes", s.raid_hexes)):
        hex_(f"raid_hexes[{i}]", h)
    for i, route in enumerate(need_list("raid_routes", s.raid_routes)):
        for j, h in enumerate(need_list(f"raid_routes[{i}]", route)):
            if h not in s.raid_hexes:  # SL §146: a route's tokens are among those the move passed
                fail(f"raid_routes[{i}][{j}]", f"{h!r} is not one of raid_hexes")
    for i, entry in enumerate(need_list("streak", s.streak)):
        if type(entry) is not list or len(entry) != 2:
            fail(f"streak[{i}]", f"must be [raider, damage], not {entry!r}")
    for i, w in enumerate(need_list("winners", s.winners)):
        need_seat(f"winners[{i}]", w, n)
    need_str("end_reason", s.end_reason)


def _starting_cards(s: Any) -> None:
    """SL §44: each survivor still to choose a character takes the Sailer, Spear, Water and
    the character's special item from the face-up starting cards: they must be there."""
    waiting = sum(1 for p in s.players if p.character is None)
    if not waiting:
        return
    catalog = s.static.catalog
    supply = list(s.supply)
    for card_id in ("sailer", "spear", "water"):
        copies = card_instances(catalog, card_id)
        if sum(1 for c in supply if c in copies) < waiting:
            fail("supply", f"{waiting} survivor(s) still to choose a character need a {card_id} each (SL §44)")
    taken = {p.character for p in s.players}
    expansion = s.static.rules.expansion  # SL §141: six more characters with the expansion
    for name, character in s.static.content.characters.items():
        if name not in taken and (expansion or not character.expansion) and not any(c in card_instances(catalog, character.special_item) for c in supply):
            fail("supply", f"the {name}'s special item {character.special_item} is not among the starting "
                           "cards (SL §44)")
