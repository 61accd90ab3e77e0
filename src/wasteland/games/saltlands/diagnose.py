"""Why an action is not legal: one clear message naming the rule that forbids it."""

from __future__ import annotations

from typing import Callable

from wasteland.core.protocol import Decision, NotationError, RuleError

from .movement import MoveOption, move_options
from .state import State
from .turn import TRADE_LIMIT, _is_far, ability
from .zones import card_def, holds, over_hand_limit

TURN_VERBS = {"move", "collect", "use", "refresh", "trade", "give", "ability", "discard", "end", "steal"}
# The verbs each decision kind offers: an action with one of them answers that decision,
# so a refusal explains which of its rules the option breaks.
KIND_VERBS = {
    "character": {"character"}, "enter": {"enter"}, "soak": {"armor", "heal", "lose", "yield"},
    "rumor": {"top", "bottom"}, "discard": {"discard"}, "place": {"discard", "replace"},
    "storm": {"discard"}, "trade": {"give", "done"}, "offer": {"accept", "decline"},
    "fuel_drain": {"take", "pass"}, "activation": {"activate", "raider", "chase", "goto", "attack", "spawn"},
    "lure": {"raider", "goto"}, "orient": {"orient"},
}
FRAME_VERBS = set().union(*KIND_VERBS.values())


def why_illegal(s: State, d: Decision, action: str) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError("an action is a non-empty text such as 'end' or 'move 3,-2'")
    tokens = action.split()
    verb = tokens[0]
    if verb not in TURN_VERBS | FRAME_VERBS:
        return NotationError(f"unknown action {verb!r}; the decision offers: {_sample(d)}")
    if d.kind != "turn":
        if verb in KIND_VERBS.get(d.kind, ()):
            why = FRAME_WHY.get(d.kind, _why_option)(s, d, tokens)
            return why if why is not None else _why_option(s, d, tokens)
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
        if not fitting and _only_across_face_down(s, p, dest):
            return RuleError("SL §78", f"the only ways to {tokens[1]} cross a face-down tile, "
                             "and players never enter face-down tiles")
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
    if verb in ("trade", "give") and s.trades_used >= TRADE_LIMIT and ability(s, p) == "trade":
        partner = tokens[1] if verb == "trade" else (tokens[3] if len(tokens) > 3 else "")
        seat = int(partner[1:]) - 1 if partner[1:].isdigit() else -1
        if 0 <= seat < len(s.players) and seat != s.trade_partner and _is_far(s, p, seat):
            return RuleError("SL §146", f"the Trader's {TRADE_LIMIT} trades with far players are used this turn")
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


def _only_across_face_down(s: State, p, dest: int) -> bool:
    """Would ``dest`` be within this move if face-down tiles could be crossed? (SL §78)"""
    from .board import UNEXPLORED
    from .movement import _move_kind

    kind = _move_kind(s, p)
    if kind is None or p.hex is None:
        return False
    passable, limit, sail, _base = kind
    terrain = s.terrain.terrain
    widened = bytes(1 if ok or terrain[h] == UNEXPLORED else 0 for h, ok in enumerate(passable))
    return dest in s.terrain.reach(s.static.geo, p.hex, limit, widened, sail)


# -- the options of a pending decision --------------------------------------------------


def _why_option(s: State, d: Decision, tokens: list[str]) -> RuleError:
    """An answer to the pending decision that its rule does not offer."""
    return RuleError(d.rule, f"{' '.join(tokens)!r} is not one of the options of this {d.kind} decision "
                             f"({_sample(d, tokens[0])})")


