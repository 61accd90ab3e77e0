"""The ``wasteland`` command."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Hex-map survival and war board games, played by their rulebooks.")
console = Console()


GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}

#: a seed is what a record and the server hold: a whole number from 0 to 2^63-1
SEED_MAX = 2**63 - 1
PORT_MAX = 65535


def _amount(value: float | None) -> float | None:
    """A time or an amount given as a float: a number, 0 or more (click reads 'nan' and
    'inf' as floats, which no pause or run length can be)."""
    if value is not None and not (math.isfinite(value) and value >= 0):
        raise typer.BadParameter(f"{value} is not a number from 0 up")
    return value


def _options_epilog() -> str:
    """Every installed game's options, for ``play --help`` and ``watch --help``."""
    from wasteland.core.registry import registered_games

    from .options import flag

    lines = ["Game options come after the game's name, as --NAME VALUE (a yes/no option alone: --NAME, "
             "--no-NAME) or --option NAME=VALUE; 'wasteland games' lists their values, defaults and rules."]
    for spec in registered_games().values():
        names = " ".join(flag(o) for o in spec.options if o.name != "players" and not o.hidden)
        lines.append(f"{spec.name}: {names}")
    return "\n\n".join(lines)


@app.command("games")
def games_(
    game: Optional[str] = typer.Argument(None, help="one game only (default: every installed game)"),
    as_json: bool = typer.Option(False, "--json", help="print the games' specs as JSON"),
    params: bool = typer.Option(False, "--params", help="the game's tunable numbers: default, range, rule, text"),
) -> None:
    """List the installed games with their options, bots and scenario format."""
    from wasteland.cli.games import games_command

    raise typer.Exit(games_command(as_json, game=game, params=params))


@app.command("rules")
def rules_(
    game: str = typer.Argument(..., help="which game (see 'wasteland games')"),
    query: Optional[list[str]] = typer.Argument(None, help="an anchor ('SL §84', 84, lo-8.3) or words to "
                                                "look for; none: every rule"),
    lang: str = typer.Option("en", help="language of the rules: en, ru or uk"),
) -> None:
    """The rules of a game in our own words: all of them, one anchor, or those holding some words."""
    from wasteland.cli.rules import rules_command

    raise typer.Exit(rules_command(game, " ".join(query or []), lang))


@app.command(context_settings=GAME_OPTIONS, epilog=_options_epilog())
def watch(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="which game (see 'wasteland games')"),
    players: Optional[int] = typer.Option(None, help="number of players (default: one per --seats entry, "
                                          "else the game's default)"),
    seats: Optional[str] = typer.Option(None, help="the bot at each seat, e.g. random,heuristic "
                                        "(default: the game's default bot everywhere)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="a game option, NAME=VALUE (repeatable)"),
    seed: Optional[int] = typer.Option(None, min=0, max=SEED_MAX,
                                       help="random seed (default: a fresh one, printed with the result)"),
    record: Optional[Path] = typer.Option(None, help="write the game record (JSON Lines) here"),
    quiet: bool = typer.Option(False, help="print only the result"),
    delay: float = typer.Option(0.6, callback=_amount, help="seconds to wait after each action, to follow the game"),
    fast: bool = typer.Option(False, help="do not wait between actions (--delay 0)"),
    lang: str = typer.Option("en", help="language of the board, the log and the result: en, ru or uk"),
    params: Optional[Path] = typer.Option(None, "--params", help="a TOML file of tuned numbers "
                                          "('wasteland games GAME --params'); the record keeps them"),
) -> None:
    """Watch a full game played by bots: its log and board as it goes, the result at the end."""
    from wasteland.cli.tuned import with_params
    from wasteland.cli.watch import watch_command

    raise typer.Exit(with_params(game, params, lambda tuned: watch_command(
        game, players, seats, seed, record, quiet, list(option or []), list(ctx.args), delay=0.0 if fast else delay,
        lang=lang, params=tuned), lang))


