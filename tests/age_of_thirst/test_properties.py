"""Properties that hold in every Age of Thirst game, over many random games.

Every offered action applies; pieces, cards and limits stay legal; a JSON round trip and
a replay reproduce the state; views never carry hidden information; an illegal action
raises RuleError and changes nothing; a determinization matches the view.
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from testkit import checked_playout

from wasteland.agents.random_agent import RandomAgent
from wasteland.core.protocol import RuleError
from wasteland.core.record import GameRecord, replay
from wasteland.core.rng import Rng, shuffle
from wasteland.games.age_of_thirst.combat import health
from wasteland.games.age_of_thirst.content import KINDS
from wasteland.games.age_of_thirst.game import GAME
from wasteland.games.age_of_thirst.spec import SPEC
from wasteland.games.age_of_thirst.state import State

# Every mode (LO-13): free-for-all for 2, 3, 4 and 6 players in normal, long and blitz form,
# with the agreed first player or the red-token draw, and every team format in normal and
# long form with the agreed first player (five players play only the 2x3 team game, LO-13.5).
CONFIGS = [
    {"players": n, "mode": mode, "draw": draw}
    for n in (2, 3, 4, 6) for mode in ("normal", "long", "blitz") for draw in (False, True)
] + [
    {"players": n, "teams": teams, "mode": mode}  # no colour draw in team games (LO-13.4 ruling)
    for n, teams in ((4, "2x2"), (6, "3x3"), (6, "2x2x2"), (5, "2x3"))
    for mode in ("normal", "long")
] + [
    {"players": 6, "teams": "3x3", "lineup": [["red", "yellow", "white"], ["blue", "violet", "black"]]},
    {"players": 4, "teams": "2x2", "colours": ["yellow", "white", "blue", "violet"]},
    {"players": 5, "teams": "2x3", "colours": ["black", "yellow", "white", "blue", "violet"], "mode": "long"},
]

# Random play needs the simulation's endings (not the rulebook's) to be sure to end.
CONFIGS = [{**SPEC.simulation, **c} for c in CONFIGS]
configs = st.sampled_from(CONFIGS)


def all_cards(s: State) -> dict[str, Counter]:
    out = {"source": Counter(s.source_deck + s.source_discard), "bunker": Counter(s.bunker_deck + s.bunker_discard),
           "tower": Counter(s.tower_deck + s.tower_discard)}
    for q in range(s.rules.players):
        out["source"]["pump"] += s.pumps[q]
        out["bunker"].update(c for c, _k in s.injections[q])
        out["tower"].update(s.hands[q])
        out["tower"].update(s.statuses[q])
    for f in s.stack:
        if f["kind"] == "inject":
            out["bunker"].update(f["cards"])
    return out


def check_invariants(s: State) -> None:
    content = s.static.content
    cards = all_cards(s)
    assert cards["source"] == Counter({c.id: c.count for c in content.sources.values()}), "LO-9: 50 source cards"
    assert cards["bunker"] == Counter({c.id: c.count for c in content.bunkers.values()}), "LO-10: 50 bunker cards"
    assert cards["tower"] == Counter({c.id: c.count for c in content.towers.values()}), "LO-11: 50 tower cards"
    b = s.board
    for q in range(s.rules.players):
        for kind in KINDS:
            assert s.count(q, kind) <= content.kinds[kind].max_on_board, f"LO-6: {kind} limit"
            assert 1 <= s.level(q, kind) <= 3
        assert s.water[q] >= 0
        assert 0 <= s.eye[q] <= (1 if s.rules.team_game or s.rules.mode == "blitz" else 3)
        if not any(f["kind"] == "hand" for f in s.stack):
            assert len(s.hands[q]) <= 5, "LO-11: hand limit 5"
        for card, kind in s.injections[q]:
            assert kind != "hedge", "LO-10.1: never on hedges"
    for h, (owner, kind) in s.pieces.items():
        if kind == "hedge":
            assert h not in b.special, "LO-6.4: no hedges on special hexes or the centre"
        if h == b.centre:
            assert not s.barred[owner] or kind == "hedge", "LO-13.4: barred from the centre"
    for h, dmg in s.damage.items():
        owner, kind = s.pieces[h]
        assert 0 < dmg < health(s, owner, kind), "LO-7.2: a token goes at damage >= health"
    assert s.done <= set(s.pieces)


# The no-progress draw counts an Eye moving or a troop on new ground (progress.py), so every
# game with it ends (progress.py gives the bound). Random play of these configurations ends
# within some 8,200 actions (the longest of 700 games, 20 seeds of each, and of 400 drawn
# configurations and seeds), so a game past this bound is endless: it fails in seconds, naming
# its config and seed (tests/conftest.py: checked_playout). While tokens bought and shot by
# their own side counted as progress, the 2x2 game of seed 27 with fixed colours ran 1,780,692
# actions and the game of test_buying_and_shooting_on_old_ground_... never ended.
MAX_STEPS = 50_000


# A drawn seed is an opaque number (a smaller one is no simpler game): a failing draw is
# reported as drawn, with its config and seed, instead of replaying games to shrink it.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


def play(config: dict, seed: int, check_every: int = 0, record: list[str] | None = None) -> State:
    return checked_playout(GAME, config, seed, check_invariants, MAX_STEPS, check_every, record)


# Games per configuration: a bounded slice in every run (210 games over the 35 configurations);
# ``WASTELAND_FUZZ_LONG=N`` plays N per configuration (60 is the 2,100-game run).
GAMES_PER_CONFIG = int(os.environ.get("WASTELAND_FUZZ_LONG", "0")) or 6


@pytest.mark.parametrize("index", range(len(CONFIGS)))
def test_random_games_finish(index):
    """Every player count and mode plays to a finished game (LO-13): a win, or one of the
    engine's draws (a dead position, or the no-progress ruling), never an endless game."""
    config = {**CONFIGS[index], **SPEC.simulation}  # the draws are options, not rulebook endings
    for seed in range(GAMES_PER_CONFIG):
        s = play(config, seed)
        assert s.over and s.end_reason


