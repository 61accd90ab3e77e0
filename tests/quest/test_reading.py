"""WQ-38.3, WQ-39.1 and WQ-40.4 read a second time, independently of ``explore.py``,
``deploy.py`` and ``events_table.py``: over seeded quests (the heuristic bot's heroes, the
leader's choices at random) every new closed gate, every deployed group, every Master's
will and every Heroic rebirth is checked against this reading.

* The new closed gate takes a card position furthest from the opened gate in zone steps
  over the new tile, and every position that far is offered (WQ-38.3 point 4).
* A group deploys around a mystic item of the tile with no enemy beside it (of two or
  more: the nearest to any hero; for the first group, of all the items), or the closed
  gate on a card with none or when every item has an enemy beside it; as many of
  its models as the free room allows stand in zones adjacent to it (WQ-39.1).
* Master's will moves a group furthest from every hero, counted from its closest model
  (WQ-40.4 results 2-4); Heroic rebirth puts the hero in an empty zone nearest to another
  hero (results 9-10).
"""

from __future__ import annotations

import pytest

from wasteland.core.agent import Observation
from wasteland.core.rng import Rng
from wasteland.games.quest import encounters, engine, events_table
from wasteland.games.quest.bot import HeuristicAgent
from wasteland.games.quest.game import GAME


def _adjacent(s, a: str, b: str) -> bool:
    return a == b or b in s.board.neighbours.get(a, ())


def _most_that_fit(rooms: list[int], sizes: list[int]) -> int:
    best = 0

    def place(i: int, rooms: tuple[int, ...], n: int) -> None:
        nonlocal best
        best = max(best, n)
        if i < len(sizes):
            place(i + 1, rooms, n)
            for j, room in enumerate(rooms):
                if room >= sizes[i]:
                    place(i + 1, rooms[:j] + (room - sizes[i],) + rooms[j + 1:], n + 1)

    place(0, tuple(rooms), 0)
    return best


def _zone_steps(neighbours: dict, start: str) -> dict[str, int]:
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in neighbours[a]:
                if b not in dist:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


def _check_gate(s, event) -> None:
    card = s.content.cards[event["card"]]
    shape = s.content.tiles[card.tile]
    # the position laid on the opened gate: its square is the one beyond that gate
    opened = s.open_gates[-1]
    p = s.placements[-1]
    from wasteland.games.quest.geometry import Transform, beyond

    t = Transform(p[1], (p[2], p[3]))
    over = beyond(((opened[0][0], opened[0][1]), opened[1]))
    entry = next(g for g in card.gates if t.square((g.square[0], g.square[1])) == over
                 and beyond(t.edge(((g.square[0], g.square[1]), g.side))) == tuple(opened[0]))
    steps = _zone_steps(shape.neighbours, shape.zone_of[(entry.square[0], entry.square[1])])
    far = {g.id: steps[shape.zone_of[(g.square[0], g.square[1])]] for g in card.gates if g.id != entry.id}
    best = max(far.values())
    assert event["steps"] == best and set(event["tied"]) == {k for k, v in far.items() if v == best}


def _check_group(s, slot: str, later: set[str], tile: str, card_id: str, first: bool, anchor: str, what: str):
    card = s.content.cards[card_id]
    items = [z for z in s.items if z.split(".")[0] == tile] if card.mystic_items else []
    out = later | {slot}
    before = [m for m in s.models.values() if m["group"] not in out]  # on the battlefield before this group
    free = [z for z in items if not any(_adjacent(s, z, m["zone"]) for m in before)]
    pool = items if first and len(items) > 1 else free

    def hero_steps(z):
        d = s.board.distances(z)
        return min((d[h["zone"]] for h in s.heroes if h["zone"] in d), default=10_000)

    if not pool:  # no item, or every item with an enemy beside it (ruling): the closed gate
        assert (anchor, what) == (s.closed_gate_zone(), "closed gate")
    else:
        assert anchor in pool and what == "mystic item"
        assert hero_steps(anchor) == min(hero_steps(z) for z in pool)

    def room(z: str) -> int:
        taken = sum(1 for h in s.heroes if h["zone"] == z)
        taken += sum(s.content.size(m["enemy"]) for m in s.models.values() if m["zone"] == z and m["group"] not in out)
        return s.board.capacity[z] - taken

    near = [z for z in s.board.tile_zones[tile] if _adjacent(s, anchor, z)]
    group = [m for m in s.models.values() if m["group"] == slot]
    want = _most_that_fit([room(z) for z in near], sorted(s.content.size(m["enemy"]) for m in group))
    assert sum(1 for m in group if m["zone"] in near) == want


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_gates_and_deployments_agree_with_a_second_reading(monkeypatch, players):
    seen = {"gate": 0, "group": 0}
    anchors: dict[int, tuple[str, str]] = {}  # each group's anchor, as the events said it
    deploy = encounters.deploy_run

    def observed(s, f, events):
        i0, groups = f["i"], list(f["groups"])
        result = deploy(s, f, events)
        done = f["i"] if s.stack and s.stack[-1] is f else len(groups)
        anchors.update({e["group"]: (e["zone"], e["what"]) for e in events if e["type"] == "group_anchor"})
        for k in range(i0, done):
            slot = groups[k]
            if slot in s.groups and not f["anchor_zone"]:
                _check_group(s, slot, set(groups[k + 1:]), f["tile"], f["card"], k == 0, *anchors[int(slot)])
                seen["group"] += 1
        return result

    monkeypatch.setitem(engine.RUN, "deploy", observed)

    def hero_steps(s, zone: str) -> int:
        d = s.board.distances(zone)
        return min((d[h["zone"]] for h in s.heroes if h["zone"] in d), default=10_000)

    moves, place = events_table.group_moves, events_table.place_hero

    def master(s, slot, events):
        far = {g: min(hero_steps(s, s.models[m]["zone"]) for m in s.groups[g]["models"])
               for g in s.groups if s.groups[g]["models"]}
        assert far[slot] == max(far.values())
        seen["master"] = seen.get("master", 0) + 1
        moves(s, slot, events)

    def reborn(s, seat, zone, events):
        empty = [z for z in s.board.zones if s.occupied(z) == 0]
        assert zone in empty and hero_steps(s, zone) == min(hero_steps(s, z) for z in empty)
        place(s, seat, zone, events)

    monkeypatch.setattr(events_table, "group_moves", master)
    monkeypatch.setattr(events_table, "place_hero", reborn)
    for seed in range(8):
        s = GAME.new_game({"players": players}, seed)
        r, bot = Rng(seed * 13 + players), HeuristicAgent(seed)
        while not s.over:
            d = GAME.decision(s)
            a = bot.choose(Observation(GAME, s, d)) if d.kind in ("hero", "stun") else r.choice(list(d.actions))
            s, events = GAME.apply(s, a)
            for e in events:
                if e["type"] == "group_anchor":
                    anchors[e["group"]] = (e["zone"], e["what"])
                if e["type"] == "closed_gate":
                    _check_gate(s, e)
                    seen["gate"] += 1
    assert seen["gate"] and seen["group"] and seen.get("master")
