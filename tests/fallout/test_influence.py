"""Influence and victory (FO-13.5)."""

import pytest

from wasteland.core.protocol import RuleError
from wasteland.games.fallout.config import TARGETS, Rules
from wasteland.games.fallout.influence import influence

from .conftest import of, play, position


def test_fo_13_5_each_card_gives_one_plus_its_bonus_when_the_requirement_is_met(game):
    # a03: radiation at most 1, bonus 2; a01: at least 2 kills, bonus 2.
    s = position([{"space": "vault_gate", "health": 10, "radiation": 1, "kills": 1, "hand": ["a03", "a01"]}],
                 turn=1)
    assert influence(s, 0) == (1 + 2) + 1
    s.kills[0] = 2
    assert influence(s, 0) == (1 + 2) + (1 + 2)
    s.radiation[0] = 2  # requirement lost: the bonus goes (ruling: evaluated at every moment)
    assert influence(s, 0) == 1 + (1 + 2)


@pytest.mark.parametrize("players, target", [(1, 11), (2, 10), (3, 9), (4, 8)])
def test_fo_13_5_targets_by_number_of_players(game, players, target):
    assert TARGETS[players] == target and Rules(players=players).target == target
    assert game.view(game.new_game({"players": players}, 1), 0)["target"] == target


def test_fo_13_5_five_players_are_refused(game):
    with pytest.raises(RuleError, match="players"):
        game.normalize_config({"players": 5})


def test_fo_13_5_agenda_cards_in_hand_are_hidden_from_the_others(game):
    s = position([{"space": "super_duper_mart", "health": 10, "radiation": 0, "hand": ["a03"]},
                  {"space": "vault_gate", "health": 10, "radiation": 0, "hand": ["a04", "a05"]}],
                 turn=1)
    top = s.deck[-1]
    s2, events = play(s, "quest")
    gained = of(events, "agenda_gained")[0]
    assert gained["card"] == top
    assert "card" in game.event_view(gained, 0)
    for seat in (1, None):
        assert "card" not in game.event_view(gained, seat)
        v = game.view(s2, seat)
        assert "hand" not in v["survivors"][0] and "influence" not in v["survivors"][0]
        assert v["survivors"][0]["hand_size"] == 2
        text = repr(v)
        assert top not in text and "a03" not in text
        assert "deck" in v["agenda"] and isinstance(v["agenda"]["deck"], int)  # a count, never the order
    assert game.view(s2, 0)["survivors"][0]["hand"] == sorted(["a03", top])


def test_fo_13_5_a_fifth_card_the_holder_chooses_one_to_shuffle_back(game):
    hand = ["a01", "a02", "a03", "a04"]
    s = position([{"space": "super_duper_mart", "health": 10, "radiation": 0, "hand": hand},
                  {"space": "vault_gate", "health": 10, "radiation": 0}], turn=1, seed=4)
    top = s.deck[-1]
    s, events = play(s, "quest")
    d = game.decision(s)
    assert d.kind == "return" and d.seat == 0 and d.rule == "FO-13.5"
    assert sorted(d.actions) == sorted(f"return {c}" for c in hand + [top])  # the new card included
    with pytest.raises(RuleError):
        game.apply(s, "return a01", 1)
    deck_before = len(s.deck)
    s, events = play(s, f"return {top}")
    assert sorted(s.hands[0]) == sorted(hand) and top in s.deck and len(s.deck) == deck_before + 1
    returned = of(events, "agenda_returned")[0]
    assert "card" not in game.event_view(returned, 1)
    assert game.decision(s).kind == "turn" and s.current == 0  # the turn goes on


def test_fo_13_5_the_game_ends_the_moment_the_target_is_reached(game):
    # 2 players: 10. a07 (quests 3, +3) 4; a13 (quests 4, +3) 1; a05 (2 brotherhood cards, +2) 3: 8.
    hand = ["a07", "a13", "a05"]
    others = [c for c in game.new_game({}, 0).content.cards if c not in hand + ["a15"]]
    s = position([{"space": "super_duper_mart", "health": 10, "radiation": 0, "quests": 3, "hand": hand},
                  {"space": "vault_gate", "health": 10, "radiation": 0}],
                 turn=1, agenda={"deck": others + ["a15"]})
    assert influence(s, 0) == 8 and not s.over
    s, events = play(s, "quest")  # quests 4: a13 now +3; a15 (radiation at most 0, +3) drawn
    assert s.over and s.winners == [0] and game.decision(s) is None
    over = of(events, "game_over")[0]
    assert over["revealed"] == {"0": sorted(hand + ["a15"])}  # FO-13.5: show your cards
    assert game.view(s, 1)["survivors"][0]["hand"] == sorted(hand + ["a15"])
    with pytest.raises(RuleError):
        game.apply(s, "end")


def _both_at_the_target():
    return position([{"space": "vault_gate", "health": 10, "radiation": 0, "quests": 4, "hand": ["a07", "a13", "a05"]},
                     {"space": "vault_gate", "health": 10, "radiation": 0, "hand": ["a15", "a17", "a09"]},
                     {"space": "vault_gate", "health": 10, "radiation": 0, "hand": ["a02"]}], turn=1)


@pytest.mark.parametrize("answer, winners", [("share", [0, 1]), ("decline", [0])])
def test_fo_13_5_another_survivor_at_the_target_may_share_the_victory(game, answer, winners):
    """FO-13.5 (the original: the others who also reached the target "may" show their
    cards and declare a shared victory): survivor 1 reaches the target on their turn and
    wins; survivor 2, also past it, is asked; survivor 3, short of it, is not. It was
    shared automatically."""
    s = _both_at_the_target()
    assert influence(s, 0) >= 9 and influence(s, 1) >= 9 and influence(s, 2) < 9
    assert not s.over
    d = game.decision(s)
    assert (d.kind, d.seat, d.rule, d.actions) == ("share", 1, "FO-13.5", ("share", "decline"))
    with pytest.raises(RuleError) as refused:
        game.apply(s, "share", 2)
    assert refused.value.rule == "FO-13.5"
    s, events = play(s, answer)
    assert s.over and s.winners == winners and game.decision(s) is None
    over = of(events, "game_over")[0]
    assert set(over["revealed"]) == {str(q) for q in winners}  # a survivor who declines shows nothing


