"""What a simulation run plays: the sweep of configurations and the seed of every game.

A *configuration* is (game, options, bot): the options handed to the game (a value for
each option the run sweeps; the others are left to the game's defaults) and the bot
entry that seats the players. The sweep is the product of the values given for each of
the spec's sweepable options (``Option.sweep``), in the spec's order, and of the bots,
less the combinations the game refuses (``spec.validate``); those are skipped with a
note naming the rule they break.

A sweepable ``seats`` option (one name per seat, all different: a game's characters)
is swept as *lineups* (``--characters``, ``--seat-sweep``): each names the first seats in
order, and the seats it does not name get the first unused names in the option's order,
so every configuration has a known lineup. Without a lineup the names are dealt as the
rulebook deals them, at random (``deal``): by the game's seed, so every bot of a run
meets the same deal and comparisons stay paired; the row says so (``dealt``).

Seeds: game ``i`` of a configuration uses a seed derived only from the run's seed, the
game's name, its rulebook options (``Option.rulebook``; those at their declared default
left out, so a new option with a default moves no seed) and ``i``; the bot of seat ``k``
gets a seed derived from the same and from the bot entry and ``k``. Nothing depends on
which worker plays the game, so any number of workers on any backend gives the same
games. The game seed leaves the bot out on purpose: every bot faces the same deals,
which makes bot comparisons paired. Options that are not rules (a turn limit) are left
out too: with and without a limit the games start from the same deals.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import hashlib
import itertools
import json
import random
from typing import Any, Iterable

from wasteland.core.params import seat_pool
from wasteland.core.protocol import RuleError
from wasteland.core.spec import GameSpec, Option

MAX_SEED = (1 << 63) - 1
TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


class SweepError(ValueError):
    """A bad option: one clear message for the user."""


def flag(name: str) -> str:
    """The command-line flag of an option: ``turn_limit`` → ``--turn-limit``."""
    return "--" + name.replace("_", "-")


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, order=True)
class Configuration:
    game: str
    options: tuple[tuple[str, Any], ...]  # what the game is handed, in the spec's order
    bot: str
    # the game's full config of ``options`` (``spec.validate``): what the rows report
    full: tuple[tuple[str, Any], ...] = field(default=(), compare=False)
    # the game's tuned numbers (``wasteland.core.params``), left out of the seeds: every
    # set of a tuning or a sensitivity study plays the same deals
    params: tuple[tuple[str, int], ...] = ()

    def game_config(self) -> dict[str, Any]:
        """The config handed to ``Game.new_game``."""
        return {k: _thaw(v) for k, v in self.options}

    def value(self, name: str) -> Any:
        """The option's value in the full config (None when the game leaves it out)."""
        return dict(self.full).get(name, dict(self.options).get(name))

    def key(self, spec: GameSpec) -> str:
        """The game configuration as text, for the seeds (see the module docstring)."""
        full = dict(self.full) or dict(self.options)
        kept = {o.name: _thaw(full[o.name]) for o in spec.options
                if o.rulebook and o.name in full and _freeze(full[o.name]) != _freeze(o.default)}
        return json.dumps([self.game, kept], sort_keys=True, separators=(",", ":"))

    def label(self, spec: GameSpec) -> str:
        return " ".join(p for p in [config_label(spec, lambda n: cell(spec.option(n), self.value(n))), self.bot] if p)


def cell(option: Option | None, value: Any) -> Any:
    """An option's value as a ``games.csv`` cell: lists of names joined (``a+b`` for names,
    ``a;b`` for seats, ``none`` for no names), booleans ``true``/``false``, None empty."""
    if value is None:
        return ""
    if option is not None and option.kind == "names":
        return "+".join(value) or "none"
    if isinstance(value, (list, tuple)):
        return ";".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def config_label(spec: GameSpec, get: Any) -> str:
    """A configuration in a few words, from its cells (``get(name)``): ``2p classic normal
    scout;healer expansion+epic``. The player count as ``Np``, choices as they are, a true
    switch by its name, names when there are any, a swept lineup; hidden options only
    when they are set."""
    parts: list[str] = []
    for o in spec.options:
        if not o.sweep:
            continue
        v = str(get(o.name))
        if v in ("", "none"):
            continue
        if o.name == "players":
            parts.append(f"{v}p")
        elif o.kind == "bool":
            if v == "true":
                parts.append(o.name)
        elif o.hidden or o.kind == "int":
            if v != str(cell(o, o.default)):
                parts.append(f"{o.name.replace('_', ' ')} {v}")
        else:
            parts.append(v)
    return " ".join(parts)


def _derive(*parts: Any) -> int:
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") & MAX_SEED


def game_seed(seed: int, spec: GameSpec, config: Configuration, index: int) -> int:
    """The seed of game ``index`` of ``config`` in a run started with ``seed``."""
    return _derive("game", seed, config.key(spec), index)