def _why_soak(s: State, d: Decision, tokens: list[str]) -> RuleError | None:
    """Stopping damage (SL §85 to SL §89, robbery SL §122): which rule the option breaks."""
    frame = s.stack[-1]
    p = s.players[frame["seat"]]
    verb = tokens[0]
    robbery = frame.get("robbery_by") is not None
    cat = s.static.catalog
    name, _, opt = (tokens[1] if len(tokens) > 1 else "").partition("/")
    card = cat.card_index.get(name)
    if card is None:
        return NotationError(f"{' '.join(tokens)!r}: unknown card name")
    if verb == "yield":
        if not robbery:
            return RuleError("SL §122", "only a robbery takes Victory cards; this is an attack")
        return RuleError("SL §122", f"{name} is not one of your Victory cards")
    if verb == "lose":
        if robbery:
            return RuleError("SL §122", "nobody loses crew to a robbery: it takes Victory cards")
        return RuleError("SL §85", f"{name} is not a crew member in your cargo")
    # armor / heal: a card of the hand, fresh, with the matching action
    if robbery and verb == "heal":
        return RuleError("SL §122", "healing does not stop a robbery")
    if not holds(p, card) or card not in p.hand:
        if card in s.discard and card_def(s, card).actions and card_def(s, card).actions[0].one_time:
            return RuleError("SL §66", f"{name} is a one-time card: it went to the discard pile when used")
        return RuleError("SL §67", f"you do not hold {name} in your hand")
    if card in p.engaged:
        return RuleError("SL §65", f"{name} is engaged; it refreshes at the start of your turn")
    actions = card_def(s, card).actions
    index = int(opt) - 1 if opt.isdigit() else 0
    effect = actions[index].effect if 0 <= index < len(actions) else None
    if verb == "armor":
        if effect != "armor":
            return RuleError("SL §88", f"{name} gives no armor")
        if frame["damage_type"] != "normal":
            return RuleError("SL §87", "armor does not stop armor-piercing damage")
    if verb == "heal" and effect != "heal":
        return RuleError("SL §89", f"{name} does not heal")
    return None


def _why_character(s: State, d: Decision, tokens: list[str]) -> RuleError:
    name = tokens[1] if len(tokens) > 1 else ""
    chars = s.static.content.characters
    if name not in chars:
        return NotationError(f"{name!r} is not a character ({', '.join(chars)})")
    if chars[name].expansion and not s.static.rules.expansion:
        return RuleError("SL §140", f"the {name} comes with Lost in the Desert, which is not in play")
    if any(p.character == name for p in s.players):
        return RuleError("SL §44", f"another player has the {name}: each player has a different character")
    return _why_option(s, d, tokens)


def _why_enter(s: State, d: Decision, tokens: list[str]) -> RuleError:
    geo = s.static.geo
    h = geo.by_name.get(tokens[1]) if len(tokens) > 1 else None
    if h is None:
        return NotationError(f"{' '.join(tokens)!r}: expected 'enter Q,R' with a hex of the board")
    frame = s.stack[-1]
    if frame.get("respawn") == "starting_tiles":
        return RuleError("SL §92", "a respawned figure enters on an empty hex of a starting tile")
    if h not in s.terrain.start_dunes:
        return RuleError("SL §45", "figures enter on one of the start dunes")
    return RuleError("SL §45", "that start dune is taken and the figure could not move off it at once")


def _why_own_card(rule: str, what: str) -> Callable[[State, Decision, list[str]], RuleError]:
    """Discards whose decision takes one of the player's own cards (``what`` says which);
    the discard after a respawn follows SL §91, after a Reconstruction SL §134."""

    def why(s: State, d: Decision, tokens: list[str]) -> RuleError:
        anchor = "SL §91" if s.stack[-1].get("reason") == "respawn" else rule
        card = s.static.catalog.card_index.get(tokens[1].partition("/")[0]) if len(tokens) > 1 else None
        if card is None:
            return NotationError(f"{' '.join(tokens)!r}: unknown card name")
        p = s.players[s.stack[-1]["seat"]]
        if not holds(p, card):
            return RuleError("SL §67", f"you do not hold {tokens[1]}")
        if card == p.char_card:
            return RuleError(anchor, "the character card is never discarded")
        return RuleError(anchor, f"{what} ({_sample(d)})")

    return why


