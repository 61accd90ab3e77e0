"""Influence and the victory it brings (FO-13.5).

Each agenda card a survivor holds gives +1 influence, and its bonus as well while
the survivor meets the card's requirement. Ruling (FO-13.5): influence is evaluated
afresh after every change of the game, so a requirement lost (radiation rising past a
card's limit) takes its bonus away again; "reaches the target" and "has also reached
it" are read at that same moment.
"""

from __future__ import annotations

from .content import AgendaCardDef
from .state import State

Events = list[dict]


def meets(s: State, seat: int, card: AgendaCardDef) -> bool:
    """Does ``seat`` meet the requirement printed on ``card`` (the demo's chosen kinds)?"""
    n = card.n
    kind = card.requirement
    if kind == "kills":
        return s.kills[seat] >= n
    if kind == "quests":
        return s.quests[seat] >= n
    if kind == "radiation_at_most":
        return s.radiation[seat] <= n
    if kind == "health_at_least":
        return s.health[seat] >= n
    if kind == "faction_cards":
        cards = s.content.cards
        return sum(1 for c in s.hands[seat] if cards[c].faction == card.faction) >= n
    raise ValueError(f"unknown requirement {kind!r}")


def card_influence(s: State, seat: int, card_id: str) -> int:
    """FO-13.5: +1 for holding the card, plus its bonus if its requirement is met."""
    card = s.content.cards[card_id]
    return 1 + (card.bonus if meets(s, seat, card) else 0)


def influence(s: State, seat: int) -> int:
    return sum(card_influence(s, seat, c) for c in s.hands[seat])


def at_target(s: State) -> list[int]:
    """The seats at or past the influence target (FO-13.5: 11/10/9/8 for 1-4 players)."""
    target = s.rules.target
    return [q for q in s.players if influence(s, q) >= target]


def check_victory(s: State, events: Events) -> bool:
    """FO-13.5: the game ends the moment a survivor reaches the target, in their victory;
    they show their cards. The other survivors at or past the target at that moment *may*
    show theirs and declare a shared victory (the original: "тоже могут показать карты и
    объявить о совместной с вами победе"): each is asked in turn order (a ``share``
    procedure each), and the game is over when the last has answered.

    Ruling (FO-13.5): the one who reached it is the first at or past the target in turn
    order from the survivor taking the turn (the first player during a round end). Only a
    survivor's own hand, track, kills and quests count for their influence, so one
    survivor crosses at a time in play; the others at or past the target are those who
    "have also reached it". ``winners`` gathers the victors while the others answer."""
    if s.over or any(f["kind"] in ("return", "share") for f in s.stack):
        return s.over  # a fifth card is being put back, or the victory is being shared
    reached = at_target(s)
    if not reached:
        return False
    start = s.order.index(s.current if s.current is not None else s.first)
    ranked = [q for q in s.order[start:] + s.order[:start] if q in reached]
    winner, others = ranked[0], ranked[1:]
    if not others:
        end_in_victory(s, [winner], events)
        return True
    events.append({"type": "target_reached", "seat": winner, "influence": influence(s, winner),
                   "revealed": sorted(s.hands[winner]), "others": others})
    s.winners = [winner]
    s.current = None
    s.stack = [{"kind": "share", "seat": q, "winner": winner} for q in reversed(others)]
    return True


def share_victory(s: State, seat: int, shared: bool, events: Events) -> None:
    """FO-13.5: ``seat``, also at or past the target, shows their cards and shares the
    victory (``shared``), or keeps them hidden; after the last answer the game is over."""
    s.stack.pop()
    if shared:
        s.winners = sorted(s.winners + [seat])
    events.append({"type": "victory_shared" if shared else "victory_not_shared", "seat": seat})
    if not any(f["kind"] == "share" for f in s.stack):
        end_in_victory(s, s.winners, events)


def end_in_victory(s: State, winners: list[int], events: Events) -> None:
    """FO-13.5: the game is over; the victors' cards are shown."""
    finish(s, winners, f"influence {s.rules.target} reached", events,
           revealed={q: sorted(s.hands[q]) for q in winners},
           influence={q: influence(s, q) for q in winners})


def finish(s: State, winners: list[int], reason: str, events: Events, **details: object) -> None:
    s.over = True
    s.winners = sorted(winners)
    s.end_reason = reason
    s.stack.clear()
    s.current = None
    ev: dict = {"type": "game_over", "winners": s.winners, "reason": reason}
    for k, v in details.items():
        ev[k] = {str(q): x for q, x in v.items()} if isinstance(v, dict) else v
    events.append(ev)
