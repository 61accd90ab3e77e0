"""``wasteland soak GAME --minutes M``: random games of one registered game (or all), over
every valid combination of its options, checked after every action.

After each action of each game the soak checks that

* the state survives a JSON round trip with its objects' keys shuffled: the loaded
  state serialises to the same data and offers the same decision (a state's future must
  not depend on key order);
* every action the decision offers applies (on a copy) without an error;

and at the end of each game that its record (header and actions, through the JSON Lines
format) replays to the same final state. It prints the games, actions and failures;
each failure names the game, config, seed, step and action, enough to replay it.
"""

from __future__ import annotations

import itertools
import json
import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from wasteland.core.protocol import Game, RuleError
from wasteland.core.record import GameRecord, check_record, replay
from wasteland.core.registry import registered_games
from wasteland.core.spec import GameSpec, Option

#: actions after which a random game is cut (counted apart: a random game of a war
#: game can run for hundreds of thousands of actions).
MAX_ACTIONS = 5000
#: most failures kept per game (more are counted, not described).
MAX_KEPT = 20


@dataclass
class Failure:
    game: str
    config: dict[str, Any]
    seed: int
    step: int
    action: str | None
    check: str
    error: str

    def line(self) -> str:
        return (f"{self.game} config={json.dumps(self.config, sort_keys=True)} seed={self.seed} step={self.step} "
                f"action={self.action!r}: {self.check}: {self.error}")


@dataclass
class SoakReport:
    game: str
    configs: int = 0
    games: int = 0
    finished: int = 0
    cut: int = 0
    actions: int = 0
    offered: int = 0  # offered actions applied on a copy
    failures: int = 0
    seconds: float = 0.0
    max_actions: int = MAX_ACTIONS
    kept: list[Failure] = field(default_factory=list)

    def summary(self) -> str:
        return (f"{self.game}: {self.games} games ({self.finished} finished, {self.cut} cut at {self.max_actions} "
                f"actions) over {self.configs} option sets, {self.actions} actions, {self.offered} offered actions "
                f"applied, {self.failures} failures, {self.seconds / 60:.1f} min")


def _values(option: Option) -> list[Any]:
    """The values of one option a soak tries (None: the game's default)."""
    if option.kind == "bool":
        return [False, True]
    if option.kind == "choice":
        return [None, *option.values]
    if option.kind == "int":
        if option.low is None or option.high is None:
            return [None]
        return [None, *range(option.low, option.high + 1)]
    if option.kind == "names":
        return [None, *([v] for v in option.values)]
    return [None]  # seats: the game deals them (their count depends on the players)


def option_sets(spec: GameSpec) -> list[dict[str, Any]]:
    """Every valid combination of the options a simulation may sweep."""
    swept = [o for o in spec.options if o.sweep and o.rulebook]
    valid = []
    for values in itertools.product(*(_values(o) for o in swept)):
        config = {o.name: v for o, v in zip(swept, values) if v is not None}
        try:
            spec.validate(dict(config))
        except RuleError:
            continue
        valid.append(config)
    return valid or [{}]


def shuffled_keys(value: Any, rng: random.Random) -> Any:
    if isinstance(value, dict):
        keys = list(value)
        rng.shuffle(keys)
        return {k: shuffled_keys(value[k], rng) for k in keys}
    if isinstance(value, list):
        return [shuffled_keys(v, rng) for v in value]
    return value


def _as_data(game: Game, state: Any) -> Any:
    return json.loads(json.dumps(game.to_json(state)))


def soak_game(spec: GameSpec, config: dict[str, Any], seed: int, report: SoakReport,
              max_actions: int = MAX_ACTIONS) -> None:
    """One random game, every check after every action; failures go into ``report``. The
    spec's simulation options (non-rulebook endings that keep it finite) apply unless set."""
    config = {**spec.simulation, **config}
    game = spec.engine
    rng = random.Random(seed)

    def fail(step: int, action: str | None, check: str, error: str) -> None:
        report.failures += 1
        if len(report.kept) < MAX_KEPT:
            report.kept.append(Failure(spec.name, config, seed, step, action, check, error))

    try:
        state = game.new_game(spec.validate(dict(config)), seed)
    except Exception as exc:  # noqa: BLE001 - a valid config must set up
        fail(0, None, "set-up", _error(exc))
        return
    report.games += 1
    actions: list[str] = []
    while True:
        d = game.decision(state)
        step = len(actions)
        # The JSON round trip, keys shuffled.
        try:
            data = game.to_json(state)
            loaded = game.from_json(json.loads(json.dumps(shuffled_keys(data, rng))))
            if _as_data(game, loaded) != json.loads(json.dumps(data)):
                fail(step, None, "json round trip", "the loaded state serialises differently")
            elif (game.decision(loaded) is None) != (d is None) or (
                    d is not None and list(game.decision(loaded).actions) != list(d.actions)):
                fail(step, None, "json round trip", "the loaded state offers another decision")
        except Exception as exc:  # noqa: BLE001
            fail(step, None, "json round trip", _error(exc))
        if d is None:
            report.finished += 1
            break
        if step >= max_actions:
            report.cut += 1
            break
        offered = list(d.actions)
        # Every offered action applies.
        for action in offered:
            try:
                game.apply(state, action)
                report.offered += 1
            except Exception as exc:  # noqa: BLE001
                fail(step, action, "offered action", _error(exc))
        action = rng.choice(offered)
        try:
            game.apply_in_place(state, action)
        except Exception as exc:  # noqa: BLE001
            fail(step, action, "apply", _error(exc))
            return
        actions.append(action)
        report.actions += 1
    # The record, through its file format, replays to the same end.
    try:
        record = GameRecord.loads(GameRecord(spec.name, spec.rules_version, config, seed, actions).dumps())
        replayed = replay(game, check_record(record, spec))
        if _as_data(game, replayed) != _as_data(game, state):
            fail(len(actions), None, "replay", "the record replays to another state")
    except Exception as exc:  # noqa: BLE001
        fail(len(actions), None, "replay", _error(exc))


def _error(exc: BaseException) -> str:
    if isinstance(exc, RuleError):
        return str(exc)
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    where = f" at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}" if frame else ""
    return f"{type(exc).__name__}: {exc}{where}"


def soak(spec: GameSpec, seconds: float, seed: int = 0, max_actions: int = MAX_ACTIONS,
         on_game: Callable[[SoakReport], None] | None = None) -> SoakReport:
    """Random games of ``spec`` for ``seconds``, cycling through its option sets."""
    report = SoakReport(spec.name, max_actions=max_actions)
    sets = option_sets(spec)
    report.configs = len(sets)
    rng = random.Random(seed)
    order: Iterator[dict[str, Any]] = itertools.cycle(rng.sample(sets, len(sets)))
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        soak_game(spec, next(order), rng.randrange(1 << 31), report, max_actions)
        if on_game is not None:
            on_game(report)
    report.seconds = time.monotonic() - start
    return report


def soak_command(game: str | None, minutes: float, seed: int, max_actions: int, echo: Callable[[str], None]) -> int:
    specs = registered_games()
    if game is not None and game not in specs:
        echo(f"unknown game {game!r}; installed games: {', '.join(specs)}")
        return 2
    chosen = [specs[game]] if game else list(specs.values())
    failed = 0
    for spec in chosen:
        report = soak(spec, minutes * 60 / len(chosen), seed, max_actions)
        echo(report.summary())
        for failure in report.kept:
            echo("  " + failure.line())
        failed += report.failures
    return 1 if failed else 0
