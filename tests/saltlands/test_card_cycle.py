"""The card life cycle's corners: searching the Mirage deck, the decks a card may draw
from (SL §56 to SL §59, SL §68, SL §69, SL §130)."""

from __future__ import annotations

from wasteland.games.saltlands.content import load_content

from sltest import build, cargo, held, of_type, play

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


LOOT = """
    seed = 1
    [config]
    players = 1
    characters = ["scout"]
    [[player]]
    seat = "p1"
    hex = "-1,0"
    hand = ["spear", "plants"]
    [[raider]]
    type = "bulldozer"
    hex = "-2,1"
"""


def test_one_discard_pile_for_every_deck_and_the_mirage_deck_rebuilt_from_it_SL56_SL57():
    # SL §56: every standard card, whatever deck it came from, goes to the one discard pile,
    # and an empty Mirage deck is rebuilt from all of it; SL §57: with the Raider deck empty
    # too, a raider's loot comes from that rebuilt deck.
    s = build(LOOT)
    cards = s.static.catalog.cards
    crew = next(c for c in s.supply if cards[c].deck == "crew")
    s.supply.remove(crew)
    s.discard = [crew, *s.raider_deck]  # a supply card and every Raider card
    s.raider_deck, s.mirage = [], []
    s.touch()
    play(s, f"discard {held(s, 'plants')}")  # a Victory card joins them
    spear = s.static.catalog.card_index[held(s, "spear")]
    pile = sorted([*s.discard, spear])  # the one-time Spear is discarded as it is used (SL §66)
    events = play(s, f"use {held(s, 'spear')} by scout at -2,1")  # the Bulldozer's loot: 1 Raider card
    assert of_type(events, "reshuffle") == [{"type": "reshuffle", "deck": "mirage", "cards": len(pile)}]
    loot = [s.static.catalog.card_index[e["card"]] for e in of_type(events, "gain") if e["how"] == "loot"]
    drawn = [c for c in loot if s.static.catalog.cards[c].deck != "raider_vehicle"]  # not its vehicle
    assert len(drawn) == 1 and drawn[0] in pile
    assert sorted([*s.mirage, *drawn]) == pile  # crew, Raider and Victory cards alike