def bot_seed(seed: int, spec: GameSpec, config: Configuration, index: int, seat: int) -> int:
    """The seed of the bot playing ``seat`` in game ``index`` of ``config``."""
    return _derive("bot", seed, config.key(spec), config.bot, index, seat)


# -- parsing the values of an option --------------------------------------------------


def _items(text: str, option: str) -> list[str]:
    items = [t.strip() for t in str(text).split(",")]
    if not items or any(not t for t in items):
        raise SweepError(f"{option}: expected a comma-separated list, got {text!r}")
    return items


def parse_ints(text: str, option: str, lo: int | None, hi: int | None) -> list[int]:
    """``"4"``, ``"1-6"``, ``"1,2,4"`` or a mix (``"1,3-4"``), sorted, without repeats."""
    out: set[int] = set()
    for part in _items(text, option):
        try:
            if "-" in part[1:]:  # a range (a leading minus is a sign)
                cut = part.index("-", 1)
                first, last = int(part[:cut]), int(part[cut + 1:])
                if first > last:
                    raise SweepError(f"{option}: the range {part!r} runs backwards")
                values = range(first, last + 1)
            else:
                values = range(int(part), int(part) + 1)
        except ValueError:
            raise SweepError(f"{option}: {part!r} is not a number or a range like 1-6") from None
        for n in values:
            if (lo is not None and n < lo) or (hi is not None and n > hi):
                if hi is None:
                    raise SweepError(f"{option} must be at least {lo}, not {n}")
                if lo is None:
                    raise SweepError(f"{option} must be at most {hi}, not {n}")
                raise SweepError(f"{option}: {n} is not a valid value (from {lo} to {hi})")
            out.add(n)
    return sorted(out)


def parse_names(text: str, option: str, known: Iterable[str] | None = None) -> list[str]:
    """A comma-separated list of names, in the given order, without repeats."""
    known = tuple(known) if known is not None else None
    names: list[str] = []
    for item in _items(text, option):
        if known is not None and item not in known:
            raise SweepError(f"{option}: unknown value {item!r}; choose from {', '.join(known)}")
        if item not in names:
            names.append(item)
    return names


def option_values(spec: GameSpec, option: Option, texts: list[str]) -> list[Any]:
    """The values to sweep for ``option`` from its command-line texts (each comma-separated;
    a ``names`` value is ``a+b`` or ``none``; a ``seats`` text is one lineup)."""
    name = flag(option.name)
    values: list[Any] = []

    def add(v: Any) -> None:
        if v not in values:
            values.append(v)

    for text in texts:
        if option.kind == "int":
            lo, hi = option.low, option.high
            if option.name == "players":  # the spec's player range bounds it too
                lo = max(lo if lo is not None else spec.min_players, spec.min_players)
                hi = min(hi if hi is not None else spec.max_players, spec.max_players)
            if option.name == "players":
                try:
                    ints = parse_ints(text, name, lo, hi)
                except SweepError as exc:
                    raise SweepError(str(exc).replace("is not a valid value", "is not a valid player count")) \
                        from None
            else:
                ints = parse_ints(text, name, lo, hi)
            for v in ints:
                add(v)
        elif option.kind == "choice":
            known = tuple(option.values) + (("none",) if option.default is None else ())
            for v in parse_names(text, name, known):
                add(None if v == "none" else v)
        elif option.kind == "bool":
            for v in _items(text, name):
                if v.lower() in TRUE_WORDS:
                    add(True)
                elif v.lower() in FALSE_WORDS:
                    add(False)
                else:
                    raise SweepError(f"{name}: {v!r} is not true or false")
        elif option.kind == "names":
            for item in _items(text, name):
                if item == "none":
                    add(())
                    continue
                parts = item.split("+")
                for n in parts:
                    if n not in option.values:
                        raise SweepError(f"{name}: unknown value {n!r}; choose from none, "
                                         f"{', '.join(option.values)} (combine with +)")
                if len(set(parts)) != len(parts):
                    raise SweepError(f"{name}: {item!r} names a value twice")
                add(tuple(v for v in option.values if v in parts))
        else:  # seats: one lineup per text
            lineup = tuple(_items(text, name))
            for n in lineup:
                if option.values and n not in option.values:
                    raise SweepError(f"{name}: unknown value {n!r}; choose from {', '.join(option.values)}")
            if len(set(lineup)) != len(lineup):
                raise SweepError(f"{name}: {text!r} names a value twice")
            add(lineup)
    return values


def find_option(spec: GameSpec, name: str) -> Option | None:
    """The option a flag names: ``turn-limit`` → ``turn_limit``; the singular of a list
    option too (``variant`` → ``variants``)."""
    key = name.replace("-", "_")
    option = spec.option(key)
    if option is None and spec.option(key + "s") is not None and spec.option(key + "s").kind in ("names", "seats"):
        option = spec.option(key + "s")
    return option


