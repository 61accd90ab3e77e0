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
