"""The ladder (``wasteland.sim.ladder``, ``wasteland ladder``): paired seeds, reproducible
matches, Bradley-Terry ratings with bootstrap intervals, the solo table, match traces."""

from __future__ import annotations

import json

import pytest

from wasteland.cli.ladder import ladder_command
from wasteland.core.registry import get_spec
from wasteland.sim import ladder
from wasteland.sim.ladder import Match

from .conftest import GAMES


def fake(a: str, b: str, a_wins: int, b_wins: int, draws: int = 0) -> list[Match]:
    out = [Match("g", k, [a, b], [0], "", 1, 0.0) for k in range(a_wins)]
    out += [Match("g", k, [b, a], [0], "", 1, 0.0) for k in range(b_wins)]
    out += [Match("g", k, [a, b], [], "", 1, 0.0) for k in range(draws)]
    return out


def test_bradley_terry_orders_the_bots_and_anchors_random() -> None:
    matches = fake("strong", "middle", 16, 4) + fake("middle", "random", 16, 4) + fake("strong", "random", 19, 1)
    bots = ["random", "middle", "strong"]
    r = ladder.bradley_terry(matches, bots)
    assert r["random"] == pytest.approx(1000.0)
    assert r["strong"] > r["middle"] > r["random"]
    # an even record is an even rating
    even = ladder.bradley_terry(fake("a", "random", 5, 5, 4), ["a", "random"])
    assert even["a"] == pytest.approx(1000.0, abs=1e-6)
    rated = ladder.ratings(matches, bots, samples=50)
    for b in bots:
        point, lo, hi = rated[b]
        assert lo <= point + 1e-9 and point <= hi + 1e-9
    assert rated["strong"][1] > rated["random"][2] - 1e-9  # clearly apart


def test_head_to_head_counts_draws_half() -> None:
    h = ladder.head_to_head(fake("a", "b", 3, 1, 2), ["a", "b"])
    assert h["a", "b"] == (pytest.approx(4 / 6), 6) and h["b", "a"] == (pytest.approx(2 / 6), 6)


@pytest.mark.parametrize("game", GAMES)
def test_a_match_is_reproducible_and_its_trace_replays(game: str) -> None:
    options = ladder.match_options(game, {"players": 2})
    one = ladder.play_match(game, ["random", "heuristic"], 3, options)
    two = ladder.play_match(game, ["random", "heuristic"], 3, options)
    assert one.to_json() | {"cpu_seconds": 0} == two.to_json() | {"cpu_seconds": 0}
    # the trace is the game: its actions replayed on the seed's deal end the same way
    spec = get_spec(game)
    state = spec.engine.new_game(spec.validate(dict(one.options)), 3)
    for step in one.trace:
        assert spec.action_space.encode(step["action_str"], state) == step["action"]
        spec.engine.apply_in_place(state, step["action_str"])
    outcome = spec.engine.outcome(state)
    assert outcome is not None and sorted(outcome.winners) == one.winners


def test_paired_seeds_play_every_seat_order() -> None:
    jobs = ladder.paired(GAMES[0], ["a", "b"], 3, 10, {})
    assert [(j[1], j[2]) for j in jobs] == [(["a", "b"], 10), (["b", "a"], 10), (["a", "b"], 11), (["b", "a"], 11),
                                           (["a", "b"], 12), (["b", "a"], 12)]


def test_a_bot_by_import_path_plays() -> None:
    bot = ladder.make_bot("wasteland.agents.random_agent:make", 1, GAMES[0], {})
    assert callable(bot.choose)
    with pytest.raises(ValueError, match="cannot import"):
        ladder.make_bot("no.such.module:make", 1, GAMES[0], {})


def test_the_command_prints_a_solo_table_and_writes_traces(tmp_path) -> None:
    game = next(g for g in GAMES if ladder.get_spec(g).min_players == 1)
    lines: list[str] = []
    trace = tmp_path / "trace.jsonl"
    assert ladder_command(game, ["random", "heuristic"], 3, 0, 1, 1, [], trace, lines.append) == 0
    text = "\n".join(lines)
    assert "win rate" in text and "heuristic" in text and "95% interval" in text
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(records) == 6 and {r["players"][0]["bot"] for r in records} == {"random", "heuristic"}
    assert all(r["actions"] and len(r["returns"]) == 1 for r in records)


def test_the_command_rates_a_two_seat_round_robin() -> None:
    game = GAMES[0]
    lines: list[str] = []
    assert ladder_command(game, ["random", "heuristic"], 1, 0, 2, 1, [], None, lines.append) == 0
    assert any("rating" in line for line in lines) and any("head to head" in line for line in lines)


def test_the_command_refuses_a_bad_bot_or_option_in_one_line() -> None:
    for bots, options in ((["random", "nobody"], []), (["random", "heuristic"], ["colour=mauve"])):
        lines: list[str] = []
        assert ladder_command(GAMES[0], bots, 1, 0, 2, 1, options, None, lines.append) == 2
        assert len(lines) == 1 and "Traceback" not in lines[0]
