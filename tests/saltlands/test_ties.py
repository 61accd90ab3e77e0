""""Decide ties for me" (games/saltlands/ties.py): the documented policy answers each
choice of the raiders' turn, with the rulebook's own examples where it has them."""

from __future__ import annotations

import random

from wasteland.core.registry import registered_games
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.ties import POLICY_KEYS, decide, policy_text, policy_texts

from sltest import SL107_EXAMPLE, build, damage_card, play, raiders, repeat, set_damage_card

SPEC = registered_games()["saltlands"]

TWO_PLAYERS = """
    seed = 1
    [config]
    players = 2
    characters = ["scout", "scientist"]
    [[player]]
    seat = "p1"
    hex = "{scout}"
    hand = []
    cargo = ["crew"]
    [[player]]
    seat = "p2"
    hex = "{scientist}"
    hand = []
    cargo = ["crew"]
"""


def test_spec_names_the_policy_and_checks_its_answer():
    assert SPEC.auto_decide == "wasteland.games.saltlands.ties:decide"
    assert SPEC.auto_decider is decide
    assert SPEC.to_json()["auto_decide"] is True


def test_the_players_own_turn_is_never_decided_for_her():
    s = build(TWO_PLAYERS.format(scout="-1,1", scientist="2,-1"))
    d = GAME.decision(s)
    assert d.kind == "turn"
    assert decide(s, d) is None and SPEC.decide_for(s, d) is None


def test_fewest_raiders_type_is_activated_first_SL100():
    # Two Speedsters and a Pickup on the board; Truck and Bulldozer have none: the Truck,
    # listed before the Bulldozer (SL §97), is the policy's pick.
    s = build(TWO_PLAYERS.format(scout="-2,1", scientist="2,-1") + """
        [[raider]]
        type = "speedster"
        hex = "0,-2"
        [[raider]]
        type = "speedster"
        hex = "-2,2"
        [[raider]]
        type = "pickup"
        hex = "-1,2"
    """)
    play(s, "end")
    d = GAME.decision(s)
    assert d.kind == "activation" and "activate speedster" in d.actions
    assert SPEC.decide_for(s, d) == ("activate truck", "ties.activate")


def test_equidistant_speedster_goes_to_the_next_player_as_in_the_example_SL106():
    # The rulebook's example: the Speedster at 0,-2 is as near to the Scout (p1, whose
    # turn it is) as to the Scientist (p2); the Scout sends it to the Scientist. The policy
    # picks the next player in turn order, so it does the same.
    s = build(TWO_PLAYERS.format(scout="-2,1", scientist="2,-1") + """
        [[raider]]
        type = "speedster"
        hex = "0,-2"
    """)
    set_damage_card(s, "speedster", damage_card(damage=2))
    play(s, "end", "activate speedster")
    d = GAME.decision(s)
    assert set(d.actions) == {"chase p1", "chase p2"}
    assert SPEC.decide_for(s, d) == ("chase p2", "ties.chase")


def test_raiders_act_in_reading_order_SL105():
    # Speedsters at -2,2 (lowest on the compass tile), 0,-2 (top row) and 2,-1: the one at
    # 0,-2 is read first (screen row 2r + q = -4, against -3 for 2,-1 and 2 for -2,2).
    s = build(TWO_PLAYERS.format(scout="-1,0", scientist="5,-1") + """
        [[raider]]
        type = "speedster"
        hex = "-2,2"
        [[raider]]
        type = "speedster"
        hex = "0,-2"
        [[raider]]
        type = "speedster"
        hex = "2,-1"
    """)
    set_damage_card(s, "speedster", damage_card(damage=1))
    play(s, "end", "activate speedster")
    d = GAME.decision(s)
    assert set(d.actions) == {"raider -2,2", "raider 0,-2", "raider 2,-1"}
    assert SPEC.decide_for(s, d) == ("raider 0,-2", "ties.raider")


def test_scarce_spawns_go_farthest_from_the_players_as_in_the_example_SL107():
    # The rulebook's example (SL107_EXAMPLE, as in tests/saltlands/test_examples.py):
    # after the raider-free tile got its figure, the Scout puts the last two Speedsters on
    # the points farthest away: 8,-6 (9 hexes from the nearest player) and 6,-2 (7), not
    # 0,-6 (4) or 1,-3 (3). The policy chooses exactly those.
    s = build(SL107_EXAMPLE)
    set_damage_card(s, "speedster", damage_card(move_bonus=3, letters="BMH"))
    play(s, "end", "activate speedster")
    repeat(s, "raider ")
    chosen = []
    while (d := GAME.decision(s)).kind == "activation" and d.actions[0].startswith("spawn "):
        action, key = SPEC.decide_for(s, d)
        assert key == "ties.spawn"
        chosen.append(action)
        play(s, action)
    assert chosen == ["spawn 8,-6", "spawn 6,-2"]
    assert sorted(r[1] for r in raiders(s) if r[0] == "speedster") == sorted(
        ["-1,-1", "-2,1", "-1,-8", "5,-9", "8,-6", "6,-2"])


def test_every_policy_key_has_words_in_three_languages():
    texts = policy_texts()
    assert set(texts) == set(POLICY_KEYS)
    for key, words in texts.items():
        assert set(words) == {"en", "ru", "uk"}, key
        assert all(words[lang].strip() and "SL §" in words[lang] for lang in words), key
        assert len(set(words.values())) == 3, key
        assert policy_text(key, "ru") == words["ru"]
    assert policy_text("ties.spawn", "xx") == texts["ties.spawn"]["en"]


def test_random_games_with_ties_decided_stay_legal():
    # Seeded random playouts where the policy takes every choice it answers: each of its
    # answers is legal (decide_for raises otherwise) and names a key with words.
    rng = random.Random(5)
    answered = set()
    for seed in range(6):
        s = GAME.new_game({"players": 2 + seed % 3, **SPEC.simulation}, seed)
        for _ in range(3000):
            d = GAME.decision(s)
            if d is None:
                break
            answer = SPEC.decide_for(s, d)
            if answer is not None:
                answered.add(answer[1])
                assert answer[1] in POLICY_KEYS
                action = answer[0]
            else:
                assert d.kind not in ("activation", "lure") or len(d.actions) <= 0
                action = rng.choice(d.actions)
            GAME.apply_in_place(s, action)
    assert {"ties.raider", "ties.activate"} <= answered
