"""An independent reading of raider movement (SL §105, SL §106) and of the lure (SL §142),
compared with the engine's plan for every raider in positions from seeded random games.

The checker is written from the rulebook's sentences with plain breadth-first searches
over ``geo.adj`` (the engine searches hex sets); only the terrain each raider type may
enter is taken from the board. A disagreement is either a deviation or a checker bug.
"""

from __future__ import annotations

from collections import deque

import pytest
from testkit import checked_playout

from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.movement import raider_plan
from wasteland.games.saltlands.state import State


INF = 10**9
CHARACTERS = ["scout", "plowman", "healer", "arsonist", "scientist", "little_girl"]
# Lost in the Desert characters mixed in, so the camouflaged player (SL §147) turns up.
LINEUP = ["huntress", "scout", "trader", "pickpocket", "marauder", "plowman"]


def _bfs(adj, starts, passable) -> dict[int, int]:
    """Fewest steps from any of ``starts`` to every hex, stepping only onto passable hexes."""
    dist = {h: 0 for h in starts}
    todo = deque(starts)
    while todo:
        h = todo.popleft()
        for n in adj[h]:
            if n not in dist and passable(n):
                dist[n] = dist[h] + 1
                todo.append(n)
    return dist


def expected(s: State, rid: int, bonus: int, target: int | None = None, lure: int | None = None,
             allowance: int | None = None):
    """(targets, ends) by the text: ``ends`` empty while the current player must still pick
    among equally near players."""
    rtype, here, _crew = s.raiders[rid]
    rdef = s.static.content.raiders[rtype]
    geo = s.static.geo
    adj = geo.adj
    terrain_ok = s.terrain.passable(frozenset(rdef.terrain))

    def passable(h: int) -> bool:  # SL §80: it may start on any terrain; SL §78: face-up only
        return h == here or bool(terrain_ok[h])

    if lure is not None:
        players = [s.players[lure]]
    else:
        players = [p for p in s.players if p.hex is not None and p.status == "active"
                   and (not p.hidden or rid in p.hidden_near)]  # SL §147: settled when she hid
    if not players:
        return (), ()
    now = tuple(p.seat for p in players if p.hex in adj[here])
    if now:  # already next to a player: it stays and attacks
        return now, (here,)
    move = rdef.move + bonus if allowance is None else allowance
    dist = _bfs(adj, [here], passable)  # ignoring figures and tokens on the way (SL §106)
    occupied = set(s.tokens) | {r[1] for r in s.raiders.values()} | {p.hex for p in s.players if p.hex is not None}
    ends = {h for h, d in dist.items() if d <= move and h not in occupied} | {here}

    def pdist(p) -> int:
        return min((dist[a] for a in adj[p.hex] if a in dist), default=INF)

    reachable = [p for p in players if any(a in ends and a != here for a in adj[p.hex])]
    if reachable:  # SL §105: it goes to a player it can reach, the nearest one
        best = min(pdist(p) for p in reachable)
        targets = tuple(p.seat for p in reachable if pdist(p) == best)
        if target is None and len(targets) > 1:
            return targets, ()
        chosen = s.players[target if target is not None else targets[0]]
        near = [a for a in adj[chosen.hex] if a in ends and a != here]
        fewest = min(dist[a] for a in near)
        return (chosen.seat,), tuple(sorted(a for a in near if dist[a] == fewest))
    best = min(pdist(p) for p in players)
    if best >= INF:  # it cannot reach any player at all: it does not move
        return (), (here,)
    targets = tuple(p.seat for p in players if pdist(p) == best)
    if target is None and len(targets) > 1:
        return targets, ()
    chosen = s.players[target if target is not None else targets[0]]
    # As close as possible to that player, with as few steps as possible (SL §106).
    to_player = _bfs(adj, [a for a in adj[chosen.hex] if passable(a)], passable)
    closeness = {e: to_player.get(e, INF) for e in ends}
    c = min(closeness.values())
    nearest = [e for e in ends if closeness[e] == c]
    fewest = min(dist[e] for e in nearest)
    return (chosen.seat,), tuple(sorted(e for e in nearest if dist[e] == fewest))


def engine(s: State, rid: int, bonus: int, target: int | None = None, lure: int | None = None,
           allowance: int | None = None):
    plan = raider_plan(s, rid, bonus, target, lure=lure, allowance=allowance)
    if not plan.targets and plan.ends == ():
        return (), ()
    if not plan.targets:
        return (), plan.ends
    return plan.targets, plan.ends


class Checker:
    def __init__(self) -> None:
        self.compared = 0
        self.problems: list[str] = []

    def compare(self, s: State, rid: int, bonus: int, **kw) -> None:
        want = expected(s, rid, bonus, **kw)
        got = engine(s, rid, bonus, **kw)
        self.compared += 1
        if want != got:
            geo = s.static.geo
            r = s.raiders[rid]
            self.problems.append(
                f"{r[0]} at {geo.names[r[1]]} bonus {bonus} {kw}: text {want} engine {got}; players "
                f"{[(p.seat, geo.names[p.hex] if p.hex is not None else None, p.status, p.hidden) for p in s.players]}"
            )
        if len(want[0]) > 1 and not want[1]:
            for seat in want[0]:
                self.compare(s, rid, bonus, **{**kw, "target": seat})

    def __call__(self, s: State) -> None:
        for rid in sorted(s.raiders):
            for bonus in (0, 3):
                self.compare(s, rid, bonus)
            for p in s.players:
                if p.hex is not None and p.status == "active":
                    self.compare(s, rid, 0, lure=p.seat, allowance=2)


@pytest.mark.parametrize("players", [1, 3, 5])
def test_raider_plans_agree_with_an_independent_reading_SL105_SL106_SL142(players):
    checker = Checker()
    modes = ["solo", "tutorial"] if players == 1 else ["classic", "coop", "competitive"]
    for seed in range(12):
        extras = ("expansion",) if seed % 2 else None
        config = {"players": players, "characters": (LINEUP if extras else CHARACTERS)[:players],
                  "difficulty": ("easy", "normal", "hard")[seed % 3], "mode": modes[seed % len(modes)]}
        if config["mode"] == "tutorial":
            config["difficulty"] = "easy"  # SL §121
        if extras:
            config["expansion"] = True
        checked_playout(GAME, config, seed, checker, 50_000, 5)
    assert checker.compared > 500
    assert not checker.problems, "\n".join(checker.problems[:10])