def _sweep_epilog() -> str:
    """Every installed game's sweepable options, for ``simulate --help``."""
    from wasteland.core.registry import registered_games
    from wasteland.sim.sweep import flag

    lines = ["The game's options come after its name, each with the values to sweep: --NAME V1,V2 (a range for "
             "numbers: --players 1-4; a yes/no option alone: --NAME, --no-NAME; a list: a+b or none; a lineup "
             "of seat names per use: --NAME a,b, repeatable) or --option NAME=V1,V2. "
             "'wasteland games' lists their values, defaults and rules."]
    for spec in registered_games().values():
        names = " ".join(flag(o.name) for o in spec.options if o.sweep)
        robin = f"; --round-robin of {len(spec.round_robin)} bots" if spec.round_robin else ""
        lines.append(f"{spec.name}: {names}{robin}")
    return "\n\n".join(lines)


@app.command(context_settings=GAME_OPTIONS, epilog=_sweep_epilog())
def simulate(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="an installed game (see 'wasteland games')"),
    games: int = typer.Option(100, "--games", help="games per configuration (a round robin: per seat order)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="a game option to sweep, "
                                               "NAME=V1,V2 (repeatable)"),
    seat_sweep: bool = typer.Option(False, "--seat-sweep", "--character-sweep",
                                    help="sweep every name of the game's seats option (characters) as seat 1"),
    bot: Optional[str] = typer.Option(None, help="bots, e.g. random,heuristic: every seat plays the named bot; "
                                      "a lineup heuristic+random seats them in turn (default: the game's own bot, "
                                      "as 'wasteland games GAME' names it)"),
    round_robin: bool = typer.Option(False, "--round-robin", help="every two of the game's round-robin bots "
                                     "(or of --bot's) in both seat orders on the same deals, with verdicts"),
    against: Optional[str] = typer.Option(None, help="--round-robin: each bot against this one instead"),
    seed: int = typer.Option(0, help="run seed; every game's seed derives from it, its configuration and number"),
    workers: Optional[int] = typer.Option(None, help="worker processes (default: the number of CPUs)"),
    backend: str = typer.Option("local", help="local (processes on this machine) or ray (a local Ray instance)"),
    out: Optional[Path] = typer.Option(None, help="write games.csv, summary.txt, run.json and PNG charts here"),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="show a progress bar (on stderr)"),
    params: Optional[Path] = typer.Option(None, "--params", help="a TOML file of tuned numbers "
                                          "('wasteland games GAME --params' lists them)"),
    sensitivity: bool = typer.Option(False, "--sensitivity", help="change each named parameter and each optional "
                                     "rule one step at a time on the same seeds; rank them by their effect"),
) -> None:
    """Balance simulator: play many games with bots over a sweep of the game's options; print a summary."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    from wasteland.core.params import ParamError, read_file
    from wasteland.core.registry import UnknownGame, get_spec
    from wasteland.sim.sensitivity import plan
    from wasteland.sim.simulator import Options, SweepError, prepare, simulate as run_simulation
    from wasteland.sim.sweep import values_from_args

    err = Console(stderr=True)

    def fail(message: str) -> None:
        err.print(f"error: {message}", style="red", highlight=False, markup=False, soft_wrap=True)
        raise typer.Exit(2)

    try:
        values = values_from_args(get_spec(game), list(ctx.args), list(option or []))
        tuned = read_file(get_spec(game), params) if params is not None else {}
    except (UnknownGame, SweepError, ParamError) as exc:
        fail(str(exc))
    opts = Options(game=game, games=games, values=values, seat_sweep=seat_sweep, bots=bot,
                   round_robin=round_robin, against=against, seed=seed, workers=workers, backend=backend, out=out,
                   params=tuned, sensitivity=sensitivity)
    try:
        sweep = prepare(opts)
    except SweepError as exc:
        fail(str(exc))
    for note in sweep.notes:
        err.print(f"note: {note}", highlight=False, markup=False, soft_wrap=True)
    total = games * len(plan(get_spec(game), sweep.configurations)[2] if sensitivity else sweep.configurations)
    bar = Progress(TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                   TimeElapsedColumn(), TimeRemainingColumn(), console=err, disable=not progress)
    with bar:
        task = bar.add_task("games", total=total)
        try:
            result = run_simulation(opts, sweep, lambda n: bar.advance(task, n))
        except RuntimeError as exc:
            err.print(f"error: {exc}", style="red", highlight=False, markup=False, soft_wrap=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt:
            err.print("interrupted: no results written", style="red")
            raise typer.Exit(130) from None
    sys.stdout.write(result.summary)
    if result.files:
        err.print(f"results written to {opts.out}: " + ", ".join(f.name for f in result.files),
                  highlight=False, markup=False, soft_wrap=True)
    if result.errors:
        err.print(f"error: {result.errors} game(s) failed; see end_reason in games.csv", style="red",
                  highlight=False, markup=False, soft_wrap=True)
        raise typer.Exit(1)


@app.command()
def tune(
    game: str = typer.Argument(..., help="an installed game (see 'wasteland games')"),
    targets: Path = typer.Option(..., "--targets", help="a TOML file of targets (see examples/*targets*.toml)"),
    budget: Optional[int] = typer.Option(None, min=1, help="candidates at most (default: the file's)"),
    games: Optional[int] = typer.Option(None, "--games", min=1, help="games per configuration and candidate "
                                        "(default: the file's)"),
    workers: Optional[int] = typer.Option(None, min=1, help="worker processes (default: the number of CPUs)"),
    backend: str = typer.Option("local", help="local (processes on this machine) or ray (a local Ray instance)"),
    out: Optional[Path] = typer.Option(None, help="write best.toml, trials.csv, tune.txt, games.csv and charts here"),
) -> None:
    """Search the game's numbers toward a designer's targets (win rates, first player, skill, length)."""
    from wasteland.cli.tune import tune_command

    raise typer.Exit(tune_command(game, targets, budget, games, workers, backend, out))


@app.command()
def apply(
    scenario: Path = typer.Argument(..., help="a scenario TOML file; its game key names the game"),
    actions: list[str] = typer.Argument(None, help="actions in notation, e.g. 'move 3,-2' end"),
    seat: Optional[str] = typer.Option(None, help="act as this seat (pN): an action while another seat "
                                       "decides is refused; the answer adds the seat's view"),
    params: Optional[Path] = typer.Option(None, "--params", help="a TOML file of tuned numbers of the scenario's "
                                          "game ('wasteland games GAME --params'); the scenario is set up and "
                                          "played with them"),
) -> None:
    """Apply actions to a scenario; print the state, events and pending decision as JSON."""
    from wasteland.cli.apply import apply_command

    raise typer.Exit(apply_command(scenario, list(actions or []), seat, params))


@app.command()
def bench(
    target: str = typer.Argument("engine", help="engine, or server: N concurrent bot games over WebSocket"),
    games: int = typer.Option(200, min=1, help="random games per player count (server: concurrent games)"),
    seconds: float = typer.Option(0.0, callback=_amount, help="server: how long to play (default 20 s)"),
    db: Optional[str] = typer.Option(None, help="server: database (default: a temporary SQLite file)"),
    think: float = typer.Option(0.0, callback=_amount, help="server: seconds each client waits before it acts"),
    processes: int = typer.Option(1, min=1, help="server: server processes (wasteland serve --processes)"),
    nodes: int = typer.Option(1, min=1, help="server: nodes on one PostgreSQL database (--db postgresql://...)"),
    haproxy: bool = typer.Option(False, "--haproxy", help="server: the clients connect through HAProxy "
                                 "(deploy/haproxy.cfg) in front of the nodes"),
    game: Optional[list[str]] = typer.Option(None, "--game", help="engine: only this installed game (repeat for "
                                             "more; default: every one)"),
    quick: bool = typer.Option(False, "--quick", help="engine: every figure from a short measure (seconds for "
                               "all the games; rougher figures)"),
    params: Optional[Path] = typer.Option(None, "--params", help="engine, with one --game: a TOML file of that "
                                          "game's tuned numbers ('wasteland games GAME --params')"),
) -> None:
    """Print speed and memory figures of every installed game, with ratios to an anchor.

    The anchor is measured in the same run (see the README for the goals); `bench server`
    measures the game server."""
    if target not in ("engine", "server"):
        console.print(f"[red]bench {target!r}: the target is engine or server[/red]")
        raise typer.Exit(2)
    if params is not None and (target != "engine" or len(game or []) != 1):
        console.print("[red]bench --params: tuned numbers are one game's: give them with exactly one --game "
                      "(bench engine; bench server plays every game with its own numbers)[/red]", soft_wrap=True)
        raise typer.Exit(2)
    if target == "server":
        from wasteland.server.bench import bench_command

        raise typer.Exit(bench_command(games, seconds or 20.0, db, think, processes=processes, nodes=nodes,
                                       haproxy=haproxy))
    from wasteland.cli.tuned import tuned_line, with_params
    from wasteland.core.registry import UnknownGame, get_spec
    from wasteland.sim.bench import run_bench

    try:
        for name in game or []:
            get_spec(name)
    except UnknownGame as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None

    def measure(tuned: dict[str, int]) -> int:
        if tuned:
            console.print(tuned_line(tuned), markup=False, highlight=False)
        run_bench(games, console, only=list(game or []) or None, quick=quick)
        return 0

    raise typer.Exit(with_params((game or [None])[0], params, measure))



@app.command()
def ladder(
    game: str = typer.Argument(..., help="an installed game"),
    bots: Optional[str] = typer.Option(None, help="comma-separated bots (default: random, heuristic, ismcts:20, "
                                       "ismcts:100); also openspiel-ismcts:N, openspiel-mcts:N, package.module:factory"),
    games: int = typer.Option(10, min=1, help="seeds per pairing, each played in every seat order"),
    seed: int = typer.Option(0, help="the first seed"),
    players: int = typer.Option(2, min=1, help="seats a game (1: every bot alone, ranked by win rate)"),
    jobs: int = typer.Option(1, min=1, help="matches played at once (processes)"),
    option: Optional[list[str]] = typer.Option(None, "--option", help="a game option NAME=VALUE (repeatable)"),
    trace: Optional[Path] = typer.Option(None, help="write every match's trace here (JSON lines)"),
    params: Optional[Path] = typer.Option(None, "--params", help="a TOML file of tuned numbers every match "
                                          "plays with ('wasteland games GAME --params')"),
) -> None:
    """A round robin of bots on paired seeds: Elo-style ratings with intervals and the head-to-head table."""
    from wasteland.cli.ladder import ladder_command
    from wasteland.cli.tuned import with_params

    names = [b.strip() for b in (bots or "").split(",") if b.strip()]
    raise typer.Exit(with_params(game, params, lambda tuned: ladder_command(
        game, names, games, seed, players, jobs, list(option or []), trace,
        lambda line: console.print(line, markup=False, highlight=False, soft_wrap=True), params=tuned)))

@app.command()
def versus(
    game: str = typer.Argument(..., help="an installed game with a research environment"),
    games: int = typer.Option(300, min=1, help="games to play (seeds SEED to SEED+GAMES-1, seats swapped every game)"),
    budget: int = typer.Option(10, min=2, help="simulations a move, for both searchers (at least 2: one "
                               "only opens OpenSpiel's root)"),
    seed: int = typer.Option(0, help="seed of the first game"),
    jobs: int = typer.Option(1, min=1, help="games played at once (processes)"),
    option: Optional[list[str]] = typer.Option(None, "--option", help="a game option NAME=VALUE (repeat for more; "
                                               "default: 2 players and the game's simulation endings)"),
    every: int = typer.Option(25, min=0, help="print the running tally every this many games (0: never)"),
    trace: Optional[Path] = typer.Option(None, help="write every game's trace here (JSON lines)"),
    params: Optional[Path] = typer.Option(None, "--params", help="a TOML file of tuned numbers every game "
                                          "plays with ('wasteland games GAME --params')"),
) -> None:
    """OpenSpiel's IS-MCTS against our ISMCTS: who wins, with 95% intervals (the rl extra)."""
    from wasteland.cli.tuned import with_params
    from wasteland.cli.versus import versus_command

    raise typer.Exit(with_params(game, params, lambda tuned: versus_command(
        game, games, budget, seed, jobs, list(option or []),
        lambda line: console.print(line, markup=False, highlight=False, soft_wrap=True),
        progress_every=every, trace=trace, params=tuned)))


