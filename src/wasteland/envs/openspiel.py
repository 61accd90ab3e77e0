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
(``spec.action_space.chance``: OpenSpiel's ``max_chance_outcomes``). The set-up (the
deal before the first decision) is drawn at the root by chance nodes too: the digits of its
seed, which the engine's set-up then deals (see :class:`WastelandState`). A shuffle stays the engine's guess, never shown: every card taken from the deck is a
chance node. A game without chance is ``DETERMINISTIC``. A search bot sees different
futures through the chance nodes and ``resample_from_infostate``: the game's
determinization re-deals what the seat does not know.

Parameters are the spec's options: an int, a choice (text), a bool; a list of names is a
comma-separated text; an option whose default the game derives is 0 (int) or "" (text) for
"derive it". ``seed``: -1 (the default) makes the set-up chance nodes from one fixed root
(the set-up's seed drawn digit by digit, then dealt by the engine); 0 or more fixes the
set-up to that seed's, the same root every time.

Observations: ``observation_string`` is the seat's view as canonical JSON;
``information_state_string`` is that view followed by the seat's recall (its own actions
from the root and a digest of what it saw at each: perfect recall); ``observation_tensor``
is the game's tensor (``spec.observer``). No game offers ``information_state_tensor``: a
perfect-recall tensor of fixed size needs a bound on the game's length, and no game of ours
has one (a game lasts as long as its players take).

