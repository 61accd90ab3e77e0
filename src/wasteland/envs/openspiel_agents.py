"""OpenSpiel's own search bots as agents of the engine protocol (``choose(observation)``),
for the ladder and any bot lineup: ``ismcts`` (OpenSpiel's IS-MCTS, which searches over the
game's ``resample_from_infostate``) and ``mcts`` (its perfect-information MCTS, for a game
of one seat, where nothing is hidden but what chance has still to draw: the game's chance
stays chance nodes, never the generator's order).

Each takes a budget of simulations a move and plays out with OpenSpiel's random-rollout
evaluator (one rollout), as ``wasteland versus`` does. Import paths for the registry:
``wasteland.envs.openspiel_agents:ismcts`` and ``...:mcts`` (a budget: ``make(..., budget=N)``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts as os_ismcts
from open_spiel.python.algorithms import mcts as os_mcts

from wasteland.core.agent import Observation
from wasteland.core.protocol import Action

from . import openspiel as wo

#: the budget (simulations a move) when none is given
BUDGET = 50


#: the fewest simulations a move OpenSpiel's searches can choose from (one fails an assertion)
MIN_BUDGET = 2


class OpenSpielAgent:
    """One of OpenSpiel's bots choosing for a seat of a game of the engine protocol."""

    def __init__(self, kind: str, seed: int, game: Any, budget: int = BUDGET) -> None:
        if kind not in ("ismcts", "mcts"):
            raise ValueError(f"OpenSpiel bot must be ismcts or mcts, not {kind!r}")
        if budget < MIN_BUDGET:  # one simulation only opens the root: OpenSpiel then has no child to pick
            raise ValueError(f"openspiel-{kind} needs a budget of at least {MIN_BUDGET} simulations, not {budget}")
        self.name = f"openspiel-{kind}:{budget}"
        self.game = game
        self.seed = seed
        rs = np.random.RandomState(seed % 2**32)
        evaluator = os_mcts.RandomRolloutEvaluator(1, rs)
        if kind == "ismcts":
            self.bot = os_ismcts.ISMCTSBot(game, evaluator, 1.0, budget, random_state=rs)
        else:
            if game.num_players() != 1:
                raise ValueError("OpenSpiel's MCTS sees everything: it plays only a game of one seat here")
            self.bot = os_mcts.MCTSBot(game, 1.0, budget, evaluator, random_state=rs)
        self._random = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        actions = obs.decision.actions
        if len(actions) == 1:
            return actions[0]
        # The bot reads the position as an OpenSpiel state whose chance is chance nodes (a
        # copy: the table's state never changes); IS-MCTS re-deals what the seat cannot see,
        # and the game's re-deal draws from Python's random, seeded per bot here.
        engine = obs.game
        state = wo.WastelandState(self.game, engine.with_table_chance(obs._state), owned=True)
        random.seed(self._random.getrandbits(63))
        index = int(self.bot.step(state))
        return self.game.table.actions.decode(index, obs._state)


def ismcts(seed: int = 0, spec: Any = None, budget: int = BUDGET, **options: Any) -> OpenSpielAgent:
    return OpenSpielAgent("ismcts", seed, wo.load(spec.name, **options), budget)


def mcts(seed: int = 0, spec: Any = None, budget: int = BUDGET, **options: Any) -> OpenSpielAgent:
    return OpenSpielAgent("mcts", seed, wo.load(spec.name, **options), budget)
