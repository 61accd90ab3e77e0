"""What the three environments share: a game from the registry, its fixed action space and
observation encoder, the legal mask, the outcome's rewards and the terminal rendering."""

from __future__ import annotations

import io
import random
from operator import itemgetter
from typing import Any, Sequence

import numpy as np
from gymnasium import logger

from wasteland.core.protocol import RuleError
from wasteland.core.registry import get_spec, registered_games
from wasteland.core.spec import GameSpec

#: how a reward is computed: the outcome (1 for each winner, 0 for the others, at the end),
#: or outcome plus a dense reward the game declares (``OBSERVATION.rewards``: a potential of
#: the seat's view; the reward of a step is its change, so the best policy stays the same)
OUTCOME = "outcome"
#: the observation Box's bound: the tensors hold flags, counts and scaled counters, never
#: negative and far below this
OBS_HIGH = 1000.0


#: the render modes every environment offers: ``ansi`` returns the board as the terminal
#: draws it, ``human`` prints it
RENDER_MODES = ("ansi", "human")


def render_mode_of(mode: str | None) -> str | None:
    """The render mode an environment takes: a mode it does not offer falls back to none,
    with a warning, as PettingZoo's and Gymnasium's own environments do."""
    if mode is None or mode in RENDER_MODES:
        return mode
    logger.warn(f"render_mode {mode!r} is not offered (one of {', '.join(RENDER_MODES)}); nothing will be rendered")
    return None


def render(table: "Table", mode: str | None, seat: int | None = None) -> str | None:
    """``render()`` of an environment in ``mode``: the text (ansi), printed (human), or None."""
    if mode is None:
        logger.warn("render() was called without a render_mode; give render_mode='ansi' or 'human'")
        return None
    text = table.ansi(seat)
    if mode == "human":
        print(text)
        return None
    return text


def env_games() -> dict[str, GameSpec]:
    """The registered games that declare an action space and an observation encoder."""
    return {n: s for n, s in registered_games().items() if s.actions and s.observation}


def env_name(game: str) -> str:
    """The versioned environment name: ``dry-well`` -> ``dry_well_v0``, the version its action
    space's layout (``TemplateActions.version``)."""
    return game.replace("-", "_") + f"_v{get_spec(game).action_space.version}"


class ArrayEncoder:
    """The game's observation encoder (``spec.observer``) writing straight into a float32
    array: the same numbers as ``observer.encode`` (a test holds them equal), without a list
    of Python floats per step. Every feature's places and values are gathered into one list
    of indices and one of values, set in a single assignment; a plane's places are looked up
    all at once (``operator.itemgetter`` over its place -> index map, offsets included), and a
    place the plane does not know is skipped as ``encode`` skips it. A feature that declares
    ``same`` (the part of the view it depends on alone) keeps its numbers while the view
    holds that very object (the engine keeps it while it does not change)."""

    def __init__(self, observer: Any) -> None:
        self.size = observer.size
        self._parts: list[tuple[Any, dict[str, int] | None, int, int]] = []
        self._same: list[tuple[Any, Any, dict[str, int] | None, int, int]] = []
        self._kept: list[Any] = []  # per ``same`` feature: (the object, its indices, its values)
        offset = 0
        for feature, index in zip(observer.features, observer._index):
            at = {place: offset + i for place, i in index.items()} if feature.keys else None
            if feature.same is not None:
                self._same.append((feature.same, feature.read, at, offset, feature.length))
                self._kept.append((None, None, None))
            else:
                self._parts.append((feature.read, at, offset, feature.length))
            offset += feature.length

    @staticmethod
    def _gather(got: Any, at: dict[str, int] | None, offset: int, length: int,
                indices: list[int], values: list[Any]) -> None:
        if at is not None:
            if not got:
                return
            places = list(got)
            try:
                found = itemgetter(*places)(at)
            except KeyError:  # a place the plane does not know: skipped
                places = [p for p in places if p in at]
                if not places:
                    return
                found = itemgetter(*places)(at)
            if len(places) == 1:
                indices.append(found)
                values.append(got[places[0]])
            else:
                indices.extend(found)
                values.extend(map(got.__getitem__, places))
        else:
            got = list(got)[:length]
            indices.extend(range(offset, offset + len(got)))
            values.extend(got)

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        for k, (same, read, at, offset, length) in enumerate(self._same):
            key = same(view)
            kept = self._kept[k]
            if kept[0] is not key or key is None:
                idx: list[int] = []
                vals: list[Any] = []
                self._gather(read(view), at, offset, length, idx, vals)
                kept = self._kept[k] = (key, np.asarray(idx, np.intp), np.asarray(vals, np.float32))
            if len(kept[1]):
                out[kept[1]] = kept[2]
        indices: list[int] = []
        values: list[Any] = []
        gather = self._gather
        for read, at, offset, length in self._parts:
            gather(read(view), at, offset, length, indices, values)
        if indices:
            out[indices] = values
        return out


