"""Whole games through the registry: bots to a winner, round trips, hidden hands,
illegal actions refused with the state unchanged."""

import json

import pytest

from wasteland.agents.registry import bot_names, make_agent
from wasteland.core.agent import Observation
from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec
from wasteland.core.rng import Rng

SPEC = get_spec("fallout")
GAME = SPEC.engine
ANCHORS = {f"FO-13.{i}" for i in range(1, 7)}


def playout(players, bot, seed, config=None, check=None):
    s = GAME.new_game({"players": players, **(config or {})}, seed)
    agents = [make_agent(bot, seed * 7 + q, spec=SPEC) for q in range(players)]
    steps = 0
    while not s.over:
        d = GAME.decision(s)
        assert d.rule in ANCHORS
        action = agents[d.seat].choose(Observation(GAME, s, d))
        if check:
            check(s, d, action)
        s, _ = GAME.apply(s, action, d.seat)
        steps += 1
        assert steps < 20000
    return s


def test_the_spec_offers_heuristic_random_and_ismcts():
    assert {"random", "ismcts", "heuristic"} <= set(bot_names(SPEC))
    assert SPEC.min_players == 1 and SPEC.max_players == 4 and SPEC.anchor_prefix == "FO"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_heuristic_bots_play_to_a_winner(players):
    wins = sum(bool(playout(players, "heuristic", seed).winners) for seed in range(5))
    assert wins == 5


@pytest.mark.parametrize("players", [1, 4])
def test_ismcts_plays_to_a_winner(players):
    s = playout(players, "ismcts:20", 3)
    assert s.over and s.winners


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_bots_play_to_the_end(players):
    ends = [playout(players, "random", seed).end_reason for seed in range(4)]
    assert all(ends)


def test_random_table_fights_play_to_the_end():
    assert playout(2, "random", 1, {"fight": "table"}).over


def test_replay_round_trip_and_illegal_actions_change_nothing():
    s = GAME.new_game({"players": 3}, 11)
    seed_state = GAME.to_json(s)
    r = Rng(2)
    actions = []
    while not s.over and len(actions) < 400:
        d = GAME.decision(s)
        before = json.dumps(GAME.to_json(s), sort_keys=True)
        for bad in ("fly away", "move nowhere", "", "return a99", "activate nobody", "result 99 0 stands"):
            with pytest.raises(RuleError):
                GAME.apply(s, bad)
        with pytest.raises(RuleError):
            GAME.apply(s, d.actions[0], (d.seat + 1) % 3)  # another seat's decision
        assert json.dumps(GAME.to_json(s), sort_keys=True) == before
        a = r.choice(list(d.actions))
        actions.append(a)
        s, _ = GAME.apply(s, a)
        j = GAME.to_json(s)
        assert GAME.to_json(GAME.from_json(json.loads(json.dumps(j)))) == j
    replay = GAME.from_json(seed_state)
    for a in actions:
        replay, _ = GAME.apply(replay, a)
    assert GAME.to_json(replay) == GAME.to_json(s)


def test_views_and_event_views_never_show_another_survivors_cards():
    def check(s, d, action):
        for seat in [None, *range(len(s.hands))]:
            v = GAME.view(s, seat)
            for q, sv in enumerate(v["survivors"]):
                if q != seat and not s.over:
                    assert "hand" not in sv and "influence" not in sv
            assert not any(k in v for k in ("rng", "deck_order"))
            assert isinstance(v["agenda"]["deck"], int)
        nxt, events = GAME.apply(s, action)
        for e in events:
            for seat in range(len(s.hands)):
                seen = GAME.event_view(e, seat)
                if e["type"] in ("agenda_gained", "agenda_returned") and e["seat"] != seat:
                    assert "card" not in seen

    playout(3, "heuristic", 4, check=check)


def test_determinize_keeps_what_the_seat_knows():
    s = playout(2, "heuristic", 2)
    s = GAME.new_game({"players": 2}, 8)
    r = Rng(1)
    while not any(s.hands):
        s, _ = GAME.apply(s, r.choice(list(GAME.decision(s).actions)))
    seat = next(q for q in range(2) if s.hands[q])
    d = GAME.determinize(s, seat, Rng(5))
    assert d.hands[seat] == s.hands[seat] and d.discard == s.discard
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert sorted(d.deck + [c for h in d.hands for c in h]) == sorted(s.deck + [c for h in s.hands for c in h])
    assert GAME.view(d, seat) == GAME.view(s, seat)


@pytest.mark.parametrize("field, value, words", [
    ("space", ["nowhere"], "survivor 1.space"),
    ("health", [13], "survivor 1.health"),
    ("hands", [["a01", "a02", "a03", "a04", "a05"]], "survivor 1.hand"),
    ("order", [3], "order"),
    ("enemies", [["x#1", "deathclaw", "crater", True]], "enemy x#1"),
])
def test_a_bad_state_json_is_refused_naming_the_field(field, value, words):
    j = GAME.to_json(GAME.new_game({"players": 1}, 1))
    j[field] = value
    with pytest.raises(RuleError, match=words.replace(".", r"\.")):
        GAME.from_json(j)


def test_rounds_and_turn_order_for_the_simulator():
    s = GAME.new_game({"players": 3, "first_player": 1}, 2)
    assert GAME.turn_order(s) == (1, 2, 0) and GAME.rounds(s) == 1
    s = playout(3, "heuristic", 2)
    assert GAME.rounds(s) == s.round > 1


def test_issue_32_turn_limit_has_a_stated_bound():
    """Issue 32: a turn limit of 10**30 was accepted; a sane bound (not a rule) refuses it."""
    from wasteland.core.protocol import RuleError
    from wasteland.core.registry import get_spec
    from wasteland.games.fallout.spec import TURN_BOUND

    spec = get_spec("fallout")
    assert spec.validate({"turn_limit": TURN_BOUND})["turn_limit"] == TURN_BOUND
    for bad in (10**30, TURN_BOUND + 1):
        with pytest.raises(RuleError) as refused:
            spec.validate({"turn_limit": bad})
        assert "turn_limit" in str(refused.value)
