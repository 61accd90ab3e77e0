"""The look-ahead's shortcut for ending a turn agrees with the turn's legal actions.

``turn.can_end`` says whether "end" is among ``turn_actions`` without listing them (the
hand limit, SL §55, and the forced move off an occupied start dune, SL §45 ruling), and
``engine.end_turn_if_legal`` applies it as ``apply_in_place(s, "end")`` would."""

from __future__ import annotations

from wasteland.core.rng import Rng
from wasteland.games.saltlands.engine import apply_in_place, decision, end_turn_if_legal
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.turn import can_end
from wasteland.games.saltlands.zones import hand_limit


def _free_turns(players: int, seed: int):
    """Every free turn step of a seeded random game (the state, copied)."""
    s = GAME.new_game({"players": players}, seed)
    rng = Rng(seed)
    for _ in range(3000):
        d = decision(s)
        if d is None:
            return
        if not s.stack and d.kind == "turn":
            yield s.copy()
        apply_in_place(s, rng.choice(list(d.actions)))


def _variants(s):
    """The position, the same over the hand limit (Mirage cards dealt into the hand), and
    the same with the forced move off the start dune pending (SL §45)."""
    yield s
    over = s.copy()
    p = over.players[over.current]
    while len(p.hand) <= hand_limit(over, p) and over.mirage:
        p.hand.append(over.mirage.pop())
    over.touch()
    yield over
    forced = s.copy()
    forced.must_move = True
    forced.touch()
    yield forced


def test_can_end_agrees_with_the_listed_actions():
    seen = {True: 0, False: 0}
    for players in (1, 2, 4):
        for seed in range(3):
            for position in _free_turns(players, seed):
                for s in _variants(position):
                    listed = "end" in decision(s).actions
                    assert can_end(s) == listed, (players, seed, s.turn)
                    seen[listed] += 1
    assert seen[True] > 100 and seen[False] > 100  # both answers were put to the test


def test_end_turn_if_legal_is_apply_in_place_of_end():
    for seed in range(3):
        for s in _free_turns(2, seed):
            quick, slow = s.copy(), s.copy()
            if not end_turn_if_legal(quick):
                assert "end" not in decision(slow).actions
                assert quick.to_json() == s.to_json()  # nothing changed
                continue
            apply_in_place(slow, "end")
            assert quick.to_json() == slow.to_json()
            assert decision(quick) == decision(slow)
