"""What each seat may read in the event log: hidden draws name their card only to the
drawer (SL §57 the decks are face down; SL §146 a stolen card is seen by the thief)."""

from wasteland.games.saltlands.game import GAME


def test_a_drawn_card_is_named_only_to_its_owner_SL57():
    event = {"type": "gain", "seat": 0, "card": "axe#1", "how": "loot token"}
    assert GAME.event_view(event, 0)["card"] == "axe#1"
    assert GAME.event_view(event, 1)["card"] == "a card"
    assert GAME.event_view(event, None)["card"] == "a card"
    assert "a card" in GAME.describe(GAME.event_view(event, 1))


def test_a_stolen_card_is_hidden_from_everybody_else_SL146():
    event = {"type": "gain", "seat": 2, "card": "medkit#3", "how": "theft"}
    assert GAME.event_view(event, 2)["card"] == "medkit#3"
    assert GAME.event_view(event, 0)["card"] == "a card"


def test_cards_from_face_up_places_stay_named_SL58():
    # The supply and the discard pile are face up: everybody sees what is taken.
    for how in ("crew token", "victory token", "from the discard pile", "trade", "robbery"):
        event = {"type": "gain", "seat": 0, "card": "crew#1", "how": how}
        assert GAME.event_view(event, 1) == event


def test_every_event_of_random_games_hides_the_drawn_cards_from_others():
    from wasteland.agents.random_agent import RandomAgent

    hidden = 0
    for seed in range(20):
        s = GAME.new_game({"players": 2, "characters": ["scout", "healer"], "difficulty": "easy"}, seed)
        agent = RandomAgent(seed)
        while (d := GAME.decision(s)) is not None:
            for e in GAME.apply_in_place(s, agent.choose(d)):
                if e["type"] == "gain" and e["how"] in ("draw", "loot", "loot token", "respawn", "reconstruction"):
                    other = 1 - e["seat"]
                    assert GAME.event_view(e, other)["card"] == "a card"
                    hidden += 1
    assert hidden > 0


def test_the_view_shows_a_tile_once_explored_and_hides_it_before_SL110():
    from wasteland.games.saltlands.game import view
    from wasteland.games.saltlands.setup import new_game
    from wasteland.games.saltlands.world import explore

    s = new_game({"players": 1, "mode": "solo", "difficulty": "easy", "characters": ["scout"]}, 4)[0]
    pos = s.static.geo.face_down_positions[0]
    cells = set(s.static.geo.names[h] for h in s.static.geo.hexes_of(pos))
    before = {c["hex"]: c for c in view(s, 0)["hexes"] if c["hex"] in cells}
    assert {c["terrain"] for c in before.values()} == {"unexplored"}
    assert not any("spawn" in c or "wreck" in c for c in before.values())
    t = s.copy()
    explore(t, pos, [])
    after = {c["hex"]: c for c in view(t, 0)["hexes"] if c["hex"] in cells}
    assert "unexplored" not in {c["terrain"] for c in after.values()}
    # the original state's view is unchanged by exploring its copy
    assert {c["hex"]: c for c in view(s, 0)["hexes"] if c["hex"] in cells} == before


def _hand_victory_cards(s, seat):
    cards = s.static.catalog.cards
    return sorted(c for c in s.players[seat].hand if cards[c].victory is not None)


def _deal_victory_cards(s, counts):
    """Give each seat that many Victory cards from the face-up supply, as tokens would."""
    cards = s.static.catalog.cards
    for seat, n in enumerate(counts):
        for _ in range(n):
            c = next(c for c in s.supply if cards[c].victory is not None)
            s.supply.remove(c)
            s.players[seat].hand.append(c)


def test_a_sample_keeps_the_victory_cards_other_players_took_in_sight_of_all_SL76_SL112():
    from wasteland.core.rng import Rng

    s = GAME.new_game({"players": 3, "mode": "coop", "characters": ["scout", "healer", "plowman"],
                       "difficulty": "easy"}, 5)
    _deal_victory_cards(s, [1, 2, 1])
    for k in range(20):
        sample = GAME.determinize(s, 0, Rng(k))
        for seat in range(3):
            assert _hand_victory_cards(sample, seat) == _hand_victory_cards(s, seat)
        cards = sample.static.catalog.cards
        assert not any(cards[c].victory is not None for c in sample.mirage + sample.raider_deck)


def test_with_a_thief_at_the_table_a_sample_moves_victory_cards_only_between_hands_SL146():
    from wasteland.core.rng import Rng

    s = GAME.new_game({"players": 3, "mode": "classic", "expansion": True,
                       "characters": ["scout", "pickpocket", "healer"], "difficulty": "easy"}, 5)
    _deal_victory_cards(s, [1, 3, 0])
    cards = s.static.catalog.cards
    for seat in (1, 2):  # room for the Victory cards to move: two hand items each
        items = [c for c in s.mirage if cards[c].slot == "hand"][:2]
        s.players[seat].hand.extend(items)
        s.mirage = [c for c in s.mirage if c not in items]
    others = sorted(_hand_victory_cards(s, 1) + _hand_victory_cards(s, 2))
    placements = set()
    for k in range(40):
        sample = GAME.determinize(s, 0, Rng(k))
        assert _hand_victory_cards(sample, 0) == _hand_victory_cards(s, 0)
        assert sorted(_hand_victory_cards(sample, 1) + _hand_victory_cards(sample, 2)) == others
        assert [len(p.hand) for p in sample.players] == [len(p.hand) for p in s.players]
        assert GAME.view(sample, 0) == GAME.view(s, 0)
        placements.add(len(_hand_victory_cards(sample, 2)))
    assert len(placements) > 1  # who holds them after a possible theft is not known
