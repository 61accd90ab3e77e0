"""The agenda deck running out (FO-13.4)."""

from .conftest import of, play, position

THREE = [{"space": "vault_gate", "health": 10, "radiation": 0},
         {"space": "super_duper_mart", "health": 10, "radiation": 0},
         {"space": "vault_gate", "health": 10, "radiation": 0}]


def _all_but(game, *keep):
    return [c for c in game.new_game({}, 0).content.cards if c not in keep]


def test_fo_13_4_reward_takes_the_last_card_first_player_moves_right_round_cut_short(game):
    # Survivor 2 takes the last card as a quest reward, mid-round (first player: survivor 1).
    s = position(THREE, turn=2, agenda={"deck": ["a12"], "discard": _all_but(game, "a12")})
    before = list(s.factions)
    discard = sorted(s.discard)
    s, events = play(s, "quest")
    ran = of(events, "deck_ran_out")[0]
    # 1. the discard pile becomes the new deck (shuffled)
    assert sorted(s.deck) == discard and s.discard == [] and ran["cards"] == len(discard)
    # 2. the deck passes to the player to the right of the first player (ruling: play goes
    #    left, so that is survivor 3, the last in turn order); turn order does not change
    assert (ran["first_before"], s.first) == (0, 2) and s.order == [0, 1, 2]
    # 3. both faction tokens one step down the scenario track
    assert s.factions == [f + 1 for f in before]
    # Play goes on with the next player in turn order, but the round ends just before the
    # new first player's turn: survivor 3 does not play in this round.
    s, events = play(s, "end")
    assert of(events, "round_end") and of(events, "agenda_revealed")
    assert s.current == 2


def test_fo_13_4_the_end_of_round_reveal_runs_the_deck_out(game):
    s = position(THREE[:2], turn=2, agenda={"deck": ["a01"], "discard": _all_but(game, "a01")})
    s, events = play(s, "end")
    assert of(events, "agenda_revealed")[0]["card"] == "a01"
    assert of(events, "deck_ran_out")[0]["first"] == 1
    # the revealed card was not in the discard pile when it was shuffled; it is discarded now
    assert s.discard == ["a01"] and "a01" not in s.deck
    # the next turn goes to the player after the one who played last (survivor 1)...
    assert s.current == 0
    # ...and the round ends just before the new first player's (survivor 2's) turn
    s, events = play(s, "end")
    assert of(events, "round_end") and s.current == 1


def test_fo_13_4_one_survivor_keeps_the_deck(game):
    s = position(THREE[:1], turn=1, agenda={"deck": ["a01"], "discard": _all_but(game, "a01")})
    s, events = play(s, "end")
    assert of(events, "deck_ran_out")[0]["first"] == 0 and s.current == 0


def test_fo_13_4_a_faction_at_the_end_of_the_track_ends_the_game(game):
    s = position(THREE[:1], turn=1, agenda={"deck": ["a01"], "discard": _all_but(game, "a01")},
                 track={"brotherhood": 5})
    s, events = play(s, "end")
    assert s.over and s.winners == [] and "scenario track" in s.end_reason
    assert sorted(s.deck + s.discard + ([s.revealed] if s.revealed else [])) == sorted(s.content.cards)


def test_fo_13_4_random_games_keep_every_card_and_the_turn_order(game):
    from wasteland.core.rng import Rng

    for seed in range(6):
        s = game.new_game({"players": 3}, seed)
        r = Rng(seed)
        firsts = {s.first}
        while not s.over:
            s, _ = game.apply(s, r.choice(list(game.decision(s).actions)))
            firsts.add(s.first)
            cards = s.deck + s.discard + [c for h in s.hands for c in h] + ([s.revealed] if s.revealed else [])
            assert sorted(cards) == sorted(s.content.cards)
            assert s.order == [0, 1, 2]
        assert len(firsts) > 1 or s.round < 10


def test_fo_13_4_the_last_in_turn_order_takes_the_last_card_and_the_round_runs_on(game):
    # Survivor 3, last in turn order, takes the last card: the deck passes to the player to
    # the right of the first (survivor 3 himself). Play goes on with the next player in turn
    # order, survivors 1 and 2, and the round ends only before survivor 3's next turn.
    three = [dict(THREE[0]), dict(THREE[2]), dict(THREE[1])]  # survivor 3 on the quest space
    s = position(three, turn=3, agenda={"deck": ["a12"], "discard": _all_but(game, "a12")})
    s, events = play(s, "quest")
    assert of(events, "deck_ran_out")[0]["first"] == 2 and s.first == 2
    s, events = play(s, "end")
    assert not of(events, "round_end") and s.current == 0
    s, events = play(s, "end")
    assert not of(events, "round_end") and s.current == 1
    s, events = play(s, "end")
    assert of(events, "round_end")[0]["first"] == 2 and of(events, "agenda_revealed")
    assert [e["seat"] for e in of(events, "turn")] in ([], [2])  # the next turn is survivor 3's