@app.command("bench-server")
def bench_server(
    games: int = typer.Option(200, min=1, help="concurrent games"),
    seconds: float = typer.Option(20.0, callback=_amount, help="how long to play"),
    db: Optional[str] = typer.Option(None, help="database (default: a temporary SQLite file)"),
    think: float = typer.Option(0.0, callback=_amount, help="seconds each client waits before it acts"),
    processes: int = typer.Option(1, min=1, help="server processes (wasteland serve --processes)"),
    nodes: int = typer.Option(1, min=1, help="nodes on one PostgreSQL database (--db postgresql://...)"),
    haproxy: bool = typer.Option(False, "--haproxy", help="the clients connect through HAProxy "
                                 "(deploy/haproxy.cfg) in front of the nodes"),
) -> None:
    """Game server benchmark (same as `bench server`): actions per second and latency percentiles."""
    from wasteland.server.bench import bench_command

    raise typer.Exit(bench_command(games, seconds, db, think, processes=processes, nodes=nodes, haproxy=haproxy))


@app.command()
def soak(
    game: Optional[str] = typer.Argument(None, help="the game (default: every installed game, the time shared)"),
    minutes: float = typer.Option(1.0, callback=_amount, help="how long to play"),
    seed: int = typer.Option(0, help="seed of the run (configs and game seeds)"),
    max_actions: int = typer.Option(5000, min=1, help="cut a random game after this many actions"),
) -> None:
    """Random games of every option set, each action checked: JSON round trip, actions, replay.

    After every action: the JSON round trip (keys shuffled), that every offered action
    applies, and each game's replay."""
    from wasteland.sim.soak import soak_command

    raise typer.Exit(soak_command(game, minutes, seed, max_actions, lambda line: console.print(line, markup=False,
                                                                                              highlight=False, soft_wrap=True)))


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, min=0, max=PORT_MAX, help="port (0: any free port; the address is printed)"),
    db: str = typer.Option("wasteland.db", help="SQLite file, sqlite:///FILE or postgresql://USER:PASS@HOST/DB"),
    bot_workers: Optional[int] = typer.Option(None, min=1, help="bot worker processes per lane (default: CPUs, at least 2)"),
    processes: int = typer.Option(1, min=1, help="nodes on this port (SO_REUSEPORT), each serving any game; "
                                  "see docs/scaling.md"),
    log_format: str = typer.Option("text", help="text, or json: one object a line with the game's id"),
    companion: bool = typer.Option(False, "--companion", help="serve the table companion's routes too "
                                   "(off by default: see API.md, Companion)"),
    reports: Optional[Path] = typer.Option(None, help="a folder of simulate/tune runs (--out) to show read-only "
                                           "at /reports/ (one server process)"),
    params: Optional[Path] = typer.Option(None, "--params", hidden=True, help="refused: see 'wasteland.cli.tuned'"),
) -> None:
    """Run the multiplayer game server (HTTP + WebSocket; the page at /)."""
    from wasteland.cli.tuned import refused_for_server
    from wasteland.server.run import serve as run_server
    from wasteland.server.store import StoreError

    if params is not None:
        console.print(f"[red]{refused_for_server('serve')}[/red]", highlight=False, soft_wrap=True)
        raise typer.Exit(2)
    if log_format not in ("text", "json"):
        console.print(f"[red]--log-format must be text or json, not {log_format!r}[/red]")
        raise typer.Exit(2)
    try:
        if reports is not None and not reports.is_dir():
            raise OSError(f"--reports: {reports} is not a folder")
        if reports is not None and processes > 1:
            raise OSError("--reports: reports are served by a single server process (--processes 1)")
        run_server(host, port, db, bot_workers, processes=processes, companion=companion, reports=reports,
                   log_format=log_format)
    except (StoreError, OSError) as exc:
        console.print(f"[red]cannot serve: {exc}[/red]")
        raise typer.Exit(2) from None


