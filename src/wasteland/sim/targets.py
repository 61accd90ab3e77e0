"""What a designer wants of a game, written as targets (``examples/*targets*.toml``), and
how far a played set of games is from each, with its 95% interval.

A targets file::

    game = "NAME"       # the game's registry name
    games = 40          # games per configuration and candidate, on the same seeds for all
    budget = 24         # candidates at most
    batch = 4           # candidates played at once, spread over the workers
    seed = 0
    params = ["a", "b"] # the numbers to search (default: all of the game's)

    [[target]]
    kind = "win_rate"   # the share of games with a winner
    players = 1         # any option of the game; the others at their defaults
    bot = "random"
    value = 0.30
    tolerance = 0.05

Kinds: ``win_rate`` (value, tolerance); ``first_player`` (of the decided games, the share
the seat that moved first won; value, tolerance); ``length`` (mean rounds; value,
tolerance); ``skill`` (``stronger`` and ``weaker`` bots on the same seeds: the paired
difference of their win rates must be at least ``margin``).

A value target is *met* when its value lies in the 95% interval of the measure and the
measure is within ``tolerance`` of it; a skill target when the lower end of the paired
difference's 95% interval is at least the margin. A target's *distance* is how far the
measure is outside the band value ± tolerance (the margin's shortfall for skill), a share
for rates and a fraction of the value for a length; a candidate's score is the sum of the
squared distances (0: every measure in its band; lower is better).

A target can be in its band yet not met (its interval, over few games, leaves out the
value), so the score alone does not rank candidates: :func:`rank` puts the one meeting more
targets first and the score breaks ties; a candidate never passes the game's own numbers by
trading a met target for a smaller distance elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import math
from pathlib import Path
import tomllib
from typing import Any

from wasteland.core.params import ParamError, game_params
from wasteland.core.protocol import RuleError
from wasteland.core.spec import GameSpec
from wasteland.sim.compare import paired_difference
from wasteland.sim.report import Rate, Row, winner_seats, won
from wasteland.sim.sweep import Configuration, SweepError, _freeze, parse_bots

KINDS = ("win_rate", "first_player", "length", "skill")
Z95 = 1.959963984540054
FILE_KEYS = {"game", "games", "budget", "batch", "seed", "params", "target", "bot"}
TARGET_KEYS = {"kind", "name", "value", "tolerance", "margin", "bot", "stronger", "weaker"}


class TargetError(ValueError):
    """A bad targets file: one message naming the target and the key."""


@dataclass(frozen=True)
class Target:
    kind: str
    name: str
    options: tuple[tuple[str, Any], ...]  # the game's options it is measured on
    bot: str = ""
    value: float = 0.0
    tolerance: float = 0.0
    stronger: str = ""
    weaker: str = ""
    margin: float = 0.0

    def configurations(self, spec: GameSpec) -> list[Configuration]:
        bots = [self.stronger, self.weaker] if self.kind == "skill" else [self.bot]
        return [configuration(spec, dict(self.options), b) for b in bots]

    def wants(self) -> str:
        if self.kind == "skill":
            return f"{self.stronger} - {self.weaker} >= {self.margin:g}"
        unit = " rounds" if self.kind == "length" else ""
        return f"{self.value:g}{unit} ± {self.tolerance:g}"


@dataclass(frozen=True)
class Measure:
    """A target's figure for one candidate: the estimate, its 95% interval, the distance."""

    target: Target
    estimate: float
    low: float
    high: float
    n: int
    distance: float
    met: bool

    def text(self) -> str:
        mark = "met" if self.met else "MISSED"
        return (f"{self.target.name}: {self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}] over {self.n} games; "
                f"wants {self.target.wants()}; distance {self.distance:.3f} ({mark})")


@dataclass
class Targets:
    spec: GameSpec
    targets: list[Target]
    games: int = 40
    budget: int = 24
    batch: int = 4
    seed: int = 0
    params: list[str] = field(default_factory=list)  # the parameters searched

    def configurations(self) -> list[Configuration]:
        """Every configuration a candidate plays (each once, in the targets' order)."""
        return list(dict.fromkeys(c for t in self.targets for c in t.configurations(self.spec)))


