"""Where each card lies in a scenario: the decks, the supply, the discard pile, each
player's hand, cargo and vehicle slots, and a card waiting to be placed (SL §54).

Every zone the scenario names is set to exactly the cards it lists; the others keep
what the set-up put there, less the cards the named zones took. A card is named by its
id (``axe``: the lowest-numbered copy that is free) or as one copy (``axe#2``). A card
a named zone held and no longer holds goes back where a free card of its kind lies:
the discard pile for a Mirage or Raider deck card (it was drawn and used), the supply
for the others (SL §21 to SL §27). If that zone is named too, the card has nowhere to
go and the scenario must say where it is. So the number of cards never changes: the
same cards are in play as after the set-up, each in exactly one place.
"""

from __future__ import annotations

from typing import Any

from .scenario_fields import ScenarioError, text, texts
from .state import Player, State
from .zones import cargo_capacity

#: the card zones of the table, as [state] keys; decks are listed top card first
TABLE_ZONES = ("supply", "mirage", "raider_deck", "discard")
DECKS = ("mirage", "raider_deck", "discard")  # stored top last, written top first
PLAYER_ZONES = ("hand", "cargo", "vehicle")


class Cards:
    """Names and numbered copies of the cards in play for one state."""

    def __init__(self, s: State) -> None:
        cat = s.static.catalog
        self.names = cat.card_names
        self.index = cat.card_index
        self.defs = cat.cards
        self.characters = set(cat.character_card.values())
        self.in_play = set(self.where(s))

    @staticmethod
    def where(s: State) -> dict[int, str]:
        """card -> the zone that holds it ("mirage", "p2 hand", "procedure" for a card
        waiting to be placed)."""
        out: dict[int, str] = {}
        for zone in TABLE_ZONES:
            for c in getattr(s, zone):
                out[c] = zone
        for p in s.players:
            for c in p.hand:
                out[c] = f"p{p.seat + 1} hand"
            for c in p.cargo:
                out[c] = f"p{p.seat + 1} cargo"
            if p.vehicle is not None:
                out[p.vehicle] = f"p{p.seat + 1} vehicle"
        for f in s.stack:
            if f["kind"] == "place":
                out[f["card"]] = "procedure"
        return out

    def copy_of(self, name: str, where: str, free: dict[int, None]) -> int:
        """The card a name stands for: ``axe#2`` that copy, ``axe`` the lowest-numbered
        free copy (``free`` lists the cards not yet placed by the scenario)."""
        if name in self.index and "#" in name:
            card = self.index[name]
            if card not in self.in_play:
                raise ScenarioError(where, f"{name} is not in play in this game (SL §141, SL §112)", "SL §141")
            if card not in free:
                raise ScenarioError(where, f"{name} is named twice")
            return card
        copies = [c for c in free if self.defs[c].id == name and c not in self.characters]
        if not copies:
            if not any(d.id == name for d in self.defs) or name in self.index and "#" not in name \
                    and self.index[name] in self.characters:
                raise ScenarioError(where, f"unknown card {name!r}")
            raise ScenarioError(where, f"no free copy of card {name!r} left")
        return min(copies)


def _home(cards: Cards, card: int) -> str:
    return "discard" if cards.defs[card].deck in ("mirage", "raider") else "supply"


