"""Decks, piles and supplies as plain lists (top of a deck = last element).

The life cycle card games need: draw from the top, rebuild an empty deck from its discard
pile, take the uppermost card of a kind from a pile, search a deck for a card by name and
shuffle it afterwards. Randomness comes from the generator held in the game state.
"""

from __future__ import annotations

from typing import Callable, Iterable, MutableSequence, TypeVar

from .rng import HasRng, shuffle

T = TypeVar("T")


def draw(holder: HasRng, deck: list[T], discard: list[T] | None = None) -> T | None:
    """The top card of ``deck``. An empty deck is first rebuilt from ``discard`` (all of
    it, shuffled) when a discard pile is given; None when there is nothing to draw."""
    if not deck:
        if not discard:
            return None
        deck.extend(discard)
        discard.clear()
        shuffle(holder, deck)
    return deck.pop()


def take_uppermost(pile: list[T], wanted: Callable[[T], bool]) -> T | None:
    """Remove and return the uppermost card of ``pile`` that is ``wanted``."""
    for i in range(len(pile) - 1, -1, -1):
        if wanted(pile[i]):
            return pile.pop(i)
    return None


def search(holder: HasRng, deck: list[T], wanted: Callable[[T], bool]) -> T | None:
    """Look through ``deck`` for a ``wanted`` card, take it, and shuffle the deck (as a
    player does after searching it). The deck is shuffled only if something was found."""
    for i, card in enumerate(deck):
        if wanted(card):
            deck.pop(i)
            shuffle(holder, deck)
            return card
    return None


def deal(deck: MutableSequence[T], n: int) -> list[T]:
    """The top ``n`` cards of ``deck`` (fewer if it runs out), top card first."""
    out = []
    while deck and len(out) < n:
        out.append(deck.pop())
    return out


def redeal(holder: HasRng, deck: list[T], hands: list[list[T]], others: Iterable[int],
           in_order: bool = False) -> list[T]:
    """The cards a seat cannot see, dealt anew (a determinization): ``deck`` and the hands
    of ``others`` shuffled together, each of ``others`` dealt as many as it held (sorted
    when ``in_order``: a hand the view lists sorted); the rest is the new deck, returned."""
    others = list(others)
    pool = list(deck)
    for q in others:
        pool.extend(hands[q])
    shuffle(holder, pool)
    for q in others:
        n = len(hands[q])
        hands[q] = sorted(pool[:n]) if in_order else pool[:n]  # type: ignore[type-var]
        del pool[:n]
    return pool
