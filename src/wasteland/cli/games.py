"""``wasteland games``: the installed games (the ``wasteland.games`` entry points) with
their options, bots and scenario format; ``--json`` prints the specs as the lobby's
``/api`` does."""

from __future__ import annotations

import json
import sys

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from wasteland.agents.registry import bot_names
from wasteland.core.params import game_params
from wasteland.core.registry import registered_games
from wasteland.core.spec import GameSpec

from .options import allowed, default_text, flag


def params_table(spec: GameSpec) -> Table:
    """The game's tunable numbers (``wasteland.core.params``), one row each."""
    table = Table(box=box.SIMPLE, pad_edge=False, show_edge=False, padding=(0, 1))
    for column in ("parameter", "what it sets", "default", "range", "rule"):
        table.add_column(column, header_style="bold", no_wrap=column in ("parameter", "rule", "range"))
    for p in game_params(spec).params:
        table.add_row(Text(p.name, style="cyan"), p.text, str(p.default), f"{p.low} to {p.high}", p.rule)
    return table


def games_command(as_json: bool = False, console: Console | None = None, game: str | None = None,
                  params: bool = False) -> int:
    specs = registered_games()
    if game is not None:
        if game not in specs:
            print(f"wasteland games: unknown game {game!r}; installed: {', '.join(specs)}", file=sys.stderr)
            return 2
        specs = {game: specs[game]}
    if params:
        if as_json:
            json.dump({name: [p.to_json() for p in game_params(spec).params] for name, spec in specs.items()},
                      sys.stdout, indent=1)
            print()
            return 0
        console = console or Console(highlight=False)
        for spec in specs.values():
            console.print(Text(f"{spec.name}  {spec.title}: tunable numbers", style="bold"))
            console.print(params_table(spec))
            console.print()
        console.print("A tuned set is a TOML file of NAME = NUMBER lines; pass it as --params FILE to play, watch, "
                      "simulate and tune.", style="dim")
        return 0
    if as_json:
        json.dump([spec.to_json() for spec in specs.values()], sys.stdout, indent=1)
        print()
        return 0
    console = console or Console(highlight=False)
    for spec in specs.values():
        head = Text(spec.name, style="bold")
        head.append(f"  {spec.title}, {spec.min_players}-{spec.max_players} players, rules {spec.rules_version}",
                    style="bold")
        console.print(head)
        if spec.description:
            console.print(f"  {spec.description}", markup=False)
        table = Table(box=box.SIMPLE, pad_edge=False, show_edge=False, padding=(0, 1))
        for column in ("option", "what it sets", "values", "default", "rule"):
            table.add_column(column, header_style="bold", no_wrap=column in ("option", "rule"))
        for option in spec.options:
            what = option.description + ("" if option.rulebook else " (not a rulebook option)")
            table.add_row(Text(flag(option), style="dim cyan" if option.hidden else "cyan"), what,
                          allowed(option), default_text(option), option.rule)
        console.print(table)
        console.print(Text.assemble(("  bots: ", "bold"), ", ".join(bot_names(spec)),
                                    f" (default {spec.default_bot})"))
        console.print(Text.assemble(("  scenarios: ", "bold"),
                                    spec.scenario_doc or ("yes" if spec.scenario else "none")))
        console.print()
    console.print("Options go after the game's name in play and watch: --NAME VALUE (a yes/no option alone, "
                  "--no-NAME to turn it off) or --option NAME=VALUE.", style="dim")
    return 0
