"""The card life cycle's corners: searching the Mirage deck, the decks a card may draw
from (SL §56 to SL §59, SL §68, SL §69, SL §130)."""

from __future__ import annotations

from wasteland.games.saltlands.content import load_content

from sltest import build, cargo, of_type, play

CREW_TOKEN = """
    seed = 1
    [config]
    players = 1
    characters = ["scout"]
    [[player]]
    seat = "p1"
    hex = "-1,0"
    [[token]]
    hex = "-1,-1"
    token = "crew"
"""


def test_the_mirage_deck_is_shuffled_after_a_search_that_finds_nothing_SL58():
    # SL §58, SL §69: supply, then the discard pile, then the Mirage deck is looked through,
    # and "always" shuffled after it: also when the card is not in it.
    s = build(CREW_TOKEN)
    cards = s.static.catalog.cards
    s.supply = [c for c in s.supply if cards[c].deck != "crew"]  # the crew cards are elsewhere
    s.touch()
    before = list(s.mirage)
    events = play(s, "collect -1,-1 by scout")
    assert cargo(s) == []  # no Crew card anywhere: none is gained
    assert of_type(events, "deck_searched") == [{"type": "deck_searched", "deck": "mirage"}]
    assert sorted(s.mirage) == sorted(before) and s.mirage != before


def test_no_card_draws_from_the_raider_deck_SL59():
    # SL §59: Raider-deck cards come only from defeating a raider in combat (its loot,
    # SL §99); a card's own draw action (SL §68, SL §130) takes Mirage cards.
    for card in load_content().cards.values():
        for act in card.actions:
            if act.effect == "draw":
                assert act.deck == "mirage", f"{card.id} draws from the {act.deck} deck"
