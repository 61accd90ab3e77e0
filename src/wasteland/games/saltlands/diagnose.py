"""Why an action is not legal: one clear message naming the rule that forbids it."""

from __future__ import annotations

from wasteland.core.protocol import Decision, NotationError, RuleError

from .movement import MoveOption, move_options
from .state import State
from .zones import card_def, holds, over_hand_limit

TURN_VERBS = {"move", "collect", "use", "refresh", "trade", "give", "ability", "discard", "end", "steal"}
FRAME_VERBS = {
    "character", "enter", "armor", "heal", "lose", "yield", "top", "bottom", "replace", "accept",
    "decline", "done", "take", "pass", "activate", "raider", "chase", "goto", "attack", "spawn",
    "orient",
}


def why_illegal(s: State, d: Decision, action: str) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError("an action is a non-empty text such as 'end' or 'move 3,-2'")
    tokens = action.split()
    verb = tokens[0]
    if verb not in TURN_VERBS | FRAME_VERBS:
        return NotationError(f"unknown action {verb!r}; the decision offers: {_sample(d)}")
    if d.kind != "turn":
        return RuleError(d.rule, f"p{d.seat + 1} must first settle a {d.kind} decision ({_sample(d)})")
    if verb not in TURN_VERBS:
        return RuleError(d.rule, f"{verb!r} is not an action of the free part of the turn ({_sample(d)})")
    p = s.players[s.current]
    geo = s.static.geo
    cat = s.static.catalog

    def hex_arg(i: int) -> int | None:
        try:
            q, r = tokens[i].split(",")
            return geo.index.get((int(q), int(r)))
        except (IndexError, ValueError):
            return None

    def card_arg(i: int) -> int | None:
        try:
            return cat.card_index.get(tokens[i].partition("/")[0])
        except IndexError:
            return None

    if verb == "move":
        if s.moved:
            return RuleError("SL §78", "a player moves only once per turn")
        if p.vehicle is None:
            return RuleError("SL §78", "without a vehicle there is nothing to move with")
        if over_hand_limit(s, p):
            return RuleError("SL §55", "discard down to your hand limit before moving")
        dest = hex_arg(1)
        if dest is None:
            return NotationError(f"{action!r}: expected 'move Q,R' with a hex of the board")
        if not s.face_up[geo.position_of(dest)]:
            return RuleError("SL §78", "players never enter face-down (unexplored) tiles")
        if dest in s.occupied():
            return RuleError("SL §78", "a move may pass figures and tokens but never end on them")
        vehicle = card_def(s, p.vehicle).vehicle
        terrain = s.terrain.terrain[dest]
        from .board import TERRAIN_NAME

        if vehicle is not None and TERRAIN_NAME[terrain] not in vehicle.terrain:
            return RuleError("SL §79", f"your vehicle cannot enter {TERRAIN_NAME[terrain]}")
        fitting = [MoveOption(*o) for o in move_options(s, p) if o[0] == dest]
        if not fitting:
            rule = "SL §81" if vehicle is not None and vehicle.movement == "sail" else "SL §83"
            if s.storm:
                rule = "SL §53"
            return RuleError(rule, f"{tokens[1]} is out of reach of this move")
        return RuleError("SL §84", f"reaching {tokens[1]} takes exactly {fitting[0].fuel} Fuel card(s): "
                         f"write '{d.actions[0].split()[0]} {tokens[1]}"
                         + (f" fuel {fitting[0].fuel}'" if fitting[0].fuel else "'"))
    if verb == "collect":
        h = hex_arg(1)
        if h is None or h not in s.tokens:
            return RuleError("SL §73", "there is no token on that hex")
        if p.hex is None or h not in geo.adj[p.hex]:
            return RuleError("SL §73", "tokens are collected only from adjacent hexes")
        return RuleError("SL §64", "collecting a token needs a fresh (not engaged) crew member: 'by CREW'")
    if verb in ("use", "discard", "give"):
        card = card_arg(1)
        if card is None:
            return NotationError(f"{action!r}: unknown card name")
        if not holds(p, card) and not (verb == "use" and card == p.char_card):
            return RuleError("SL §67", f"you do not hold {tokens[1]}")
        if verb == "give":
            if card in s.traded:
                return RuleError("SL §72", "a card changes hands only once per turn")
            return RuleError("SL §72", "trading is only with a player on an adjacent hex")
        if verb == "use":
            dd = card_def(s, card)
            if not dd.actions:
                return RuleError("SL §67", f"{tokens[1]} has no action to use")
            if card in p.engaged:
                return RuleError("SL §65", f"{tokens[1]} is engaged; it refreshes at the start of your turn")
            if all(a.effect in ("heal", "armor") for a in dd.actions):
                return RuleError("SL §88", "armor and healing are used against an attack, when it comes")
            if "by" in tokens:
                crew = card_arg(tokens.index("by") + 1)
                if crew is not None and crew in p.engaged:
                    return RuleError("SL §64", "that crew member is engaged")
            if "at" in tokens:
                return RuleError("SL §85", "attacks reach only a raider on an adjacent hex")
            return RuleError("SL §64", f"write the action as offered, e.g. {_sample(d, 'use ' + tokens[1])}")
    if verb == "end" and over_hand_limit(s, p):
        return RuleError("SL §55", "discard down to your hand limit before ending the turn")
    if verb == "trade":
        return RuleError("SL §72", "trading is only with a player on an adjacent hex, once per turn each")
    if verb == "ability":
        return RuleError("SL §71", "your character has no usable ability now (once per turn)")
    if verb == "refresh":
        return RuleError("SL §65", "a refresh needs an unused Water/Gallon refresh and an engaged crew member")
    if s.must_move:
        return RuleError("SL §45", "you entered on an occupied start dune and must move off it first")
    return RuleError(d.rule, f"{action!r} is not legal now ({_sample(d)})")


def _sample(d: Decision, prefix: str = "") -> str:
    acts = [a for a in d.actions if a.startswith(prefix)] or list(d.actions)
    shown = ", ".join(repr(a) for a in acts[:6])
    return shown + (f" and {len(acts) - 6} more" if len(acts) > 6 else "")
