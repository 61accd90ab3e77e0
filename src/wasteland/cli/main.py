"""The ``wasteland`` command."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Hex-map survival and war board games, played by their rulebooks.")
console = Console()


GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}


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
def games_(as_json: bool = typer.Option(False, "--json", help="print the games' specs as JSON")) -> None:
    """List the installed games with their options, bots and scenario format."""
    from wasteland.cli.games import games_command

    raise typer.Exit(games_command(as_json))


@app.command(context_settings=GAME_OPTIONS, epilog=_options_epilog())
def watch(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="which game (see 'wasteland games')"),
    players: Optional[int] = typer.Option(None, help="number of players (default: one per --seats entry, "
                                          "else the game's default)"),
    seats: Optional[str] = typer.Option(None, help="the bot at each seat, e.g. random,heuristic "
                                        "(default: the game's default bot everywhere)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="a game option, NAME=VALUE (repeatable)"),
    seed: int = typer.Option(1, help="random seed"),
    record: Optional[Path] = typer.Option(None, help="write the game record (JSON Lines) here"),
    quiet: bool = typer.Option(False, help="print only the result"),
) -> None:
    """Watch a full game played by bots: its log as it goes, the result at the end."""
    from wasteland.cli.watch import watch_command

    raise typer.Exit(watch_command(game, players, seats, seed, record, quiet, list(option or []), list(ctx.args)))


@app.command()
def simulate(
    game: str = typer.Argument("saltlands", help="saltlands or age-of-thirst"),
    games: int = typer.Option(100, "--games", help="games per configuration"),
    players: Optional[str] = typer.Option(None, help="player counts: 4, 1-6 or 1,2,4 (default: 1; Age of Thirst: 2)"),
    mode: Optional[str] = typer.Option(None, help="modes, e.g. classic,coop (default: solo for 1 player, "
                                       "classic otherwise; Age of Thirst: normal,long,blitz, default normal); "
                                       "combinations the rules forbid are skipped"),
    teams: Optional[str] = typer.Option(None, help="Age of Thirst team formats to sweep, e.g. none,2x2,3x3 "
                                        "(default: none)"),
    difficulty: Optional[str] = typer.Option(None, help="difficulties, e.g. easy,normal,hard "
                                             "(default: normal; easy for the tutorial)"),
    characters: Optional[list[str]] = typer.Option(
        None, help="a lineup in seat order, e.g. scout,healer (seats it does not name get the first unused "
        "characters); repeat the option to sweep lineups; default: the first P characters"),
    character_sweep: bool = typer.Option(False, "--character-sweep", help="sweep every character as seat 1"),
    bot: str = typer.Option("random", help="bots, e.g. random,heuristic: every seat plays the named bot; "
                            "Age of Thirst also has heuristic-skinny, -handsome, -smart, -rush-skinny, "
                            "-rush-handsome, -rush-smart, -hedge (the balance study's openings)"),
    turn_limit: Optional[int] = typer.Option(None, "--turn-limit", help="Age of Thirst: end a game after N turns "
                                             "without a winner (end reason 'turn limit N reached', not a "
                                             "rulebook ending)"),
    expansion: bool = typer.Option(False, "--expansion", help="play with the Lost in the Desert expansion"),
    variant: Optional[list[str]] = typer.Option(
        None, "--variant", help="variants to sweep, e.g. none,epic,overkill,explorers_luck; combine with + "
        "(epic+overkill); epic brings the expansion's components"),
    seed: int = typer.Option(0, help="run seed; every game's seed derives from it, its configuration and number"),
    workers: Optional[int] = typer.Option(None, help="worker processes (default: the number of CPUs)"),
    backend: str = typer.Option("local", help="local (processes on this machine) or ray (a local Ray instance)"),
    out: Optional[Path] = typer.Option(None, help="write games.csv, summary.txt, run.json and PNG charts here"),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="show a progress bar (on stderr)"),
) -> None:
    """Balance simulator: play many games with bots over a sweep of configurations; print a summary."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, \
        TimeRemainingColumn

    from wasteland.sim.simulator import Options, SweepError, prepare, simulate as run_simulation

    err = Console(stderr=True)
    if players is None:
        players = "2" if game == "age-of-thirst" else "1"
    opts = Options(game=game, games=games, players=players, modes=mode, difficulties=difficulty,
                   lineups=list(characters or []), character_sweep=character_sweep, bots=bot,
                   expansion=expansion, variants=list(variant or []), seed=seed,
                   workers=workers, backend=backend, out=out, teams=teams, turn_limit=turn_limit)
    try:
        sweep = prepare(opts)
    except SweepError as exc:
        err.print(f"error: {exc}", style="red", highlight=False, markup=False, soft_wrap=True)
        raise typer.Exit(2) from None
    for note in sweep.notes:
        err.print(f"note: {note}", highlight=False, markup=False, soft_wrap=True)
    total = games * len(sweep.configurations)
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
def apply(
    scenario: Path = typer.Argument(..., help="a scenario TOML file; its game key names the game"),
    actions: list[str] = typer.Argument(None, help="actions in notation, e.g. 'move 3,-2' end"),
    seat: Optional[str] = typer.Option(None, help="act as this seat (pN): an action while another seat "
                                       "decides is refused; the answer adds the seat's view"),
) -> None:
    """Apply actions to a scenario; print the state, events and pending decision as JSON."""
    from wasteland.cli.apply import apply_command

    raise typer.Exit(apply_command(scenario, list(actions or []), seat))


