"""What one seat may know of a Saltlands game (its ``view``): no deck order, no hidden hand,
no random generator state."""

from __future__ import annotations

from typing import Any

from wasteland.core.view import decision_block, view_head

from . import engine
from .board import TERRAIN_NAME, fmt_pos
from .movement import storm_cards, wind_strength
from .state import State
from .world import rumor_preview
from .zones import hand_limit, permanent_armor


def _view_hexes(geo: Any, terrain: Any) -> list[dict[str, Any]]:
    """The board's hexes as a view shows them. They change only when a tile is explored,
    so each revealed terrain keeps its list (shared by every view of it: read-only)."""
    found = terrain.memo.get(("view_hexes",))
    if found is None:
        cells = []
        for h in range(geo.size):
            cell: dict[str, Any] = {"hex": geo.names[h], "terrain": TERRAIN_NAME[terrain.terrain[h]]}
            if terrain.spawn[h]:
                cell["spawn"] = terrain.spawn[h]
            if terrain.wreck[h]:
                cell["wreck"] = True
            cells.append(cell)
        found = terrain.remember(("view_hexes",), cells)
    return found  # type: ignore[return-value]


def _view_tiles(s: State, geo: Any, terrain: Any) -> list[dict[str, Any]]:
    """The tile positions as a view shows them. What they show (which tiles are face up,
    which tile and turned how) is what a terrain is shared by (``State.terrain``), so the
    list is kept with the terrain, as the hexes are (read-only)."""
    found = terrain.memo.get(("view_tiles",))
    if found is None:
        tiles = []
        for pos, (a, b) in enumerate(geo.positions):
            up = s.face_up[pos]
            tiles.append({"at": fmt_pos((a, b)), "face_up": up, "tile": s.tiles[pos] if up else None,
                          "rotation": s.rotation[pos] if up else None})
        found = terrain.remember(("view_tiles",), tiles)
    return found  # type: ignore[return-value]


