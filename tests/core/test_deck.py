"""Generic deck operations (the card life cycle of SL §56 to SL §62 is built on them)."""

from wasteland.core import deck
from wasteland.core.rng import Rng


def test_draw_takes_the_top_card():
    d = [1, 2, 3]
    assert deck.draw(Rng(1), d) == 3 and d == [1, 2]


def test_an_empty_deck_is_rebuilt_from_the_discard_pile_and_shuffled():
    d, discard = [], list(range(30))
    card = deck.draw(Rng(2), d, discard)
    assert discard == [] and len(d) == 29
    assert sorted(d + [card]) == list(range(30))
    assert d + [card] != list(range(30))  # shuffled


def test_nothing_to_draw():
    assert deck.draw(Rng(3), [], []) is None
    assert deck.draw(Rng(3), []) is None


def test_take_uppermost_finds_the_highest_match():
    pile = ["medkit", "axe", "medkit", "fuel"]
    assert deck.take_uppermost(pile, lambda c: c == "medkit") == "medkit"
    assert pile == ["medkit", "axe", "fuel"]
    assert deck.take_uppermost(pile, lambda c: c == "map") is None


def test_search_takes_the_card_and_shuffles_only_when_found():
    d = list(range(20))
    assert deck.search(Rng(4), d, lambda c: c == 99) is None and d == list(range(20))
    assert deck.search(Rng(4), d, lambda c: c == 7) == 7
    assert sorted(d) == [c for c in range(20) if c != 7] and d != sorted(d)


def test_deal_gives_top_cards_first():
    d = [1, 2, 3]
    assert deck.deal(d, 2) == [3, 2] and d == [1]
    assert deck.deal(d, 5) == [1] and d == []