@app.command()
def companion(
    game: Optional[str] = typer.Argument(None, help="the game on the table (default: chosen on the page)"),
    host: str = typer.Option("0.0.0.0", help="address to listen on (default: every interface, for phones)"),
    port: int = typer.Option(8000, min=0, max=PORT_MAX, help="port (0: any free port)"),
    db: str = typer.Option("companion.db", help="SQLite file where the sessions are saved"),
    terminal: bool = typer.Option(False, "--terminal", help="the same steps here in the terminal"),
    lang: str = typer.Option("en", help="language of the terminal companion (questions, options, events, rules): en, ru or uk"),
    params: Optional[Path] = typer.Option(None, "--params", help="with GAME and --terminal: a TOML file of tuned "
                                          "numbers ('wasteland games GAME --params') that each session started "
                                          "in the terminal keeps (the page's form takes its own)"),
) -> None:
    """The engine runs the enemies for a table playing with the box: a page for phones, and the terminal."""
    from wasteland.cli.companion import companion_command
    from wasteland.cli.tuned import read_session_params

    tuned = read_session_params(game, params, terminal, lang)
    if isinstance(tuned, str):
        console.print(f"[red]{tuned}[/red]", highlight=False, soft_wrap=True, markup=False)
        raise typer.Exit(2)
    try:
        code = companion_command(game, host, port, db, terminal, lang, lambda line: print(line, flush=True), input,
                                 params=tuned)
    except OSError as exc:
        console.print(f"[red]cannot start the companion: {exc}[/red]")
        raise typer.Exit(2) from None
    raise typer.Exit(code)


