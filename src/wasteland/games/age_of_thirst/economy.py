"""Decks, the extraction phase and the economic phase (LO-7.3, LO-7.4, LO-9 to LO-12)."""

from __future__ import annotations

from wasteland.core import chance
from wasteland.core.rng import shuffle

from .combat import Events, hurt, stats
from .content import KINDS, TROOP_KINDS
from . import notation as N
from .notation import parse
from .progress import tread
from .state import State

HAND_LIMIT = 5  # LO-11
BUY_LIMIT = 5  # LO-7.4
MARKET_PRICE = 10  # LO-10.2
# Ruling (LO-2, LO-7.4): the 54 + 36 + 18 currency tokens (216 gal) are change, not a cap:
# a clan's water is one number and the bank never runs dry (the rulebook says nothing of
# an empty bank, and nothing a player could do when it is).


# -- decks -------------------------------------------------------------------------------

#: what a draw from each deck reveals, and the rule that draws it (chance points: at a table
#: the players draw the card and tell the engine which one it is)
DECK_WHAT = {"source": "the source card drawn", "bunker": "the bunker card drawn",
             "tower": "the ray-tower card drawn"}
DECK_RULE = {"source": "LO-9", "bunker": "LO-10.1", "tower": "LO-11"}


def draw(s: State, deck: str, events: Events) -> str | None:
    """The top card of a deck. The moment a deck runs out, its discard pile is shuffled into
    a new one (LO-9 for sources, with every pump in play going to the discard first; LO-10.1
    for bunkers; LO-11 for ray towers): so the black market never sells from a pile that is
    already the new deck. A deck that ran out while its discard pile was empty is rebuilt at
    the next draw, from what has been discarded since (ruling)."""
    cards: list[str] = getattr(s, f"{deck}_deck")
    if not cards:
        _rebuild(s, deck, events)
        if not cards:
            events.append({"type": "deck_empty", "deck": deck})
            return None
    card = chance.draw(s, cards, DECK_WHAT[deck], DECK_RULE[deck])
    if not cards:
        _rebuild(s, deck, events)
    return card


def _rebuild(s: State, deck: str, events: Events) -> None:
    """LO-9: pumps go to the discard pile, then the pile is shuffled face down as the new deck.
    Ruling: the card whose draw emptied the deck is being exchanged, so a pump drawn last stays."""
    cards: list[str] = getattr(s, f"{deck}_deck")
    discard: list[str] = getattr(s, f"{deck}_discard")
    if deck == "source":
        for seat, n in enumerate(s.pumps):
            if n:
                discard.extend(["pump"] * n)
                s.pumps[seat] = 0
                events.append({"type": "pumps_lost", "seat": seat, "count": n})
    if not discard:
        return
    cards.extend(discard)
    discard.clear()
    shuffle(s, cards)
    events.append({"type": "reshuffle", "deck": deck, "cards": len(cards)})


# -- extraction (LO-7.3) -------------------------------------------------------------------


def opponents(s: State, seat: int) -> int:
    """LO-12 ruling: every other player; team games: the players of the opposing teams."""
    mine = s.team(seat)
    return sum(1 for q in range(s.rules.players) if s.team(q) != mine)


def held(s: State, seat: int) -> set[int]:
    return {h for h, (owner, kind) in s.pieces.items() if owner == seat and kind != "hedge"}


def start_extraction(s: State, events: Events) -> None:
    """Occupation is checked once, at the start of the phase (LO-7.3 ruling)."""
    seat = s.current
    b = s.board
    # LO-11: status cards laid on this player's species cards expire at the start of this phase.
    if s.statuses[seat]:
        s.tower_discard.extend(s.statuses[seat])
        events.append({"type": "statuses_expire", "seat": seat, "cards": list(s.statuses[seat])})
        s.statuses[seat] = []
    mine = held(s, seat)
    draws = len(mine & b.sources)
    if b.centre in mine:
        draws += opponents(s, seat)  # LO-12: the Last Oasis bonus
    _sources(s, seat, draws, events)
    s.phase = "economic"
    towers = len(mine & b.ray_towers)
    if towers:
        s.stack.append({"kind": "towers", "seat": seat, "count": towers})
    bunkers = [c for c in (draw(s, "bunker", events) for _ in range(len(mine & b.bunkers))) if c]
    # LO-10.1: once the new bunker cards are taken, last turn's go to the discard pile (so a
    # deck that runs out during these draws is rebuilt without them); ruling: they expire
    # now even when no new card comes.
    if s.injections[seat]:
        s.bunker_discard.extend(card for card, _kind in s.injections[seat])
        events.append({"type": "injections_expire", "seat": seat, "cards": [c for c, _ in s.injections[seat]]})
        s.injections[seat] = []
    if bunkers:
        events.append({"type": "bunker_drawn", "seat": seat, "cards": list(bunkers)})
        s.stack.append({"kind": "inject", "seat": seat, "cards": bunkers})


