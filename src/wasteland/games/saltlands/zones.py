"""Where cards live and how they move: decks, the discard pile, supply, hands and slots.

SL §54 to SL §62 (card life cycle), SL §68, SL §69, SL §70 (draw, get, vehicles), SL §55 (hand limit), SL §88 (armor).
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core import deck
from wasteland.core.rng import shuffle

from . import reveals
from .schema import CardDef
from .state import Player, State, catalog

Events = list[dict[str, Any]]


def card_def(s: State, card: int) -> CardDef:
    return s.static.catalog.cards[card]


def card_name(s: State, card: int) -> str:
    return s.static.catalog.card_names[card]


def ability_active(s: State, p: Player) -> bool:
    """SL §93: after a Normal-difficulty respawn the card shows its black side, no ability."""
    return not (p.respawned and s.static.rules.difficulty == "normal")


def ability(s: State, p: Player) -> str | None:
    if p.character is None or not ability_active(s, p):
        return None
    return s.static.content.characters[p.character].ability


# -- decks ------------------------------------------------------------------------------


def draw_mirage(s: State, events: Events) -> int | None:
    """SL §57: the top Mirage card; an empty deck is rebuilt from the whole discard pile (SL §56)."""
    card = reveals.draw_mirage(s, events)
    if card is None:
        events.append({"type": "deck_empty", "deck": "mirage"})
    return card


def draw_raider(s: State, events: Events) -> int | None:
    """SL §57, SL §99: with the Raider deck empty, draw from the Mirage deck instead."""
    if s.raider_deck:
        return reveals.draw_raider_card(s)
    return draw_mirage(s, events)


def get_card(s: State, wanted: Callable[[CardDef], bool], events: Events) -> int | None:
    """SL §58/SL §69 "get a card": supply first, then the discard pile, then search the
    Mirage deck (and shuffle it). None if the card is nowhere (SL §99)."""
    cards = s.static.catalog.cards

    def match(c: int) -> bool:
        return wanted(cards[c])

    return _get(s, match, events)


def get_card_by_id(s: State, card_id: str, events: Events) -> int | None:
    """:func:`get_card` for a card named by its id (e.g. a Sailer for a respawn)."""
    return _get(s, card_instances(s.static.catalog, card_id).__contains__, events)


_INSTANCES: dict[tuple[int, str], frozenset[int]] = {}


def card_instances(cat, card_id: str) -> frozenset[int]:
    """Every card instance with this id."""
    key = (id(cat), card_id)
    found = _INSTANCES.get(key)
    if found is None:
        found = _INSTANCES[key] = frozenset(i for i, d in enumerate(cat.cards) if d.id == card_id)
    return found


def _get(s: State, match: Callable[[int], bool], events: Events) -> int | None:
    found = deck.take_uppermost(s.supply, match)
    if found is None:
        found = deck.take_uppermost(s.discard, match)
    if found is None and s.mirage:
        # SL §58, SL §69: the Mirage deck is "always" shuffled once looked through, whether
        # the card was in it or not.
        found = deck.search(s, s.mirage, match)
        if found is None:
            shuffle(s, s.mirage)
        events.append({"type": "deck_searched", "deck": "mirage"})
    return found


# -- a player's cards ---------------------------------------------------------------


def holds(p: Player, card: int) -> bool:
    return card in p.hand or card in p.cargo or card == p.vehicle


def take_from_player(p: Player, card: int) -> None:
    if card in p.hand:
        p.hand.remove(card)
    elif card in p.cargo:
        p.cargo.remove(card)
    elif card == p.vehicle:
        p.vehicle = None
    else:  # pragma: no cover - callers check first
        raise KeyError(card)
    p.engaged.discard(card)
    last_used = p.last_used
    if last_used:
        last_used.pop(card, None)
        if card in last_used.values():
            for crew, last in list(last_used.items()):
                if last == card:
                    del last_used[crew]


def discard_from_player(s: State, p: Player, card: int, events: Events, why: str) -> None:
    take_from_player(p, card)
    s.discard.append(card)
    events.append({"type": "discard", "seat": p.seat, "card": card_name(s, card), "why": why})


def cargo_capacity(s: State) -> int:
    """SL §54: three blue slots, the first always holding the character card."""
    return len(s.static.content.board.cargo_slots) - 1


#: How a card comes into a hand unseen by the other players: from a face-down deck, or a
#: random card of another's hand (SL §146). Every other way (a crew or Victory card from
#: the face-up supply, SL §75, SL §76; a card from the face-up discard pile, SL §56; a trade
#: between neighbours, SL §72; a robbery; a fuel drain) happens in sight of everybody:
#: the card is named in the event to all and is remembered in ``State.seen_in_hand``.
HIDDEN_GAINS = ("draw", "loot", "loot token", "respawn", "reconstruction", "theft")


def gain(s: State, p: Player, card: int, events: Events, how: str) -> None:
    """A card arrives refreshed (SL §68, SL §69). Grey/blue-header cards must sit in a slot or
    be discarded (SL §54): without a free slot the player decides (a ``place`` decision).
    Ruling SL §64: a new crew member may act at once "even if you decide to drop it at the end
    of the turn": that is the free discard of SL §55 after it took its slot, not a crew card
    held beyond the slots until then (SL §54: never more cargo than slots)."""
    d = card_def(s, card)
    p.engaged.discard(card)
    if how in HIDDEN_GAINS:
        if card in s.seen_in_hand:
            s.seen_in_hand.remove(card)
    elif card not in s.seen_in_hand:
        s.seen_in_hand.append(card)
    events.append({"type": "gain", "seat": p.seat, "card": card_name(s, card), "how": how})
    if d.slot == "hand":
        p.hand.append(card)
    elif d.slot == "cargo" and len(p.cargo) < cargo_capacity(s):
        p.cargo.append(card)
    elif d.slot == "vehicle" and p.vehicle is None:
        p.vehicle = card
        if s.moved and s.current == p.seat:
            p.engaged.add(card)  # SL §70: swapped in after moving, it arrives engaged
    else:
        s.stack.append({"kind": "place", "seat": p.seat, "card": card})


def hand_limit(s: State, p: Player) -> int:
    """SL §55: the sum of the visible hand-limit symbols: a card in a slot covers the
    slot's printed value; the first blue slot holds the character card."""
    cards = s.static.catalog.cards
    board = s.static.content.board
    total = cards[p.char_card].hand_limit if p.char_card >= 0 else board.cargo_slots[0]
    for i, printed in enumerate(board.cargo_slots[1:]):
        total += cards[p.cargo[i]].hand_limit if i < len(p.cargo) else printed
    total += cards[p.vehicle].hand_limit if p.vehicle is not None else board.vehicle_slot
    return total


