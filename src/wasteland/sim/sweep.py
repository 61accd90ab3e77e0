"""What a simulation run plays: the sweep of configurations and the seed of every game.

A *configuration* is one combination of player count, mode, difficulty, character lineup
and bot. The sweep is the product of the values given for each of them, less the
combinations the rules forbid (solo with three players, the tutorial on hard...), each
skipped with a note.

Each game supplies its own dimensions (:func:`tables_for`): Saltlands sweeps players,
mode, difficulty, characters and variants; Age of Thirst sweeps players, mode and team
format (``teams``; ``none`` for the free-for-all), and its configuration's ``characters``
are the clan colours of the seats, in seat order (so the report's per-seat tables read
"by colour").

Seeds: game ``i`` of a configuration uses a seed derived only from the run's seed, the
game configuration (players, mode, difficulty, characters) and ``i``; the bot of seat
``k`` gets a seed derived from the same and from the bot's name and ``k``. Nothing
depends on which worker plays the game, so any number of workers on any backend gives
the same games. The game seed leaves the bot out on purpose: every bot faces the same
deals, which makes bot comparisons paired.
"""

from __future__ import annotations

from dataclasses import dataclass
import hashlib
from typing import Any, Iterable

MAX_SEED = (1 << 63) - 1


class SweepError(ValueError):
    """A bad option: one clear message for the user."""


@dataclass(frozen=True, order=True)
class Configuration:
    players: int
    mode: str
    difficulty: str
    characters: tuple[str, ...]
    bot: str
    expansion: bool = False  # Saltlands: Lost in the Desert in play (SL §140)
    variants: tuple[str, ...] = ()  # Saltlands: optional variants (SL §148-§152)
    game: str = "saltlands"
    teams: str = ""  # Age of Thirst: the team format (LO-13.4, LO-13.5), "" for none
    # Age of Thirst: end a game without a winner after this many turns (a simulation bound,
    # not a rule; the end reason says so). Left out of the seeds: with and without a limit
    # the games start from the same deals.
    turn_limit: int | None = None

    def game_config(self) -> dict[str, Any]:
        """The config handed to ``Game.new_game``."""
        if self.game == "age-of-thirst":
            aot: dict[str, Any] = {"players": self.players, "mode": self.mode}
            if self.teams:
                aot["teams"] = self.teams
            if self.turn_limit is not None:
                aot["turn_limit"] = self.turn_limit
            return aot
        config: dict[str, Any] = {
            "players": self.players,
            "mode": self.mode,
            "difficulty": self.difficulty,
            "characters": list(self.characters),
        }
        if self.expansion:
            config["expansion"] = True
        if self.variants:
            config["variants"] = list(self.variants)
        return config

    def key(self) -> str:
        """The game configuration as text (the bot left out: see the module docstring).
        Base-game keys are unchanged by the expansion options, so their seeds stay put."""
        if self.game != "saltlands":
            return f"{self.game}|{self.players}|{self.mode}|{self.teams}"
        key = f"{self.players}|{self.mode}|{self.difficulty}|{','.join(self.characters)}"
        if self.expansion or self.variants:
            key += f"|{self.variant_label()}"
        return key

    def variant_label(self) -> str:
        """``base``, ``expansion``, ``expansion+epic``, ``overkill`` ...; Age of Thirst: the
        team format, or "" without teams."""
        if self.game == "age-of-thirst":
            return self.teams
        parts = (["expansion"] if self.expansion else []) + list(self.variants)
        return "+".join(parts) or "base"

    def label(self) -> str:
        if self.game == "age-of-thirst":
            return f"{self.players}p {self.mode}{' teams ' + self.teams if self.teams else ''} {self.bot}"
        label = f"{self.players}p {self.mode} {self.difficulty} {';'.join(self.characters)} {self.bot}"
        return label if self.variant_label() == "base" else f"{label} {self.variant_label()}"


def _derive(*parts: Any) -> int:
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") & MAX_SEED


def game_seed(seed: int, config: Configuration, index: int) -> int:
    """The seed of game ``index`` of ``config`` in a run started with ``seed``."""
    return _derive("game", seed, config.key(), index)


