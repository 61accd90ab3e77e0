"""Properties that hold in every Saltlands game, checked over many random games.

Every offered action applies; card and token totals are conserved; a JSON round trip
and a replay reproduce the state; views never carry hidden information; an illegal
action changes nothing.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from testkit import checked_playout

from wasteland.agents.random_agent import RandomAgent
from wasteland.core.protocol import RuleError
from wasteland.core.record import GameRecord, replay
from wasteland.core.rng import Rng, shuffle
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.state import State

CHARACTERS = ["scout", "plowman", "healer", "arsonist", "scientist", "little_girl"]
# Lost in the Desert lineups mix the new characters in (SL §146), so their abilities play.
EXPANSION_CHARACTERS = ["trader", "pickpocket", "huntress", "marauder", "prophet", "gunsmith"]
MIXED_CHARACTERS = ["pickpocket", "scout", "trader", "huntress", "marauder", "plowman"]

# The expansion and the variants (SL §140 to SL §152): None = the base game.
EXTRAS = [
    None,
    ("expansion",),
    ("expansion", "epic"),
    ("overkill",),
    ("explorers_luck",),
    ("expansion", "epic", "overkill", "explorers_luck"),
    ("expansion", "explorers_luck", "overkill"),
]


def config_for(players: int, mode: str | None, difficulty: str, extras: tuple[str, ...] | None = None) -> dict:
    if mode == "tutorial":
        difficulty = "easy"  # SL §121: the tutorial is always played on Easy
        if extras:
            extras = tuple(e for e in extras if e != "epic")  # SL §149: epic is never the tutorial
    config = {"players": players, "characters": CHARACTERS[:players], "difficulty": difficulty}
    if mode is not None:
        config["mode"] = mode
    if extras:
        if "expansion" in extras:
            config["expansion"] = True
            lineup = EXPANSION_CHARACTERS if players % 2 else MIXED_CHARACTERS
            config["characters"] = lineup[:players]
        variants = [e for e in extras if e != "expansion"]
        if variants:
            config["variants"] = variants
    return config


def modes_for(players: int) -> list[str | None]:
    if players == 1:
        return ["solo", "tutorial"]
    return ["classic", "coop", "competitive", "tutorial"]


configs = st.integers(1, 6).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.sampled_from(modes_for(n)),
        st.sampled_from(["easy", "normal", "hard"]),
        st.sampled_from(EXTRAS),
    )
)


def all_cards(s: State) -> Counter:
    """Every standard card instance wherever it is, plus those waiting for a slot."""
    seen: Counter = Counter()
    for zone in (s.mirage, s.raider_deck, s.discard, s.supply):
        seen.update(zone)
    for p in s.players:
        seen.update(p.cards())
    for f in s.stack:
        if f["kind"] == "place":
            seen[f["card"]] += 1
    return seen


def expected_cards(s: State) -> Counter:
    cat = s.static.catalog
    kinds = s.static.content.victory_kinds
    markers = set(s.static.rules.markers)
    out: Counter = Counter()
    for i, card in enumerate(cat.cards):
        if i in cat.character_card.values():
            continue
        if card.expansion and not s.static.rules.expansion:
            continue  # Lost in the Desert cards stay in the box without the expansion (SL §141)
        if card.deck == "victory" and kinds[card.victory].colour not in markers:
            continue  # red Victory cards stay in the box with two markers (digest 2.2 ruling)
        out[i] = 1
    return out


def check_invariants(s: State) -> None:
    cards = all_cards(s)
    assert cards == expected_cards(s), "card totals are conserved (SL §56)"
    tokens = list(s.tokens.values()) + s.token_pool
    assert len(tokens) == len(set(tokens)), "a token is in one place only"
    occupied = [r[1] for r in s.raiders.values()] + [p.hex for p in s.players if p.hex is not None]
    assert len(occupied) == len(set(occupied)) or s.must_move, "no two figures end on one hex (SL §78)"
    for p in s.players:
        assert len(p.cargo) <= 2, "two free cargo slots (SL §54)"
        if p.hex is not None:
            assert s.face_up[s.static.geo.position_of(p.hex)], "never on a face-down tile (SL §78)"
    for r in s.raiders.values():
        assert r[2] >= 1, "a raider without crew is removed (SL §98)"
        assert s.face_up[s.static.geo.position_of(r[1])]


def play(config: dict, seed: int, check_every: int = 0, record: list[str] | None = None) -> State:
    return checked_playout(GAME, config, seed, check_invariants, 50_000, check_every, record)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_thousands_of_random_games_finish(players):
    """Any seat count, every mode and difficulty, plays to a finished game (SL §114)."""
    modes = modes_for(players)
    reasons: Counter = Counter()
    for seed in range(350):
        config = config_for(players, modes[seed % len(modes)], ("easy", "normal", "hard")[seed % 3])
        s = play(config, seed)
        assert s.over
        reasons[s.end_reason.split(" (")[0]] += 1
    assert sum(reasons.values()) == 350


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_random_games_with_the_expansion_and_variants_finish(players):
    """The expansion and every variant (SL §140 to SL §152) play to a finished game too."""
    modes = modes_for(players)
    for seed in range(120):
        extras = EXTRAS[1 + seed % (len(EXTRAS) - 1)]
        config = config_for(players, modes[seed % len(modes)], ("easy", "normal", "hard")[seed % 3], extras)
        s = play(config, seed, check_every=7)
        assert s.over
        if s.static.rules.epic and s.end_reason.startswith("time ran out"):
            assert s.round == 7, "the epic game lasts 7 rounds (SL §150)"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs, st.integers(0, 2**32))
def test_every_offered_action_applies_and_cards_are_conserved(cfg, seed):
    play(config_for(*cfg), seed, check_every=1)


@settings(max_examples=25, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 400))
def test_json_round_trip_and_continuation(cfg, seed, stop):
    """A state saved to JSON and loaded back continues exactly like the original."""
    s = GAME.new_game(config_for(*cfg), seed)
    agent = RandomAgent(seed)
    for _ in range(stop):
        d = GAME.decision(s)
        if d is None:
            break
        GAME.apply_in_place(s, agent.choose(d))
    text = json.dumps(GAME.to_json(s))
    restored = GAME.from_json(json.loads(text))
    assert GAME.to_json(restored) == GAME.to_json(s)
    a, b = RandomAgent(seed + 1), RandomAgent(seed + 1)
    for _ in range(200):
        da, db = GAME.decision(s), GAME.decision(restored)
        assert (da is None) == (db is None)
        if da is None:
            break
        assert da.actions == db.actions and da.seat == db.seat
        GAME.apply_in_place(s, a.choose(da))
        GAME.apply_in_place(restored, b.choose(db))
    assert GAME.to_json(restored) == GAME.to_json(s)


@settings(max_examples=20, deadline=None)
@given(cfg=configs, seed=st.integers(0, 2**32))
def test_replay_of_a_record_reproduces_the_game(cfg, seed):
    config = config_for(*cfg)
    actions: list[str] = []
    final = play(config, seed, record=actions)
    text = GameRecord(GAME.name, GAME.rules_version, config, seed, actions).dumps()
    again = replay(GAME, GameRecord.loads(text))
    assert GAME.to_json(again) == GAME.to_json(final)


def _scramble_hidden(s: State, seed: int) -> State:
    """The same public position with different hidden information."""
    t = s.copy()
    holder = Rng(seed)
    for zone in (t.mirage, t.raider_deck, t.token_pool, t.weather_deck, t.rumor_deck):
        shuffle(holder, zone)
    for stack in t.damage_stacks.values():
        shuffle(holder, stack)
    down = [pos for pos, up in enumerate(t.face_up) if not up]
    tiles = [t.tiles[pos] for pos in down]
    shuffle(holder, tiles)
    for pos, tile in zip(down, tiles):
        t.tiles[pos] = tile
    t.rng ^= 0xDEADBEEF
    t.touch()
    return t


@settings(max_examples=30, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 300), st.integers(0, 2**16))
def test_views_never_contain_hidden_information(cfg, seed, stop, other):
    s = GAME.new_game(config_for(*cfg), seed)
    agent = RandomAgent(seed)
    for _ in range(stop):
        d = GAME.decision(s)
        if d is None:
            break
        GAME.apply_in_place(s, agent.choose(d))
    scrambled = _scramble_hidden(s, other)
    names = s.static.catalog.card_names
    for seat in [None, *range(len(s.players))]:
        view = GAME.view(s, seat)
        assert GAME.view(scrambled, seat) == view, "hidden order leaks into the view"
        text = json.dumps(view)
        assert "rng" not in view
        for p in s.players:
            if p.seat != seat:
                assert "hand" not in view["players"][p.seat]
                for c in p.hand:
                    if c not in s.discard and c not in s.supply:
                        # a hidden card's name may appear only if it is visible elsewhere
                        visible = [q for q in s.players if c in q.cargo or c == q.vehicle]
                        assert f'"{names[c]}"' not in text or visible


@settings(max_examples=40, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 200), st.text(max_size=30))
def test_an_illegal_action_changes_nothing(cfg, seed, stop, garbage):
    s = GAME.new_game(config_for(*cfg), seed)
    agent = RandomAgent(seed)
    for _ in range(stop):
        d = GAME.decision(s)
        if d is None:
            break
        GAME.apply_in_place(s, agent.choose(d))
    d = GAME.decision(s)
    before = GAME.to_json(s)
    candidates = [garbage, "move 99,99", "end end", "use nothing#1", "collect 0,0 by nobody"]
    if d is not None:
        candidates.append(d.actions[0] + " extra")
        wrong_seat = (d.seat + 1) % len(s.players)
        if wrong_seat != d.seat:
            with pytest.raises(RuleError):
                GAME.apply(s, d.actions[0], seat=wrong_seat)
    for action in candidates:
        if d is not None and action in d.actions:
            continue
        with pytest.raises(RuleError):
            GAME.apply_in_place(s, action)
        assert GAME.to_json(s) == before


@settings(max_examples=20, deadline=None)
@given(configs, st.integers(0, 2**32), st.integers(0, 200))
def test_apply_leaves_the_given_state_untouched(cfg, seed, stop):
    s = GAME.new_game(config_for(*cfg), seed)
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
@given(configs, st.integers(0, 2**32), st.integers(0, 300), st.integers(0, 2**16))
def test_a_determinization_matches_the_view_and_plays_on(cfg, seed, stop, other):
    """A sampled state is indistinguishable for the seat, conserves cards and is playable."""
    s = GAME.new_game(config_for(*cfg), seed)
    agent = RandomAgent(seed)
    for _ in range(stop):
        d = GAME.decision(s)
        if d is None:
            break
        GAME.apply_in_place(s, agent.choose(d))
    d = GAME.decision(s)
    seat = d.seat if d is not None else 0
    sample = GAME.determinize(s, seat, Rng(other))
    assert GAME.view(sample, seat) == GAME.view(s, seat)
    check_invariants(sample)
    assert sample.players[seat].hand == s.players[seat].hand
    for _ in range(100):
        d2 = GAME.decision(sample)
        if d2 is None:
            break
        GAME.apply_in_place(sample, agent.choose(d2))
