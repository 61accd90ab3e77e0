"""Dry Well's facts, declared once."""

from wasteland.core.spec import Capabilities, GameSpec, Option

SPEC = GameSpec(
    name="dry-well",
    title="Dry Well",
    rules_version="dry-well/1",
    anchor_prefix="DW",
    min_players=2,
    max_players=3,
    game="dry_well.game:GAME",
    description="Clans haul the last buckets out of a well; whoever hauls the last one keeps the well.",
    options=(
        Option("players", "int", "number of players", default=2, low=2, high=3, rule="DW-1"),
        Option("water", "int", "buckets in the well at the start", default=12, low=5, high=30, rule="DW-1"),
    ),
    capabilities=Capabilities(hidden_information=True, chance=True),
    scenario="dry_well.scenario:from_text",
    scenario_doc='TOML: game = "dry-well", water, current, ropes (one per seat), deck',
    package="dry_well",
    anchors=("DW-1", "DW-2", "DW-3", "DW-4"),
)