def bot_seed(seed: int, config: Configuration, index: int, seat: int) -> int:
    """The seed of the bot playing ``seat`` in game ``index`` of ``config``."""
    return _derive("bot", seed, config.key(), config.bot, index, seat)


# -- parsing the options --------------------------------------------------------------


def parse_players(text: str, lo: int = 1, hi: int = 6) -> list[int]:
    """``"4"``, ``"1-6"``, ``"1,2,4"`` or a mix (``"1,3-4"``), sorted, without repeats."""
    out: set[int] = set()
    for part in _items(text, "--players"):
        try:
            if "-" in part[1:]:
                a, b = part.split("-", 1)
                first, last = int(a), int(b)
                if first > last:
                    raise SweepError(f"--players: the range {part!r} runs backwards")
                values = range(first, last + 1)
            else:
                values = range(int(part), int(part) + 1)
        except ValueError:
            raise SweepError(f"--players: {part!r} is not a number or a range like 1-6") from None
        for n in values:
            if not lo <= n <= hi:
                raise SweepError(f"--players: {n} is not a valid player count (from {lo} to {hi})")
            out.add(n)
    return sorted(out)


def parse_names(text: str, option: str, known: Iterable[str] | None = None) -> list[str]:
    """A comma-separated list of names, in the given order, without repeats."""
    names: list[str] = []
    for item in _items(text, option):
        if known is not None and item not in known:
            raise SweepError(f"{option}: unknown value {item!r}; choose from {', '.join(known)}")
        if item not in names:
            names.append(item)
    return names


def _items(text: str, option: str) -> list[str]:
    items = [t.strip() for t in str(text).split(",")]
    if not items or any(not t for t in items):
        raise SweepError(f"{option}: expected a comma-separated list, got {text!r}")
    return items


# -- the game's own tables ---------------------------------------------------------------


@dataclass(frozen=True)
class GameTables:
    modes: tuple[str, ...]
    difficulties: tuple[str, ...]
    characters: tuple[str, ...]
    min_players: int
    max_players: int
    game: str = "saltlands"
    teams: tuple[str, ...] = ()  # Age of Thirst team formats

    def default_mode(self, players: int) -> str:
        if self.game == "age-of-thirst":
            return "normal"
        return "solo" if players == 1 else "classic"

    def default_difficulty(self, mode: str) -> str:
        if self.game == "age-of-thirst":
            return ""
        return "easy" if mode == "tutorial" else "normal"


SIM_GAMES = ("saltlands", "age-of-thirst")


def tables_for(game: str) -> GameTables:
    if game == "age-of-thirst":
        from wasteland.games.age_of_thirst.config import MODES as AOT_MODES, TEAM_FORMATS

        return GameTables(AOT_MODES, (), (), 2, 6, "age-of-thirst", tuple(TEAM_FORMATS))
    if game != "saltlands":
        raise SweepError(f"the simulator knows no game {game!r}; known: {', '.join(SIM_GAMES)}")
    from wasteland.games.saltlands.config import DIFFICULTIES, MODES
    from wasteland.games.saltlands.content import load_content

    return GameTables(MODES, DIFFICULTIES, tuple(c for c, ch in load_content().characters.items()
                                                 if not ch.expansion), 1, 6)


def parse_variants(items: list[str] | None) -> list[tuple[str, ...]]:
    """``--variant``: comma-separated combinations to sweep, each ``a+b`` or ``none``;
    for example ``none,epic,epic+overkill``."""
    from wasteland.games.saltlands.config import VARIANTS

    if not items:
        return [()]
    combos: list[tuple[str, ...]] = []
    for text in items:
        for item in _items(text, "--variant"):
            if item in ("none", "base"):
                combo: tuple[str, ...] = ()
            else:
                names = item.split("+")
                for n in names:
                    if n not in VARIANTS:
                        raise SweepError(f"--variant: unknown variant {n!r}; choose from none, {', '.join(VARIANTS)} "
                                         "(combine with +)")
                if len(set(names)) != len(names):
                    raise SweepError(f"--variant: {item!r} names a variant twice")
                combo = tuple(v for v in VARIANTS if v in names)
            if combo not in combos:
                combos.append(combo)
    return combos


