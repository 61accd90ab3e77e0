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
    """FO-13.5: the game ends the moment a survivor reaches the target; every survivor
    at or past it at that moment shares the victory, and their cards are shown.

    Ruling: the page lets the others at or past the target show their cards and claim
    the shared win; it is not asked as a decision, because the game is over either way
    and declining could only turn a win into a loss for the one who declines."""
    if s.over or any(f["kind"] == "return" for f in s.stack):
        return s.over  # a fifth card is being put back: the take is not finished yet
    winners = at_target(s)
    if not winners:
        return False
    finish(s, winners, f"influence {s.rules.target} reached", events,
           revealed={q: sorted(s.hands[q]) for q in winners},
           influence={q: influence(s, q) for q in winners})
    return True


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