def test_buying_and_shooting_on_old_ground_ends_on_the_no_progress_draw():
    """A draw of the test below that never ended (3,000,000 actions): blue walls its own troops
    in behind level-3 hedges their 1-attack shots never fell (LO-5, LO-6.4, LO-7.2), keeps a
    pump no source draw takes back (LO-9), red has nothing, and blue buys a troop on its
    landing hex and shoots it with its own (LO-7.1) every few turns. The no-progress draw
    counted each token bought or lost as progress; it counts new ground now (progress.py)."""
    config = {"players": 2, "mode": "long", "stall_turns": 100, "dead_end": True, "draw": False}
    s = checked_playout(GAME, config, 1443892, check_invariants, 5_000)
    assert s.winners == [] and s.end_reason.startswith("100 turns without an Eye moving")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], phases=NO_SHRINK)
@given(configs, st.integers(0, 2**32))
def test_every_offered_action_applies_and_invariants_hold(config, seed):
    play(config, seed, check_every=1)


def _advance(config: dict, seed: int, stop: int) -> State:
    s = GAME.new_game(config, seed)
    agent = RandomAgent(seed)
    for _ in range(stop):
        d = GAME.decision(s)
        if d is None:
            break
        GAME.apply_in_place(s, agent.choose(d))
    return s


@settings(max_examples=30, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 1500))
def test_json_round_trip_and_continuation(config, seed, stop):
    s = _advance(config, seed, stop)
    restored = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    assert GAME.to_json(restored) == GAME.to_json(s)
    a, b = RandomAgent(seed + 1), RandomAgent(seed + 1)
    for _ in range(300):
        da, db = GAME.decision(s), GAME.decision(restored)
        assert (da is None) == (db is None)
        if da is None:
            break
        assert da.actions == db.actions and da.seat == db.seat
        GAME.apply_in_place(s, a.choose(da))
        GAME.apply_in_place(restored, b.choose(db))
    assert GAME.to_json(restored) == GAME.to_json(s)


@settings(max_examples=20, deadline=None, phases=NO_SHRINK)
@given(configs, st.integers(0, 2**32))
def test_replay_of_a_record_reproduces_the_game(config, seed):
    actions: list[str] = []
    final = play(config, seed, record=actions)
    text = GameRecord(GAME.name, GAME.rules_version, config, seed, actions).dumps()
    again = replay(GAME, GameRecord.loads(text))
    assert GAME.to_json(again) == GAME.to_json(final)


