"""Writing a Fallout state as a position: ``to_text(state)`` names every part of it
(docs/fallout-scenarios.md), so that ``scenario_from_text(to_text(s))`` is the same state.
A table correcting its position in the companion edits this text; a test that found a
position worth keeping saves it this way."""

from __future__ import annotations

from typing import Any

from wasteland.core.chance_text import chance_lines
from wasteland.core.toml_text import position_head, table, value

from .scenario_procedures import chance_table, procedure_tables
from .state import State


#: Each part of a State and the position key that sets it (docs/fallout-scenarios.md). A
#: part added to State without a key here fails tests/fallout/test_scenario_roundtrip.py.
STATE_PARTS = {
    "rng": "[state] rng", "round": "[state] round", "turns": "[state] turns",
    "round_turns": "[state] round_turns", "order": "[state] order",
    "first": "first", "current": "[state] current", "actions_left": "[state] actions_left",
    "space": "[[survivor]] space", "health": "[[survivor]] health", "radiation": "[[survivor]] radiation",
    "kills": "[[survivor]] kills", "quests": "[[survivor]] quests", "hands": "[[survivor]] hand",
    "markers": "[state] markers", "deck": "[agenda] deck", "discard": "[agenda] discard",
    "revealed": "[state] revealed", "factions": "[track]", "last_roll": "[state] last_roll",
    "stack": "[[procedure]]", "over": "[state] over", "winners": "[state] winners",
    "end_reason": "[state] end_reason", "enemies": "[[enemy]]", "ranged": "[[enemy]] ranged", "chance": "[chance]",
    "static": "fight, map, [config]",
}


def to_text(s: State) -> str:
    """The position TOML of ``s`` (see the module docstring)."""
    rules = s.rules
    custom_map = s.board is not s.content.board
    keys = [f"fight = {value(rules.fight)}", f"first = {s.first + 1}"]
    if not custom_map:
        keys.append(f"map = {value(s.board.name)}")
    lines = position_head("Fallout", "fallout", "docs/fallout-scenarios.md", *keys, enemy=s.enemies, procedure=s.stack)
    config: dict[str, Any] = {"first_player": rules.first_player + 1}
    if rules.turn_limit is not None:
        config["turn_limit"] = rules.turn_limit
    if rules.params:  # the game's tuned set goes with its position
        config["params"] = dict(rules.params)
    lines += table("config", config)
    state: dict[str, Any] = {
        "rng": f"{s.rng:016x}", "round": s.round, "turns": s.turns, "round_turns": s.round_turns,
        "order": [q + 1 for q in s.order],
    }
    if s.current is not None:
        state["current"] = s.current + 1
    state.update({"actions_left": s.actions_left, "markers": list(s.markers)})
    if s.revealed is not None:
        state["revealed"] = s.revealed
    if s.last_roll is not None:
        seat, enemy, roll = s.last_roll
        state["last_roll"] = [seat + 1, enemy, roll]
    state.update({"over": s.over, "winners": [w + 1 for w in s.winners], "end_reason": s.end_reason})
    lines += table("state", state)
    lines += table("agenda", {"discard": list(s.discard), "deck": list(s.deck)})
    lines += table("track", dict(zip(s.content.factions, s.factions)))
    lines += chance_lines(chance_table(s.chance))
    if custom_map:
        board = s.board.to_json()
        spaces = board.pop("space")
        lines += table("map", board)
        for space in spaces:
            lines += table("map.space", space, many=True)
    for q in s.players:
        lines += table("survivor", {"space": s.space[q], "health": s.health[q], "radiation": s.radiation[q],
                                     "hand": list(s.hands[q]), "kills": s.kills[q], "quests": s.quests[q]},
                        many=True)
    for e, (kind, space, up) in sorted(s.enemies.items()):
        enemy: dict[str, Any] = {"id": e, "type": kind, "space": space, "side": "up" if up else "down"}
        if e in s.ranged:
            enemy["ranged"] = s.ranged[e]  # FO-13.2: its own icon, not its type's
        lines += table("enemy", enemy, many=True)
    for entry in procedure_tables(s):
        lines += table("procedure", entry, many=True)
    return "\n".join(lines).rstrip() + "\n"
