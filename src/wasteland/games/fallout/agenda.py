"""The agenda deck: taking its cards, running out, and agenda cards in hand
(FO-13.4, FO-13.5).

The deck is also the first-player marker: whoever holds it plays first (FO-13.4).
Every shuffle uses the state's generator.
"""

from __future__ import annotations

from wasteland.core import chance
from wasteland.core.protocol import RuleError
from wasteland.core.rng import shuffle

from .content import HAND_LIMIT
from .influence import finish
from .state import State

Events = list[dict]


#: how many icons a table may enter for a card of its own (the data's cards show 1 to 3)
MOST_ICONS = 4
NO_ICON = "none"


def icons_format(s: State) -> str:
    """How a table enters the enemy icons printed on the agenda card it turned, left to
    right, when its card is not the one our data has: ``chance custom icon1=marauder
    icon2=mole_rat`` (the later ones may be ``none``; ``icons=marauder,mole_rat`` reads the
    same)."""
    types = "|".join(s.content.types)
    return " ".join([f"icon1=<{types}>"] + [f"icon{k}=<{NO_ICON}|{types}>" for k in range(2, MOST_ICONS + 1)])


def take_top(s: State, events: Events, why: str, printed: list[str] | None = None) -> str | None:
    """The top agenda card, or None if there is none. Taking the last card runs the
    deck out at once, whatever took it (FO-13.4: "for any reason").

    At a table the holder of the deck turns the card and says which it is (a chance
    point). At the round end (``printed`` given) the table may instead enter the icons
    printed on its card: the card then stands for the engine's top card, whose id it
    takes to the discard pile, and ``printed`` receives its icons (FO-13.1)."""
    if not s.deck:
        events.append({"type": "agenda_empty", "why": why})
        return None

    def entered(state: State, values: str) -> str:
        assert printed is not None
        printed[:] = parse_icons(state, values)
        return state.deck[-1]

    if printed is None:
        card = chance.draw(s, s.deck, "the agenda card on top of the deck", "FO-13.5", term="agenda_card")
    else:
        card = chance.draw(s, s.deck, "the agenda card on top of the deck", "FO-13.1", custom=icons_format(s),
                           make_custom=entered, term="agenda_card")
    if not s.deck:
        run_out(s, events)
    return card


def parse_icons(s: State, values: str) -> list[str]:
    """``icon1=marauder icon2=mole_rat`` (or ``icons=marauder,mole_rat``): the enemy icons
    of a table's card, left to right; a RuleError names what is wrong."""
    slots: dict[int, str] = {}
    for part in values.split():
        key, _, value = part.partition("=")
        if key == "icons":
            slots.update({k: v for k, v in enumerate((v for v in value.split(",") if v), 1)})
        elif key.startswith("icon") and key[4:].isdecimal() and 1 <= int(key[4:]) <= MOST_ICONS and value:
            slots[int(key[4:])] = value
        else:
            raise RuleError("FO-13.1", f"a card's icons read {icons_format(s)}; not {part!r}")
    icons = [slots[k] for k in sorted(slots) if slots[k] != NO_ICON]
    if not icons:
        raise RuleError("FO-13.1", "an agenda card shows at least one enemy icon")
    if len(icons) > MOST_ICONS:
        raise RuleError("FO-13.1", f"at most {MOST_ICONS} icons, not {len(icons)}")
    unknown = [i for i in icons if i not in s.content.types]
    if unknown:
        raise RuleError("FO-13.2", f"{unknown[0]!r} names no enemy type ({', '.join(s.content.types)})")
    return icons


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
