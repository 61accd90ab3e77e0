"""Troop stats, damage and removal (LO-5, LO-7.2, LO-8.2, LO-10, LO-11)."""

from __future__ import annotations

from typing import Any

from .content import KINDS
from .state import State

Events = list[dict[str, Any]]

# The ray-tower status card that stops each kind (LO-11).
STATUS_OF = {"paralysis": "skinny", "blindness": "handsome", "madness": "smart"}


def stats(s: State, seat: int, kind: str):
    """The species card in force: the LevelDef of the seat's current level (LO-5)."""
    return s.static.content.kinds[kind].levels[s.level(seat, kind) - 1]


def _bonus(s: State, seat: int, kind: str, stat: str) -> int:
    cards = s.static.content.bunkers
    return sum(getattr(cards[card], stat) for card, k in s.injections[seat] if k == kind)


def health(s: State, seat: int, kind: str) -> int:
    """Troops: 1 + regenerative injections; hedges: their level, never boosted (LO-5, LO-6.4)."""
    if kind == "hedge":
        return s.level(seat, "hedge")
    return 1 + _bonus(s, seat, kind, "health")


def attack_value(s: State, seat: int, kind: str) -> int:
    """1 + neuro-stimulant injections (LO-8.2)."""
    return 1 + _bonus(s, seat, kind, "attack")


def move_range(s: State, seat: int, kind: str) -> int:
    """Species card movement + anabolic injections (LO-8.1, LO-10)."""
    return stats(s, seat, kind).move + _bonus(s, seat, kind, "move")


def status_on(s: State, seat: int, kind: str) -> bool:
    """Is a Paralysis/Blindness/Madness card lying on this seat's species card of ``kind``?"""
    return any(STATUS_OF[c] == kind for c in s.statuses[seat])


def can_move(s: State, seat: int, kind: str) -> bool:
    # LO-11: Paralysis stops Skinnies moving; Madness stops Brainiacs moving.
    if kind == "hedge":
        return False
    return kind == "handsome" or not status_on(s, seat, kind)


def can_attack(s: State, seat: int, kind: str) -> bool:
    # LO-11: Blindness stops Handsomes shooting; Madness stops Brainiacs attacking;
    # paralysed Skinnies may still attack.
    return kind != "hedge" and (kind == "skinny" or not status_on(s, seat, kind))


def hurt(s: State, target: int, amount: int, by: int, cause: str, events: Events) -> None:
    """Damage adds up until the next health reset; the token goes at damage >= health (LO-7.2)."""
    owner, kind = s.pieces[target]
    total = s.damage.get(target, 0) + amount
    hp = health(s, owner, kind)
    events.append({"type": "hit", "seat": by, "hex": s.board.names[target], "owner": owner, "kind": kind,
                   "amount": amount, "cause": cause, "left": max(hp - total, 0)})
    if total >= hp:
        remove(s, target, events)
    else:
        s.damage[target] = total


def remove(s: State, h: int, events: Events) -> None:
    owner, kind = s.pieces.pop(h)
    s.damage.pop(h, None)
    s.done.discard(h)
    if s.acting == h:
        s.acting = None
    events.append({"type": "removed", "hex": s.board.names[h], "owner": owner, "kind": kind})
    if h == s.board.centre:
        left_centre(s, owner, events)
    # LO-5: with its last token gone from the board, the kind drops back to level 1.
    if s.level(owner, kind) > 1 and s.count(owner, kind) == 0:
        s.levels[owner][KINDS.index(kind)] = 1
        events.append({"type": "level_reset", "seat": owner, "kind": kind})


def left_centre(s: State, seat: int, events: Events) -> None:
    """LO-13.4: a troop knocked off the centre (removed from it) after its player's Eye
    reached circle 1 bars that player from the centre for good; moving off does not."""
    if s.rules.team_game and s.eye[seat] >= 1 and not s.barred[seat]:
        s.barred[seat] = True
        events.append({"type": "barred", "seat": seat})


def reset_health(s: State, events: Events) -> None:
    """LO-7.2: after the tactical phase every token on the board recovers full health."""
    if s.damage:
        s.damage.clear()
        events.append({"type": "health_restored"})
