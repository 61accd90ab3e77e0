"""An independent reading of the tactical and economic options, written from the rulebook's
sentences (and the digest's rulings where it is silent) with plain searches over (q, r)
coordinates, and compared with the engine's option lists in positions of seeded random games.
To reach what random play rarely does (level-3 skills, injections, status cards, hedges,
a barred player), each compared position is a random game's position with its levels,
injections, statuses, water, bars and a few hedges redrawn at random. The extraction is
checked too: cards drawn per held hex, the Last Oasis bonus, the water of the cards, the
pumps and the pockets; and so are the Eye's moves in every game form and the team games' bar
from the centre. A disagreement is a deviation of the engine or of this reading."""

from __future__ import annotations

import random
from collections import deque

import pytest

from wasteland.games.age_of_thirst.content import load_content
from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.spec import SPEC

CONTENT = load_content()
KINDS = ("skinny", "handsome", "smart", "hedge")
TROOPS = KINDS[:3]
DIRS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
# The chosen species-card numbers are data (LO-B 1), read from the data file; the rules that
# use them are written here anew.
MOVE = {k: [lv.move for lv in CONTENT.kinds[k].levels] for k in KINDS}
RANGE = {k: [lv.range for lv in CONTENT.kinds[k].levels] for k in KINDS}
COST = {k: CONTENT.kinds[k].levels[0].cost for k in KINDS}
UPGRADE = {k: [lv.upgrade for lv in CONTENT.kinds[k].levels] for k in KINDS}
MAXIMUM = {"skinny": 10, "handsome": 7, "smart": 5, "hedge": 15}  # LO-6.1 to LO-6.4
BUNKER = {"regen1": ("health", 1), "regen2": ("health", 2), "neuro1": ("attack", 1), "neuro2": ("attack", 2),
          "anabolic": ("move", 1)}  # LO-10
STOPS = {"paralysis": "skinny", "blindness": "handsome", "madness": "smart"}  # LO-11
GALLONS = {"dry": 1, "wet": 2, "generous": 3}  # LO-9


def distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def expected_options(s) -> set[str]:
    b = s.board
    xy = b.coords
    on_board = set(xy)
    pieces = {xy[h]: p for h, p in s.pieces.items()}
    me = s.current
    name = lambda h: f"{h[0]},{h[1]}"  # noqa: E731

    def level(q, k):
        return s.levels[q][KINDS.index(k)]

    def bonus(q, k, stat):
        return sum(BUNKER[c][1] for c, kk in s.injections[q] if kk == k and BUNKER[c][0] == stat)

    def stopped(q, k):
        return any(STOPS[c] == k for c in s.statuses[q])

    def around(h):
        return [(h[0] + dq, h[1] + dr) for dq, dr in DIRS if (h[0] + dq, h[1] + dr) in on_board]

    def steps(start, reach, open_):
        seen = {start: 0}
        todo = deque([start])
        while todo:
            x = todo.popleft()
            if seen[x] < reach:
                for y in around(x):
                    if y not in seen and open_(y):
                        seen[y] = seen[x] + 1
                        todo.append(y)
        return seen

    centre = xy[b.centre]
    special = {xy[h] for h in b.special}
    out: set[str] = set()
    if s.phase == "tactical":
        acting = xy[s.acting] if s.acting is not None else None
        for h, (q, k) in pieces.items():
            if q != me or k == "hedge" or b.index[h] in s.done or (acting is not None and h != acting):
                continue
            # LO-7.1 / LO-8.1: move first (not once moved), never through or onto a token;
            # Paralysis and Madness stop it (LO-11); a barred player never stops on the centre.
            if acting is None and not (k in ("skinny", "smart") and stopped(me, k)):
                reach = MOVE[k][level(me, k) - 1] + bonus(me, k, "move")
                for y in steps(h, reach, lambda y: y not in pieces):
                    if y != h and not (y == centre and s.barred[me]):
                        out.add(f"move {name(h)} {name(y)}")
            lv = level(me, k)
            reach = RANGE[k][lv - 1]
            if k == "skinny":  # melee, hedges included (LO-6.1)
                out.update(f"attack {name(h)} {name(y)}" for y in around(h) if y in pieces)
            elif k == "handsome" and not stopped(me, k):  # LO-6.2: the six straight lines
                for dq, dr in DIRS:
                    passed = []
                    for n in range(1, reach + 1):
                        y = (h[0] + dq * n, h[1] + dr * n)
                        if y not in on_board:
                            break
                        if y in pieces:
                            if not passed or (lv == 3 and "hedge" not in passed and len(passed) <= 2):
                                out.add(f"attack {name(h)} {name(y)}")
                            passed.append(pieces[y][1])
            elif k == "smart" and not stopped(me, k):  # LO-6.3: round hedges; level 3 through them
                if lv == 3:
                    far = {y: distance(h, y) for y in pieces}
                else:
                    far = steps(h, reach, lambda y: pieces.get(y, (0, ""))[1] != "hedge")
                out.update(f"attack {name(h)} {name(y)}" for y, (_q, kk) in pieces.items()
                           if kk != "hedge" and 2 <= far.get(y, 99) <= reach and distance(h, y) >= 2)
            out.add(f"flip {name(h)}")
        if acting is None:
            out.add("end phase")
    else:
        water, colour = s.water[me], s.colour[me]
        mine = lambda k: sum(1 for q, kk in pieces.values() if q == me and kk == k)  # noqa: E731
        if s.bought < 5:  # LO-7.4
            for h in b.landing[colour]:
                for k in TROOPS:
                    if xy[h] not in pieces and water >= COST[k] and mine(k) < MAXIMUM[k]:
                        out.add(f"buy {k} {b.names[h]}")
        for k in KINDS:  # LO-5
            if level(me, k) < 3 and water >= UPGRADE[k][level(me, k)]:
                out.add(f"upgrade {k}")
        if water >= COST["hedge"] and mine("hedge") < MAXIMUM["hedge"]:  # LO-6.4
            for h, (q, k) in pieces.items():
                if q == me and k != "hedge":
                    out.update(f"grow {name(y)}" for y in around(h) if y not in pieces and y not in special)
        if not s.market_used and water >= 10:  # LO-10.2
            out.update(f"market {c} {k}" for c in s.bunker_discard for k in TROOPS)
        out.add("end turn")
    for card in s.hands[me]:  # LO-11: any moment of one's turn
        if card in STOPS:
            out.update(f"play {card} {s.colour[q]}" for q in range(s.rules.players) if s.team(q) != s.team(me))
        else:
            out.update(f"play {card} {name(h)}" for h, (_q, k) in pieces.items() if k != "hedge")
    return out


def redrawn(s, rng: random.Random):
    t = s.copy()
    n = t.rules.players
    t.levels = [[rng.randint(1, 3) for _ in KINDS] for _ in range(n)]
    t.injections = [[[rng.choice(list(BUNKER)), rng.choice(TROOPS)] for _ in range(rng.randint(0, 2))]
                    for _ in range(n)]
    t.statuses = [[c for c in STOPS if rng.random() < 0.3] for _ in range(n)]
    t.water = [rng.randint(0, 25) for _ in range(n)]
    if t.rules.team_game:
        t.barred = [rng.random() < 0.3 for _ in range(n)]
    for _ in range(rng.randint(0, 8)):
        h = rng.randrange(t.board.size)
        if h not in t.pieces and h not in t.board.special:
            t.pieces[h] = (rng.randrange(n), "hedge")
    t.damage = {}
    t.touch()
    return t


def check_extraction(before, after, events) -> None:
    """LO-7.3, LO-9, LO-12: one source card per held source hex, plus one per opponent for
    the centre; their gallons, the pumps that were in play and the one drawn now, doubled by
    each water pocket."""
    me, b = before.current, before.board
    held = {h for h, (q, k) in before.pieces.items() if q == me and k != "hedge"}
    if after.over and any(e["type"] == "game_over" for e in events):
        return
    want = len(held & b.sources)
    if b.centre in held:
        want += sum(1 for q in range(before.rules.players) if before.team(q) != before.team(me))
    water = [e for e in events if e["type"] == "water"]
    drawn = water[0]["cards"] if water else []
    assert len(drawn) == want, (drawn, want)
    gain = (sum(GALLONS.get(c, 0) for c in drawn) + before.pumps[me] + drawn.count("pump")) * 2 ** drawn.count("pocket")
    assert after.water[me] - before.water[me] == gain
    bunkers = [e for e in events if e["type"] == "bunker_drawn"]
    assert len(bunkers[0]["cards"] if bunkers else []) == len(held & b.bunkers)
    assert not after.statuses[me] and not after.injections[me], "LO-10.1, LO-11: expired"


