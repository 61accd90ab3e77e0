"""Determinization: a full state drawn at random among those a seat cannot tell apart.

Everything the seat's view hides is dealt anew: the order and split of the unseen cards
(Mirage deck, Raider deck, the other players' hand cards that came to them unseen), the face-down tiles, the token
pool, the rumor and weather decks, the damage stacks (each card keeps its round, as the
card backs show) and the random generator. Whatever the view shows is kept. Search
players (ISMCTS) plan on such samples, so they never rely on the true hidden state.
"""

from __future__ import annotations

from wasteland.core.rng import Rng, randbelow, shuffle

from .state import State
from .zones import ability


def determinize(state: State, seat: int, rng: Rng) -> State:
    s = state.copy()
    cat = s.static.catalog
    content = s.static.content
    cards = cat.cards

    # Unseen cards: both decks and every other player's hand.
    others = [p for p in s.players if p.seat != seat]
    # A card on offer in a pending trade is shown to the seat asked (SL §72): it stays put.
    pinned = {f["card"] for f in s.stack if f["kind"] == "offer"}
    # So does every card that came into a hand in sight of all (a crew or Victory card
    # from the face-up supply, a card from the discard pile, a trade: zones.HIDDEN_GAINS)
    # and has not moved unseen since: everybody saw where it went.
    seen = set(s.seen_in_hand)
    pinned |= {c for p in others for c in p.hand if c in seen}
    # Victory cards come from the face-up supply for a face-up token, in sight of all
    # (SL §76, SL §112): who holds which is public and they stay put, never dealt into a deck.
    # Only a theft (SL §146) moves one unseen (a random card of the victim's); with a
    # thief at the table they go to random places in the other players' hands.
    victory = [c for p in others for c in p.hand if cards[c].victory is not None and c not in pinned]
    held = set(victory)
    if any(ability(s, p) == "theft" for p in s.players):
        places = [p for p in others for c in p.hand if c not in pinned]
        shuffle(rng, places)
        gets = {p.seat: [c for c in p.hand if c in pinned] for p in others}
        for p, c in zip(places, victory):
            gets[p.seat].append(c)
        filler = iter([c for p in others for c in p.hand if c not in pinned and c not in held])
        for p in others:
            hidden = {c for c in p.hand if c not in pinned}
            p.engaged -= hidden  # whether another's hand card is engaged is hidden too
            p.last_used = {k: v for k, v in p.last_used.items() if v not in hidden}
            # The hand keeps its size; its other cards are dealt from the pool below.
            p.hand = gets[p.seat] + [next(filler) for _ in range(len(p.hand) - len(gets[p.seat]))]
    pinned |= held
    pool = s.mirage + s.raider_deck + [c for p in others for c in p.hand if c not in pinned]
    raider_cards, hand_cards = _kinds(cat)
    for attempt in range(20):
        shuffle(rng, pool)
        rest = list(pool)
        raider = _pick(rest, len(s.raider_deck), raider_cards)
        hands = []
        ok = raider is not None
        for p in others:
            if not ok:
                break
            kept = [c for c in p.hand if c in pinned]
            hand = _pick(rest, len(p.hand) - len(kept), hand_cards)
            ok = hand is not None
            hands.append(kept + hand if hand is not None else None)
        if ok:
            break
    else:  # pragma: no cover - the true deal is always a solution; keep the split, shuffle within
        raider, hands, rest = list(s.raider_deck), [list(p.hand) for p in others], list(s.mirage)
    s.raider_deck = raider
    shuffle(rng, s.raider_deck)
    for p, hand in zip(others, hands):
        old = set(p.hand) - pinned
        p.hand = hand
        # Which hidden hand cards were engaged is hidden too: the new ones start fresh.
        p.engaged = {c for c in p.engaged if c not in old}
        p.last_used = {k: v for k, v in p.last_used.items() if v not in old}
    s.mirage = rest
    shuffle(rng, s.mirage)

    # Face-down tiles: any ordinary tile not yet seen, in any face-down position.
    down = [pos for pos, up in enumerate(s.face_up) if not up]
    seen_tiles = {t for pos, t in enumerate(s.tiles) if s.face_up[pos]}
    in_play = ("ordinary", "expansion") if s.static.rules.expansion else ("ordinary",)  # SL §140
    unseen = [t.id for t in content.tiles.values() if t.kind in in_play and t.id not in seen_tiles]
    shuffle(rng, unseen)
    for pos, tile in zip(down, unseen):
        s.tiles[pos] = tile

    shuffle(rng, s.token_pool)
    shuffle(rng, s.weather_deck)

    # Rumor deck: the same number of cards from those never seen.
    unplayed = [r for r in content.rumors if r not in s.rumors_played and not _rumor_pending(s, r)]
    shuffle(rng, unplayed)
    s.rumor_deck = unplayed[: len(s.rumor_deck)]

    # Damage stacks: each position keeps its round (SL §30); cards of a round are dealt anew.
    revealed = {c for cs in s.revealed.values() for c in cs}
    by_round: dict[int, list[str]] = {}
    for stack in s.damage_stacks.values():
        for c in stack:
            by_round.setdefault(content.damage_cards[c].round, [])
    epic = s.static.rules.epic
    for card in content.damage_cards.values():
        if card.round in by_round and card.id not in revealed and (epic or not card.expansion):
            by_round[card.round].append(card.id)
    # Cards revealed and discarded in earlier rounds are public; leave them out.
    used = _discarded_damage(s)
    for rnd, ids in by_round.items():
        ids[:] = [c for c in ids if c not in used]
        shuffle(rng, ids)
    for t, stack in s.damage_stacks.items():
        s.damage_stacks[t] = [by_round[content.damage_cards[c].round].pop() for c in stack]

    s.rng = randbelow(rng, 1 << 63)
    s.touch()
    return s


_KINDS: dict[int, tuple[object, frozenset[int], frozenset[int]]] = {}


def _kinds(cat) -> tuple[frozenset[int], frozenset[int]]:
    """The card instances of the Raider deck, and those that go in a hand, of a catalog
    (kept alive beside them): asked of every card of every sample otherwise."""
    found = _KINDS.get(id(cat))
    if found is None:
        found = _KINDS[id(cat)] = (
            cat,
            frozenset(i for i, d in enumerate(cat.cards) if d.deck == "raider"),
            frozenset(i for i, d in enumerate(cat.cards) if d.slot == "hand"),
        )
    return found[1], found[2]


def _pick(rest: list[int], n: int, fits: frozenset[int]) -> list[int] | None:
    """The first ``n`` cards of ``rest`` that are in ``fits``, taken out of it (the others
    keep their order); None if fewer fit (then every one that fits is taken out)."""
    chosen: list[int] = []
    kept: list[int] = []
    if n > 0:
        for i, c in enumerate(rest):
            if c in fits:
                chosen.append(c)
                if len(chosen) == n:
                    kept += rest[i + 1:]  # the rest stays as it lies
                    break
            else:
                kept.append(c)
        rest[:] = kept  # one pass, not a pop from the middle of the list per card
    return chosen if len(chosen) == n else None


def _rumor_pending(s: State, rumor: str) -> bool:
    return any(f["kind"] == "rumor" and f["card"] == rumor for f in s.stack)


def _discarded_damage(s: State) -> set[str]:
    """Damage cards revealed in earlier rounds lie face up in the discard (SL §52)."""
    return set(s.damage_discard)
