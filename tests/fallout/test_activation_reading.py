"""FO-13.2 and FO-13.3 read a second time, independently of ``activation.py``: over seeded
random games every enemy's action is checked against this reading, made from the
state just before the enemy acts.

* a survivor in its space: it fights one of them (FO-13.2 point 1);
* else, with the ranged icon and a survivor in an adjacent space: it fights one of those
  (point 2);
* else it steps one space toward the nearest survivor by spaces (point 3), onto a space
  one step nearer that survivor; every such space is offered when there are several;
* among the candidates: the smallest gap between health and radiation, then the one who
  plays earlier in the next round (FO-13.3).
"""

from __future__ import annotations

import pytest

from wasteland.core.rng import Rng
from wasteland.games.fallout import activation
from wasteland.games.fallout.game import GAME


def _distances(graph, start: str) -> dict[str, int]:
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for here in frontier:
            for sp in graph.neighbours(here):
                if sp not in dist:
                    dist[sp] = dist[here] + 1
                    nxt.append(sp)
        frontier = nxt
    return dist


def _expected(s, enemy: str) -> tuple[str, int | None]:
    kind, here, up = s.enemies[enemy]
    assert up, "only face-up enemies act (FO-13.2 ruling)"
    g = s.board.graph
    resume = next((f["resume"] for f in reversed(s.stack) if "resume" in f), s.first)
    n = len(s.order)

    def tie_break(q: int) -> tuple[int, int]:
        return (s.health[q] - s.radiation[q], (s.order.index(q) - s.order.index(resume)) % n)

    dist = _distances(g, here)
    seats = list(s.players)
    same = [q for q in seats if s.space[q] == here]
    if same:
        return "enemy_fights", min(same, key=tie_break)
    near = [q for q in seats if dist.get(s.space[q]) == 1]
    if s.has_ranged_icon(enemy) and near:
        return "enemy_fights", min(near, key=tie_break)
    reach = [q for q in seats if s.space[q] in dist]
    if not reach:
        return "enemy_waits", None
    low = min(dist[s.space[q]] for q in reach)
    return "enemy_moves", min((q for q in reach if dist[s.space[q]] == low), key=tie_break)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_enemy_action_agrees_with_a_second_reading(monkeypatch, players):
    checked = []
    act = activation.act

    def observed(s, enemy, events):
        kind_, target = _expected(s, enemy)
        here = s.enemies[enemy][1]
        spaces = {q: s.space[q] for q in s.players}
        n = len(events)
        act(s, enemy, events)
        done = [e for e in events[n:] if e["type"] in ("enemy_fights", "enemy_moves", "enemy_waits")]
        if done:
            got = done[0]
            assert (got["type"], got.get("target")) == (kind_, target), (enemy, got)
            steps = [got["to"]] if got["type"] == "enemy_moves" else []
        else:  # several equally short steps: the first player's decision
            f = s.stack[-1]
            assert f["kind"] == "step" and (kind_, target) == ("enemy_moves", f["event"]["target"])
            steps = list(f["steps"])
        if kind_ == "enemy_moves":
            to_target = _distances(s.board.graph, spaces[target])
            nearer = {sp for sp in s.board.graph.neighbours(here) if to_target.get(sp) == to_target[here] - 1}
            assert set(steps) <= nearer and (len(steps) == 1 or set(steps) == nearer)
        checked.append(kind_)

    monkeypatch.setattr(activation, "act", observed)
    for seed in range(6):
        s = GAME.new_game({"players": players}, seed)
        r = Rng(seed * 7 + players)
        while not s.over:
            s, _ = GAME.apply(s, r.choice(list(GAME.decision(s).actions)))
    assert {"enemy_fights", "enemy_moves"} <= set(checked)