def check_config(game: str, config: Configuration) -> str | None:
    """Why the rules forbid ``config`` (None if they allow it)."""
    from wasteland.core.protocol import RuleError

    if config.game == "age-of-thirst":
        from wasteland.games.age_of_thirst.config import rules_from_config

        try:
            rules_from_config(config.game_config())
        except RuleError as exc:
            return str(exc)
        return None
    from wasteland.games.saltlands.config import normalize

    try:
        normalize(config.game_config())
    except RuleError as exc:
        return str(exc)
    return None


def seat_bot(bot: str, seat: int) -> str:
    """A bot entry is one name for every seat, or a lineup ``heuristic+random`` that gives
    seat k the k-th name (cycling), for head-to-head games."""
    names = bot.split("+")
    return names[seat % len(names)]


def make_bot(name: str, seed: int, game: str = "saltlands") -> Any:
    """A bot by name: the game's own extra bots first (a game object may offer
    ``make_bot(name, seed)``, e.g. Age of Thirst's ``heuristic-<policy>`` openings), then
    the shared registry's."""
    from wasteland.agents.registry import make_agent
    from wasteland.games import get_game

    return make_agent(name, seed, game=game)


def check_bot(name: str, game: str = "saltlands") -> None:
    """Make the bot once, so that an unknown or unavailable one fails before the run."""
    try:
        make_bot(name, 0, game)
    except ValueError as exc:
        raise SweepError(f"--bot: {exc}") from None
    except ImportError as exc:
        raise SweepError(f"--bot: the {name!r} bot is not available in this version of wasteland ({exc})") from None


def _join(values: list[Any]) -> str:
    return ", ".join(str(v) for v in values)


def lineup(chosen: tuple[str, ...], players: int, characters: tuple[str, ...]) -> tuple[str, ...]:
    """The first ``players`` characters of ``chosen``, the seats it does not name filled
    with the first characters (in the game's order) that it does not use."""
    seats = list(chosen[:players])
    for c in characters:
        if len(seats) >= players:
            break
        if c not in seats:
            seats.append(c)
    return tuple(seats)


@dataclass
class Sweep:
    configurations: list[Configuration]
    notes: list[str]


def build_sweep(
    game: str,
    players: str,
    modes: str | None = None,
    difficulties: str | None = None,
    lineups: list[str] | None = None,
    character_sweep: bool = False,
    bots: str = "random",
    expansion: bool = False,
    variants: list[str] | None = None,
    teams: str | None = None,
    turn_limit: int | None = None,
) -> Sweep:
    """Every valid configuration of the options, in a fixed order, and notes on those
    skipped. Raises :class:`SweepError` for a bad option or when nothing is left."""
    tables = tables_for(game)
    if turn_limit is not None:
        if tables.game != "age-of-thirst":
            raise SweepError("--turn-limit: an Age of Thirst option (Saltlands games end by their rules)")
        if turn_limit < 1:
            raise SweepError(f"--turn-limit must be at least 1, not {turn_limit}")
    if tables.game == "age-of-thirst":
        unused = [name for name, value in (("--difficulty", difficulties), ("--characters", lineups),
                                           ("--character-sweep", character_sweep), ("--expansion", expansion),
                                           ("--variant", variants)) if value]
        if unused:
            raise SweepError(f"{', '.join(unused)}: not an Age of Thirst option (it sweeps --players, --mode, "
                             "--teams)")
        return _build_aot_sweep(tables, players, modes, bots, teams, turn_limit)
    if teams:
        raise SweepError("--teams: Saltlands has no team formats (an Age of Thirst option)")
    combos = parse_variants(variants)
    if expansion:
        from wasteland.games.saltlands.content import load_content

        tables = GameTables(tables.modes, tables.difficulties, tuple(load_content().characters),
                            tables.min_players, tables.max_players)
    counts = parse_players(players, tables.min_players, tables.max_players)
    mode_list = parse_names(modes, "--mode", tables.modes) if modes else None
    diff_list = parse_names(difficulties, "--difficulty", tables.difficulties) if difficulties else None
    bot_list = _bots(bots, game)
    if lineups and character_sweep:
        raise SweepError("give either --characters or --character-sweep, not both")
    chosen: list[tuple[str, ...]]
    if character_sweep:
        chosen = [(c,) for c in tables.characters]
    elif lineups:
        chosen = []
        for text in lineups:
            names = tuple(_items(text, "--characters"))
            for n in names:
                if n not in tables.characters:
                    raise SweepError(f"--characters: unknown character {n!r}; choose from "
                                     f"{', '.join(tables.characters)}")
            if len(set(names)) != len(names):
                raise SweepError(f"--characters: {text!r} names a character twice")
            chosen.append(names)
    else:
        chosen = [()]

    configurations: list[Configuration] = []
    notes: list[str] = []
    if not expansion and any("epic" in c for c in combos):
        notes.append("the epic variant plays with the expansion's components (SL §150): expansion on for it")
    seen: set[Configuration] = set()
    skipped: dict[tuple[str, str], tuple[list[int], list[str]]] = {}
    for p in counts:
        for mode in mode_list or [tables.default_mode(p)]:
            for difficulty in diff_list or [tables.default_difficulty(mode)]:
                for chars in chosen:
                    seats = lineup(chars, p, tables.characters)
                    for bot, combo in ((b, c) for c in combos for b in bot_list):
                        # The epic game is built from the expansion's components (SL §150).
                        exp = expansion or "epic" in combo
                        config = Configuration(p, mode, difficulty, seats, bot, exp, combo)
                        if config in seen:
                            continue
                        seen.add(config)
                        why = check_config(game, config)
                        if why is not None:
                            skipped.setdefault((mode, why), ([], []))
                            for value, seen_values in zip((p, difficulty), skipped[(mode, why)]):
                                if value not in seen_values:
                                    seen_values.append(value)
                            continue
                        configurations.append(config)
    for (mode, why), (counts_skipped, diffs) in skipped.items():
        notes.append(f"skipped {mode} with {_join(counts_skipped)} player(s) on {_join(diffs)}: {why}")
    if not configurations:
        raise SweepError("no valid configuration to play: " + "; ".join(notes))
    return Sweep(configurations, notes)


