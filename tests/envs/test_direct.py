"""A game's direct tensor (``OBSERVATION.direct``: the numbers written from the state
without building the view) is the view's tensor, for every seat at every step of random
games under a range of options, the last position included: so it shows nothing the
seat's view does not."""

from __future__ import annotations

import random

import numpy as np
import pytest

from wasteland.envs.base import env_games

from .conftest import CASES, IDS


DIRECT = [(case, i) for case, i in zip(CASES, IDS) if env_games()[case[0]].observer.direct is not None]


def test_every_shipped_game_has_a_direct_tensor() -> None:
    shipped = [n for n, s in env_games().items() if s.package.startswith("wasteland.games.")]
    assert shipped and all(env_games()[n].observer.direct is not None for n in shipped)


@pytest.mark.parametrize("game,options", [c for c, _i in DIRECT], ids=[i for _c, i in DIRECT])
def test_the_direct_tensor_is_the_views(game: str, options: dict) -> None:
    spec = env_games()[game]
    observer, engine = spec.observer, spec.engine
    config = spec.validate({**spec.simulation, **options})
    players = int(config.get("players", spec.min_players))
    for seed in range(2):
        state, rng, steps = engine.new_game(config, seed), random.Random(seed), 0
        while True:
            for seat in range(players):
                out = np.zeros(observer.size, np.float32)
                observer.direct(state, seat, out)
                want = np.asarray(observer.encode(engine.view(state, seat)), np.float32)
                assert np.array_equal(out, want), (seed, steps, seat, np.flatnonzero(out != want).tolist())
            d = engine.decision(state)
            if d is None or steps >= 400:
                break
            engine.apply_in_place(state, rng.choice(d.actions))
            steps += 1
