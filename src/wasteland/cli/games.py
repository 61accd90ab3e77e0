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
from wasteland.core.registry import registered_games

from .options import allowed, default_text, flag


def games_command(as_json: bool = False, console: Console | None = None) -> int:
    specs = registered_games()
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
