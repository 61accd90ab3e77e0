"""Movement of players' vehicles and of raiders (SL §78 to SL §84, SL §105, SL §106, SL §53).

A move is one uninterrupted action: the player names the destination and, for a
motorized vehicle, how many Fuel cards to burn. Figures and tokens may be passed but
never ended on; face-down tiles are never entered (SL §78).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import NamedTuple

from wasteland.core import paths
from wasteland.core.hexbits import first_layer

from .board import CELLS_PER_TILE
from .notation import Move
from .state import Player, State
from .zones import ability, card_def

FUEL_BONUS = 3  # SL §84: each discarded Fuel card adds 3 hexes
BORN_DRIVER_BONUS = 2  # SL §135: +2 movement on motorized vehicles
STEP_KIND = {"none": 0, "single": 1, "double": 2}


def wind_strength(s: State, p: Player | None = None) -> int:
    """SL §52: the sum of the last two weather cards; Light adds 1 for her (SL §135)."""
    weather = s.static.content.weather
    strength = 0
    for w in s.weather_drawn[-2:]:
        strength += weather[w].strength
    if p is not None and ability(s, p) == "light":
        strength += 1
    return strength


def sail_step_options(s: State) -> tuple[int, ...]:
    """SL §81: per hex direction, the wind tile's arrow: 0 never (upwind), 1 single, 2 double."""
    pattern = s.static.content.wind.pattern
    key = (tuple(pattern), s.wind_dir)
    found = _SAIL_STEPS.get(key)
    if found is None:
        found = _SAIL_STEPS[key] = tuple(STEP_KIND[pattern[(d - s.wind_dir) % 6]] for d in range(6))
    return found


_SAIL_STEPS: dict[tuple, tuple[int, ...]] = {}  # (wind tile pattern, wind direction) -> step kinds


def fuel_cards(s: State, p: Player) -> list[int]:
    cards = s.static.catalog.cards
    return [c for c in p.hand if cards[c].fuel]


class MoveOption(NamedTuple):
    """One destination of a move (built as a plain tuple on the hot path)."""

    dest: int
    fuel: int  # Fuel cards to discard (SL §84)
    crossings: int  # tile boundaries crossed, paid in a sandstorm (SL §53)


def end_mask(s: State, passable: bytes) -> bytearray:
    """Hexes a move may end on: passable and holding no figure or token (SL §78)."""
    mask = bytearray(passable)
    for h in s.occupied():
        mask[h] = 0
    return mask


def terrain_set(d) -> frozenset[str]:
    """The terrains of a vehicle or raider type as a (cached) frozenset."""
    key = id(d)
    found = _TERRAIN_SETS.get(key)
    if found is None:
        found = _TERRAIN_SETS[key] = (d, frozenset(d.terrain))
    return found[1]


_TERRAIN_SETS: dict[int, tuple] = {}


def _move_kind(s: State, p: Player) -> tuple[bytes, int, tuple[int, ...] | None, int | None] | None:
    """This turn's move as (passable terrain, hexes allowed, sail step options or None,
    base move of a motorized vehicle or None when no Fuel can be burnt), or None."""
    if p.vehicle is None or p.hex is None:
        return None
    vehicle = card_def(s, p.vehicle).vehicle
    if vehicle is None:
        return None
    passable = s.terrain.passable(terrain_set(vehicle))
    if vehicle.movement == "tractor":
        # SL §144: like a motorized vehicle, single steps in any direction (straight
        # upwind too, SL §145), over any terrain, at most the wind strength; no Fuel.
        # Ruling: its maximum is the wind strength itself, so Light's +1 wind for her counts
        # (SL §135) and Born Driver's +2 on motorized vehicles does not.
        return passable, wind_strength(s, p), None, None
    if vehicle.movement == "sail":
        return passable, wind_strength(s, p), sail_step_options(s), None
    base = vehicle.move + (BORN_DRIVER_BONUS if ability(s, p) == "born_driver" else 0)
    return passable, base + FUEL_BONUS * len(fuel_cards(s, p)), None, base


