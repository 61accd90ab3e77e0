"""The agenda deck: taking its cards, running out, and agenda cards in hand
(FO-13.4, FO-13.5).

The deck is also the first-player marker: whoever holds it plays first (FO-13.4).
Every shuffle uses the state's generator.
"""

from __future__ import annotations

from wasteland.core import chance
from wasteland.core.rng import shuffle

from .content import HAND_LIMIT
from .influence import finish
from .state import State

Events = list[dict]


def take_top(s: State, events: Events, why: str) -> str | None:
    """The top agenda card, or None if there is none. Taking the last card runs the
    deck out at once, whatever took it (FO-13.4: "for any reason")."""
    if not s.deck:
        events.append({"type": "agenda_empty", "why": why})
        return None
    # A chance point: at a table the holder of the deck turns the card and says which it is.
    card = chance.draw(s, s.deck, "the agenda card on top of the deck", "FO-13.1" if why == "round end" else "FO-13.5")
    if not s.deck:
        run_out(s, events)
    return card


def player_to_the_right(s: State, seat: int) -> int:
    """Ruling (FO-13.4): play passes to the left (clockwise), so the player to the right
    of a seat is the one before it in turn order, the last to play in its round."""
    i = s.order.index(seat)
    return s.order[(i - 1) % len(s.order)]


def run_out(s: State, events: Events) -> None:
    """FO-13.4: the last agenda card was taken. Shuffle the discard pile into a new
    deck; pass the deck to the player to the right of the first player, who becomes the
    first player (turn order unchanged); move both factions' tokens one step down the
    scenario track. The round then ends just before the new first player's next turn
    (see ``engine.next_turn``)."""
    s.deck = s.discard
    s.discard = []
    shuffle(s, s.deck)
    old = s.first
    s.first = player_to_the_right(s, old)
    s.factions = [f + 1 for f in s.factions]
    events.append({"type": "deck_ran_out", "cards": len(s.deck), "first_before": old, "first": s.first,
                   "factions": dict(zip(s.content.factions, s.factions))})
    length = s.content.track.length
    if any(f >= length for f in s.factions):
        # chosen: the demo scenario sheet's last step ends the game with no winner
        finish(s, [], f"a faction reached the end of the scenario track (step {length})", events)


def gain(s: State, seat: int, events: Events) -> None:
    """FO-13.5: a quest reward's agenda card goes into the hand, hidden from the others.
    With a fifth card in hand the holder chooses one to shuffle back (the ``return`` frame)."""
    card = take_top(s, events, "reward")
    if card is None:
        return
    s.hands[seat].append(card)
    events.append({"type": "agenda_gained", "seat": seat, "card": card})
    if len(s.hands[seat]) > HAND_LIMIT and not s.over:
        s.stack.append({"kind": "return", "seat": seat})


def return_card(s: State, seat: int, card: str, events: Events) -> None:
    """FO-13.5 ruling: any of the five may go back, the new one included; it is shuffled
    into the deck."""
    s.hands[seat].remove(card)
    s.deck.append(card)
    shuffle(s, s.deck)
    events.append({"type": "agenda_returned", "seat": seat, "card": card})
