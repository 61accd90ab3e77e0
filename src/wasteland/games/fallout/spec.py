"""The Fallout round end's facts, declared once (see ``wasteland.core.spec``)."""

from __future__ import annotations

from wasteland.core.spec import BotSpec, Capabilities, GameSpec, Option, skeleton

# The fight option's values, written here only: the chosen demo fight, or the table enters
# each fight's result (FO-13.2).
FIGHTS = ("demo", "table")
#: the most turns a game may be set to last: a sane bound for simulations, not a rule
TURN_BOUND = 100_000

SPEC = GameSpec(
    name="fallout",
    title="Fallout: the round end",
    rules_version="fallout-p13/2",
    anchor_prefix="FO",
    min_players=1,
    max_players=4,
    game="wasteland.games.fallout.game:GAME",
    description="The end of a Fallout round: the agenda deck activates the enemies, who fight or close in "
                "by fixed rules; influence from agenda cards wins. Demo map and survivor turn are stand-ins.",
    options=(
        Option("players", "int", "number of survivors", default=1, low=1, high=4, rule="FO-13.5"),
        Option("fight", "choice", "demo: a chosen die fight; table: the table enters each fight's result",
               default="demo", values=FIGHTS, rule="FO-13.2"),
        Option("first_player", "int", "the seat that starts with the agenda deck (0-based)", default=0,
               low=0, high=3, rule="FO-13.4", hidden=True, sweep=False),
        Option("turn_limit", "int", "end the game without a winner after this many turns",
               default=None, low=1, high=TURN_BOUND, rulebook=False, hidden=True),
    ),
    bots=(BotSpec("heuristic", "plays by hand-written priorities of its own (not the rulebook's)",
                  "wasteland.games.fallout.bot:HeuristicAgent"),),
    default_bot="heuristic",
    capabilities=Capabilities(hidden_information=True, chance=True, search_guide=True, teams=True),
    **skeleton("wasteland.games.fallout"),  # the references of the skeleton's modules
    scenario_doc="TOML: game = \"fallout\", map, [[survivor]], [[enemy]], [agenda], [track], [config], [state], "
                 "[[procedure]], [chance] (every settable part listed in docs/fallout-scenarios.md)",
    terminal="wasteland.games.fallout.terminal:RENDERER",
    texts="wasteland.games.fallout.terminal_help:TEXTS",
    round_robin=("heuristic", "random"),
    listing=30,
    # The page we have is page 13 of the rulebook: its six paragraphs are our anchors.
    anchors=("FO-13.1", "FO-13.2", "FO-13.3", "FO-13.4", "FO-13.5", "FO-13.6"),
    auto_decide="wasteland.games.fallout.ties:decide",
)