@app.command(context_settings=GAME_OPTIONS, epilog=_options_epilog())
def play(
    ctx: typer.Context,
    game: Optional[str] = typer.Argument(None, help="which game (see 'wasteland games'); with --load, the "
                                         "record's"),
    players: Optional[int] = typer.Option(None, help="number of players (default: one per --seats entry, or "
                                          "per name of a one-per-seat option such as --characters, else the "
                                          "game's default)"),
    seats: Optional[str] = typer.Option(None, help="who plays each seat, e.g. human,random,heuristic "
                                        "(default: p1 human, the others random)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="a game option, NAME=VALUE (repeatable)"),
    seed: Optional[int] = typer.Option(None, min=0, max=SEED_MAX, help="random seed (default: a random one)"),
    load: Optional[Path] = typer.Option(None, help="resume the game saved in this record"),
    record: Optional[Path] = typer.Option(None, help="save the game here after every action "
                                          "(default: the --load file, else GAME-SEED-TIME.jsonl)"),
    lang: str = typer.Option("en", help="language of the terminal game (board, questions, options, log, help): en, ru or uk"),
    layout: str = typer.Option("auto", help="screen: each question drawn as one screen that fits the terminal "
                               "(the map cropped to what the question is about); scroll: the board, the log and "
                               "the questions printed one after the other; auto: screen in a terminal of fewer "
                               "than 40 lines"),
    params: Optional[Path] = typer.Option(None, "--params", help="a TOML file of tuned numbers "
                                          "('wasteland games GAME --params'); the record keeps them"),
) -> None:
    """Play in the terminal: people and bots, the board drawn in colour."""
    from wasteland.cli.play import play_command
    from wasteland.cli.tuned import with_params, with_record_params

    def start(tuned: dict[str, int]) -> int:
        return play_command(game, players, seats, seed, load, record, list(option or []), list(ctx.args),
                            lang=lang, layout=layout, params=tuned)

    if load is not None and params is not None:
        console.print("[red]error: --params: a loaded game keeps the numbers of its record[/red]")
        raise typer.Exit(2)
    raise typer.Exit(with_record_params(load, start) if load is not None else with_params(game, params, start, lang))


@app.command()
def replay(
    record: Path = typer.Argument(..., help="a game record (JSON Lines)"),
    auto: bool = typer.Option(False, "--auto", help="print every step without waiting"),
    seat: Optional[int] = typer.Option(None, help="show only what this seat (1-6) could see"),
    lang: str = typer.Option("en", help="language of the board and the log: en, ru or uk"),
) -> None:
    """Step through a game record: the board and events after each action."""
    from wasteland.cli.replay import replay_command
    from wasteland.cli.tuned import with_record_params

    raise typer.Exit(with_record_params(record, lambda tuned: replay_command(record, auto, seat, lang=lang)))


def main(args: list[str] | None = None) -> None:
    """``wasteland``: a command line that does not fit (an unknown option, a value of the
    wrong kind or out of range) is one line on stderr, naming the command and the option,
    and exit code 2, not click's usage screen."""
    try:  # the click that typer carries inside it (typer 0.2x), else the click it runs on
        from typer._click.exceptions import ClickException, NoArgsIsHelpError
    except ImportError:  # pragma: no cover
        from click.exceptions import ClickException, NoArgsIsHelpError

    try:
        code = app(args, prog_name="wasteland", standalone_mode=False)
    except NoArgsIsHelpError as exc:  # `wasteland` or `wasteland rules` alone: the help
        print(exc.ctx.get_help() if exc.ctx else exc.format_message())
        sys.exit(2)
    except ClickException as exc:
        ctx = getattr(exc, "ctx", None)
        where = ctx.command_path if ctx else "wasteland"
        print(f"{where}: {exc.format_message()} (see '{where} --help')", file=sys.stderr)
        sys.exit(exc.exit_code)
    except typer.Abort:
        print("stopped", file=sys.stderr)
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    main()