@app.command()
def bench(
    target: str = typer.Argument("engine", help="engine, or server: N concurrent bot games over WebSocket"),
    games: int = typer.Option(200, help="random games per player count (server: concurrent games)"),
    seconds: float = typer.Option(0.0, help="server: how long to play (default 20 s)"),
    db: Optional[str] = typer.Option(None, help="server: database (default: a temporary SQLite file)"),
    think: float = typer.Option(0.0, help="server: seconds each client waits before it acts"),
    processes: int = typer.Option(1, min=1, help="server: server processes (wasteland serve --processes)"),
) -> None:
    """Print speed and memory figures (see the README for the goals); `bench server` measures the game server."""
    if target == "server":
        from wasteland.server.bench import bench_command

        raise typer.Exit(bench_command(games, seconds or 20.0, db, think, processes=processes))
    from wasteland.sim.bench import run_bench

    run_bench(games, console)


@app.command("bench-server")
def bench_server(
    games: int = typer.Option(200, help="concurrent games"),
    seconds: float = typer.Option(20.0, help="how long to play"),
    db: Optional[str] = typer.Option(None, help="database (default: a temporary SQLite file)"),
    think: float = typer.Option(0.0, help="seconds each client waits before it acts"),
    processes: int = typer.Option(1, min=1, help="server processes (wasteland serve --processes)"),
) -> None:
    """Game server benchmark (same as `bench server`): actions per second and latency percentiles."""
    from wasteland.server.bench import bench_command

    raise typer.Exit(bench_command(games, seconds, db, think, processes=processes))


@app.command()
def soak(
    game: Optional[str] = typer.Argument(None, help="the game (default: every installed game, the time shared)"),
    minutes: float = typer.Option(1.0, help="how long to play"),
    seed: int = typer.Option(0, help="seed of the run (configs and game seeds)"),
    max_actions: int = typer.Option(5000, help="cut a random game after this many actions"),
) -> None:
    """Random games of every option set, checking after every action the JSON round trip
    (keys shuffled), that every offered action applies, and each game's replay."""
    from wasteland.sim.soak import soak_command

    raise typer.Exit(soak_command(game, minutes, seed, max_actions, lambda line: console.print(line, markup=False,
                                                                                              highlight=False, soft_wrap=True)))


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port (0: any free port; the address is printed)"),
    db: str = typer.Option("wasteland.db", help="SQLite file, sqlite:///FILE or postgresql://USER:PASS@HOST/DB"),
    bot_workers: Optional[int] = typer.Option(None, help="bot worker processes per lane (default: CPUs, at least 2)"),
    processes: int = typer.Option(1, min=1, help="server processes sharing the games (one core each; "
                                  "see API.md, Capacity)"),
) -> None:
    """Run the multiplayer game server (HTTP + WebSocket; the page at /)."""
    from wasteland.server.run import serve as run_server
    from wasteland.server.store import StoreError

    try:
        run_server(host, port, db, bot_workers, processes=processes)
    except (StoreError, OSError) as exc:
        console.print(f"[red]cannot serve: {exc}[/red]")
        raise typer.Exit(2) from None


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
    seed: Optional[int] = typer.Option(None, help="random seed (default: a random one)"),
    load: Optional[Path] = typer.Option(None, help="resume the game saved in this record"),
    record: Optional[Path] = typer.Option(None, help="save the game here after every action "
                                          "(default: the --load file, else GAME-SEED-TIME.jsonl)"),
) -> None:
    """Play in the terminal: people and bots, the board drawn in colour."""
    from wasteland.cli.play import play_command

    raise typer.Exit(play_command(game, players, seats, seed, load, record, list(option or []), list(ctx.args)))


@app.command()
def replay(
    record: Path = typer.Argument(..., help="a game record (JSON Lines)"),
    auto: bool = typer.Option(False, "--auto", help="print every step without waiting"),
    seat: Optional[int] = typer.Option(None, help="show only what this seat (1-6) could see"),
) -> None:
    """Step through a game record: the board and events after each action."""
    from wasteland.cli.replay import replay_command

    raise typer.Exit(replay_command(record, auto, seat))


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
