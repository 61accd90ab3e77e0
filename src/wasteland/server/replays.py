"""The public replay of finished games, without replaying the whole game per request.

A finished game never changes, so its replay is computed once: the states at every
:data:`EVERY`-th step are kept (checkpoints), and a request for step ``s`` replays at most
``EVERY`` actions from the checkpoint before it. The answers themselves (view and events
of a step for a seat) are kept too, most recently used first. Both are bounded: a few
games' checkpoints and a few thousand answers, whatever clients ask for.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from wasteland.core.protocol import Game

#: a checkpoint every this many steps.
EVERY = 64
#: games whose checkpoints are kept, and answers kept.
MAX_GAMES = 16
MAX_ANSWERS = 4096


class _Checkpoints:
    def __init__(self, game: Game, config: dict[str, Any], seed: int, actions: list[str]) -> None:
        state, events = game.new_game_with_events(config, seed)
        self.initial_events = events
        self.states = [state]
        for number, action in enumerate(actions, start=1):
            if (number - 1) % EVERY == 0:  # stepping off a checkpoint: on a copy, it stays as it was
                state = game.apply(state, action)[0]
            else:
                game.apply_in_place(state, action)
            if number % EVERY == 0:
                self.states.append(state)


class ReplayCache:
    """Views and events of finished games' steps (thread-safe: computed in worker threads)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: OrderedDict[str, _Checkpoints] = OrderedDict()
        self._answers: OrderedDict[tuple[str, int, int | None], tuple[dict, list]] = OrderedDict()

    def step(self, game_id: str, game: Game, config: dict[str, Any], seed: int, actions: list[str], step: int,
             seat: int | None) -> tuple[dict, list]:
        """(view for ``seat``, events of action ``step``) after the first ``step`` actions."""
        key = (game_id, step, seat)
        with self._lock:
            if key in self._answers:
                self._answers.move_to_end(key)
                return self._answers[key]
            points = self._games.get(game_id)
            if points is not None:
                self._games.move_to_end(game_id)
        if points is None:
            points = _Checkpoints(game, config, seed, actions)
            with self._lock:
                self._games[game_id] = points
                while len(self._games) > MAX_GAMES:
                    self._games.popitem(last=False)
        answer = _answer(points, game, actions, step, seat)
        with self._lock:
            self._answers[key] = answer
            while len(self._answers) > MAX_ANSWERS:
                self._answers.popitem(last=False)
        return answer


def _answer(points: _Checkpoints, game: Game, actions: list[str], step: int, seat: int | None) -> tuple[dict, list]:
    if step == 0:
        return game.view(points.states[0], seat), points.initial_events
    start = (step - 1) // EVERY * EVERY  # the checkpoint before action ``step``
    state = points.states[start // EVERY]
    events: list = []
    for number in range(start, step):
        if number == start:
            state, events = game.apply(state, actions[number])  # a copy: the checkpoint stays
        else:
            events = game.apply_in_place(state, actions[number])
    return game.view(state, seat), events


def live_step(game: Game, config: dict[str, Any], seed: int, actions: list[str], step: int,
              seat: int | None) -> tuple[dict, list]:
    """(view for ``seat``, events of action ``step``) of a game still being played: replayed
    from its set-up each time (its actions grow, so nothing of it is kept)."""
    state, events = game.new_game_with_events(config, seed)
    for action in actions[:step]:
        events = game.apply_in_place(state, action)
    return game.view(state, seat), events