def values_from_args(spec: GameSpec, words: list[str], pairs: list[str] = ()) -> dict[str, list[str]]:
    """The values to sweep, by option, from the command line's game options: ``--NAME
    VALUES`` (repeatable; a yes/no option alone means yes, ``--no-NAME`` no) and
    ``--option NAME=VALUES``. An unknown option is a :class:`SweepError` naming it."""
    values: dict[str, list[str]] = {}

    def put(name: str, text: str | None, spelled: str) -> None:
        option = find_option(spec, name)
        if option is None:
            sweepable = ", ".join(flag(o.name) for o in spec.options if o.sweep)
            raise SweepError(f"{spelled}: {spec.title} has no option {name.replace('-', '_')!r} "
                             f"(it sweeps {sweepable})")
        if text is None:
            if option.kind != "bool":
                raise SweepError(f"{spelled}: a value is missing")
            text = "true"
        values.setdefault(option.name, []).append(text)

    for pair in pairs:
        name, eq, text = pair.partition("=")
        if not eq or not name:
            raise SweepError(f"--option: write NAME=VALUES, not {pair!r}")
        put(name.strip(), text.strip(), f"--option {name.strip()}")
    words = list(words)
    while words:
        word = words.pop(0)
        if not word.startswith("--") or len(word) == 2:
            raise SweepError(f"unexpected {word!r}: write an option of the game as --NAME VALUES")
        name = word[2:]
        if name.startswith("no-") and find_option(spec, name) is None:
            option = find_option(spec, name[3:])
            if option is not None and option.kind == "bool":
                values.setdefault(option.name, []).append("false")
                continue
        text = words.pop(0) if words and not words[0].startswith("--") else None
        put(name, text, word)
    return values


def lineup(chosen: tuple[str, ...], seats: int, names: tuple[str, ...]) -> tuple[str, ...]:
    """The first ``seats`` names of ``chosen``, the seats it does not name filled with the
    first names (in the option's order) that it does not use."""
    out = list(chosen[:seats])
    for c in names:
        if len(out) >= seats:
            break
        if c not in out:
            out.append(c)
    return tuple(out)


def seats_option(spec: GameSpec) -> Option | None:
    """The option that names each seat (characters, colours), if the game has one."""
    return next((o for o in spec.options if o.kind == "seats"), None)


def deal(spec: GameSpec, config: dict[str, Any], game_seed_: int) -> tuple[str, ...] | None:
    """The names the rulebook deals to the seats of a game with no lineup (SL §44: each
    player takes a character; the simulator's players take one at random), drawn from
    the names the configuration allows (the game's parameters may narrow them, see
    ``wasteland.core.params``) by a generator seeded from the game's seed alone. None
    when the game has no sweepable seats option or the config names the seats already."""
    seats = seats_option(spec)
    if seats is None or not seats.sweep or config.get(seats.name) is not None:
        return None
    full = spec.validate(config)
    count = int(full.get("players", spec.min_players))
    pool = list(seat_pool(spec, full))
    rng = random.Random(_derive("deal", game_seed_))
    return tuple(rng.sample(pool, count))


# -- bots -------------------------------------------------------------------------------


def seat_bot(bot: str, seat: int) -> str:
    """A bot entry is one name for every seat, or a lineup ``heuristic+random`` that gives
    seat k the k-th name (cycling), for head-to-head games."""
    names = bot.split("+")
    return names[seat % len(names)]


def make_bot(name: str, seed: int, spec: GameSpec) -> Any:
    """A bot by name for the game: the shared ones and the game's own (its spec's)."""
    from wasteland.agents.registry import make_agent

    return make_agent(name, seed, spec=spec)


def check_bot(name: str, spec: GameSpec) -> None:
    """Make the bot once, so that an unknown or unavailable one fails before the run."""
    try:
        make_bot(name, 0, spec)
    except ValueError as exc:
        raise SweepError(f"--bot: {exc}") from None
    except ImportError as exc:
        raise SweepError(f"--bot: the {name!r} bot is not available in this version of wasteland ({exc})") from None


def parse_bots(text: str, spec: GameSpec) -> list[str]:
    bot_list = parse_names(text, "--bot")
    for b in bot_list:
        for name in b.split("+"):
            check_bot(name, spec)
    return bot_list


def round_robin_lineups(names: list[str], against: str | None = None) -> list[str]:
    """Two-bot lineups of a round robin, each pairing in both seat orders (``a+b``, ``b+a``):
    every two of ``names``, or each of them against ``against``."""
    if against is not None:
        pairs = [(n, against) for n in names if n != against]
    else:
        pairs = list(itertools.combinations(names, 2))
    return [lineup for a, b in pairs for lineup in (f"{a}+{b}", f"{b}+{a}")]