def _scramble_hidden(s: State, seed: int) -> State:
    """The same public position with other deck orders and other hidden hands."""
    t = s.copy()
    holder = Rng(seed)
    for deck in (t.source_deck, t.bunker_deck):
        shuffle(holder, deck)
    pool = list(t.tower_deck)
    for q in range(t.rules.players):
        pool.extend(t.hands[q])
    shuffle(holder, pool)
    for q in range(t.rules.players):
        n = len(t.hands[q])
        t.hands[q] = sorted(pool[:n])
        del pool[:n]
    t.tower_deck = pool
    t.rng ^= 0xDEADBEEF
    t.touch()
    return t


@settings(max_examples=30, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 1500), st.integers(0, 2**16))
def test_views_never_contain_hidden_information(config, seed, stop, other):
    s = _advance(config, seed, stop)
    scrambled = _scramble_hidden(s, other)
    for seat in [None, *range(s.rules.players)]:
        view = GAME.view(s, seat)
        mine = scrambled.copy()
        if seat is not None:
            mine.hands[seat] = list(s.hands[seat])  # a seat's own hand is its own to see
            if sorted(mine.hands[seat] + mine.tower_deck + [c for q in range(s.rules.players) if q != seat
                                                            for c in mine.hands[q]]) != sorted(
                    s.tower_deck + [c for q in range(s.rules.players) for c in s.hands[q]]):
                continue  # the scramble moved this seat's cards: compare the others only
        assert GAME.view(mine, seat) == view or seat is not None and mine.hands[seat] != s.hands[seat]
        assert "rng" not in json.dumps(view)
        for q, entry in enumerate(view["players"]):
            assert ("hand" in entry) == (q == seat)


@settings(max_examples=30, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 800), st.text(max_size=30))
def test_an_illegal_action_changes_nothing(config, seed, stop, garbage):
    s = _advance(config, seed, stop)
    d = GAME.decision(s)
    before = GAME.to_json(s)
    candidates = [garbage, "move 99,99 0,0", "end", "attack 0,0 0,0", "buy dragon 1,-6", "play strike 0,0",
                  "grow 0,0", "upgrade hedge extra", "market regen1 hedge", "first green"]
    if d is not None:
        candidates.append(d.actions[0] + " extra")
        wrong = (d.seat + 1) % s.rules.players
        with pytest.raises(RuleError):
            GAME.apply(s, d.actions[0], seat=wrong)
    for action in candidates:
        if d is not None and action in d.actions:
            continue
        with pytest.raises(RuleError):
            GAME.apply_in_place(s, action)
        assert GAME.to_json(s) == before


@settings(max_examples=20, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 600))
def test_apply_leaves_the_given_state_untouched(config, seed, stop):
    s = GAME.new_game(config, seed)
    agent = RandomAgent(seed)
    for _ in range(stop):
        d = GAME.decision(s)
        if d is None:
            return
        before = GAME.to_json(s)
        nxt, _events = GAME.apply(s, agent.choose(d))
        assert GAME.to_json(s) == before
        s = nxt


@settings(max_examples=30, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 1500), st.integers(0, 2**16))
def test_a_determinization_matches_the_view_and_plays_on(config, seed, stop, other):
    s = _advance(config, seed, stop)
    d = GAME.decision(s)
    seat = d.seat if d is not None else 0
    sample = GAME.determinize(s, seat, Rng(other))
    assert GAME.view(sample, seat) == GAME.view(s, seat)
    assert sample.hands[seat] == s.hands[seat]
    check_invariants(sample)
    agent = RandomAgent(other)
    for _ in range(300):
        d2 = GAME.decision(sample)
        if d2 is None:
            break
        GAME.apply_in_place(sample, agent.choose(d2))
    check_invariants(sample)


def test_events_are_described_in_words():
    from wasteland.games.age_of_thirst.content import load_content
    from wasteland.games.age_of_thirst.texts import TEXTS

    content = load_content()
    # the cards' ids, which the log must name by their printed names ("Wet day", not "wet")
    ids = {cid for deck in (content.sources, content.bunkers, content.towers) for cid in deck}
    s = GAME.new_game({"players": 3, "draw": True}, 5)
    agent = RandomAgent(5)
    named = 0
    while (d := GAME.decision(s)) is not None:
        for e in GAME.apply_in_place(s, agent.choose(d)):
            text = GAME.describe(e)
            assert text and not text.startswith("{"), e
            cards = [c for c in [e.get("card"), *(e.get("cards") or [])] if c in ids]
            for c in cards:
                assert TEXTS.name(TEXTS.find(c), "en") in text, (e, text)
            named += len(cards)
    assert named > 0