def _sources(s: State, seat: int, draws: int, events: Events) -> None:
    """LO-9: each card is exchanged at once; a pump stays and pays 1 gal every turn; a
    water pocket doubles this turn's gain (ruling: cards drawn now and pump income, pockets
    multiply). Ruling: the pumps in play when the phase starts pay for this turn, and so
    does a pump drawn now, even if the deck runs out later in the phase and takes them."""
    defs = s.static.content.sources
    gallons = 0
    factor = 1
    drawn = []
    pump_income = s.pumps[seat]
    for _ in range(draws):
        card = draw(s, "source", events)
        if card is None:
            break
        drawn.append(card)
        effect = defs[card].effect
        if effect == "pump":
            s.pumps[seat] += 1
            pump_income += 1
            continue
        if effect == "pocket":
            factor *= 2
        else:
            gallons += defs[card].gallons
        s.source_discard.append(card)
    gain = (gallons + pump_income) * factor
    if drawn or gain:
        events.append({"type": "water", "seat": seat, "cards": drawn, "pumps": pump_income, "factor": factor,
                       "gallons": gain})
    s.water[seat] += gain


def draw_towers(s: State, seat: int, count: int, events: Events) -> None:
    """LO-11: one card per ray-tower hex held, drawn in secret; over five in hand, the player gets rid of the excess."""
    hand = s.hands[seat]
    got = 0
    for _ in range(count):
        card = draw(s, "tower", events)
        if card is None:
            break
        hand.append(card)
        got += 1
    hand.sort()
    events.append({"type": "tower_drawn", "seat": seat, "count": got})
    if len(hand) > HAND_LIMIT:
        s.stack.append({"kind": "hand", "seat": seat})


# -- ray-tower cards (LO-11) -----------------------------------------------------------------


def play_options(s: State, seat: int) -> list[str]:
    """LO-11: a damage card on any troop token anywhere (never a hedge); a status card on an opponent (team games: a player of another team)."""
    out: list[str] = []
    hand = s.hands[seat]
    if not hand:
        return out
    towers = s.static.content.towers
    troops = enemies = None  # each found when a card first needs it (most hands hold none)
    for card in sorted(set(hand)):
        if towers[card].damage:
            if troops is None:
                troops = sorted(h for h, (_o, k) in s.pieces.items() if k != "hedge")
            out.extend(N.Play.text(card, s.board.names[h]) for h in troops)
        else:
            if enemies is None:
                mine = s.team(seat)
                enemies = [q for q in range(s.rules.players) if s.team(q) != mine]
            out.extend(N.Play.text(card, s.colour[q]) for q in enemies)
    return out


def play_card(s: State, seat: int, action: str, events: Events) -> None:
    """LO-11: damage is dealt at once and the card discarded; a status card lies on the opponent's card until their extraction."""
    a = parse(action)
    card, target = a.card, a.target
    s.hands[seat].remove(card)
    d = s.static.content.towers[card]
    events.append({"type": "ray", "seat": seat, "card": card, "target": target})
    if d.damage:
        s.tower_discard.append(card)
        hurt(s, s.board.by_name[target], d.damage, seat, card, events)
    else:
        s.statuses[s.colour.index(target)].append(card)


# -- economic phase (LO-7.4) -----------------------------------------------------------------


