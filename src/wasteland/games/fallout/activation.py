"""The end of a round: the agenda card and the enemies it activates (FO-13.1 to FO-13.3).

A round end is a frame on the stack: ``round_end`` reveals the top agenda card, then
``activate`` walks the icons along its bottom edge from left to right. For each icon
the face-up enemies of that type act one by one; then the face-down ones of the type
are flipped face up. Every choice the page leaves to the table is a decision of the
first player: which enemy of the type acts next (``order``) and, when two spaces are
equally on a shortest route, where an enemy steps (``step``).

Every enemy's action is an event that carries its reason: the target, the distance,
which tie-break decided (FO-13.3) and how the step was chosen.
"""

from __future__ import annotations

from typing import Any

from .agenda import take_top
from .fight import fight
from . import notation as N
from .notation import parse
from .state import State
from .turn import start_turn

Events = list[dict]
Frame = dict[str, Any]


def start_round_end(s: State, resume: int, events: Events) -> None:
    """FO-13.1: every survivor has had a turn; ``resume`` takes the next turn after it."""
    s.current = None
    s.stack.append({"kind": "round_end", "seat": s.first, "resume": resume})
    events.append({"type": "round_end", "round": s.round, "first": s.first})


def round_end_run(s: State, f: Frame, events: Events) -> bool:
    """FO-13.1: reveal the top card of the agenda deck (its text plays no part here)."""
    printed: list[str] = []  # the icons a table entered for a card of its own
    card = take_top(s, events, "round end", printed)  # FO-13.4 may run the deck out right here
    s.revealed = card
    if s.over:
        return True
    icons = printed or (list(s.content.cards[card].icons) if card is not None else [])
    if printed:
        # the table's own card, standing for the engine's top card (which it discards)
        events.append({"type": "icons_written", "icons": icons, "card": card, "printed": True})
    elif card is not None:
        events.append({"type": "agenda_revealed", "card": card, "icons": icons})
    s.stack[-1] = activate_frame(s, f["resume"], card, icons)
    return True


def activate_frame(s: State, resume: int, card: str | None, icons: list[str]) -> Frame:
    """The frame that resolves ``icons`` (a card's strip, or one a table wrote down)."""
    return {"kind": "activate", "seat": s.first, "resume": resume, "card": card, "icons": icons, "icon": 0,
            "pending": None}


def face_up(s: State, kind: str) -> list[str]:
    return sorted(e for e, (t, _sp, up) in s.enemies.items() if t == kind and up)


def activate_run(s: State, f: Frame, events: Events) -> bool:
    """FO-13.2: the types on the card act in the order of the icons, left to right; a
    type shown twice acts twice."""
    card = f["card"]
    icons = f["icons"]
    i = f["icon"]
    if i >= len(icons):
        if card is not None:
            s.discard.append(card)  # FO-13.1: then the card is discarded
            events.append({"type": "agenda_discarded", "card": card})
        s.revealed = None
        s.stack.pop()
        start_turn(s, f["resume"], events)
        return True
    kind = icons[i]
    pending = f["pending"]
    if pending is None:
        # Ruling (FO-13.2): only the face-up, active enemies act; face-down ones are
        # flipped afterwards and do not act in the activation that flips them.
        pending = face_up(s, kind)
        events.append({"type": "type_activates", "enemy_type": kind, "icon": i + 1, "enemies": pending})
        s.stack[-1] = f = {**f, "pending": pending, "seat": s.first}
    pending = [e for e in pending if e in s.enemies and s.enemies[e][2]]
    if not pending:
        flipped = sorted(e for e, (t, _sp, up) in s.enemies.items() if t == kind and not up)
        for e in flipped:
            t, sp, _up = s.enemies[e]
            s.enemies[e] = (t, sp, True)
        if flipped:
            events.append({"type": "flipped", "enemy_type": kind, "enemies": flipped,
                           "spaces": [s.enemies[e][1] for e in flipped]})
        s.stack[-1] = {**f, "icon": i + 1, "pending": None}
        return True
    if len(pending) == 1:
        s.stack[-1] = {**f, "pending": []}
        act(s, pending[0], events)
        return True
    return False  # FO-13.2 ruling: the first player chooses which enemy of the type acts next


def order_options(s: State, f: Frame) -> list[str]:
    return [N.Activate.text(e) for e in f["pending"] if e in s.enemies and s.enemies[e][2]]


