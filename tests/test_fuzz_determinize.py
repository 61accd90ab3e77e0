"""Ruling (issue 15, item 10): a card that comes into a hand in sight of everybody — a crew
or Victory card from the face-up supply (SL §75, SL §76), a card from the face-up discard pile
(SL §56), a trade (SL §72) — is named to all in the events, and a bot's re-deal of the
hidden information (determinization) leaves it in that hand. Cards that came unseen (a
draw, loot, a theft) are dealt anew."""

from __future__ import annotations

import random

from wasteland.core.rng import Rng
from wasteland.games import get_game
from wasteland.games.saltlands.zones import HIDDEN_GAINS

GAME = get_game("saltlands")


def gains_seen_by_seat0(seed: int, steps: int = 1500):
    """Random 3-player games; each position where seat 1 or 2 gained a card, with the
    card's name, how it came, and whether seat 0's events named it."""
    rng = random.Random(seed)
    state = GAME.new_game({"players": 3, "mode": "classic", "expansion": True}, seed)
    for _ in range(steps):
        d = GAME.decision(state)
        if d is None:
            return
        state, events = GAME.apply(state, rng.choice(list(d.actions)))
        for event in events:
            if event.get("type") == "gain" and event["seat"] != 0:
                shown = GAME.event_view(event, 0)
                yield state, event["seat"], event["card"], event["how"], shown["card"] != "a card"


def hand_names(state, seat):
    names = state.static.catalog.card_names
    return [names[c] for c in state.players[seat].hand]


def test_cards_named_to_everybody_stay_where_everybody_saw_them_go():
    public = hidden = 0
    kinds = set()
    for seed in range(40):
        for state, seat, card, how, named in gains_seen_by_seat0(seed):
            if card not in hand_names(state, seat):
                continue  # it went to a slot, not the hand
            assert named == (how not in HIDDEN_GAINS), (how, named)
            moved = sum(hand_names(GAME.determinize(state, 0, Rng(k)), seat).count(card)
                        < hand_names(state, seat).count(card) for k in range(8))
            if named:
                public += 1
                kinds.add(how)
                assert moved == 0, f"seed {seed}: {card} ({how}) was dealt away from p{seat + 1}'s hand"
            else:
                hidden += 1
    assert public >= 5 and len(kinds) >= 2, f"too few public gains to test the ruling ({public}: {kinds})"
    assert hidden >= 5


def test_cards_that_came_unseen_are_dealt_anew():
    moved_any = False
    for seed in range(12):
        for state, seat, card, how, named in gains_seen_by_seat0(seed):
            if named or card not in hand_names(state, seat) or state.seen_in_hand and \
                    any(c in state.seen_in_hand and state.static.catalog.card_names[c] == card
                        for c in state.players[seat].hand):
                continue
            if any(card not in hand_names(GAME.determinize(state, 0, Rng(k)), seat) for k in range(8)):
                moved_any = True
                break
        if moved_any:
            break
    assert moved_any, "a card drawn unseen was never dealt anew"


def test_the_record_of_seen_cards_survives_json():
    for state, _seat, _card, _how, named in gains_seen_by_seat0(3, 600):
        if named:
            loaded = GAME.from_json(GAME.to_json(state))
            assert loaded.seen_in_hand == state.seen_in_hand and state.seen_in_hand
            return
    raise AssertionError("no public gain in the game")
