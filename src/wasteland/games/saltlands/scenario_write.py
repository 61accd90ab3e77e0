"""Writing a Saltlands state as a scenario: ``to_text(state)`` names every part of it
(docs/saltlands-scenarios.md), so that ``scenario_from_text(to_text(s))`` is the same
state. A table entering its position into the companion starts from this text; a
test that found a position worth keeping saves it this way."""

from __future__ import annotations

from typing import Any

from wasteland.core.chance_text import chance_lines
from wasteland.core.toml_text import position_head, table

from wasteland.core.hexgrid import DIRECTION_NAMES

from .board import fmt_pos
from .content import CUSTOM_TILE
from .scenario_cards import DECKS, TABLE_ZONES
from .scenario_procedures import chance_table, procedure_tables
from .state import State


#: Each part of a State and the scenario key that sets it (docs/saltlands-scenarios.md).
#: A part added to State without a key here fails tests/saltlands/test_scenario_roundtrip.py.
STATE_PARTS = {
    "rng": "[state] rng", "round": "[state] round", "turn": "[state] turn", "current": "[state] current",
    "tiles": "[[tile]] tile/terrain", "face_up": "[[tile]] face_up", "rotation": "[[tile]] rotation",
    "tokens": "[[token]]", "token_pool": "[state] token_pool", "markers": "[state] markers",
    "rumor_deck": "[state] rumor_deck", "rumors_played": "[state] rumors_played",
    "weather_deck": "[state] weather_deck", "weather_drawn": "[state] weather_drawn", "wind_dir": "[state] wind",
    "storm": "[state] storm", "damage_stacks": "[damage.TYPE] stack", "revealed": "[damage.TYPE] revealed",
    "damage_discard": "[state] damage_discard", "custom_damage": "[custom_damage]", "raiders": "[[raider]]",
    "next_raider": "[state] next_raider", "mirage": "[state] mirage", "raider_deck": "[state] raider_deck",
    "discard": "[state] discard", "supply": "[state] supply", "players": "[[player]]", "stack": "[[procedure]]",
    "moved": "[state] moved", "must_move": "[state] must_move", "refreshes": "[state] refreshes",
    "traded": "[state] traded", "ability_used": "[state] ability_used", "final_turn": "[state] final_turn",
    "streak": "[state] streak", "raid_hexes": "[state] raid_hexes", "raid_routes": "[state] raid_routes", "trades_used": "[state] trades_used",
    "seen_in_hand": "[state] seen_in_hand", "trade_partner": "[state] trade_partner",
    "winners": "[state] winners", "over": "[state] over", "end_reason": "[state] end_reason", "chance": "[chance]",
}
#: Each part of a Player and its [[player]] key (char_card follows from the character).
PLAYER_PARTS = {
    "seat": "seat", "character": "character", "char_card": "character", "hex": "hex", "status": "status",
    "respawned": "respawned", "hand": "hand", "vehicle": "vehicle", "cargo": "cargo", "engaged": "engaged",
    "last_used": "last_used", "hidden": "hidden", "hidden_near": "hidden_near",
}


def to_text(s: State) -> str:
    """The scenario TOML of ``s`` (see the module docstring)."""
    cat = s.static.catalog
    cards = cat.card_names
    tokens = cat.token_names
    geo = s.static.geo
    hexes = geo.names

    def hex_name(h: int | None) -> str:
        return "off" if h is None else hexes[h]

    def seat(n: int) -> str:
        return f"p{n + 1}"

    state: dict[str, Any] = {
        "rng": f"{s.rng:016x}",
        "round": s.round,
        "turn": s.turn,
        "current": seat(s.current),
        "wind": DIRECTION_NAMES[s.wind_dir],
        "storm": s.storm,
        "weather_drawn": list(s.weather_drawn),
        "weather_deck": s.weather_deck[::-1],
        "rumor_deck": s.rumor_deck[::-1],
        "rumors_played": list(s.rumors_played),
        "markers": {colour: fmt_pos(geo.positions[pos]) for colour, pos in s.markers.items()},
        "token_pool": [tokens[t] for t in s.token_pool[::-1]],
    }
    for zone in TABLE_ZONES:
        pile = getattr(s, zone)
        state[zone] = [cards[c] for c in (pile[::-1] if zone in DECKS else pile)]
    state.update({
        "damage_discard": list(s.damage_discard),
        "next_raider": s.next_raider,
        "moved": s.moved, "must_move": s.must_move, "refreshes": s.refreshes,
        "ability_used": s.ability_used, "final_turn": s.final_turn, "trades_used": s.trades_used,
        "trade_partner": "" if s.trade_partner < 0 else seat(s.trade_partner),
        "traded": [cards[c] for c in s.traded],
        "seen_in_hand": [cards[c] for c in s.seen_in_hand],
        "streak": [list(e) for e in s.streak],
        "raid_hexes": [hex_name(h) for h in s.raid_hexes],
        "raid_routes": [[hex_name(h) for h in r] for r in s.raid_routes],
        "winners": [seat(w) for w in s.winners],
        "over": s.over,
        "end_reason": s.end_reason,
    })
    players = []
    for p in s.players:
        entry: dict[str, Any] = {"seat": seat(p.seat)}
        if p.character is not None:
            entry["character"] = p.character
        entry.update({
            "hex": hex_name(p.hex), "status": p.status, "respawned": p.respawned, "hidden": p.hidden,
            "hand": [cards[c] for c in p.hand], "cargo": [cards[c] for c in p.cargo],
            "vehicle": "" if p.vehicle is None else cards[p.vehicle],
            "engaged": [cards[c] for c in sorted(p.engaged)],
            "last_used": {cards[k]: cards[v] for k, v in sorted(p.last_used.items())},
        })
        if p.hidden:  # SL §147: the raiders that were next to her when she hid
            entry["hidden_near"] = [hex_name(s.raiders[rid][1]) for rid in p.hidden_near if rid in s.raiders]
        players.append(entry)
    lines = position_head("Saltlands", "saltlands", "docs/saltlands-scenarios.md",
                          raider=s.raiders, token=s.tokens, procedure=s.stack)
    lines += table("config", s.static.rules.to_config())
    lines += table("state", state)
    if s.custom_damage:
        lines += table("custom_damage", {k: list(v) for k, v in s.custom_damage.items()})
    for rtype in s.damage_stacks:
        lines += table(f"damage.{rtype}", {"stack": s.damage_stacks[rtype][::-1],
                                             "revealed": list(s.revealed.get(rtype, []))})
    lines += chance_lines(chance_table(s.chance))
    for pos, tile in enumerate(s.tiles):
        laid: dict[str, Any] = {"at": fmt_pos(geo.positions[pos])}
        if tile.startswith(CUSTOM_TILE):
            laid["terrain"] = tile[len(CUSTOM_TILE):].split("/")
        else:
            laid["tile"] = tile
        laid.update({"face_up": s.face_up[pos], "rotation": s.rotation[pos]})
        lines += table("tile", laid, many=True)
    for entry in players:
        lines += table("player", entry, many=True)
    for rid, (rtype, h, crew) in sorted(s.raiders.items()):
        lines += table("raider", {"id": rid, "type": rtype, "hex": hexes[h], "crew": crew}, many=True)
    for h, tok in sorted(s.tokens.items()):
        lines += table("token", {"hex": hexes[h], "token": tokens[tok]}, many=True)
    for entry in procedure_tables(s):
        lines += table("procedure", entry, many=True)
    return "\n".join(lines).rstrip() + "\n"