# -- the sweep ----------------------------------------------------------------------------


@dataclass
class Sweep:
    configurations: list[Configuration]
    notes: list[str]


def _join(values: Iterable[Any]) -> str:
    def word(v: Any) -> str:
        if v is None or v == ():
            return "none"
        if isinstance(v, bool):
            return "true" if v else "false"
        return "+".join(v) if isinstance(v, tuple) else str(v)

    return ", ".join(word(v) for v in values)


def build_sweep(spec: GameSpec, values: dict[str, list[str]], bots: list[str],
                seat_sweep: bool = False) -> Sweep:
    """Every valid configuration of the given option values (name → command-line texts)
    and bot entries, in a fixed order, and notes on the combinations skipped. Raises
    :class:`SweepError` for a bad option or when nothing is left."""
    seats = seats_option(spec)
    swept = [o for o in spec.options if o.sweep]
    for name in values:
        o = spec.option(name)
        if o is None or not o.sweep:
            sweepable = ", ".join(flag(x.name) for x in swept)
            why = "has no option" if o is None else "does not sweep the option"
            raise SweepError(f"{flag(name)}: {spec.title} {why} {name!r} (it sweeps {sweepable})")
    if seat_sweep and (seats is None or not seats.sweep):
        raise SweepError(f"--seat-sweep: {spec.title} has no seats option to sweep")
    if seat_sweep and seats is not None and values.get(seats.name):
        raise SweepError(f"give either {flag(seats.name)} or --seat-sweep, not both")

    grid: list[tuple[Option, list[Any]]] = []
    for o in swept:
        if o is seats:
            continue
        if values.get(o.name):
            vs = option_values(spec, o, values[o.name])
            if vs:
                grid.append((o, vs))
    chosen: list[tuple[str, ...]] = [()]
    if seats is not None and seats.sweep:
        if seat_sweep:
            chosen = [(v,) for v in seats.values]
        elif values.get(seats.name):
            chosen = option_values(spec, seats, values[seats.name])

    configurations: list[Configuration] = []
    seen: set[tuple] = set()
    skipped: dict[str, dict[str, list[Any]]] = {}
    refused: dict[tuple[str, ...], list[str]] = {}  # lineup -> why each configuration refused it
    accepted: set[tuple[str, ...]] = set()
    for combo in itertools.product(*(vs for _, vs in grid)):
        # The spec's simulation options (endings that are not the rulebook's, keeping random
        # games finite) apply unless the run sets them itself.
        swept_names = {o.name for o, _ in grid}
        base = {k: v for k, v in spec.simulation.items() if k not in swept_names}
        base.update({o.name: v for (o, _), v in zip(grid, combo) if v is not None})
        for lineup_names in chosen:
            config = dict(base)
            try:
                if seats is not None and seats.sweep and lineup_names:
                    count = spec.validate(_thawed(config)).get("players", spec.min_players)
                    config[seats.name] = lineup(lineup_names, count, tuple(seats.values))
                full = spec.validate(_thawed(config))
            except RuleError as exc:
                why = str(exc)
                refused.setdefault(lineup_names, []).append(why)
                record = skipped.setdefault(why, {})
                for (o, _), v in zip(grid, combo):
                    got = record.setdefault(o.name, [])
                    if v not in got:
                        got.append(v)
                continue
            ordered = tuple((o.name, _freeze(config[o.name])) for o in spec.options if o.name in config)
            if ordered in seen:
                continue
            seen.add(ordered)
            accepted.add(lineup_names)
            frozen_full = tuple((k, _freeze(v)) for k, v in full.items())
            for bot in bots:
                configurations.append(Configuration(spec.name, ordered, bot, frozen_full))
    notes = []
    if seat_sweep and seats is not None:  # one note for the names that fit no configuration
        dropped = [names for names in chosen if names not in accepted]
        if dropped:
            kept = {why for names, whys in refused.items() if names in accepted for why in whys}
            for names in dropped:
                for why in refused.get(names, ()):
                    if why not in kept:
                        skipped.pop(why, None)
            notes.append(f"--seat-sweep: {seats.name} {', '.join(n[0] for n in dropped)} fit no configuration; "
                         f"the first: {refused[dropped[0]][0]}")
    several = {o.name for o, vs in grid if len(vs) > 1}  # the options the note tells apart
    for why, record in skipped.items():
        where = "; ".join(f"{name} {_join(vs)}" for name, vs in record.items() if name in several)
        notes.append(f"skipped {where or 'the defaults'}: {why}")
    if not configurations:
        raise SweepError("no valid configuration to play: " + "; ".join(notes))
    return Sweep(configurations, notes)


def _thawed(config: dict[str, Any]) -> dict[str, Any]:
    return {k: _thaw(v) for k, v in config.items()}