class Legal:
    """A decision's legal indices: each index's action text, and (when first asked:
    PettingZoo's agents read the mask) the indices sorted. Small, so that many are kept."""

    __slots__ = ("actions", "_sorted")

    def __init__(self, indices: list[int], actions: Sequence[str]) -> None:
        self.actions = dict(zip(indices, actions))
        self._sorted: list[int] | None = None

    @property
    def indices(self) -> list[int]:
        if self._sorted is None:
            self._sorted = sorted(self.actions)
        return self._sorted

    def mask(self, size: int) -> np.ndarray:
        """A fresh mask: its ones written one by one through a memoryview (cheaper than
        numpy's fancy index for a few dozen, and than copying a kept mask of thousands)."""
        mask = np.zeros(size, np.int8)
        ones = memoryview(mask)
        for i in self.actions:
            ones[i] = 1
        return mask


_NO_LEGAL = Legal([], ())
_UNSET = object()  # a decision or outcome not asked of the engine yet
#: per action space, the :class:`Legal` of decisions that name no place, by their actions
_KEPT: dict[Any, dict[tuple[str, ...], Legal]] = {}
#: how many such decisions are kept per action space (then forgotten all at once)
KEPT_DECISIONS = 10_000


class Table:
    """One game of the registry, set up for an environment.

    ``state`` is the engine's state, changed in place by :meth:`play` (an environment owns
    it; keep a ``state.copy()`` to hold on to a position; change it only through
    :meth:`play`, or set ``state`` anew). The decision, the outcome and the legal indices are
    computed once per position, when first asked (they are asked several times a step); a
    seat's tensor is built each time it is asked (an environment asks once a step: keeping
    it would cost a copy to hand out at every step)."""

    def __init__(self, game: str, reward: str = OUTCOME, **options: Any) -> None:
        self.spec = get_spec(game)
        if not self.spec.actions or not self.spec.observation:
            raise RuleError("actions", f"{self.spec.title} declares no fixed action space or observation")
        self.engine = self.spec.engine
        self.actions = self.spec.action_space
        self.observer = self.spec.observer
        self.encoder = ArrayEncoder(self.observer)
        self.config = self.spec.validate(dict(options))
        self.players = int(self.config.get("players", self.spec.min_players))
        self._seats = range(self.players)
        potentials = self.observer.rewards
        if reward != OUTCOME and reward not in potentials:
            raise RuleError("reward", f"reward must be one of {', '.join([OUTCOME, *potentials])}, not {reward!r}")
        self.reward = reward
        self.potential = potentials.get(reward)
        self._state: Any = None
        self._zeros = np.zeros(self.actions.size, np.int8)
        self._kept = _KEPT.setdefault(self.actions, {})
        self._fresh()

    def _fresh(self) -> None:
        """A new position: nothing of it computed yet."""
        self._decision: Any = _UNSET
        self._outcome: Any = _UNSET
        self._legal_of: Any = None  # the decision whose legal indices are in ``_legal``
        self._legal: Legal = _NO_LEGAL

    @property
    def state(self) -> Any:
        return self._state

    @state.setter
    def state(self, state: Any) -> None:
        self._state = state
        self._fresh()

    # -- a game ------------------------------------------------------------------

    def new(self, seed: int | None) -> None:
        self.seed = random.randrange(2**31) if seed is None else int(seed)
        self.state = self.engine.new_game(self.config, self.seed)
        self._potentials = self.potentials()

    def decision(self):
        d = self._decision
        if d is _UNSET:
            d = self._decision = self.engine.decision(self._state)
        return d

    def outcome(self):
        outcome = self._outcome
        if outcome is _UNSET:
            outcome = self._outcome = self.engine.outcome(self._state)
        return outcome

    def _legal_of_decision(self, d: Any) -> Legal:
        """The legal indices of decision ``d``, kept while it is the decision. A decision
        whose actions name no place of the position has the same indices in every state: its
        :class:`Legal` is kept for the game's action space, by the actions (a bounded dict)."""
        if d is self._legal_of:
            return self._legal
        actions = d.actions
        legal = self._kept.get(actions)
        if legal is None:
            indices = self.actions.encode_all(actions, self._state)
            legal = Legal(indices, actions)
            if self.actions.state_free(actions):
                if len(self._kept) >= KEPT_DECISIONS:
                    self._kept.clear()
                self._kept[actions] = legal
        self._legal_of, self._legal = d, legal
        return legal

    def legal(self, seat: int) -> list[int]:
        d = self.decision()
        if d is None or d.seat != seat:
            return []
        return list(self._legal_of_decision(d).indices)

    def mask(self, seat: int) -> np.ndarray:
        """The legal indices of ``seat`` as ones (a fresh array: the caller may keep it)."""
        d = self.decision()
        if d is None or d.seat != seat:
            return self._zeros.copy()
        return self._legal_of_decision(d).mask(self.actions.size)

    def view(self, seat: int) -> dict[str, Any]:
        return self.engine.view(self._state, seat)

    def tensor(self, seat: int) -> np.ndarray:
        """The seat's tensor in this position (a fresh array: the caller may keep or change it)."""
        return self.tensor_of(self._state, seat)

    def tensor_of(self, state: Any, seat: int) -> np.ndarray:
        """The seat's tensor in ``state``: the game's direct encoder where it has one (the
        same numbers without building the view), else the view's."""
        direct = self.observer.direct
        if direct is None:
            return self.encoder.encode(self.engine.view(state, seat))
        out = np.zeros(self.observer.size, np.float32)
        direct(state, seat, out)
        return out

    def play(self, index: int) -> dict[int, float]:
        """Apply the acting seat's action ``index``; the rewards of the step per seat.
        A :class:`RuleError` (state unchanged) if the index is not legal now."""
        self.apply(index)
        return self.step_rewards()

    def rewarded(self) -> bool:
        """Can the last step have given a reward (a dense reward, or the end)? If not, every
        seat's reward is 0 and :meth:`step_rewards` need not be asked."""
        return self.potential is not None or self.outcome() is not None

    def apply(self, index: int) -> None:
        """:meth:`play` without the rewards (ask :meth:`step_rewards` once after it)."""
        d = self.decision()
        if d is None:
            raise RuleError("over", "the game is over")
        action = self._legal_of_decision(d).actions.get(index)
        if action is None:
            action = self.actions.decode(index, self._state)  # a RuleError for a bad index
            raise RuleError(d.rule or "actions", f"{action!r} (index {index}) is not legal now")
        try:
            self.engine.apply_in_place(self._state, action)
        finally:
            self._fresh()

    def step_rewards(self) -> dict[int, float]:
        rewards = dict.fromkeys(self._seats, 0.0)
        if self.potential is not None:
            now = self.potentials()
            for seat in rewards:
                rewards[seat] += now[seat] - self._potentials[seat]
            self._potentials = now
        outcome = self.outcome()
        if outcome is not None:
            for seat in outcome.winners:
                rewards[seat] += 1.0
        return rewards

    def potentials(self) -> dict[int, float]:
        if self.potential is None:
            return {}
        return {seat: float(self.potential(self.view(seat))) for seat in range(self.players)}

    def returns(self) -> list[float]:
        """1 for each winner, 0 for the others (OpenSpiel's returns at the end)."""
        outcome = self.outcome()
        won = set(outcome.winners) if outcome else set()
        return [1.0 if seat in won else 0.0 for seat in range(self.players)]

    # -- the terminal rendering ----------------------------------------------------

    def ansi(self, seat: int | None = None, width: int = 100) -> str:
        """The board as the terminal draws it (``spec.terminal``), as plain text."""
        from rich.console import Console

        view = self.engine.view(self._state, seat)
        console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
        renderer = self.spec.renderer
        if renderer is None:
            console.print(self.observer.string(view))
        else:
            console.print(renderer.render_board(view, width))
            console.print(renderer.render_status(view))
        return console.file.getvalue()  # type: ignore[attr-defined]


def start_episode(env: Any) -> None:
    """An AEC environment's bookkeeping at a reset (PettingZoo's attributes): every agent
    back in play, with no reward, no end and no info yet; no step taken."""
    env.agents = env.possible_agents[:]
    env.rewards = dict.fromkeys(env.agents, 0.0)
    env._cumulative_rewards = dict.fromkeys(env.agents, 0.0)
    env.terminations = dict.fromkeys(env.agents, False)
    env.truncations = dict.fromkeys(env.agents, False)
    env.infos = {a: {} for a in env.agents}
    env.steps = 0
