"""The quest's facts, declared once (see ``wasteland.core.spec``)."""

from __future__ import annotations

from wasteland.core.spec import BotSpec, Capabilities, GameSpec, Option, skeleton


# The pages' items in our digest's numbering: WQ-<page>.<item>.
ANCHORS = ("WQ-38", "WQ-38.1", "WQ-38.2", "WQ-38.3", "WQ-39", "WQ-39.1", "WQ-39.2", "WQ-39.3",
           "WQ-40", "WQ-40.1", "WQ-40.2", "WQ-40.3", "WQ-40.4")

#: the most rounds a quest may be set to last or a position may name: a sane bound, not a
#: rule (night ends a quest long before, WQ-40.2)
ROUND_BOUND = 10_000

SPEC = GameSpec(
    name="quest",
    title="Quest exploration",
    rules_version="quest-exploration/6",
    anchor_prefix="WQ",
    min_players=1,
    max_players=4,
    game="wasteland.games.quest.game:GAME",
    description="Heroes explore a haunted city tile by tile; the game lays the tiles and gates, "
                "deploys the enemies and rolls the events.",
    options=(
        Option("players", "int", "number of heroes (one seat each; seat 1 leads)", default=1, low=1, high=4,
               rule=""),
        Option("quest", "choice", "the quest to play", default="lantern", values=("lantern",)),
        Option("round_limit", "int", "end the quest as failed after this many rounds", default=None, low=1,
               high=ROUND_BOUND, rulebook=False, hidden=True),
    ),
    bots=(BotSpec("heuristic", "explores toward the quest symbol and fights what blocks it (our own priorities)",
                  "wasteland.games.quest.bot:HeuristicAgent"),),
    default_bot="heuristic",
    capabilities=Capabilities(hidden_information=True, chance=True, search_guide=True, teams=True),
    **skeleton("wasteland.games.quest"),  # the references of the skeleton's modules
    scenario_doc="TOML: game = \"quest\", [config], [state], [[tile]], [[hero]], [[enemy]], [exploration], "
                 "[[group]], [[procedure]], [chance] (every settable part listed in docs/quest-scenarios.md)",
    terminal="wasteland.games.quest.terminal:RENDERER",
    texts="wasteland.games.quest.terminal_help:TEXTS",
    listing=30,
    anchors=ANCHORS,
    auto_decide="wasteland.games.quest.ties:decide",
)
