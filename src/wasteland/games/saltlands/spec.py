"""Saltlands' facts, declared once (see ``wasteland.core.spec``)."""

from __future__ import annotations

from wasteland.core.spec import BotSpec, Capabilities, GameSpec, Option, Tally, skeleton

# The values of the options, written here only (config.py reads them from the options).
MODES = ("classic", "coop", "competitive", "solo", "tutorial")
DIFFICULTIES = ("easy", "normal", "hard")
RESPAWN_STEPS = ("sailer", "starting_cards")
# SL §148 to SL §152: the optional variants of Lost in the Desert, combinable freely (SL §148),
# the epic game with anything but the tutorial (SL §149).
VARIANTS = ("epic", "overkill", "explorers_luck")

# The characters as the data lists them (base game first, then Lost in the Desert's).
# Kept here, not read from the data, so that listing the games loads no content; the
# content check (tests/saltlands/test_content.py) holds the two lists equal.
CHARACTERS = ("plowman", "arsonist", "little_girl", "scout", "healer", "scientist",
              "trader", "pickpocket", "gunsmith", "huntress", "prophet", "marauder")

# The rulebook's numbered sections, 1 to 152 (the base game, then Lost in the Desert from
# SL §140): every rule the code cites is one of them.
ANCHORS = tuple(f"SL §{n}" for n in range(1, 153))

SPEC = GameSpec(
    name="saltlands",
    title="Saltlands",
    rules_version="saltlands-base/8",
    anchor_prefix="SL",
    min_players=1,
    max_players=6,
    game="wasteland.games.saltlands.game:GAME",
    description="Survivors cross a salt desert hunted by raiders; find the rumored way out and escape.",
    options=(
        Option("players", "int", "number of players", default=1, low=1, high=6, rule="SL §15"),
        Option("mode", "choice", "game mode", values=MODES, rule="SL §9",
               default_note="solo for one player, classic otherwise"),
        Option("difficulty", "choice", "difficulty: which spawn letters are active", default="normal",
               values=DIFFICULTIES, rule="SL §18", default_note="easy in the tutorial"),
        Option("characters", "seats", "one character per seat, all different", values=CHARACTERS,
               rule="SL §44", default_note="dealt at random", sweep=True),
        Option("expansion", "bool", "play with Lost in the Desert", default=False, rule="SL §140"),
        Option("variants", "names", "optional variants of Lost in the Desert", default=(),
               values=VARIANTS, rule="SL §148"),
        Option("first_player", "int", "the seat that starts (0-based)", default=0, low=0, high=5,
               rule="SL §45", hidden=True, sweep=False),
        Option("respawn_step", "choice", "how a dead player comes back", default="sailer",
               values=RESPAWN_STEPS, rule="SL §90", hidden=True, sweep=False),
    ),
    bots=(BotSpec("heuristic", "plays by hand-written priorities of its own (not the rulebook's)",
                  "wasteland.games.saltlands.bot:HeuristicAgent"),),
    default_bot="heuristic",
    # what the simulator counts in every game: an elimination is a death too (SL §96)
    tallies=(Tally("deaths", ("death", "eliminated")), Tally("eliminated", ("eliminated",)),
             Tally("raiders_destroyed", ("raider_destroyed",)), Tally("rumors_played", ("rumor",), "rumor cards played")),
    capabilities=Capabilities(hidden_information=True, chance=True, search_guide=True, teams=True),
    **skeleton("wasteland.games.saltlands"),  # the references of the skeleton's modules
    scenario_doc="TOML: game = \"saltlands\", [config], [state], [[player]], [[raider]], [[token]], [[tile]], ... "
                 "(every settable part listed in docs/saltlands-scenarios.md)",
    terminal="wasteland.games.saltlands.terminal:TERMINAL",
    listing=0,
    anchors=ANCHORS,
    auto_decide="wasteland.games.saltlands.ties:decide",
)
