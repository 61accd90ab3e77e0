"""A game's tunable numbers: what a designer may change, in what range, by which rule.

Each game declares its parameters once, in ``games/<name>/params.py`` (named by the spec's
``params`` field): the numbers of its content and options that shape its balance (the
spawn letters of a difficulty, the influence a survivor needs, what a troop costs), each
with its default (the rulebook's or the data's), the range a designer may try, the rule
it stands in, and a line of text. A *tuned set* is a small TOML file of overrides::

    # a harder Normal
    letters_normal = 5
    activations_1p = 3

(an optional ``game = "NAME"`` names the game it was written for). Every value is
checked against its parameter's range; a bad file is one :class:`ParamError` naming the
parameter, its range and its rule.

A set belongs to one game, never to the process: a game's config may carry it under the
reserved key ``params`` (``{"players": 1, "params": {"letters_normal": 5}}``), and the game
sets itself up from it and keeps it in its state (its rules and content are derived from
the set, its ``to_json`` config names it), so a stored game resumes with its own numbers on
any node, in any thread, beside games with other numbers (the server keeps each game's
set in its stored config). The game's own tables are never changed.

``applied(spec, values)`` is the set for the games set up inside it whose config names
none (the commands' ``--params FILE``): it is held in a context variable, so it is local
to the thread or asyncio task that entered it (and to the processes forked there), and a
game set up inside it keeps the set in its config afterwards. A set at its defaults (or
empty) changes nothing.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, contextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
import tomllib
from typing import Any, Callable, Iterator

from . import param_words, toml_text
from .protocol import RuleError
from .spec import GameSpec, load_ref


class ParamError(ValueError):
    """A bad parameter set: one message naming the parameter, its range and rule
    (``param`` and ``rule``: the parameter's name and anchor, when one is named). ``kind``
    and ``values`` let :meth:`said` say it in another language (``param_words``)."""

    def __init__(self, message: str, param: str | None = None, rule: str | None = None, *, kind: str = "",
                 values: dict[str, Any] | None = None, spec: GameSpec | None = None) -> None:
        super().__init__(message)
        self.param = param
        self.rule = rule
        self.kind = kind
        self.values = values or {}
        self.spec = spec

    def said(self, lang: str = "en") -> str:
        """The message in ``lang`` (en, ru, uk): the game's name and the parameter's text in
        the game's own page words of that language."""
        if not self.kind or lang == "en" or lang not in param_words.WORDS:
            return str(self)
        values = dict(self.values)
        if self.spec is not None:
            from .page_words import words_of_game

            words = words_of_game(self.spec, lang)
            if words is not None:
                values["game"] = words.own_text("game.title") or values.get("game", "")
                if self.param and "text" in values:
                    values["text"] = words.own_text(f"param.{self.param}") or values["text"]
        if values.get("known") == "none":
            values["known"] = param_words.WORDS.get(lang, param_words.WORDS["en"])["none"]
        return param_words.say(self.kind, lang, values)


def _error(kind: str, param: str | None = None, anchor: str | None = None, spec: GameSpec | None = None,
           **values: Any) -> ParamError:
    """A :class:`ParamError` of ``kind``, its English words from ``param_words``."""
    return ParamError(param_words.say(kind, "en", values), param, anchor, kind=kind, values=values, spec=spec)


def toml_value(value: Any) -> str:
    """``value`` as a TOML file writes it (``true``, not Python's ``True``)."""
    try:
        return toml_text.value(value)
    except toml_text.TomlValueError:
        return value.isoformat() if hasattr(value, "isoformat") else repr(value)


@dataclass(frozen=True)
class Param:
    """One tunable whole number of a game."""

    name: str  # "letters_normal"
    text: str  # what it is, for people: "spawn letters active on Normal (of A, B, C, M, H)"
    default: int  # the rulebook's (or the data's) value
    low: int  # the range a designer may try, inclusive
    high: int
    rule: str  # the anchor of the rule it stands in ("SL §18")
    step: int = 1  # one step of a sensitivity study

    def check(self, value: Any, origin: str = "params", spec: GameSpec | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not self.low <= value <= self.high:
            raise _error("range", self.name, self.rule, spec, origin=origin, name=self.name, low=self.low,
                         high=self.high, rule=self.rule, text=self.text, value=toml_value(value))
        return value

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "text": self.text, "default": self.default, "low": self.low,
                "high": self.high, "rule": self.rule, "step": self.step}


Values = dict[str, int]


@dataclass(frozen=True)
class GameParams:
    """What a game's ``params.py`` declares."""

    params: tuple[Param, ...]
    # the names a seat may be dealt in a configuration (``wasteland.sim.sweep.deal``):
    # pool(full_config) -> names; None: every value of the spec's seats option
    seat_pool: Callable[[dict[str, Any]], tuple[str, ...]] | None = None

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


def game_params(spec: GameSpec) -> GameParams:
    """The game's declared parameters (none when it declares none)."""
    ref = spec.params
    if not ref:
        return GameParams(())
    return load_ref(ref)


def check(spec: GameSpec, values: Any, origin: str = "params") -> Values:
    """``values`` checked against the game's parameters: the set in declaration order, the
    values at their default left out."""
    declared = game_params(spec)
    if not isinstance(values, dict):
        raise _error("table", spec=spec, origin=origin)
    out: Values = {}
    for name, value in values.items():
        param = declared.param(name)
        if param is None:
            known = ", ".join(p.name for p in declared.params) or "none"
            raise _error("unknown", str(name), spec=spec, origin=origin, game=spec.title, name=repr(name), known=known)
        param.check(value, origin, spec)
    for p in declared.params:
        if p.name in values and values[p.name] != p.default:
            out[p.name] = values[p.name]
    return out


def read_file(spec: GameSpec, path: str | Path) -> Values:
    """A tuned set from a TOML file (see the module docstring)."""
    origin = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise _error("unreadable", spec=spec, origin=origin, error=exc.strerror) from None
    return read_text(spec, text, origin)


def read_text(spec: GameSpec, text: str, origin: str = "params") -> Values:
    """A tuned set from the text of a TOML file (a file's, or one pasted in the lobby)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise _error("toml", spec=spec, origin=origin, error=exc) from None
    game = data.pop("game", spec.name)
    if game != spec.name:
        raise _error("other_game", spec=spec, origin=origin, wrote=repr(game), game_name=repr(spec.name))
    return check(spec, data, origin)


#: the sets of :func:`applied`, by game name: a context variable, so each thread and each
#: asyncio task sees its own (a new thread starts with none)
_ACTIVE: ContextVar[dict[str, Values]] = ContextVar("wasteland_params", default={})


def applied(spec: GameSpec, values: Values | None) -> AbstractContextManager[None]:
    """The games set up inside whose config names no set use ``values`` (checked by
    :func:`check`); nothing outside the calling context sees it."""
    if not values:
        return nullcontext()
    return _activated(spec.name, dict(values))


@contextmanager
def _activated(game: str, values: Values) -> Iterator[None]:
    token = _ACTIVE.set({**_ACTIVE.get(), game: values})
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def active(game: str) -> Values:
    """The set :func:`applied` made current for ``game`` here (empty: none)."""
    return _ACTIVE.get().get(game, {})


def of_config(game: str, config: Any) -> Values:
    """The set a game of ``game`` set up from ``config`` plays with: the config's ``params``
    table, checked (a RuleError naming the parameter, its range and rule), or else the set
    current here (:func:`applied`). Each game's config reader calls this."""
    if isinstance(config, dict) and "params" in config:
        from .registry import get_spec  # the registry imports the games, which import this

        try:
            return check(get_spec(game), config["params"], "config: params")
        except ParamError as exc:
            raise RuleError(exc.rule or "params", str(exc)) from None
    return dict(active(game))


def with_config(config: dict[str, Any], values: Values | None) -> dict[str, Any]:
    """``config`` with ``values`` as its ``params`` (none: the key left out, so a game at its
    own numbers writes the config it always wrote)."""
    out = {k: v for k, v in config.items() if k != "params"}
    if values:
        out["params"] = dict(values)
    return out


def as_text(values: Values | None) -> str:
    """A set as one ``games.csv`` cell: ``letters_normal=5;solo_activations=2`` (empty: none)."""
    return ";".join(f"{k}={v}" for k, v in (values or {}).items())


def from_text(spec: GameSpec, text: str, origin: str = "params") -> Values:
    """The set of :func:`as_text` (a cell of ``games.csv``, a command-line ``a=1,b=2``)."""
    values: dict[str, Any] = {}
    for part in str(text).replace(",", ";").split(";"):
        if not part.strip():
            continue
        name, eq, number = part.partition("=")
        try:
            values[name.strip()] = int(number)
        except ValueError:
            raise _error("pair", spec=spec, origin=origin, part=repr(part.strip())) from None
        if not eq:
            raise _error("pair", spec=spec, origin=origin, part=repr(part.strip()))
    return check(spec, values, origin)


def seat_pool(spec: GameSpec, full_config: dict[str, Any]) -> tuple[str, ...]:
    """The names a seat may be dealt in ``full_config`` (see ``GameParams.seat_pool``)."""
    pool = game_params(spec).seat_pool
    if pool is not None:
        return pool(full_config)
    seats = next((o for o in spec.options if o.kind == "seats"), None)
    return tuple(seats.values) if seats is not None else ()