def view(s: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (None = a spectator): no deck order, no face-down tile,
    no other player's hand, no random generator state."""
    geo = s.static.geo
    names = s.static.catalog.card_names
    tnames = s.static.catalog.token_names
    terrain = s.terrain
    tiles = _view_tiles(s, geo, terrain)
    hexes = _view_hexes(geo, terrain)
    players = []
    for p in s.players:
        entry: dict[str, Any] = {
            "seat": p.seat,
            "character": p.character,
            "status": p.status,
            "hex": geo.names[p.hex] if p.hex is not None else None,
            "vehicle": names[p.vehicle] if p.vehicle is not None else None,
            "cargo": [names[c] for c in p.cargo],
            "engaged": sorted(names[c] for c in p.engaged if c not in p.hand or p.seat == seat),
            "hand_size": len(p.hand),
            "hand_limit": hand_limit(s, p) if p.character else None,
            "armor": permanent_armor(s, p) if p.character else 0,
            "respawns_used": p.respawned,
        }
        if p.seat == seat:
            entry["hand"] = [names[c] for c in p.hand]
        players.append(entry)
    decision = engine.decision(s)
    out = view_head("saltlands", seat, s.current, s.over, s.winners, s.end_reason, decision)
    out.update({
        "config": s.static.rules.to_config(),
        "round": s.round,
        "turn": s.turn,
        "tiles": tiles,
        "hexes": hexes,
        "tokens": {geo.names[h]: tnames[t] for h, t in sorted(s.tokens.items())},
        "token_pool": len(s.token_pool),
        "raiders": [
            {"type": r[0], "hex": geo.names[r[1]], "crew": r[2]} for _rid, r in sorted(s.raiders.items())
        ],
        "players": players,
        "markers": {c: fmt_pos(geo.positions[pos]) for c, pos in s.markers.items()},
        "rumor_deck": len(s.rumor_deck),
        "rumors_played": list(s.rumors_played),
        "weather": list(s.weather_drawn[-2:]),
        "weather_deck": len(s.weather_deck),
        "wind_dir": ("N", "NE", "SE", "S", "SW", "NW")[s.wind_dir],
        "wind_strength": wind_strength(s),
        "storm": s.storm,
        "damage_stacks": {t: len(v) for t, v in s.damage_stacks.items()},
        "revealed": {t: list(v) for t, v in s.revealed.items()},
        "damage_discard": list(s.damage_discard),
        **({"custom_damage_cards": {
            k: {"round": v[0], "letters": v[1], "damage": v[2], "damage_type": v[3], "move_bonus": v[4]}
            for k, v in s.custom_damage.items()}} if s.custom_damage else {}),
        "mirage_deck": len(s.mirage),
        "raider_deck": len(s.raider_deck),
        "discard": [names[c] for c in s.discard],
        "supply": [names[c] for c in s.supply],
        "acting": _acting(s),
    })
    toll = _storm_toll(s, seat, decision)
    if toll:
        out["storm_cards"] = toll
    _add_choices(s, out)
    return out


def _storm_toll(s: State, seat: int | None, decision: Any) -> dict[str, int] | None:
    """SL §53: what each move would cost in the sandstorm, shown to the player before it
    moves (None for anybody else, and without a storm)."""
    if s.storm and decision is not None and decision.seat == seat and decision.kind == "turn":
        legal = set(decision.actions)
        return {a: n for a, n in storm_cards(s, s.players[seat]).items() if a in legal}
    return None


def _add_choices(s: State, out: dict[str, Any]) -> None:
    """What every seat sees of the choice on top of the stack (after ``storm_cards``)."""
    geo = s.static.geo
    if s.stack and s.stack[-1]["kind"] == "rumor":
        # SL §109: the drawn rumor card is face up; both options and where each would move
        # the markers are shown before its owner chooses
        out["rumor_choice"] = rumor_preview(s, s.stack[-1])
    if s.stack and s.stack[-1]["kind"] == "orient":
        # SL §152: the explored tile the player turns now (one rumor card may explore two)
        pos = s.stack[-1]["pos"]
        out["orienting"] = {"at": fmt_pos(geo.positions[pos]), "tile": s.tiles[pos]}


def views(s: State, seats: list[int | None]) -> dict[int | None, dict[str, Any]]:
    """``view(s, seat)`` for every seat of ``seats`` at once: the spectator's view is
    built once and each seat's differs from it only in its own head (``seat``, the
    decision's actions), its own player's entry (its hand, its engaged hand cards) and,
    in a sandstorm, its moves' toll: those are built per seat, the rest is shared (the
    views are read-only, as the hexes they already share)."""
    base = view(s, None)
    names = s.static.catalog.card_names
    decision = engine.decision(s)
    out: dict[int | None, dict[str, Any]] = {}
    for seat in seats:
        if seat is None:
            out[seat] = dict(base)
            continue
        v = dict(base)
        v["seat"] = seat
        v["decision"] = decision_block(decision, seat)
        players = v["players"] = list(base["players"])
        for i, p in enumerate(s.players):
            if p.seat == seat:
                entry = players[i] = dict(players[i])
                entry["engaged"] = sorted(names[c] for c in p.engaged)  # her own hand's too
                entry["hand"] = [names[c] for c in p.hand]
        toll = _storm_toll(s, seat, decision)
        if toll:
            later = {k: v.pop(k) for k in ("rumor_choice", "orienting") if k in v}
            v["storm_cards"] = toll
            v.update(later)  # the keys in the order ``view`` writes them
        out[seat] = v
    return out


# The stages of an activation or a lure at which one raider is on the move (SL §103,
# SL §105, SL §106, SL §142); at the others the type is activated but no raider acts yet.
_ONE_RAIDER_STAGES = ("target", "goto", "attack")


def _acting(s: State) -> dict[str, Any] | None:
    """What the table sees of the raiders' step under way, so that a tie can name the raider
    it is about: the activated type, the raider that moves (its hex) and the spawn figures
    left (SL §100 to SL §107; a lure, SL §142). None outside an activation or a lure."""
    if not s.stack or s.stack[-1]["kind"] not in ("activation", "lure"):
        return None
    f = s.stack[-1]
    stage = f.get("stage")
    out: dict[str, Any] = {"kind": f["kind"], "stage": stage, "raider": f.get("type"), "hex": None}
    rid = f.get("raider")
    if stage in _ONE_RAIDER_STAGES and rid in s.raiders:
        out["raider"], out["hex"] = s.raiders[rid][0], s.static.geo.names[s.raiders[rid][1]]
    if stage == "spawn":
        out["figures"] = f.get("figures", 0)
    return out