def economic_options(s: State) -> list[str]:
    """LO-7.4: buy troops, buy levels (LO-5), grow hedges (LO-6.4), the black market (LO-10.2), ray-tower cards (LO-11)."""
    seat = s.current
    b = s.board
    kinds = s.static.content.kinds
    water = s.water[seat]
    out = []
    if s.bought < BUY_LIMIT:
        free = [h for h in b.landing[s.colour[seat]] if h not in s.pieces]
        for kind in TROOP_KINDS:
            if free and water >= stats(s, seat, kind).cost and s.count(seat, kind) < kinds[kind].max_on_board:
                out.extend(N.Buy.text(kind, b.names[h]) for h in free)
    for kind in KINDS:
        lv = s.level(seat, kind)
        if lv < 3 and water >= kinds[kind].levels[lv].upgrade:
            out.append(N.Upgrade.text(kind))
    if water >= stats(s, seat, "hedge").cost and s.count(seat, "hedge") < kinds["hedge"].max_on_board:
        out.extend(N.Grow.text(b.names[h]) for h in hedge_hexes(s, seat))
    if not s.market_used and water >= MARKET_PRICE:
        for card in sorted(set(s.bunker_discard)):
            out.extend(N.Market.text(card, kind) for kind in TROOP_KINDS)
    out.extend(play_options(s, seat))
    out.append(N.End.text("turn"))
    return out


def hedge_hexes(s: State, seat: int) -> list[int]:
    """LO-6.4: next to one's own troops, never on a special hex or the centre; the hex
    must be empty (ruling)."""
    b = s.board
    out = set()
    for h in held(s, seat):
        for v in b.adj[h]:
            if v not in s.pieces and v not in b.special:
                out.add(v)
    return sorted(out)


def market_bonus(s: State, seat: int) -> int:
    """LO-10.2, LO-12: in long, blitz and team-long games, a player holding the centre takes
    as many extra cards as their Eye's circle (never circle 3).

    Ruling (LO-13.3): the rule names the blitz, but there the Eye goes to circle 1 at the
    start of a turn on the centre and circle 1 wins at once, so in any economic phase the
    Eye still stands on circle 0 and the extra cards are none. This follows from the
    rulebook's own words; no other reading of its blitz paragraph gives more."""
    long_form = s.rules.mode in ("long", "blitz")
    if not long_form or s.board.centre not in held(s, seat) or s.eye[seat] >= 3:
        return 0
    return s.eye[seat]


def apply_economic(s: State, action: str, events: Events) -> bool:
    """Apply an economic action; False means the turn ends."""
    seat = s.current
    b = s.board
    kinds = s.static.content.kinds
    a = parse(action)
    verb = a.VERB
    if verb == "end":
        return False
    if verb == "buy":
        kind, h = a.kind, b.by_name[a.hex]
        cost = stats(s, seat, kind).cost
        s.water[seat] -= cost
        s.pieces[h] = (seat, kind)
        s.bought += 1
        tread(s, seat, h)
        events.append({"type": "buy", "seat": seat, "kind": kind, "hex": a.hex, "cost": cost})
    elif verb == "upgrade":
        kind = a.kind
        i = KINDS.index(kind)
        cost = kinds[kind].levels[s.levels[seat][i]].upgrade
        s.water[seat] -= cost
        s.levels[seat][i] += 1
        events.append({"type": "upgrade", "seat": seat, "kind": kind, "level": s.levels[seat][i], "cost": cost})
    elif verb == "grow":
        cost = stats(s, seat, "hedge").cost
        s.water[seat] -= cost
        s.pieces[b.by_name[a.hex]] = (seat, "hedge")
        events.append({"type": "grow", "seat": seat, "hex": a.hex, "cost": cost})
    elif verb == "market":
        card, kind = a.card, a.kind
        s.water[seat] -= MARKET_PRICE
        s.market_used = True
        s.bunker_discard.remove(card)
        s.injections[seat].append([card, kind])
        events.append({"type": "market", "seat": seat, "card": card, "kind": kind})
        bonus = market_bonus(s, seat)
        if bonus:
            s.stack.append({"kind": "bonus", "seat": seat, "count": bonus})
    elif verb == "play":
        play_card(s, seat, action, events)
    return True