def _bots(bots: str, game: str) -> list[str]:
    bot_list = parse_names(bots, "--bot")
    for b in bot_list:
        for name in b.split("+"):
            check_bot(name, game)
    return bot_list


def aot_colours(config: Configuration) -> tuple[str, ...]:
    """The clan colour of each seat of an Age of Thirst configuration (no colour draw)."""
    from wasteland.games.age_of_thirst.config import rules_from_config

    return rules_from_config(config.game_config()).colours


def _build_aot_sweep(tables: GameTables, players: str, modes: str | None, bots: str,
                     teams: str | None, turn_limit: int | None = None) -> Sweep:
    """Age of Thirst: players x mode x team format x bot; combinations the rules forbid
    (a 2x2 game of five, blitz in teams) are skipped with a note."""
    counts = parse_players(players, tables.min_players, tables.max_players)
    mode_list = parse_names(modes, "--mode", tables.modes) if modes else [tables.default_mode(0)]
    team_list = [("" if t == "none" else t) for t in parse_names(teams, "--teams", ("none",) + tables.teams)] \
        if teams else [""]
    bot_list = _bots(bots, tables.game)
    configurations: list[Configuration] = []
    skipped: dict[str, tuple[list[int], list[str], list[str]]] = {}
    for p in counts:
        for mode in mode_list:
            for team in team_list:
                for bot in bot_list:
                    config = Configuration(p, mode, "", (), bot, game=tables.game, teams=team)
                    why = check_config(tables.game, config)
                    if why is not None:
                        for value, seen in zip((p, mode, team or "none"), skipped.setdefault(why, ([], [], []))):
                            if value not in seen:
                                seen.append(value)
                        continue
                    configurations.append(Configuration(p, mode, "", aot_colours(config), bot,
                                                        game=tables.game, teams=team, turn_limit=turn_limit))
    notes = [f"skipped teams {_join(ts)} with {_join(ps)} player(s) in {_join(ms)} form: {why}"
             for why, (ps, ms, ts) in skipped.items()]
    if not configurations:
        raise SweepError("no valid configuration to play: " + "; ".join(notes))
    return Sweep(configurations, notes)
