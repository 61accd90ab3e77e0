"""The protocol lists every method a front end calls, and every registered game offers all
of them (``EngineGame`` gives the defaults), so no front end needs to ask a game whether
it has one; and ``EngineGame``'s methods take the arguments the protocol names."""

from __future__ import annotations

import inspect

import pytest

from wasteland.core.game_base import EngineGame
from wasteland.core.protocol import Game
from wasteland.core.registry import registered_games

MEMBERS = sorted(n for n in vars(Game) if not n.startswith("_") and n not in ("spec",))


@pytest.mark.parametrize("name", sorted(registered_games()))
def test_every_game_offers_the_whole_protocol(name):
    game = registered_games()[name].engine
    assert isinstance(game, Game), [m for m in MEMBERS if not hasattr(game, m)]
    assert game.spec is registered_games()[name]


@pytest.mark.parametrize("member", MEMBERS)
def test_engine_game_implements_each_member_with_its_arguments(member):
    declared = vars(Game)[member]
    given = getattr(EngineGame, member)
    if isinstance(declared, property):
        assert isinstance(given, property), f"{member}: a property in the protocol"
        return
    want = list(inspect.signature(declared).parameters)
    have = list(inspect.signature(given).parameters)
    assert have == want, f"EngineGame.{member}{have} against Game.{member}{want}"
