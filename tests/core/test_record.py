"""Game records: JSON Lines, header + one action per line; malformed files get clear errors."""

import json

import pytest

from wasteland.core.record import GameRecord, RecordError, RecordWriter, replay
from wasteland.core.rng import Rng, randbelow, seed_state, shuffle
from wasteland.games.saltlands.game import GAME
from wasteland.sim.playout import random_playout

CONFIG = {"players": 2, "characters": ["scout", "healer"]}


def test_record_round_trips_and_replays_exactly(tmp_path):
    result = random_playout(GAME, CONFIG, 11, keep_record=True)
    path = tmp_path / "g.jsonl"
    GameRecord(GAME.name, GAME.rules_version, CONFIG, 11, result.record).save(path)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["format"] == "wasteland-record/1"
    assert len(lines) == 1 + result.actions
    state = replay(GAME, GameRecord.load(path))
    assert GAME.outcome(state).winners == result.winners
    assert GAME.outcome(state).reason == result.reason


def test_writer_appends_every_action_at_once(tmp_path):
    path = tmp_path / "live.jsonl"
    writer = RecordWriter(path, GameRecord(GAME.name, GAME.rules_version, CONFIG, 5))
    state = GAME.new_game(CONFIG, 5)
    d = GAME.decision(state)
    GAME.apply_in_place(state, d.actions[0])
    writer.append([d.actions[0]])
    assert GameRecord.load(path).actions == [d.actions[0]]


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty file"),
        ("not json\n", "header is not JSON"),
        ('{"format": "other"}\n', "not a wasteland-record/1 header"),
        ('{"format": "wasteland-record/1", "game": "saltlands", "rules_version": "x", "config": {}}\n', "'seed'"),
        ('{"format": "wasteland-record/1", "game": "saltlands", "rules_version": "x", "config": {}, "seed": 1}\n{bad\n',
         "line 2: not JSON"),
        ('{"format": "wasteland-record/1", "game": "saltlands", "rules_version": "x", "config": {}, "seed": 1}\n5\n',
         "line 2: an action must be a JSON string"),
    ],
)
def test_malformed_records_name_the_problem(text, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.loads(text)


def test_a_record_with_an_illegal_action_does_not_replay():
    record = GameRecord(GAME.name, GAME.rules_version, CONFIG, 3, ["fly away"])
    with pytest.raises(RecordError, match="action 1"):
        replay(GAME, record)


def test_rng_is_deterministic_and_in_range():
    a, b = Rng(42), Rng(42)
    xs = [a.below(6) for _ in range(500)]
    assert xs == [b.below(6) for _ in range(500)]
    assert set(xs) == set(range(6))
    assert seed_state(1) != seed_state(2)
    items = list(range(20))
    shuffle(a, items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    with pytest.raises(ValueError):
        randbelow(a, 0)