def place_cards(s: State, state_table: dict[str, Any], players: list[tuple[Player, dict[str, Any], str]],
                where_state: str) -> None:
    """Set every card zone the scenario names (see the module's docstring)."""
    cards = Cards(s)
    wanted: list[tuple[str, list[str], str]] = []  # (zone, names, where)
    for zone in TABLE_ZONES:
        if zone in state_table:
            wanted.append((zone, texts(state_table[zone], f"{where_state} {zone}"), f"{where_state} {zone}"))
    for p, spec, where in players:
        for zone in PLAYER_ZONES:
            if zone not in spec:
                continue
            if zone == "vehicle":
                name = text(spec[zone], f"{where} vehicle")
                names = [name] if name else []
            else:
                names = texts(spec[zone], f"{where} {zone}")
            wanted.append((f"p{p.seat + 1} {zone}", names, f"{where} {zone}"))
    if not wanted:
        return
    named = {zone for zone, _, _ in wanted}
    held = Cards.where(s)
    released = [c for c, zone in held.items() if zone in named]
    # every card in play, in number order, but those waiting for a slot (SL §54)
    free = dict.fromkeys(c for c in sorted(held) if held[c] != "procedure")
    chosen: dict[str, list[int]] = {}
    # Copies named exactly first, so that ``axe`` elsewhere takes another copy.
    for zone, names, where in wanted:
        for name in names:
            if "#" in name:
                if held.get(cards.index.get(name, -1)) == "procedure":
                    raise ScenarioError(where, f"{name} waits for a slot ([[procedure]] place): it lies in no "
                                        "zone (SL §54)", "SL §54")
                free.pop(cards.copy_of(name, where, free))
    for zone, names, where in wanted:
        out = chosen[zone] = []
        for name in names:
            card = cards.index[name] if "#" in name else cards.copy_of(name, where, free)
            free.pop(card, None)
            out.append(card)
        _check_slots(s, cards, zone, out, where)
    taken = {c for cs in chosen.values() for c in cs}
    for zone in TABLE_ZONES:
        pile = chosen.get(zone)
        if pile is not None:
            setattr(s, zone, pile[::-1] if zone in DECKS else pile)
        else:
            setattr(s, zone, [c for c in getattr(s, zone) if c not in taken])
    for p in s.players:
        label = f"p{p.seat + 1}"
        p.hand = chosen.get(f"{label} hand", [c for c in p.hand if c not in taken])
        p.cargo = chosen.get(f"{label} cargo", [c for c in p.cargo if c not in taken])
        vehicle = chosen.get(f"{label} vehicle")
        if vehicle is not None:
            p.vehicle = vehicle[0] if vehicle else None
        elif p.vehicle in taken:
            p.vehicle = None
    for card in released:
        if card in taken:
            continue
        home = _home(cards, card)
        if home in named:
            raise ScenarioError(where_state, f"{cards.names[card]} is in no zone any more: name it in one "
                                f"(the {home} is named, so it cannot go back there)")
        getattr(s, home).insert(0, card)  # under the deck's cards, at the bottom of the pile
    for p in s.players:
        held_now = {*p.cards()}
        p.engaged &= held_now | {p.char_card}
        p.last_used = {k: v for k, v in p.last_used.items() if k in held_now | {p.char_card} and v in held_now}


def _check_slots(s: State, cards: Cards, zone: str, chosen: list[int], where: str) -> None:
    """SL §54: a grey-header card sits in the vehicle slot, a blue-header one in a cargo
    slot (three, the first holding the character card); hand items are held in the hand."""
    kind = zone.rsplit(" ", 1)[-1]
    if kind == "hand":
        # a vehicle or cargo card is never held in the hand: one waiting for its slot lies
        # in a ``place`` procedure
        for c in chosen:
            if cards.defs[c].slot != "hand":
                raise ScenarioError(where, f"{cards.names[c]} is a {cards.defs[c].slot} card: it sits in its slot "
                                    "and is never held in the hand (SL §54)", "SL §54")
    if kind not in ("cargo", "vehicle"):
        return
    if kind == "vehicle" and len(chosen) > 1:
        raise ScenarioError(where, "one vehicle slot (SL §54)", "SL §54")
    for c in chosen:
        slot = cards.defs[c].slot
        if slot != kind:
            raise ScenarioError(where, f"{cards.names[c]} is a {slot} card, not a {kind} card (SL §54)", "SL §54")
    if kind == "cargo" and len(chosen) > cargo_capacity(s):
        raise ScenarioError(where, f"{len(chosen)} cards, but the cargo holds {cargo_capacity(s)} (SL §54)",
                            "SL §54")


def card_list(s: State, names: Any, where: str, holders: set[int] | None = None) -> list[int]:
    """Cards named in a list that places nothing (``traded``, ``seen_in_hand``, ``engaged``):
    ``axe#2`` that copy; ``axe`` the lowest-numbered copy among ``holders`` (default:
    every card in play)."""
    cards = Cards(s)
    pool = dict.fromkeys(sorted(cards.in_play if holders is None else holders))
    out = []
    for name in texts(names, where):
        if "#" in name:
            if name not in cards.index:
                raise ScenarioError(where, f"unknown card {name!r}")
            card = cards.index[name]
            if card not in pool:
                raise ScenarioError(where, f"{name} is not among the cards this list may name")
        else:
            card = next((c for c in pool if cards.defs[c].id == name), -1)
            if card < 0:
                raise ScenarioError(where, f"no card {name!r} among the cards this list may name")
        pool.pop(card)
        out.append(card)
    return out