def move_options(s: State, p: Player) -> list[MoveOption]:
    """Every destination of this turn's move, with the fewest Fuel cards it needs, as
    (dest, fuel, crossings) tuples."""
    kind = _move_kind(s, p)
    if kind is None:
        return []
    passable, limit, sail, base = kind
    occupied = s.occupied()  # the mover's own hex among them
    if s.storm:
        moves = _storm_moves(s, p.hex, limit, passable, sail, base, _storm_budget(s, p))
        return [MoveOption(*o) for o in moves if o[0] not in occupied]
    reach = s.terrain.reach(s.static.geo, p.hex, limit, passable, sail)
    if base is None:
        return [(h, 0, 0) for h in reach if h not in occupied]  # type: ignore[misc]
    return [
        (h, 0 if steps <= base else -(-(steps - base) // FUEL_BONUS), 0)  # type: ignore[misc]
        for h, steps in reach.items()
        if h not in occupied
    ]


def move_actions(s: State, p: Player) -> list[str]:
    """The ``move`` actions of :func:`move_options`, in the same order: ``move q,r``, or
    ``move q,r fuel n`` when it burns Fuel (SL §84). The texts depend only on the
    terrain, the start and the allowance (and in a sandstorm the cards to pay with), so
    they are kept with the terrain and only filtered by occupancy here."""
    kind = _move_kind(s, p)
    if kind is None:
        return []
    passable, limit, sail, base = kind
    terrain = s.terrain
    if s.storm:
        budget = _storm_budget(s, p)
        key = ("storm texts", passable, p.hex, limit, sail, base, budget)
        found = terrain.memo.get(key)
        if found is None:
            moves = _storm_moves(s, p.hex, limit, passable, sail, base, budget)
            geo = s.static.geo
            found = terrain.remember(key, (
                tuple([o[0] for o in moves]),
                tuple([_move_texts(geo, f)[d] for d, f, _c in moves]),
            ))
        occupied = s.occupied()
        return [text for h, text in zip(*found) if h not in occupied]
    key = ("move", passable, p.hex, limit, sail, base)
    found = terrain.memo.get(key)
    if found is None:
        geo = s.static.geo
        bits = geo.bits
        allowed = terrain.bits_of(passable)
        start = bits.bit[p.hex]
        if sail is None:
            layers = bits.layers(start, limit, allowed)
        else:
            layers = bits.layers_with_steps(start, limit, sail, allowed)
        # Hexes by the Fuel they need: none within the base move, then one card per 3 more.
        free = limit if base is None else base
        by_fuel: dict[int, int] = {}
        for k, layer in enumerate(layers):
            fuel = 0 if k <= free else -(-(k - free) // FUEL_BONUS)
            by_fuel[fuel] = by_fuel.get(fuel, 0) | layer
        if len(by_fuel) == 1:
            ((fuel, hexes),) = by_fuel.items()
            order = sorted(bits.hexes(hexes))
            texts = tuple(map(_move_texts(geo, fuel).__getitem__, order))
        else:
            text_of: dict[int, str] = {}
            for fuel, hexes in by_fuel.items():
                fuel_texts = _move_texts(geo, fuel)
                found_hexes = bits.hexes(hexes)
                text_of.update(zip(found_hexes, map(fuel_texts.__getitem__, found_hexes)))
            order = sorted(text_of)
            texts = tuple(map(text_of.__getitem__, order))
        found = terrain.remember(key, (tuple(order), texts))
    order, texts = found
    # Drop the hexes where something stands (the mover's own among them) by slicing.
    drop = []
    size = len(order)
    for h in s.occupied():
        i = bisect_left(order, h)
        if i < size and order[i] == h:
            drop.append(i)
    if not drop:
        return list(texts)
    drop.sort()
    out: list[str] = []
    at = 0
    for i in drop:
        out += texts[at:i]
        at = i + 1
    out += texts[at:]
    return out


_MOVE_TEXTS: dict[tuple[str, int], tuple[str, ...]] = {}


def _move_texts(geo, fuel: int) -> tuple[str, ...]:
    """Per hex, the text of a move there burning ``fuel`` Fuel cards."""
    key = (geo.layout, fuel)
    found = _MOVE_TEXTS.get(key)
    if found is None:
        found = tuple(Move.text(name, fuel or None) for name in geo.names)
        _MOVE_TEXTS[key] = found
    return found


def _storm_budget(s: State, p: Player) -> int:
    """SL §53: each crossing costs a hand or cargo card (never the vehicle or character)."""
    return len(p.hand) + len(p.cargo)


def move_crossings(s: State, p: Player, dest: int, fuel: int) -> int:
    """The tile boundaries crossed by this turn's move to ``dest`` burning ``fuel`` Fuel
    cards: what a sandstorm charges for it (SL §53); 0 without a storm."""
    if not s.storm:
        return 0
    kind = _move_kind(s, p)
    assert kind is not None
    passable, limit, sail, base = kind
    moves = _storm_moves(s, p.hex, limit, passable, sail, base, _storm_budget(s, p))
    return next(o[2] for o in moves if o[0] == dest and o[1] == fuel)


def storm_cards(s: State, p: Player) -> dict[str, int]:
    """SL §53: in a sandstorm, each ``move`` action of this turn with the cards it costs
    (one hand or cargo card per tile boundary it crosses; a Fuel card it burns is named
    by the action itself), for the player to see before choosing. Empty without a storm."""
    if not s.storm:
        return {}
    texts = move_actions(s, p)
    options = move_options(s, p)
    assert len(texts) == len(options)  # the same moves in the same order
    return {text: o[2] for text, o in zip(texts, options)}


def _storm_moves(
    s: State,
    start: int,
    limit: int,
    passable: bytes,
    sail: tuple[int, ...] | None,
    base: int | None,
    budget: int,
) -> tuple[tuple[int, int, int], ...]:
    """Every move option in a sandstorm (SL §53) with at most ``budget`` tile crossings,
    as (dest, fuel, crossings), figures and tokens not considered, in hex order. The
    search ignores them, so its result is kept with the terrain."""
    key = ("storm", passable, start, limit, sail, base, budget)
    found = s.terrain.memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    best, improvements = _storm_search(s, start, limit, passable, sail, budget)
    out: list[tuple[int, int, int]]
    if base is None:
        out = [(h, 0, best[h][0]) for h in sorted(best) if h != start]
    else:
        # SL §53 + SL §84: more Fuel can buy a route crossing fewer tiles. Each Fuel count
        # that lowers the crossings is its own option; Fuel burnt for the move cannot
        # also pay the sandstorm, and a player left with nothing cannot cross.
        out = []
        for h in sorted(improvements):
            best_c = budget + 1
            for steps, c in improvements[h]:
                need = max(0, -(-(steps - base) // FUEL_BONUS))
                if c < best_c and c + need <= budget:
                    if out and out[-1][0] == h and out[-1][1] == need:
                        out[-1] = (h, need, c)
                    else:
                        out.append((h, need, c))
                    best_c = c
    return s.terrain.remember(key, tuple(out))


def _storm_search(
    s: State,
    start: int,
    max_steps: int,
    passable: bytes,
    options: tuple[int, ...] | None,
    budget: int,
) -> tuple[dict[int, tuple[int, int]], dict[int, list[tuple[int, int]]]]:
    """Explores (hex, crossings) layer by layer: hex -> (fewest crossings, at step), and
    hex -> every (steps, crossings) improvement, crossings falling."""
    single, straight = _crossing_steps(s.static.geo)
    if options is not None:
        # The directions the wind allows, and whether a double step is allowed in each.
        moves = [(d, opt == 2) for d, opt in enumerate(options) if opt]
    # (hex, crossings) states; reaching a hex later with no fewer crossings than before
    # can never do better, so such states are dropped.
    best: dict[int, tuple[int, int]] = {start: (0, 0)}
    best_crossings = {start: 0}  # hex -> best[hex][0]
    improvements: dict[int, list[tuple[int, int]]] = {}  # hex -> (steps, crossings), crossings falling
    frontier = {start: 0}
    over = budget + 1
    known = best_crossings.get
    for step in range(1, max_steps + 1):
        nxt: dict[int, int] = {}
        seen = nxt.get
        for u, c in frontier.items():
            if options is None:
                for v, x in single[u]:
                    cc = c + x
                    if cc < over and passable[v] and known(v, over) > cc and seen(v, over) > cc:
                        nxt[v] = cc
            else:
                row = straight[u]
                for d, double in moves:
                    v, x, w, y = row[d]
                    if v < 0 or not passable[v]:
                        continue
                    cc = c + x
                    if cc < over and known(v, over) > cc and seen(v, over) > cc:
                        nxt[v] = cc
                    if double and w >= 0 and passable[w]:
                        cc += y
                        if cc < over and known(w, over) > cc and seen(w, over) > cc:
                            nxt[w] = cc
        if not nxt:
            break
        for v, cc in nxt.items():
            best[v] = (cc, step)
            best_crossings[v] = cc
            if v in improvements:
                improvements[v].append((step, cc))
            else:
                improvements[v] = [(step, cc)]
        frontier = nxt
    return best, improvements


_CROSSING_STEPS: dict[str, tuple] = {}


def _crossing_steps(geo) -> tuple:
    """Per hex, its steps with 1 for each tile boundary crossed (SL §53): to each
    neighbour as (hex, crossing); and per direction (next hex, crossing, hex after it,
    crossing), -1 for off the board."""
    found = _CROSSING_STEPS.get(geo.layout)
    if found is None:
        per = CELLS_PER_TILE
        single = tuple(tuple((v, int(v // per != u // per)) for v in row) for u, row in enumerate(geo.adj))
        straight = []
        for u, row in enumerate(geo.adj_by_dir):
            dirs = []
            for d, v in enumerate(row):
                if v < 0:
                    dirs.append((-1, 0, -1, 0))
                    continue
                w = geo.adj_by_dir[v][d]
                dirs.append((v, int(v // per != u // per), w, int(w >= 0 and w // per != v // per)))
            straight.append(tuple(dirs))
        found = _CROSSING_STEPS[geo.layout] = (single, tuple(straight))
    return found


# -- raiders ----------------------------------------------------------------------------


class RaiderPlan(NamedTuple):
    """What a raider's movement rule yields before any tie is broken.

    ``targets``: the players it could go for (several = the current player chooses);
    ``reach``: whether it can end next to them this activation; ``ends``: candidate end
    hexes (several = the current player chooses); ``reason``: why, for the event log."""

    targets: tuple[int, ...]
    reach: bool
    ends: tuple[int, ...]
    distance: int
    reason: str


def _raider_passable(s: State, rdef, here: int) -> int:
    """The hexes the raider may enter, as a hex set (``Geometry.bits``)."""
    # SL §80: a move may start on any terrain, so its own hex counts as enterable.
    return s.terrain.passable_bits(terrain_set(rdef)) | s.static.geo.bits.bit[here]


_WITHIN: dict[tuple, list[int]] = {}


def _within(bits, here: int, steps: int, passable: int) -> list[int]:
    """``bits.layers`` from one hex, remembered: a raider's plan and then its route (and
    a replan after a choice) search the same move."""
    key = (passable, here, steps)
    found = _WITHIN.get(key)
    if found is None:
        if len(_WITHIN) > 256:
            _WITHIN.clear()
        found = _WITHIN[key] = bits.layers(bits.bit[here], steps, passable)
    return found


_MEETS: dict[tuple, tuple[int | None, int]] = {}


def _meet(bits, start: int, passable: int, goal: int) -> tuple[int | None, int]:
    """``bits.meet``, remembered: the unbounded searches toward the players repeat for
    every raider that has not moved since, and a bot's look-ahead replays the same
    activation on many copies of one position."""
    key = (bits, start, passable, goal)  # the hex sets' numbering is the board's (``bits``)
    found = _MEETS.get(key)
    if found is None:
        if len(_MEETS) > 1024:
            _MEETS.clear()
        found = _MEETS[key] = bits.meet(start, passable, goal)
    return found


def raider_route(s: State, rid: int, dest: int, bonus: int) -> list[int]:
    """One shortest route of the raider to ``dest`` (for the event log), read back from
    the same search its move used: each step back goes to the lowest-numbered hex one
    step nearer the start."""
    rtype, here, _crew = s.raiders[rid]
    rdef = s.static.content.raiders[rtype]
    geo = s.static.geo
    bits = geo.bits
    bit = bits.bit
    within = _within(bits, here, rdef.move + bonus, _raider_passable(s, rdef, here))
    steps = first_layer(within, bit[dest])
    if steps is None:
        return [here, dest]
    route = [dest]
    cur = dest
    adj = _sorted_adjacency(geo)
    for k in range(steps - 1, -1, -1):
        layer = within[k]
        for n in adj[cur]:  # the lowest-numbered neighbour one step nearer the start
            if bit[n] & layer:
                cur = n
                break
        route.append(cur)
    route.reverse()
    return route


_SORTED_ADJACENCY: dict[str, tuple[tuple[int, ...], ...]] = {}


def _sorted_adjacency(geo) -> tuple[tuple[int, ...], ...]:
    """Each hex's neighbours, lowest number first."""
    found = _SORTED_ADJACENCY.get(geo.layout)
    if found is None:
        found = _SORTED_ADJACENCY[geo.layout] = tuple(tuple(sorted(row)) for row in geo.adj)
    return found


def raider_plan(
    s: State, rid: int, bonus: int, target: int | None = None, lure: int | None = None,
    allowance: int | None = None,
) -> RaiderPlan:
    """SL §105, SL §106 and the digest's rulings 7.5. ``lure``: the seat luring it (SL §142,
    ruling: the same logic with that player as the only target and ``allowance`` as its
    movement).

    The searches run on hex sets (``Geometry.bits``): ``within[k]`` holds the hexes the
    raider first reaches after ``k`` steps over its terrain."""
    rtype, here, _crew = s.raiders[rid]
    rdef = s.static.content.raiders[rtype]
    geo = s.static.geo
    next_to_here = geo.adj[here]
    if lure is not None:
        players = [s.players[lure]]
    else:
        # SL §147: a hidden player is a token to the raiders that were not next to her when she hid.
        players = [
            p for p in s.players
            if p.hex is not None and p.status == "active" and (not p.hidden or rid in p.hidden_near)
        ]
    if not players:
        return RaiderPlan((), False, (), paths.UNREACHABLE, "no player on the board")
    # Ruling 7.5: a raider already next to a player does not move; it attacks.
    adjacent_now = [p.seat for p in players if p.hex in next_to_here]
    if adjacent_now:
        return RaiderPlan(tuple(adjacent_now), True, (here,), 0, "already next to a player")
    bits = geo.bits
    bit = bits.bit
    around = bits.around
    passable = _raider_passable(s, rdef, here)
    move = rdef.move + bonus if allowance is None else allowance
    # Every hex within its movement over its terrain, by fewest steps: figures and tokens
    # may be passed (SL §78), but it ends only where nothing stands (or stays put).
    within = _within(bits, here, move, passable)
    occupied = 0  # every hex where a figure or token stands
    for h in s.tokens:
        occupied |= bit[h]
    for r in s.raiders.values():
        occupied |= bit[r[1]]
    for p in s.players:
        if p.hex is not None:
            occupied |= bit[p.hex]
    ends_by_steps = [within[0]]
    reach = within[0]
    for layer in within[1:]:
        layer ^= layer & occupied
        ends_by_steps.append(layer)
        reach |= layer
    # Distance to a player: steps to the nearest passable hex next to them, ignoring
    # figures and tokens on the way (SL §106).
    reachable_players = [p.seat for p in players if around[p.hex] & reach]
    if reachable_players:
        # For a player it can end next to, that hex lies within its movement: the nearest
        # of them are next to the first layer that meets any of their neighbourhoods.
        next_to_players = 0
        for seat in reachable_players:
            next_to_players |= around[s.players[seat].hex]
        for best, layer in enumerate(within):
            met = layer & next_to_players
            if met:
                break
        targets = tuple(seat for seat in reachable_players if around[s.players[seat].hex] & met)
        if target is None and len(targets) > 1:
            return RaiderPlan(targets, True, (), best, "players equally near")
        chosen = target if target is not None else targets[0]
        next_to_goal = around[s.players[chosen].hex]
        steps = first_layer(ends_by_steps, next_to_goal)
        ends = tuple(sorted(bits.hexes(ends_by_steps[steps] & next_to_goal)))
        return RaiderPlan((chosen,), True, ends, steps, "can reach the player this activation")
    # The nearest players are the first met searching outward from it; farther ones
    # cannot be its target, so the search stops there.
    next_to_players = 0
    for p in players:
        next_to_players |= around[p.hex]
    best, met = _meet(bits, bits.bit[here], passable, next_to_players)
    if best is None:
        return RaiderPlan((), False, (here,), paths.UNREACHABLE, "cannot reach any player over its terrain")
    targets = tuple(p.seat for p in players if around[p.hex] & met)
    if target is None and len(targets) > 1:
        return RaiderPlan(targets, False, (), best, "players equally near, none reachable")
    chosen = target if target is not None else targets[0]
    # "As close as possible, with as few steps as possible" (SL §106): the start competes
    # with 0 steps, so a raider that cannot get closer stays put. Searching outward from
    # the passable hexes next to the player, the first layer that meets the hexes it may
    # end on holds the closest of them; among those, the fewest steps win.
    _k, closest = _meet(bits, around[s.players[chosen].hex] & passable, passable, reach)
    if not closest:
        closest = within[0]  # nowhere nearer: it stays put
    steps = first_layer(ends_by_steps, closest)
    ends = tuple(sorted(bits.hexes(closest & ends_by_steps[steps])))
    return RaiderPlan((chosen,), False, ends, best, "moves as close as it can to the nearest player")
