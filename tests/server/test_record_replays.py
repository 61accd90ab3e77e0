"""Conformance, every registered game (none named): a game played through the server and
exported as a record (``GET /api/games/{id}/record``) replays in ``wasteland replay``.

The server writes the rules version it stores and exports from the game's one declaration
(its GameSpec), and ``replay`` checks a record against the same declaration: when the
two were written apart, Age of Thirst's drifted (``…/4`` against ``…/3``) and every record
the server exported was refused."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from srvtest import LiveServer, new_database

from wasteland.cli.replay import replay_command
from wasteland.core.game_base import DECLARED, EngineGame
from wasteland.core.record import GameRecord
from wasteland.core.registry import registered_games

GAMES = sorted(registered_games())
TURN_LIMIT = 6  # a bound for a game with a ``turn_limit`` option: the record, not the game, is tested


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = LiveServer(new_database("sqlite", None, str(tmp_path_factory.mktemp("db")))).start()
    try:
        yield server
    finally:
        server.stop()


def _config(spec) -> dict:
    config = {"players": spec.min_players} if spec.option("players") is not None else {}
    config.update(spec.simulation)
    if spec.option("turn_limit") is not None:
        config["turn_limit"] = TURN_LIMIT
    return config


@pytest.mark.parametrize("name", GAMES)
def test_a_record_the_server_exports_replays_in_the_cli(live, name, tmp_path):
    spec = registered_games()[name]
    created = live.create(game=name, config=_config(spec), seats=["random"] * spec.min_players, seed=4)
    game_id = created["game"]["id"]
    watcher = live.socket(game_id)
    watcher.until(lambda m: m.get("outcome") is not None, timeout=120)
    watcher.close()
    response = live.http.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200, response.text
    path = tmp_path / f"{name}.jsonl"
    path.write_text(response.text, encoding="utf-8")
    record = GameRecord.load(path)
    assert (record.game, record.rules_version) == (spec.name, spec.rules_version)
    assert record.actions, "the game was played"
    out = io.StringIO()
    code = replay_command(path, auto=True, console=Console(file=out, width=120, color_system=None))
    assert code == 0, out.getvalue()[-2000:]


@pytest.mark.parametrize("name", GAMES)
def test_the_engine_reads_its_facts_from_the_spec(name):
    spec = registered_games()[name]
    game = spec.engine
    assert [getattr(game, f) for f in DECLARED] == [getattr(spec, f) for f in DECLARED]
    assert game.spec is spec
    # No class between the game and EngineGame writes one of them again.
    for cls in type(game).__mro__:
        if cls is EngineGame:
            break
        assert not set(vars(cls)) & set(DECLARED), cls


def test_a_game_that_writes_its_facts_again_is_refused():
    with pytest.raises(TypeError, match="rules_version"):
        type("Again", (EngineGame,), {"rules_version": "again/1"})