CONFIGS = [{"players": 2}, {"players": 3, "mode": "long"}, {"players": 4, "teams": "2x2"},
           {"players": 6, "teams": "3x3"}, {"players": 5, "teams": "2x3", "mode": "long"}]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(str(v) for v in c.values()))
def test_the_engine_offers_what_an_independent_reading_of_the_rules_offers(config):
    compared = 0
    for seed in range(2):
        s = GAME.new_game({**SPEC.simulation, **config}, seed)
        rng = random.Random(seed)
        for _ in range(1000):
            d = GAME.decision(s)
            if d is None:
                break
            if not s.stack and d.kind in ("tactical", "economic"):
                assert set(d.actions) == expected_options(s)
                t = redrawn(s, rng)
                dt = GAME.decision(t)
                if dt is not None and not t.stack:
                    assert set(dt.actions) == expected_options(t)
                    compared += 1
            action = rng.choice(d.actions)
            before = s.copy()
            events = GAME.apply_in_place(s, action)
            if action == "end phase":
                check_extraction(before, s, events)
    assert compared > 50


def expected_eye(before, events, seat: int) -> int:
    """LO-13.1 to LO-13.5: the Eye of the seat whose turn starts (long, blitz) or whose
    tactical phase ends (normal), read anew: a troop of its own on the centre moves it one
    circle (to circle 1 in blitz and team games, where it then stays), never back."""
    r = before.rules
    p = before.pieces.get(before.board.centre)
    if p is None or p[0] != seat or p[1] == "hedge":
        return before.eye[seat]
    return max(before.eye[seat], 1 if (r.team_game or r.mode == "blitz") else before.eye[seat] + 1)


TEAM_CONFIGS = [{"players": 4, "teams": "2x2"}, {"players": 4, "teams": "2x2", "mode": "long"},
                {"players": 6, "teams": "2x2x2", "mode": "long"}, {"players": 3, "mode": "long"},
                {"players": 2, "mode": "blitz"}, {"players": 5, "teams": "2x3"}]


@pytest.mark.parametrize("config", TEAM_CONFIGS, ids=lambda c: "-".join(str(v) for v in c.values()))
def test_the_eye_and_the_bar_follow_an_independent_reading(config):
    """The Eye moves when the form says (LO-13), and a clan is barred from the centre exactly
    when its troop there is removed from the board after its Eye reached circle 1, in team
    games only (LO-13.4); walking off bars nobody."""
    barred = 0
    for seed in range(3):
        s = GAME.new_game({**SPEC.simulation, **config}, seed)
        rng = random.Random(seed)
        r = s.rules
        for _ in range(4000):
            d = GAME.decision(s)
            if d is None:
                break
            # Random play, drawn to the centre: moves onto it, attacks and cards on it first.
            centre = s.board.names[s.board.centre]
            toward = [a for a in d.actions if a.endswith(" " + centre)]
            action = rng.choice(toward if toward and rng.random() < 0.7 else d.actions)
            before = s.copy()
            events = GAME.apply_in_place(s, action)
            for q in range(r.players):
                was = before.pieces.get(before.board.centre)
                knocked = was is not None and was[0] == q and any(
                    e["type"] == "removed" and e["hex"] == centre for e in events)
                assert s.barred[q] == (before.barred[q] or (r.team_game and knocked and before.eye[q] >= 1))
                barred += s.barred[q] and not before.barred[q]
            started = [e["seat"] for e in events if e["type"] == "turn"]
            if r.mode in ("long", "blitz") and started:
                assert s.eye[started[0]] == expected_eye(before, events, started[0])
            if r.mode == "normal" and action == "end phase":
                assert s.eye[before.current] == expected_eye(before, events, before.current)
    assert barred or not r.team_game, "no clan was ever barred: the bar went untested"