States are plain data: they pickle, deep-copy, and ``serialize()`` / ``deserialize_state``
round-trip (OpenSpiel pickles a Python state's attributes), so OpenSpiel's
``random_sim_test`` passes with serialization on.
"""

from __future__ import annotations

import hashlib
import math
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
    """OpenSpiel's observer protocol over the seat's view. An observer of the information
    state (``iig_obs_type.perfect_recall``) writes the view followed by the seat's recall
    (:meth:`WastelandState.recall_string`): its own actions and a digest of what it saw at
    each of them, so that two histories give the same string only when the seat's own
    sequence of decisions and observations is the same (perfect recall)."""

    def __init__(self, table: Table, iig_obs_type=None, params=None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.table = table
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.tensor = np.zeros(table.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: "WastelandState", player: int) -> None:
        if state.engine_state is None:  # the set-up is being dealt: nothing to see yet
            self.tensor[:] = 0.0
        else:
            self.tensor[:] = self.table.tensor_of(state.engine_state, player)

    def string_from(self, state: "WastelandState", player: int) -> str:
        seen = state.seen(player)
        return f"{seen}\n{state.recall_string(player)}" if self.perfect_recall else seen


def _digest(before: str, seen: str, action: int) -> str:
    """The recall's running digest: the one before, what the seat saw, what it did."""
    return hashlib.blake2b(f"{before}\x1f{seen}\x1f{action}".encode(), digest_size=12).hexdigest()


class WastelandState(pyspiel.State):
    """A state of the game over the engine's state.

    **The root.** With the game's ``seed`` at -1 (the default), the root is the same for every
    ``new_initial_state()``: the set-up is not dealt yet (``engine_state`` is None) and the
    first ``setup_digits`` chance nodes draw the set-up's seed, one base-``setup_base`` digit
    each, uniformly; the engine then deals the set-up of that seed (its shuffles and deals),
    and every later draw, roll or pick is a chance node of its own. With a ``seed`` of 0 or
    more the root is that seed's set-up, the same every time (a fixed deal).

    **Sharing.** States may share an engine state (a clone does, an environment's
    ``state_of`` does): an action then applies to a copy (the engine's ``apply``), and only a
    state holding its engine state alone (``owned``: one it made) applies in place, so a
    play-out copies once, not at every step.

    **Serialization.** Every attribute is plain data (the engine's state, the moves, the
    recall), never the game: OpenSpiel's ``serialize()`` pickles the state's ``__dict__``,
    and its C++ clone deep-copies it; the game's table is reached through ``get_game()``."""

    def __init__(self, game: "WastelandGame", engine_state: Any = None, moves: list[tuple[int, int]] | None = None,
                 owned: bool = False, recall: list[str] | None = None, setup: tuple[int, ...] = ()) -> None:
        super().__init__(game)
        self.engine_state = engine_state
        self._owned = owned
        self._moves = list(moves or ())  # (player, action) of every move from the root
        self._recall = list(recall) if recall is not None else [""] * game.num_players()
        self._setup = tuple(setup)  # the set-up seed's digits drawn so far (engine_state None)
        self._forget()

    @property
    def _table(self) -> Table:
        return self.get_game().table

    def _forget(self) -> None:
        """What is kept of the position, computed once when first asked."""
        self._player: int | None = None
        self._legal: list[int] | None = None  # the decision's sorted indices
        self._texts: dict[int, str] = {}  # index -> the legal action's notation

    def current_player(self) -> int:
        if self._player is None:
            if self.engine_state is None:
                self._player = pyspiel.PlayerId.CHANCE
                return self._player
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
        probabilities; while the set-up is dealt, the seed's next digit (uniform)."""
        if self.current_player() != pyspiel.PlayerId.CHANCE:
            return []
        if self.engine_state is None:
            base = self.get_game().setup_base
            return [(k, 1.0 / base) for k in range(base)]
        return list(enumerate(self._point().probabilities()))

    def _legal_actions(self, player: int) -> list[int]:
        if self.current_player() != player:
            return []
        if player == pyspiel.PlayerId.CHANCE:
            if self.engine_state is None:
                return list(range(self.get_game().setup_base))
            return list(range(len(self._point().outcomes)))
        if self._legal is None:
            state = self.engine_state
            d = self._table.engine.decision(state)
            self._texts = dict(zip(self._table.actions.encode_all(d.actions, state), d.actions))
            self._legal = sorted(self._texts)
        return list(self._legal)

    def _apply_action(self, action: int) -> None:
        action = int(action)
        player = self.current_player()
        if self.engine_state is None:
            self._deal(action)
            self._moves.append((player, action))
            return
        text = self._text(action)
        if player >= 0:  # the seat remembers what it saw when it chose, and what it chose
            self._recall[player] = _digest(self._recall[player], self.seen(player), action)
        engine = self._table.engine
        if self._owned:
            engine.apply_in_place(self.engine_state, text)
        else:
            self.engine_state, _ = engine.apply(self.engine_state, text)
            self._owned = True
        self._forget()
        self._moves.append((player, action))

    def _deal(self, digit: int) -> None:
        """One digit of the set-up's seed; the last one deals the set-up."""
        game = self.get_game()
        if not 0 <= digit < game.setup_base:
            raise RuleError("chance", f"a set-up digit must be a whole number from 0 to {game.setup_base - 1}, "
                            f"not {digit}")
        self._setup += (digit,)
        if len(self._setup) == game.setup_digits:
            seed = sum(d * game.setup_base ** k for k, d in enumerate(self._setup))
            self.engine_state, self._owned = game.deal(seed), True
        self._forget()

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
            if self.engine_state is None:
                return f"set-up seed digit {len(self._setup) + 1}: {int(action)}"
            return self._text(int(action))
        return self._table.actions.decode(int(action), self.engine_state)

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        players = self.get_game().num_players()
        if self.engine_state is None:
            return [0.0] * players
        outcome = self._table.engine.outcome(self.engine_state)
        won = set(outcome.winners) if outcome else set()
        return [1.0 if seat in won else 0.0 for seat in range(players)]

    # -- what a seat knows ----------------------------------------------------------

    def seen(self, player: int) -> str:
        """The seat's view as canonical JSON (what it sees now)."""
        if self.engine_state is None:
            return SETTING_UP
        table = self._table
        return table.observer.string(table.engine.view(self.engine_state, player))

    def recall_string(self, player: int) -> str:
        """What the seat remembers: its own actions from the root, in order, and the digest of
        what it saw at each of them (the other seats' moves and chance it saw only through
        its views)."""
        own = " ".join(str(a) for p, a in self._moves if p == player)
        return f"own actions: {own}\nrecall: {self._recall[player]}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "WastelandState":
        """A state the seat cannot tell from this one (the game's determinization): what IS-MCTS
        searches over. The game draws the re-deal itself from Python's ``random`` (IS-MCTS passes a
        fresh sampler with the same seed on every call, so its first number would repeat)."""
        if self.engine_state is None:
            return self.clone()
        rng = Rng(random.getrandbits(63))
        engine = self._table.engine
        sampled = engine.determinize(self.engine_state, player_id, rng)
        if self.engine_state.chance is not None and sampled.chance is None:
            sampled = engine.with_table_chance(sampled)  # the re-deal's chance: chance nodes as here
        return WastelandState(self.get_game(), sampled, self._moves, owned=True, recall=self._recall)

    def clone(self) -> "WastelandState":
        # The clone shares the engine state, and from now on neither changes it in place
        # (the next action of either copies it first). The clone keeps the history through
        # ``history()`` below.
        self._owned = False
        return WastelandState(self.get_game(), self.engine_state, self._moves, recall=self._recall,
                              setup=self._setup)

    def history(self) -> list[int]:
        return [a for _p, a in self._moves]

    def history_str(self) -> str:
        return ", ".join(str(a) for _p, a in self._moves)

    def __str__(self) -> str:
        # a spectator's view: even a debugging print shows nothing hidden
        return self.seen(None)  # type: ignore[arg-type]


#: what every seat sees while the set-up's seed is drawn
SETTING_UP = '{"setting_up":true}'


class WastelandGame(pyspiel.Game):
    """Base of the per-game classes ``register()`` makes (OpenSpiel builds a game from its class)."""

    GAME = ""
    TYPE: Any = None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = env_games()[self.GAME]
        self.table = Table(self.GAME, **options_from(spec, params))
        self.seed = int(params.get("seed", -1))
        self.explicit = explicit_chance(spec)
        chance = self.table.actions.chance if self.explicit else 0
        #: the set-up's seed is drawn as ``setup_digits`` digits of base ``setup_base`` (31 bits)
        self.setup_base = max(2, chance)
        self.setup_digits = math.ceil(SEED_BITS / math.log2(self.setup_base))
        info = pyspiel.GameInfo(num_distinct_actions=self.table.actions.size,
                                max_chance_outcomes=chance,
                                num_players=self.table.players, min_utility=0.0, max_utility=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(self.TYPE, info, params)
        self._root = self.deal(self.seed) if self.seed >= 0 or not self.explicit else None

    def deal(self, seed: int) -> Any:
        """The engine's set-up of ``seed`` (in table mode when the game's chance is explicit)."""
        state = self.table.engine.new_game(self.table.config, seed)
        if self.explicit:
            state = self.table.engine.with_table_chance(state)  # every later draw: a chance node
        return state

    def new_initial_state(self) -> WastelandState:
        """The root: the same state every call (see :class:`WastelandState`). A game without
        explicit chance and no seed deals a fresh set-up each call (sampled chance)."""
        if self.seed < 0 and not self.explicit:
            return WastelandState(self, self.deal(random.randrange(2**SEED_BITS)), owned=True)
        return WastelandState(self, self._root)  # shared: its first action copies it

    def make_py_observer(self, iig_obs_type=None, params=None) -> _Observer:
        return _Observer(self.table, iig_obs_type, params)


#: the bits of a set-up's seed drawn at the root
SEED_BITS = 31


def explicit_chance(spec) -> bool:
    """Does the game give its chance as chance nodes? (It has chance, its engine a table
    mode and its action space a bound on a point's outcomes.)"""
    return bool(spec.capabilities.chance and spec.action_space is not None and spec.action_space.chance)


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