def test_fo_13_5_a_win_on_the_last_action_ends_the_game_before_the_turn_ends(game):
    hand = ["a07", "a13", "a05"]
    others = [c for c in game.new_game({}, 0).content.cards if c not in hand + ["a15"]]
    s = position([{"space": "super_duper_mart", "health": 10, "radiation": 0, "quests": 3, "hand": hand},
                  {"space": "vault_gate", "health": 10, "radiation": 0}],
                 turn=1, agenda={"deck": others + ["a15"], "actions_left": 1})
    s, events = play(s, "quest")
    kinds = [e["type"] for e in events]
    assert kinds[-1] == "game_over" and "turn_end" not in kinds and "round_end" not in kinds


def test_fo_13_5_a_fifth_card_is_put_back_before_the_target_is_read(game):
    # 2 players: 10. a01 (2 kills, +2) 3, a03 (radiation at most 1, +2) 3, a11 (1 kill, +1) 2,
    # a16 (health at least 10, +3; health 9) 1: 9. The reward a15 (radiation 0, +3) would make
    # 13 with five cards, but a hand holds four: the holder first chooses one to put back.
    hand = ["a01", "a03", "a11", "a16"]
    others = [c for c in game.new_game({}, 0).content.cards if c not in hand + ["a15"]]

    def at_quest():
        return position([{"space": "super_duper_mart", "health": 9, "radiation": 0, "kills": 2, "hand": hand},
                         {"space": "vault_gate", "health": 10, "radiation": 0}],
                        turn=1, agenda={"deck": others + ["a15"]})

    s, _ = play(at_quest(), "quest")
    assert not s.over and game.decision(s).kind == "return" and influence(s, 0) == 13
    kept, _ = play(s, "return a15")  # the new card goes back: 9, no win
    assert not kept.over and influence(kept, 0) == 9
    s, events = play(at_quest(), "quest", "return a16")  # a16 goes back: 3 + 3 + 2 + 4 = 12
    assert s.over and s.winners == [0]
    assert of(events, "game_over")[0]["revealed"] == {"0": sorted(["a01", "a03", "a11", "a15"])}


def test_fo_13_5_a_win_during_the_round_end_stops_the_activation(game):
    # 1 player: 11. a01 (2 kills, +2; 1 kill) 1, a07 and a13 (quests 3 and 4, +3; 4 quests)
    # 4 + 4, a03 (radiation at most 1, +2; radiation 2) 1: 10. The mole rat attacks; the
    # table enters a win for the survivor: the second kill makes a01 worth 3, so 12. The
    # game ends that moment: the radroach shown next on the card does not act.
    s = position([{"space": "crater", "health": 10, "radiation": 2, "kills": 1, "quests": 4,
                   "hand": ["a01", "a07", "a13", "a03"]}],
                 [("mole_rat", "crater", "up"), ("radroach", "water_plant", "up")], icons=["mole_rat", "radroach"])
    assert influence(s, 0) == 10
    s, events = play(s, "resolve")
    assert game.decision(s).kind == "fight"
    s, events = play(s, "result 10 2 defeated")
    assert s.over and s.winners == [0] and influence(s, 0) == 12
    assert not of(events, "type_activates") and not of(events, "enemy_moves")
    assert s.enemies["radroach#1"][1] == "water_plant"


def test_fo_13_5_a_fifth_card_that_was_the_last_goes_into_the_new_deck(game):
    """The reward is the last agenda card: the deck runs out at once (FO-13.4, the discard
    pile becomes the deck), then the holder of five puts one back into that new deck
    (FO-13.5), and only then is the turn over."""
    hand = ["a01", "a02", "a03", "a04"]
    others = [c for c in game.new_game({}, 0).content.cards if c not in hand + ["a15"]]
    s = position([{"space": "super_duper_mart", "health": 10, "radiation": 0, "hand": hand},
                  {"space": "vault_gate", "health": 10, "radiation": 0}],
                 turn=1, agenda={"deck": ["a15"], "discard": others})
    s, events = play(s, "quest")
    assert of(events, "deck_ran_out")[0]["cards"] == len(others) and sorted(s.deck) == sorted(others)
    d = game.decision(s)
    assert (d.kind, d.seat) == ("return", 0) and "return a15" in d.actions
    s, events = play(s, "return a02")
    assert sorted(s.deck) == sorted(others + ["a02"]) and s.discard == []
    assert sorted(s.hands[0]) == ["a01", "a03", "a04", "a15"]


@pytest.mark.parametrize("kills, over", [(0, False), (1, True)])
def test_fo_13_5_exactly_the_target_wins_one_less_does_not(game, kills, over):
    """2 players: 10. a07 and a13 (4 quests: +3 each) are 4 + 4; a11 (1 kill, +1) is 1 or 2:
    9 plays on, 10 ("reaches or passes") wins at once."""
    s = position([{"space": "vault_gate", "health": 10, "radiation": 0, "quests": 4, "kills": kills,
                   "hand": ["a07", "a13", "a11"]},
                  {"space": "vault_gate", "health": 10, "radiation": 0}], turn=1)
    assert influence(s, 0) == 9 + kills and s.over is over
    assert s.winners == ([0] if over else [])
