"""Age of Thirst's facts, declared once (see ``wasteland.core.spec``)."""

from __future__ import annotations

from wasteland.core.spec import BotSpec, Capabilities, GameSpec, Option, skeleton

from .content import COLOURS

# The values of the options, written here only (config.py reads them from the options).
MODES = ("normal", "long", "blitz")  # LO-13.1, LO-13.2, LO-13.3
# LO-13.4, LO-13.5: each team format's players and team sizes
TEAM_FORMATS = {"2x2": (4, (2, 2)), "3x3": (6, (3, 3)), "2x2x2": (6, (2, 2, 2)), "2x3": (5, (2, 3))}

# The balance study's openings (``heuristic-<policy>``, see ``bot.POLICIES``; a test holds
# the two lists equal). Kept here so that listing the games imports no bot.
POLICIES = ("skinny", "handsome", "smart", "rush-skinny", "rush-handsome", "rush-smart", "hedge")

# The rulebook has no numbering of its own: its chapters and their parts carry the anchors
# LO-1 to LO-13.5 in our reading of it; LO-A (the numbers it gives), LO-B (the values it
# leaves to the maker of the data) and LO-C (our rulings) are the appendices of that reading.
ANCHORS = (
    "LO-1", "LO-2", "LO-3",
    "LO-4", "LO-4.1", "LO-4.2", "LO-4.3", "LO-4.4", "LO-4.5",
    "LO-5",
    "LO-6", "LO-6.1", "LO-6.2", "LO-6.3", "LO-6.4",
    "LO-7", "LO-7.1", "LO-7.2", "LO-7.3", "LO-7.4",
    "LO-8", "LO-8.1", "LO-8.2", "LO-8.3",
    "LO-9", "LO-10", "LO-10.1", "LO-10.2", "LO-11", "LO-12",
    "LO-13", "LO-13.1", "LO-13.2", "LO-13.3", "LO-13.4", "LO-13.5",
    "LO-A", "LO-B", "LO-C",
)

_HEURISTIC = "wasteland.games.age_of_thirst.bot:HeuristicAgent"

SPEC = GameSpec(
    name="age-of-thirst",
    title="Age of Thirst",
    # /5: the no-progress draw counts an Eye moving or a troop on new ground, no longer tokens
    # bought and lost (progress.py): a /4 record played with stall_turns may end elsewhere
    rules_version="age-of-thirst-2ed/5",
    anchor_prefix="LO",
    min_players=2,
    max_players=6,
    game="wasteland.games.age_of_thirst.game:GAME",
    description="Clans fight over water and the Last Oasis at the centre of a hex map.",
    options=(
        Option("players", "int", "number of players", default=2, low=2, high=6, rule="LO-4.1"),
        Option("mode", "choice", "game form", default="normal", values=MODES, rule="LO-13"),
        Option("teams", "choice", "team format (none: everyone for themselves; five players always play 2x3)",
               default=None,
               values=tuple(TEAM_FORMATS), rule="LO-13.4"),
        Option("colours", "seats", "the clan colour of each seat", values=COLOURS, rule="LO-4.1",
               default_note="evenly spread around the board", sweep=False),
        Option("draw", "bool", "deal the colours at random, red starts (not in team games)", default=False, rule="LO-4.5",
               sweep=False),
        Option("turn_limit", "int", "end the game without a winner after this many turns",
               default=None, low=1, rulebook=False, hidden=True),
        Option("stall_turns", "int", "end the game as a draw after this many turns without an Eye moving or "
               "a troop reaching new ground (0: never)", default=0, low=0, rulebook=False, hidden=True, sweep=False),
        Option("dead_end", "bool", "end the game as a draw once nobody can ever buy or hold a troop",
               default=False, rulebook=False, hidden=True, sweep=False),
    ),
    bots=(BotSpec("heuristic", "plays by hand-written priorities of its own", _HEURISTIC),)
    + tuple(BotSpec(f"heuristic-{p}", f"the heuristic bot with the opening {p!r}", _HEURISTIC, {"policy": p})
            for p in POLICIES),
    default_bot="heuristic",
    capabilities=Capabilities(hidden_information=True, chance=True, search_guide=True, teams=True),
    **skeleton("wasteland.games.age_of_thirst"),  # the references of the skeleton's modules
    scenario_doc="TOML: game = \"age-of-thirst\", [config], [state], [[clan]], [[piece]], [decks], "
                 "[[procedure]], [chance] (every settable part listed in docs/age-of-thirst-scenarios.md)",
    terminal="wasteland.games.age_of_thirst.terminal:TERMINAL",
    listing=1,
    anchors=ANCHORS,
    simulation={"stall_turns": 100, "dead_end": True},
    round_robin=("heuristic",) + tuple(f"heuristic-{p}" for p in POLICIES),
    seat_teams="wasteland.games.age_of_thirst.seating:seat_teams",
)
