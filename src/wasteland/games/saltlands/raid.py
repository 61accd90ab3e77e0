"""SL §146 Raid: "after her move she may collect any tokens she crossed" (the original:
«собрать любые жетоны, которые она пересекла»). She crossed the tokens of the one route she
drove, not of every route her move could have taken.

A move names only its end, so the route is settled by what she collects: each set of
tokens one route of the move (its start, its allowance, her vehicle's terrain and, for
sails, the wind) passes is kept in the state (``raid_routes``, the largest such sets);
every token she collects by Raid keeps only the routes through it. ``raid_hexes`` stays
every token some route passes (what she could collect first).
"""

from __future__ import annotations

from wasteland.core import hexgrid

from .movement import BORN_DRIVER_BONUS, FUEL_BONUS, sail_step_options, terrain_set, wind_strength
from .state import Player, State
from .zones import ability, card_def


def _way(s: State, p: Player, fuel: int) -> tuple[bytes, tuple[int, ...] | None, int]:
    """The move's terrain, its sail steps (SL §81) and its allowance."""
    vehicle = card_def(s, p.vehicle).vehicle
    passable = s.terrain.passable(terrain_set(vehicle))
    sail = sail_step_options(s) if vehicle.movement == "sail" else None
    if vehicle.movement in ("sail", "tractor"):
        allowance = wind_strength(s, p)
    else:
        allowance = vehicle.move + FUEL_BONUS * fuel + (BORN_DRIVER_BONUS if ability(s, p) == "born_driver" else 0)
    return passable, sail, allowance


def _passes(s: State, h: int, passable: bytes, sail: tuple[int, ...] | None) -> list[tuple[int, int, int]]:
    """The ways a route passes the token hex ``h``: (hex it reaches, hex it goes on from,
    steps between): through it, or (SL §81) over it by a sail's double step."""
    ways = [(h, h, 0)]
    if sail is not None:
        geo = s.static.geo
        here = geo.coords[h]
        for d, kind in enumerate(sail):
            if kind != 2:
                continue
            before = geo.index.get(hexgrid.neighbor(here, (d + 3) % 6))
            after = geo.index.get(hexgrid.neighbor(here, d))
            if before is not None and after is not None and passable[after]:
                ways.append((before, after, 1))
    return ways


def passed_tokens(s: State, p: Player, dest: int, fuel: int) -> list[int]:
    """The token hexes some route of this move passes (what she could raid first)."""
    passable, sail, allowance = _way(s, p, fuel)
    geo = s.static.geo
    there = s.terrain.reach(geo, p.hex, allowance, passable, sail)
    out = []
    for h in sorted(s.tokens):
        if h in there and h != dest:
            back = s.terrain.reach(geo, h, allowance - there[h], passable, sail)
            if dest in back or (sail is not None and _jumped(s, h, dest, allowance, there, passable, sail)):
                out.append(h)
    return out


def _jumped(s: State, h: int, dest: int, allowance: int, there: dict[int, int], passable: bytes,
            sail: tuple[int, ...]) -> bool:
    """SL §146 Raid with SL §81: a sail's double step moves over the hex between its two
    hexes, so a token there is passed even by a route that never stops on it."""
    for before, after, _steps in _passes(s, h, passable, sail)[1:]:  # the double steps over h
        if before not in there:
            continue
        left = allowance - there[before] - 1
        if left >= 0 and (after == dest or dest in s.terrain.reach(s.static.geo, after, left, passable, sail)):
            return True
    return False


def raid_routes(s: State, p: Player, dest: int, fuel: int, tokens: list[int]) -> list[list[int]]:
    """The largest sets of ``tokens`` (those some route of this move passes) that one route
    passes, each sorted. ``p`` still stands where the move starts."""
    passable, sail, allowance = _way(s, p, fuel)
    geo = s.static.geo

    def steps(a: int) -> dict[int, int]:
        return s.terrain.reach(geo, a, allowance, passable, sail)

    ways = {h: _passes(s, h, passable, sail) for h in tokens}
    # the cheapest way to have passed a set of tokens and stand on a hex: (set, hex) -> steps
    best: dict[tuple[int, int], int] = {(0, p.hex): 0}
    frontier = dict(best)
    while frontier:
        grown: dict[tuple[int, int], int] = {}
        for (mask, at), used in frontier.items():
            reach = steps(at)
            for i, h in enumerate(tokens):
                if mask >> i & 1:
                    continue
                for into, out, cost in ways[h]:
                    if into not in reach:
                        continue
                    total = used + reach[into] + cost
                    key = (mask | 1 << i, out)
                    if total <= allowance and total < min(best.get(key, allowance + 1), grown.get(key, allowance + 1)):
                        grown[key] = total
        best.update(grown)
        frontier = grown
    done = {mask for (mask, at), used in best.items() if mask and dest in steps(at) and used + steps(at)[dest] <= allowance}
    largest = [m for m in done if not any(m != o and m & o == m for o in done)]
    return sorted(sorted(tokens[i] for i in range(len(tokens)) if m >> i & 1) for m in largest)


def on_a_route(s: State, h: int) -> bool:
    """SL §146: one route of the move passes ``h`` and every token she has raided so far."""
    return any(h in r for r in s.raid_routes)


def raided(s: State, h: int) -> None:
    """SL §146: she collected ``h`` by Raid: only the routes through it remain hers."""
    s.raid_routes = [[x for x in r if x != h] for r in s.raid_routes if h in r]