def configuration(spec: GameSpec, options: dict[str, Any], bot: str) -> Configuration:
    """The configuration of ``options`` (the spec's simulation bounds added unless set) and
    ``bot``, as the sweep builds it."""
    config = {**spec.simulation, **options}
    full = spec.validate(config)
    ordered = tuple((o.name, _freeze(config[o.name])) for o in spec.options if o.name in config)
    return Configuration(spec.name, ordered, bot, tuple((k, _freeze(v)) for k, v in full.items()))


def _number(where: str, key: str, value: Any, low: float | None = None, high: float | None = None) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value) \
            or (low is not None and value < low) or (high is not None and value > high):
        span = f" from {low:g}" if low is not None else ""
        span += f" to {high:g}" if high is not None else ""
        raise TargetError(f"{where}: {key} must be a number{span}, not {value!r}")
    return float(value)


def _whole(origin: str, key: str, value: Any, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise TargetError(f"{origin}: {key} must be a whole number from {low}, not {value!r}")
    return value


def parse(spec: GameSpec, data: dict[str, Any], origin: str = "targets") -> Targets:
    """Targets from a parsed TOML table; :class:`TargetError` names what is wrong."""
    unknown = sorted(set(data) - FILE_KEYS)
    if unknown:
        raise TargetError(f"{origin}: unknown key {unknown[0]!r} (a targets file has {', '.join(sorted(FILE_KEYS))})")
    if data.get("game", spec.name) != spec.name:
        raise TargetError(f"{origin}: the targets are for {data['game']!r}, not {spec.name!r}")
    declared = game_params(spec)
    names = data.get("params", [p.name for p in declared.params])
    if not isinstance(names, list) or not names:
        raise TargetError(f"{origin}: params must be a list of the game's parameter names")
    for n in names:
        if not isinstance(n, str) or declared.param(n) is None:
            raise TargetError(f"{origin}: params: {spec.title} has no parameter {n!r} "
                              f"(it has {', '.join(p.name for p in declared.params)})")
    default_bot = data.get("bot", spec.default_bot)
    raw = data.get("target")
    if not isinstance(raw, list) or not raw:
        raise TargetError(f"{origin}: write at least one [[target]]")
    targets = [_target(spec, t, default_bot, f"{origin}: target {k + 1}") for k, t in enumerate(raw)]
    return Targets(spec, targets, games=_whole(origin, "games", data.get("games", 40), 1),
                   budget=_whole(origin, "budget", data.get("budget", 24), 1),
                   batch=_whole(origin, "batch", data.get("batch", 4), 1),
                   seed=_whole(origin, "seed", data.get("seed", 0), 0), params=list(dict.fromkeys(names)))


def _target(spec: GameSpec, t: Any, default_bot: str, where: str) -> Target:
    if not isinstance(t, dict):
        raise TargetError(f"{where}: a target is a table")
    kind = t.get("kind")
    if kind not in KINDS:
        raise TargetError(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    options: dict[str, Any] = {}
    for key, value in t.items():
        if key in TARGET_KEYS:
            continue
        option = spec.option(key)
        if option is None:
            raise TargetError(f"{where}: {spec.title} has no option {key!r} (a target names options of the game "
                              f"and {', '.join(sorted(TARGET_KEYS))})")
        options[key] = value
    try:
        configuration(spec, options, "random")
    except RuleError as exc:
        raise TargetError(f"{where}: {exc}") from None
    try:
        for key in ("bot", "stronger", "weaker"):
            if key in t:
                parse_bots(str(t[key]), spec)
    except SweepError as exc:
        raise TargetError(f"{where}: {exc}") from None
    ordered = tuple((o.name, _freeze(options[o.name])) for o in spec.options if o.name in options)
    label = " ".join(f"{k} {v}" for k, v in ordered)
    if kind == "skill":
        for key in ("stronger", "weaker"):
            if not isinstance(t.get(key), str):
                raise TargetError(f"{where}: a skill target names its {key} bot")
        margin = _number(where, "margin", t.get("margin", 0.0), -1, 1)
        name = t.get("name") or f"{t['stronger']} beats {t['weaker']} ({label})"
        return Target(kind, str(name), ordered, stronger=t["stronger"], weaker=t["weaker"], margin=margin)
    high = None if kind == "length" else 1
    if "value" not in t:
        raise TargetError(f"{where}: a {kind} target needs a value")
    value = _number(where, "value", t["value"], 0, high)
    tolerance = _number(where, "tolerance", t.get("tolerance", 0.0), 0, high)
    bot = str(t.get("bot", default_bot))
    what = {"win_rate": "win rate", "first_player": "first player's share of wins", "length": "rounds"}[kind]
    name = t.get("name") or f"{what} ({label} {bot})".replace("( ", "(")
    return Target(kind, str(name), ordered, bot=bot, value=value, tolerance=tolerance)


def read(spec: GameSpec, path: str | Path) -> Targets:
    origin = str(path)
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise TargetError(f"{origin}: cannot read the targets file ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise TargetError(f"{origin}: not valid TOML ({exc})") from None
    try:
        return parse(spec, data, origin)
    except ParamError as exc:
        raise TargetError(str(exc)) from None


# -- measuring ------------------------------------------------------------------------


def _of(rows: list[Row], config: Configuration) -> list[Row]:
    return [r for r in rows if r["_config"] == config]


def measure(target: Target, spec: GameSpec, rows: list[Row]) -> Measure:
    """The target's figure over ``rows`` (each tagged with its ``_config``)."""
    configs = target.configurations(spec)
    if target.kind == "skill":
        strong = sorted(_of(rows, configs[0]), key=lambda r: r["game"])
        weak = sorted(_of(rows, configs[1]), key=lambda r: r["game"])
        diff, low, high = paired_difference([won(r) for r in strong], [won(r) for r in weak])
        distance = max(0.0, target.margin - diff)
        return Measure(target, diff, low, high, len(strong), distance, low >= target.margin)
    mine = _of(rows, configs[0])
    if target.kind == "length":
        rounds = [float(r["rounds"]) for r in mine]
        n = len(rounds)
        mean = sum(rounds) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in rounds) / (n - 1)) if n > 1 else 0.0
        half = Z95 * sd / math.sqrt(n)
        estimate, low, high = mean, mean - half, mean + half
        scale = max(target.value, 1.0)
    else:
        rate = Rate()
        for r in mine:
            if target.kind == "win_rate":
                rate.add(won(r))
            elif r["winners"]:  # first_player: of the decided games
                first = r["order"].split(";")[0] if r["order"] else "p1"
                rate.add(first in winner_seats(r))
        n = rate.n
        estimate = rate.rate if n else 0.0
        low, high = rate.interval if n else (0.0, 1.0)
        scale = 1.0
    off = abs(estimate - target.value)
    distance = max(0.0, off - target.tolerance) / scale
    met = n > 0 and off <= target.tolerance + 1e-12 and low <= target.value <= high
    return Measure(target, estimate, low, high, n, distance, met)


SCORE_MEANING = ("score: the sum over the targets of the squared distance of each measure outside its band "
                 "(value ± tolerance; a share for rates, a fraction of the value for lengths, the shortfall for "
                 "a skill margin); lower is better, 0 when every measure is in its band. The best candidate "
                 "meets the most targets; the score ranks those meeting as many")


def score(measures: list[Measure]) -> float:
    return sum(m.distance ** 2 for m in measures)


def missed(measures: list[Measure]) -> int:
    return sum(not m.met for m in measures)


def rank(measures: list[Measure]) -> float:
    """What the search minimises: the targets missed, then the score (mapped below 1, so
    no score outweighs one more target met)."""
    s = score(measures)
    return missed(measures) + s / (1.0 + s)
