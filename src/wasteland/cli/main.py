"""The ``wasteland`` command."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from wasteland.core.protocol import RuleError

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Hex-map survival and war board games, played by their rulebooks.")
console = Console()


def _game(name: str):
    from wasteland.games import get_game

    try:
        return get_game(name)
    except KeyError as exc:
        console.print(f"[red]{exc.args[0]}[/red]")
        raise typer.Exit(2) from None


def _config(players: int, mode: Optional[str], difficulty: str, characters: Optional[str]) -> dict:
    config: dict = {"players": players, "difficulty": difficulty}
    if mode:
        config["mode"] = mode
    if characters:
        config["characters"] = [c.strip() for c in characters.split(",")]
    elif players:
        from wasteland.games.saltlands.content import load_content

        config["characters"] = list(load_content().characters)[:players]
    return config


@app.command()
def watch(
    game: str = typer.Argument("saltlands", help="which game"),
    players: int = typer.Option(4, help="number of players, 1-6"),
    mode: Optional[str] = typer.Option(None, help="classic, coop, competitive, solo, tutorial"),
    difficulty: str = typer.Option("normal", help="easy, normal, hard"),
    characters: Optional[str] = typer.Option(None, help="comma-separated characters, one per player"),
    seed: int = typer.Option(1, help="random seed"),
    record: Optional[Path] = typer.Option(None, help="write the game record (JSON Lines) here"),
    quiet: bool = typer.Option(False, help="print only the result"),
) -> None:
    """Watch a full game played by random bots: its log as it goes, the result at the end."""
    from wasteland.core.record import GameRecord
    from wasteland.sim.playout import random_playout

    g = _game(game)
    config = _config(players, mode, difficulty, characters)

    def show(events):
        if not quiet:
            for e in events:
                console.print(g.describe(e), highlight=False)

    try:
        state, setup_events = g.new_game_with_events(config, seed)
    except RuleError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    show(setup_events)
    result = random_playout(g, config, seed, keep_record=True, on_events=show)
    if record is not None:
        GameRecord(g.name, g.rules_version, config, seed, result.record).save(record)
        console.print(f"record written to {record}")
    winners = ", ".join(f"p{w + 1}" for w in result.winners) or "nobody"
    console.print(f"[bold]Result:[/bold] winners: {winners}; {result.reason}; "
                  f"{result.actions} actions, reached round {result.rounds}.")


@app.command()
def simulate(
    game: str = typer.Argument("saltlands"),
    games: int = typer.Option(100, "--games", help="how many games"),
    players: int = typer.Option(1, help="number of players, 1-6"),
    mode: Optional[str] = typer.Option(None),
    difficulty: str = typer.Option("normal"),
    seed: int = typer.Option(0, help="first seed; game i uses seed + i"),
) -> None:
    """Play many games with random bots and print a summary."""
    import time
    from collections import Counter

    from wasteland.sim.playout import random_playout

    g = _game(game)
    config = _config(players, mode, difficulty, None)
    started = time.perf_counter()
    wins = 0
    reasons: Counter[str] = Counter()
    actions = 0
    rounds = 0
    for i in range(games):
        try:
            result = random_playout(g, config, seed + i)
        except RuleError as exc:
            console.print(f"[red]{exc}[/red]")
            raise typer.Exit(2) from None
        wins += bool(result.winners)
        reasons[result.reason] += 1
        actions += result.actions
        rounds += result.rounds
    elapsed = time.perf_counter() - started
    console.print(f"games: {games}  players: {players}  mode: {config.get('mode', 'default')}  "
                  f"difficulty: {difficulty}  seeds: {seed}..{seed + games - 1}")
    console.print(f"win rate: {wins / games:.4f}")
    console.print(f"mean actions per game: {actions / games:.1f}   mean last round: {rounds / games:.2f}")
    for reason, n in reasons.most_common():
        console.print(f"  {n:6d}  {reason}")
    console.print(f"{games / elapsed:.1f} games/s, {actions / elapsed:,.0f} actions/s")


@app.command()
def apply(
    scenario: Path = typer.Argument(..., help="a scenario TOML file"),
    actions: list[str] = typer.Argument(None, help="actions in notation, e.g. 'move 3,-2' end"),
) -> None:
    """Apply actions to a scenario; print the state, events and pending decision as JSON."""
    from wasteland.games.saltlands.game import GAME
    from wasteland.games.saltlands.scenario import load_scenario

    try:
        state = load_scenario(scenario)
    except RuleError as exc:
        print(json.dumps({"error": str(exc), "rule": exc.rule}))
        raise typer.Exit(1) from None
    all_events = []
    for index, action in enumerate(actions or []):
        try:
            state, events = GAME.apply(state, action)
        except RuleError as exc:
            print(json.dumps({"error": str(exc), "rule": exc.rule, "action": action, "index": index}))
            raise typer.Exit(1) from None
        all_events.extend(events)
    decision = GAME.decision(state)
    out = {
        "state": GAME.to_json(state),
        "events": [{**e, "text": GAME.describe(e)} for e in all_events],
        "decision": None if decision is None else {
            "seat": f"p{decision.seat + 1}", "kind": decision.kind, "rule": decision.rule,
            "prompt": decision.prompt, "actions": list(decision.actions),
        },
    }
    json.dump(out, sys.stdout, indent=1)
    print()


@app.command()
def bench(
    games: int = typer.Option(200, help="random games per player count"),
    seconds: float = typer.Option(0.0, help="unused placeholder for longer runs"),
) -> None:
    """Print speed and memory figures (see the README for the goals)."""
    from wasteland.sim.bench import run_bench

    run_bench(games, console)


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
