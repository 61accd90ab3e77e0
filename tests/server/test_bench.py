"""``wasteland bench server``'s client: hand-framed WebSockets that play whole games against
a real server. No figure is checked here (speed is the bench's to measure), only that the
client plays correctly: every action answered by its own update, games played to the end."""

from __future__ import annotations

from srvtest import LiveServer, run_async

from wasteland.server import bench


def test_bench_clients_play_whole_games(tmp_path):
    live = LiveServer(str(tmp_path / "bench.db")).start()
    try:
        lines: list[str] = []
        tally = run_async(bench.run(live.base, games=3, seconds=3, players=2, think=0, out=lines.append,
                                     game="saltlands", options={"mode": "coop", "characters": ["scout", "healer"]}))
    finally:
        live.stop()
    assert tally.errors == []
    assert tally.actions > 0 and len(tally.latencies) == tally.actions
    assert all(x > 0 for x in tally.latencies)
    assert tally.games_finished >= 1
    assert any(line.startswith("action latency ms: p50") for line in lines)
    assert any("bench clients:" in line for line in lines)
    assert any(line.startswith("  p99 latency (aim < 50 ms") for line in lines)


def test_the_aims_stand_beside_the_figures_and_the_anchor():
    engine = bench.engine_us("saltlands", 2, cpu_seconds=0.05)
    assert engine > 0
    lines = bench.aim_lines(5.5 * engine, engine, 40.0, 200, 0.1, 1, 1)
    assert "(aim ≤ 5×)" in lines[1] and lines[1].endswith("5.5× ✗")
    assert lines[2].endswith("40.0 ms ✓")
    assert "not the aim's set-up" in bench.aim_lines(None, None, 40.0, 3, 0.0, 1, 1)[1]
