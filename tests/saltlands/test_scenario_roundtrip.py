"""Any reachable Saltlands state, written as a scenario and read back, is the same state
(docs/saltlands-scenarios.md): random games of every mode, difficulty and player count,
with and without the expansion, sampled at turn starts and in the middle of procedures
(soaks, raider activations, discards, trades)."""

from __future__ import annotations

import random

import pytest

from wasteland.core.registry import get_spec
from wasteland.games.saltlands.game import GAME
from wasteland.games.saltlands.scenario import scenario_from_text

SPEC = get_spec("saltlands")

# (players, mode, difficulty, expansion, variants)
CONFIGS = [
    (1, "solo", "normal", False, ()),
    (1, "tutorial", "easy", False, ()),
    (2, "classic", "easy", False, ()),
    (2, "coop", "hard", True, ()),
    (3, "competitive", "normal", True, ("explorers_luck",)),
    (4, "classic", "hard", False, ()),
    (5, "coop", "normal", True, ()),
    (6, "competitive", "easy", True, ()),
    (4, "classic", "normal", True, ("epic",)),
]


def _config(players, mode, difficulty, expansion, variants):
    config = {"players": players, "mode": mode, "difficulty": difficulty}
    if expansion:
        config["expansion"] = True
    if variants:
        config["variants"] = list(variants)
    try:
        SPEC.validate(config)
    except Exception:
        pytest.skip(f"not a valid combination here: {config}")  # pragma: no cover - the table holds valid ones
    return config


def _same_after_round_trip(state) -> None:
    text = SPEC.write_scenario(state)
    back = scenario_from_text(text)
    assert GAME.to_json(back) == GAME.to_json(state), text
    d, e = GAME.decision(state), GAME.decision(back)
    assert (d is None) == (e is None)
    if d is not None:
        assert (d.seat, d.kind, d.actions) == (e.seat, e.kind, e.actions)


@pytest.mark.parametrize("number", range(len(CONFIGS)))
def test_reachable_states_round_trip(number):
    seed = 3 + 8 * number
    config = _config(*CONFIGS[number])
    players = config["players"]
    state = GAME.new_game(config, seed)
    choose = random.Random(seed * 7919 + players)
    kinds = set()
    for step in range(400):
        d = GAME.decision(state)
        if d is None:
            break
        # every turn start and every procedure the game stops in, and one step in five
        if d.kind != "turn" or step % 5 == 0 or d.kind not in kinds:
            _same_after_round_trip(state)
        kinds.add(d.kind)
        state, _ = GAME.apply(state, choose.choice(d.actions))
    _same_after_round_trip(state)
    assert len(kinds) >= 3, kinds  # the sample did stop inside procedures


def test_a_finished_game_round_trips():
    state = GAME.new_game({"players": 2}, 5)
    choose = random.Random(5)
    while GAME.decision(state) is not None:
        state, _ = GAME.apply(state, choose.choice(GAME.decision(state).actions))
    assert state.over
    _same_after_round_trip(state)


def test_table_chance_round_trips_with_its_pending_point():
    """At a table (the companion's mode) a position may be waiting for the table to say
    which card came up; it is written with [chance] and read back the same."""
    state = GAME.with_table_chance(GAME.new_game({"players": 2, "expansion": True}, 4))
    choose = random.Random(4)
    pending_seen = custom_seen = 0
    for _ in range(400):
        d = GAME.decision(state)
        if d is None:
            break
        if GAME.chance_pending(state) is not None:
            pending_seen += 1
            _same_after_round_trip(state)
            # the table answers at random; a damage card is sometimes entered by its values
            action = choose.choice(d.actions)
            if GAME.chance_pending(state).point.custom and choose.random() < 0.5:
                action = "chance custom letters=AB damage=2 type=ap move=0"
        else:
            action = choose.choice(d.actions)
        state, _ = GAME.apply(state, action)
        custom_seen += bool(state.custom_damage)
    _same_after_round_trip(state)
    assert pending_seen >= 5 and custom_seen


def test_a_synthetic_map_round_trips_through_the_scenario_and_json():
    state = scenario_from_text("""
        seed = 2
        [config]
        players = 2
        [[tile]]
        at = "t0,-2"
        terrain = ["s s s", "s dw s s", "s s sA s s", "d d sw s", "s s s"]
        face_up = false
    """.replace("\n        ", "\n"))
    choose = random.Random(2)
    for _ in range(150):
        _same_after_round_trip(state)
        assert GAME.to_json(GAME.from_json(GAME.to_json(state))) == GAME.to_json(state)
        d = GAME.decision(state)
        if d is None:
            break
        state, _ = GAME.apply(state, choose.choice(d.actions))


def test_every_part_of_the_state_has_its_scenario_key():
    """A part added to State or Player must get a scenario key (and a line in the docs)."""
    from pathlib import Path

    from wasteland.games.saltlands.scenario_write import PLAYER_PARTS, STATE_PARTS
    from wasteland.games.saltlands.state import Player, State

    derived = {"static", "_terrain", "_decision"}  # the set-up's tables and caches
    assert set(STATE_PARTS) == set(State.__slots__) - derived
    assert set(PLAYER_PARTS) == set(Player.__slots__)
    docs = (Path(__file__).parents[2] / "docs" / "saltlands-scenarios.md").read_text(encoding="utf-8")
    for key in {*STATE_PARTS.values(), *PLAYER_PARTS.values()}:
        last = key.split()[-1].split("/")[0].strip("[]").split(".")[0]
        assert f"`{last}" in docs or f"[{last}" in docs, key