def over_hand_limit(s: State, p: Player) -> bool:
    return len(p.hand) > hand_limit(s, p)


def permanent_armor(s: State, p: Player) -> int:
    """SL §88: passive armor of the player's cards adds up, plus Tough (SL §135)."""
    cards = s.static.catalog.cards
    total = sum(cards[c].armor for c in p.hand)
    total += sum(cards[c].armor for c in p.cargo)
    if p.vehicle is not None:
        total += cards[p.vehicle].armor
    if ability(s, p) == "tough":
        total += 1
    return total


def crew_members(p: Player) -> list[int]:
    """SL §64: the character card plus the crew cards on the board."""
    return [p.char_card] + [c for c in p.cargo if c != p.char_card and _is_crew(c)]


_CREW_FLAGS: dict[int, bool] = {}


def _is_crew(card: int) -> bool:
    flag = _CREW_FLAGS.get(card)
    if flag is None:
        flag = _CREW_FLAGS[card] = catalog().cards[card].crew
    return flag


def fresh_crew(p: Player) -> list[int]:
    return [c for c in crew_members(p) if c not in p.engaged]


def victory_cards(s: State, p: Player) -> list[int]:
    cards = s.static.catalog.cards
    return [c for c in p.hand if cards[c].victory is not None]


def clear_player_cards(s: State, p: Player, events: Events, why: str) -> None:
    """Discard everything but the character card (SL §91, SL §96)."""
    for card in p.cards():
        discard_from_player(s, p, card, events, why)
    p.engaged.clear()
    p.last_used.clear()


def discard_card(s: State, p: Player, card: int, events: Events, why: str) -> None:
    d = card_def(s, card)
    discard_from_player(s, p, card, events, why)
    # Fuel Drain (SL §135): for each motorized vehicle card she discards, she may take a
    # Fuel card from the discard pile. Ruling: the Wind Tractor only moves like one (SL §144).
    if d.vehicle is not None and d.vehicle.movement == "motor" and ability(s, p) == "fuel_drain":
        if any(s.static.catalog.cards[c].fuel for c in s.discard):
            s.stack.append({"kind": "fuel_drain", "seat": p.seat})


def slot_cards(s: State, f: dict[str, Any]) -> list[int]:
    """The cards in the slots the card waiting in ``f`` could take (SL §54)."""
    p = s.players[f["seat"]]
    if card_def(s, f["card"]).slot == "vehicle":
        return [] if p.vehicle is None else [p.vehicle]
    return list(p.cargo)


def swap_partner(s: State, f: dict[str, Any]) -> int | None:
    """SL §70, SL §72: a vehicle or cargo card that came in a trade and finds its slot full may
    be swapped: the card in that slot goes to the other side of the trade. The seat of that
    side, or None when the waiting card came from no trade under way."""
    if f["card"] not in s.traded:
        return None
    if f["seat"] == s.current:
        # the partner gave it in the trade the current player asked for, still open below
        below = s.stack[-2] if len(s.stack) > 1 and s.stack[-1] is f else None
        if below is not None and below["kind"] == "trade" and below["active"] == f["seat"]:
            return below["seat"]
        return None
    return s.current  # every trade is with the current player: she gave it, offered and accepted
