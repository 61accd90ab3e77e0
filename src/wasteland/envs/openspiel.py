"""OpenSpiel games for every registered game with a fixed action space.

Importing this module registers each game with ``pyspiel.register_game`` as
``python_wasteland_<game>`` (hyphens as underscores), so that::

    import pyspiel, wasteland.envs.openspiel
    game = pyspiel.load_game("python_wasteland_<game>", {"players": 2})

works and OpenSpiel's own algorithms (MCTS, IS-MCTS, random playthroughs) play it.

Game type. Sequential; utility general-sum (1 for each winner, 0 for the others: seats can
win together or all lose); terminal rewards; information imperfect where the game's views
hide something (``spec.capabilities.hidden_information``).

Chance is explicit (``EXPLICIT_STOCHASTIC``) for a game that draws, shuffles or rolls: the
states run in the engine's table mode (``core.chance``), where every draw, roll or random
pick the rules make is a chance node whose ``chance_outcomes()`` are the point's outcomes
with their probabilities (a card kind by how many of it are left). Chance action ``k`` is the
point's ``k``-th outcome in name order, below the game's bound
(``spec.action_space.chance``: OpenSpiel's ``max_chance_outcomes``). Only the set-up (the
deal before the first decision) is the seed's, as a parameter of the game: a state starts
from it. A shuffle stays the engine's guess, never shown: every card taken from the deck is a
chance node. A game without chance is ``DETERMINISTIC``. A search bot sees different
futures through the chance nodes and ``resample_from_infostate``: the game's
determinization re-deals what the seat does not know.

Parameters are the spec's options: an int, a choice (text), a bool; a list of names is a
comma-separated text; an option whose default the game derives is 0 (int) or "" (text) for
"derive it". ``seed`` (default -1: a fresh seed per game) seeds the first initial state; the
k-th state of a game object gets ``seed + k``.

Observations: ``observation_string`` and ``information_state_string`` are the seat's view
as canonical JSON (our views hold everything a seat knows that matters for the rules, so the
view stands for the information state); ``observation_tensor`` is the game's tensor
(``spec.observer``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from wasteland.core.chance import CHANCE_SEAT, VERB
from wasteland.core.protocol import RuleError
from wasteland.core.rng import Rng

from .base import Table, env_games

PREFIX = "python_wasteland_"
MAX_GAME_LENGTH = 100_000  # no game of ours has a bound of its own; the bounded options end games


def short_name(game: str) -> str:
    return PREFIX + game.replace("-", "_")


def _parameter(option) -> Any:
    if option.kind == "int":
        return int(option.default) if option.default is not None else 0
    if option.kind == "bool":
        return bool(option.default)
    if option.kind == "choice":
        return str(option.default) if option.default is not None else ""
    return ",".join(option.default or ())  # names, seats


def parameters(spec) -> dict[str, Any]:
    out = {o.name: _parameter(o) for o in spec.options}
    out["seed"] = -1
    return out


def options_from(spec, params: dict[str, Any]) -> dict[str, Any]:
    """The game's options from OpenSpiel parameters ("" and a derived int's 0: not given)."""
    options: dict[str, Any] = {}
    for o in spec.options:
        if o.name not in params:
            continue
        value = params[o.name]
        if o.kind in ("names", "seats"):
            if value:
                options[o.name] = [v for v in str(value).split(",") if v]
            elif o.default is not None:
                options[o.name] = []
        elif o.kind == "int" and o.default is None and value == 0:
            continue
        elif o.kind == "choice" and value == "":
            continue
        else:
            options[o.name] = value
    return options


class _Observer:
    """OpenSpiel's observer protocol over the seat's view."""

    def __init__(self, table: Table, iig_obs_type=None, params=None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.table = table
        self.tensor = np.zeros(table.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: "WastelandState", player: int) -> None:
        self.tensor[:] = self.table.tensor_of(state.engine_state, player)

    def string_from(self, state: "WastelandState", player: int) -> str:
        return self.table.observer.string(self.table.engine.view(state.engine_state, player))


class WastelandState(pyspiel.State):
    """A state of the game over the engine's state. States may share an engine state (a clone
    does, an environment's ``state_of`` does): an action then applies to a copy (the engine's
    ``apply``), and only a state holding its engine state alone (``owned``: one it made)
    applies in place, so a play-out copies once, not at every step."""

    def __init__(self, game: "WastelandGame", engine_state: Any, moves: list[int] | None = None,
                 owned: bool = False) -> None:
        super().__init__(game)
        self._table = game.table
        self.engine_state = engine_state
        self._owned = owned
        self._moves = list(moves or ())
        self._forget()

    def _forget(self) -> None:
        """What is kept of the position, computed once when first asked."""
        self._player: int | None = None
        self._legal: list[int] | None = None  # the decision's sorted indices
        self._texts: dict[int, str] = {}  # index -> the legal action's notation

    def current_player(self) -> int:
        if self._player is None:
            engine = self._table.engine
            if engine.outcome(self.engine_state) is not None:
                self._player = pyspiel.PlayerId.TERMINAL
            else:
                seat = engine.decision(self.engine_state).seat
                self._player = pyspiel.PlayerId.CHANCE if seat == CHANCE_SEAT else seat
        return self._player

    def _point(self):
        pending = self._table.engine.chance_pending(self.engine_state)
        point = pending.point
        if len(point.outcomes) > self._table.actions.chance:
            raise RuleError(point.rule, f"{point.what}: {len(point.outcomes)} outcomes, more than the game's "
                            f"{self._table.actions.chance} chance outcomes")
        return point

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The pending chance point's outcomes (``k``: its ``k``-th in name order) and their
        probabilities."""
        if self.current_player() != pyspiel.PlayerId.CHANCE:
            return []
        return list(enumerate(self._point().probabilities()))

    def _legal_actions(self, player: int) -> list[int]:
        if self.current_player() != player:
            return []
        if player == pyspiel.PlayerId.CHANCE:
            return list(range(len(self._point().outcomes)))
        if self._legal is None:
            state = self.engine_state
            d = self._table.engine.decision(state)
            self._texts = dict(zip(self._table.actions.encode_all(d.actions, state), d.actions))
            self._legal = sorted(self._texts)
        return list(self._legal)

    def _apply_action(self, action: int) -> None:
        action = int(action)
        text = self._text(action)
        engine = self._table.engine
        if self._owned:
            engine.apply_in_place(self.engine_state, text)
        else:
            self.engine_state, _ = engine.apply(self.engine_state, text)
            self._owned = True
        self._forget()
        self._moves.append(action)

    def _text(self, action: int) -> str:
        """The notation of ``action`` here: a chance outcome at a chance node, else the index's."""
        if self.current_player() == pyspiel.PlayerId.CHANCE:
            outcomes = self._point().outcomes
            if not 0 <= action < len(outcomes):
                raise RuleError("chance", f"chance outcome must be a whole number from 0 to {len(outcomes) - 1}, "
                                f"not {action}")
            return f"{VERB} {outcomes[action]}"
        self._legal_actions(self.current_player())
        return self._texts.get(action) or self._table.actions.decode(action, self.engine_state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE and self.current_player() == pyspiel.PlayerId.CHANCE:
            return self._text(int(action))
        return self._table.actions.decode(int(action), self.engine_state)

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        outcome = self._table.engine.outcome(self.engine_state)
        won = set(outcome.winners) if outcome else set()
        return [1.0 if seat in won else 0.0 for seat in range(self._table.players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "WastelandState":
        """A state the seat cannot tell from this one (the game's determinization): what IS-MCTS
        searches over. The game draws the re-deal itself from Python's ``random`` (IS-MCTS passes a
        fresh sampler with the same seed on every call, so its first number would repeat)."""
        rng = Rng(random.getrandbits(63))
        engine = self._table.engine
        sampled = engine.determinize(self.engine_state, player_id, rng)
        if getattr(self.engine_state, "chance", None) is not None and getattr(sampled, "chance", None) is None:
            sampled = engine.with_table_chance(sampled)  # the re-deal's chance: chance nodes as here
        return WastelandState(self.get_game(), sampled, self._moves, owned=True)

    def clone(self) -> "WastelandState":
        # The clone shares the engine state, and from now on neither changes it in place
        # (the next action of either copies it first). (OpenSpiel's own clone of a Python
        # state deep-copies every attribute, the game's modules included, and fails.) The
        # clone keeps the history through ``history()`` below.
        self._owned = False
        return WastelandState(self.get_game(), self.engine_state, self._moves)

    def history(self) -> list[int]:
        return list(self._moves)

    def history_str(self) -> str:
        return ", ".join(map(str, self._moves))

    def __str__(self) -> str:
        # a spectator's view: even a debugging print shows nothing hidden
        return self._table.observer.string(self._table.engine.view(self.engine_state, None))


class WastelandGame(pyspiel.Game):
    """Base of the per-game classes ``register()`` makes (OpenSpiel builds a game from its class)."""

    GAME = ""
    TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = env_games()[self.GAME]
        self.table = Table(self.GAME, **options_from(spec, params))
        self.seed = int(params.get("seed", -1))
        self._count = 0
        self.explicit = explicit_chance(spec)
        info = pyspiel.GameInfo(num_distinct_actions=self.table.actions.size,
                                max_chance_outcomes=self.table.actions.chance if self.explicit else 0,
                                num_players=self.table.players, min_utility=0.0, max_utility=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(self.TYPE, info, params)

    def new_initial_state(self) -> WastelandState:
        seed = random.randrange(2**31) if self.seed < 0 else self.seed + self._count
        self._count += 1
        state = self.table.engine.new_game(self.table.config, seed)
        if self.explicit:
            state = self.table.engine.with_table_chance(state)  # every later draw: a chance node
        return WastelandState(self, state, owned=True)

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _Observer(self.table, iig_obs_type, params)


def explicit_chance(spec) -> bool:
    """Does the game give its chance as chance nodes? (It has chance, its engine a table
    mode and its action space a bound on a point's outcomes.)"""
    return bool(spec.capabilities.chance and hasattr(spec.engine, "with_table_chance")
                and getattr(spec.action_space, "chance", 0))


def game_type(spec) -> Any:
    caps = spec.capabilities
    info = pyspiel.GameType.Information
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(spec.name), long_name=f"Wasteland {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(mode.EXPLICIT_STOCHASTIC if explicit_chance(spec)
                     else mode.SAMPLED_STOCHASTIC if caps.chance else mode.DETERMINISTIC),
        information=info.IMPERFECT_INFORMATION if caps.hidden_information else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players, min_num_players=spec.min_players,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=parameters(spec))


def register() -> dict[str, type]:
    """Register every game not yet registered; the classes by short name."""
    out: dict[str, type] = {}
    known = set(pyspiel.registered_names())
    for name, spec in env_games().items():
        cls = type(f"Wasteland_{name.replace('-', '_')}", (WastelandGame,), {"GAME": name, "TYPE": game_type(spec)})
        out[short_name(name)] = cls
        if short_name(name) not in known:
            pyspiel.register_game(cls.TYPE, cls)
    return out


GAMES = register()


def state_of(game: Any, engine_state: Any) -> WastelandState:
    """An OpenSpiel state of ``game`` (a loaded ``python_wasteland_*`` game) holding an engine
    state, e.g. a PettingZoo or Gymnasium environment's (``env.unwrapped.table.state``): an
    OpenSpiel bot then chooses for it, and its index means the same in every API. The
    OpenSpiel state shares the engine state and never changes it (its first action applies
    to a copy); the environment's next step does change it."""
    return WastelandState(game, engine_state)


def load(game: str, **options: Any) -> Any:
    """``pyspiel.load_game`` for a game by its registry name, with its options (a
    :class:`RuleError` names a bad one)."""
    spec = env_games().get(game)
    if spec is None:
        raise RuleError("game", f"no OpenSpiel game for {game!r}")
    params = {}
    for key, value in options.items():
        if isinstance(value, (list, tuple)):
            value = ",".join(value)
        params[key] = value
    return pyspiel.load_game(short_name(game), params)