def _why_place(s: State, d: Decision, tokens: list[str]) -> RuleError:
    frame = s.stack[-1]
    p = s.players[frame["seat"]]
    names = s.static.catalog.card_names
    new = names[frame["card"]]
    if tokens[0] == "discard":
        return RuleError("SL §54", f"only the new card, {new}, may be discarded here; to free a slot, replace")
    if tokens[0] == "place":
        return RuleError("SL §54", f"no free slot for {new}: replace a card or discard {new}")
    card = s.static.catalog.card_index.get(tokens[1]) if len(tokens) > 1 else None
    in_slot = [p.vehicle] if card_def(s, frame["card"]).slot == "vehicle" else list(p.cargo)
    if card not in in_slot:
        return RuleError("SL §54", f"{tokens[1] if len(tokens) > 1 else 'that'} is not in the slot {new} needs")
    return _why_option(s, d, tokens)


def _why_trade(s: State, d: Decision, tokens: list[str]) -> RuleError:
    frame = s.stack[-1]
    partner = s.players[frame["seat"]]
    card = s.static.catalog.card_index.get(tokens[1]) if len(tokens) > 1 else None
    if card is None:
        return NotationError(f"{' '.join(tokens)!r}: unknown card name")
    if not holds(partner, card):
        return RuleError("SL §67", f"you do not hold {tokens[1]}")
    if card in s.traded:
        return RuleError("SL §72", "a card changes hands only once per turn")
    if frame.get("hand_only") and card not in partner.hand:
        return RuleError("SL §146", "a trade with the far Trader takes only hand items")
    return _why_option(s, d, tokens)


def _why_fuel_drain(s: State, d: Decision, tokens: list[str]) -> RuleError:
    return RuleError("SL §135", "Fuel Drain takes the top Fuel card of the discard pile, or passes "
                                f"({_sample(d)})")


def _why_orient(s: State, d: Decision, tokens: list[str]) -> RuleError:
    return RuleError("SL §152", f"an orientation is one of the tile's arrows ({_sample(d)})")


# What each stage of a raider activation lets the current player decide (SL §100 to SL §107).
_ACTIVATION_STAGE = {
    "type": ("activate", "SL §100", "a raider type not yet activated this round"),
    "raider": ("raider", "SL §100", "a raider of the activated type, to move next (the order is yours)"),
    "target": ("chase", "SL §105", "one of the nearest players, equally near"),
    "goto": ("goto", "SL §105", "one of the end hexes on a shortest path, equally good"),
    "attack": ("attack", "SL §85", "one of the adjacent players, equally placed"),
    "spawn": ("spawn", "SL §107", "a spawn point for the last figures of the type"),
}


def _why_activation(s: State, d: Decision, tokens: list[str]) -> RuleError:
    stage = s.stack[-1].get("stage", "")
    verb, rule, what = _ACTIVATION_STAGE.get(stage, (tokens[0], d.rule, "one of the options"))
    if tokens[0] != verb:
        return RuleError(rule, f"this step of the activation asks for {what}: '{verb} ...' ({_sample(d)})")
    if verb == "activate" and len(tokens) > 1 and tokens[1] in s.revealed and s.revealed[tokens[1]]:
        return RuleError("SL §100", f"the {tokens[1]}s have already been activated this round")
    return RuleError(rule, f"{' '.join(tokens)!r} is not {what} ({_sample(d)})")


def _why_lure(s: State, d: Decision, tokens: list[str]) -> RuleError:
    return RuleError("SL §142", f"lured raiders move toward the lure: {_sample(d)}")


FRAME_WHY = {
    "soak": _why_soak, "character": _why_character, "enter": _why_enter,
    "discard": _why_own_card("SL §134", "discard one of the cards you hold"),
    "storm": _why_own_card("SL §53", "the sandstorm takes a card of your hand or cargo"),
    "place": _why_place, "trade": _why_trade, "fuel_drain": _why_fuel_drain, "orient": _why_orient,
    "activation": _why_activation, "lure": _why_lure,
}


def _sample(d: Decision, prefix: str = "") -> str:
    acts = [a for a in d.actions if a.startswith(prefix)] or list(d.actions)
    shown = ", ".join(repr(a) for a in acts[:6])
    return shown + (f" and {len(acts) - 6} more" if len(acts) > 6 else "")