def order_choose(s: State, f: Frame, action: str, events: Events) -> None:
    enemy = parse(action).enemy
    s.stack[-1] = {**f, "pending": [e for e in f["pending"] if e != enemy]}
    act(s, enemy, events)


# -- one enemy's action (FO-13.2) and its target (FO-13.3) ----------------------------------


def next_round_position(s: State, seat: int) -> int:
    """How early ``seat`` plays in the next round: 0 for the survivor who takes the first
    turn after this round end. Ruling (FO-13.3, read as the original words it: "who plays
    earlier in the next round"): counted from the seat that will actually take that turn,
    which is the first player unless the deck ran out during this very reveal."""
    resume = next((f["resume"] for f in reversed(s.stack) if "resume" in f), s.first)
    n = len(s.order)
    return (s.order.index(seat) - s.order.index(resume)) % n


def pick(s: State, candidates: list[int]) -> tuple[int, str]:
    """FO-13.3: among survivors equally near, the one with the smallest gap between
    health and radiation, then the one who plays earlier in the next round. Returns the
    survivor and the tie-break that decided."""
    if len(candidates) == 1:
        return candidates[0], "only survivor that near"
    gaps = {q: s.health[q] - s.radiation[q] for q in candidates}
    low = min(gaps.values())
    closest = [q for q in candidates if gaps[q] == low]
    if len(closest) == 1:
        return closest[0], "smallest gap between health and radiation"
    return min(closest, key=lambda q: next_round_position(s, q)), "plays earlier in the next round"


def act(s: State, enemy: str, events: Events) -> None:
    kind, here, _up = s.enemies[enemy]
    g = s.board.graph
    seats = s.players
    same = [q for q in seats if s.space[q] == here]
    if same:
        # FO-13.2 (1): a survivor in its own space: it fights instead of moving
        target, tie = pick(s, same)
        events.append(_fight_event(s, enemy, kind, here, target, 0, "survivor in its space", tie, same))
        fight(s, enemy, target, events, by="enemy")
        return
    if s.has_ranged_icon(enemy):
        near = [q for q in seats if g.adjacent(here, s.space[q])]
        if near:
            # FO-13.2 (2): the ranged icon and a survivor in an adjacent space
            target, tie = pick(s, near)
            events.append(_fight_event(s, enemy, kind, here, target, 1, "ranged icon, survivor adjacent", tie, near))
            fight(s, enemy, target, events, by="enemy")
            return
    # FO-13.2 (3): otherwise one space toward the nearest survivor (FO-13.3: by spaces)
    dist, nearest = g.nearest(here, [s.space[q] for q in seats])
    candidates = [q for q in seats if s.space[q] in nearest]
    if not candidates:
        events.append({"type": "enemy_waits", "enemy": enemy, "enemy_type": kind, "space": here,
                       "reason": "no survivor can be reached from its space"})
        return
    target, tie = pick(s, candidates)
    steps = g.next_steps(here, s.space[target])
    move = {"type": "enemy_moves", "enemy": enemy, "enemy_type": kind, "from": here, "target": target,
            "target_space": s.space[target], "distance": dist, "tie_break": tie, "candidates": candidates,
            "reason": "moves one space toward the nearest survivor"}
    if len(steps) == 1:
        step(s, enemy, steps[0], {**move, "to": steps[0], "step": "the only space on a shortest route"}, events)
        return
    # two or more next spaces equally on a shortest route: the page does not say; the
    # first player chooses (the digest's ruling for choices left open)
    s.stack.append({"kind": "step", "seat": s.first, "enemy": enemy, "steps": steps, "event": move})


def _fight_event(s: State, enemy: str, kind: str, here: str, target: int, dist: int, reason: str, tie: str,
                 candidates: list[int]) -> dict:
    return {"type": "enemy_fights", "enemy": enemy, "enemy_type": kind, "space": here, "target": target,
            "target_space": s.space[target], "distance": dist, "reason": reason, "tie_break": tie,
            "candidates": candidates}


def step(s: State, enemy: str, to: str, event: dict, events: Events) -> None:
    kind, _here, up = s.enemies[enemy]
    s.enemies[enemy] = (kind, to, up)
    events.append(event)


def step_options(s: State, f: Frame) -> list[str]:
    return [N.Step.text(f["enemy"], sp) for sp in f["steps"]]


def step_choose(s: State, f: Frame, action: str, events: Events) -> None:
    to = parse(action).space
    s.stack.pop()
    step(s, f["enemy"], to, {**f["event"], "to": to, "step": "first player chose among shortest routes",
                             "routes": list(f["steps"])}, events)
