"""Why an action is not legal: one clear message naming the rule that forbids it.

An action's verb says which decision it answers. A verb of another decision than the one
waiting is refused with the rule that says when *its* decision comes (an 'armor' during
the free part of a turn: armor is used against an attack, SL §88). A verb of the waiting
decision is checked against the rules that filter that decision's options, and the first
rule it breaks is named: never the waiting decision's own rule when a narrower one
applies (a re-used one-time Helmet is SL §66, not the soak decision's SL §85).
"""

from __future__ import annotations

from typing import Any, Callable

from wasteland.core.notation import Action, ActionTextError, Chance
from wasteland.core.protocol import Decision, NotationError, RuleError

from .diagnose_turn import TURN_VERBS, not_given, sample, why_turn
from . import notation as N
from .notation import parse
from .state import State
from .zones import card_def, holds, slot_cards, swap_partner

# The verbs each decision kind offers (engine.py OPTIONS, raiders.py, turn.py).
KIND_VERBS: dict[str, frozenset[str]] = {
    "turn": TURN_VERBS,
    "character": frozenset({"character"}), "enter": frozenset({"enter"}),
    "soak": frozenset({"armor", "heal", "lose", "yield"}), "rumor": frozenset({"top", "bottom"}),
    "discard": frozenset({"discard"}), "place": frozenset({"discard", "place", "replace", "give"}),
    "storm": frozenset({"discard"}), "trade": frozenset({"give", "done"}),
    "offer": frozenset({"accept", "decline"}), "fuel_drain": frozenset({"take", "pass"}),
    "activation": frozenset({"activate", "raider", "chase", "goto", "attack", "spawn"}),
    "lure": frozenset({"raider", "goto"}), "orient": frozenset({"orient"}),
    "streak": frozenset({"join", "alone"}),
}
VERBS = frozenset().union(*KIND_VERBS.values())

# When the decision a verb answers comes: the rule cited when the verb is given while
# another decision waits. Turn verbs belong to the free part of a player's own turn.
WHEN: dict[str, tuple[str, str]] = {
    **{verb: ("SL §46", "is an action of the free part of a player's own turn") for verb in TURN_VERBS},
    "character": ("SL §44", "is chosen during the set-up, before the first turn"),
    "enter": ("SL §45", "happens at the start of a player's first turn (or after a respawn, SL §92)"),
    "armor": ("SL §88", "is used against an attack, when damage comes"),
    "heal": ("SL §89", "is used against an attack, when damage comes"),
    "lose": ("SL §85", "answers damage dealt to you, one point at a time"),
    "yield": ("SL §122", "answers a robbery in the Competitive mode"),
    "top": ("SL §109", "chooses an option of a rumor card just drawn"),
    "bottom": ("SL §109", "chooses an option of a rumor card just drawn"),
    "place": ("SL §54", "puts a new vehicle or cargo card into its slot when it is gained"),
    "replace": ("SL §54", "frees a slot for a new vehicle or cargo card when it is gained"),
    "done": ("SL §72", "ends a trade another player asked you for"),
    "accept": ("SL §72", "answers a card another player offers you"),
    "decline": ("SL §72", "answers a card another player offers you"),
    "take": ("SL §135", "answers Fuel Drain, after a motorized vehicle card is discarded"),
    "pass": ("SL §135", "answers Fuel Drain, after a motorized vehicle card is discarded"),
    "activate": ("SL §100", "comes after the end of a turn, when raider types are activated"),
    "raider": ("SL §105", "orders the raiders of an activated type (or lured ones, SL §142)"),
    "chase": ("SL §105", "picks the player an activated raider moves toward"),
    "goto": ("SL §105", "picks the end hex of a raider's move"),
    "attack": ("SL §103", "picks the player an activated raider attacks"),
    "spawn": ("SL §107", "places the last new raiders of an activated type"),
    "orient": ("SL §152", "turns a tile explored with Explorer's Luck"),
    "join": ("SL §146", "answers Born Killer's choice, when her attack could add to her attacks before it"),
    "alone": ("SL §146", "answers Born Killer's choice, when her attack could add to her attacks before it"),
}


# Decisions that interrupt a turn under way and are settled at once, before its free part
# goes on: why each comes first.
AT_ONCE: dict[str, str] = {
    "enter": "a figure enters the board before anything else of its turn",
    "place": "a new vehicle or cargo card takes its slot, or is discarded, at once",
    "storm": "each tile crossed in the sandstorm is paid for at once",
    "rumor": "a rumor card drawn is resolved at once",
    "orient": "a tile explored is turned as it is laid",
    "fuel_drain": "Fuel Drain is answered as the vehicle card is discarded",
    "discard": "the discard that follows the draw comes at once",
    "lure": "lured raiders move at once",
    "trade": "the asked player answers the trade first",
    "offer": "the offered card is accepted or declined first",
    "streak": "Born Killer's attack is resolved, added up or alone, before anything else",
}


def why_illegal(s: State, d: Decision, action: str) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError("an action is a non-empty text such as 'end' or 'move 3,-2'")
    try:
        act = parse(action)  # the form first: a malformed text is notation, its error naming the field
    except ActionTextError as exc:
        return exc
    if isinstance(act, Chance):  # a table's answer when the game asks for none
        return RuleError(d.rule, f"{action!r}: nothing is drawn, explored or rolled now; the {d.kind} decision "
                         f"of p{d.seat + 1} waits: {sample(d)}")
    verb = act.VERB
    if verb not in KIND_VERBS[d.kind]:
        if verb in TURN_VERBS and d.kind in AT_ONCE and not any(f["kind"] == "activation" for f in s.stack):
            # Ruling: a procedure inside a turn (an entry, a card's slot, a rumor card...) is
            # settled at once, before the turn goes on: its own rule is what bars the action.
            return RuleError(d.rule, f"'{verb}' waits: {AT_ONCE[d.kind]}; the {d.kind} decision of "
                             f"p{d.seat + 1}: {sample(d)}")
        rule, when = WHEN[verb]
        if d.kind == "turn":
            return RuleError(rule, f"'{verb}' {when}; now it is the free part of p{d.seat + 1}'s turn "
                             f"[{d.rule}]: {sample(d)}")
        return RuleError(rule, f"'{verb}' {when}; the {d.kind} decision of p{d.seat + 1} comes first "
                         f"[{d.rule}]: {sample(d)}")
    if d.kind == "turn":
        return why_turn(s, d, act)
    return FRAME_WHY[d.kind](s, d, act)


# -- the options of a pending decision --------------------------------------------------


def _unexplained(s: State, d: Decision, a: Action) -> RuleError:
    """No narrower rule applies (a case the explainer should learn)."""
    return RuleError(d.rule, f"{str(a)!r} is not one of the options of this {d.kind} decision "
                             f"({sample(d, a.VERB)})")


def _card(s: State, name: str) -> int | None:
    return s.static.catalog.card_index.get(name)


def _why_soak(s: State, d: Decision, a: N.Armor | N.Heal | N.Lose | N.Yield) -> RuleError:
    """Stopping damage (SL §85 to SL §89, robbery SL §122): which rule the option breaks."""
    frame = s.stack[-1]
    p = s.players[frame["seat"]]
    robbery = frame.get("robbery_by") is not None
    name = a.crew if isinstance(a, N.Lose) else a.card
    card = _card(s, name)
    if card is None:
        return NotationError(f"{str(a)!r}: unknown card name")
    if isinstance(a, N.Yield):
        if not robbery:
            return RuleError("SL §122", "only a robbery takes Victory cards; this is an attack")
        if not holds(p, card):
            return RuleError("SL §67", f"you do not hold {name}")
        return RuleError("SL §122", f"{name} is not one of your Victory cards")
    if isinstance(a, N.Lose):
        if robbery:
            return RuleError("SL §122", "nobody loses crew to a robbery: it takes Victory cards")
        if card == p.char_card:
            return RuleError("SL §85", "the character card is the last to be hit: the player then dies (SL §90)")
        if not holds(p, card):
            return RuleError("SL §67", f"you do not hold {name}")
        return RuleError("SL §85", f"{name} is not a crew member in your cargo")
    # armor / heal: a card of the hand, fresh, with the matching action
    if robbery and isinstance(a, N.Heal):
        return RuleError("SL §122", "healing does not stop a robbery")
    if not holds(p, card) or card not in p.hand:
        dd = card_def(s, card)
        if card in s.discard and dd.actions and dd.actions[0].one_time:
            return RuleError("SL §66", f"{name} is a one-time card: it went to the discard pile when used")
        return RuleError("SL §67", f"you do not hold {name} in your hand")
    if card in p.engaged:
        return RuleError("SL §65", f"{name} is engaged; it refreshes at the start of your turn")
    actions = card_def(s, card).actions
    index = a.option - 1
    effect = actions[index].effect if 0 <= index < len(actions) else None
    if isinstance(a, N.Armor):
        if effect != "armor":
            return RuleError("SL §88", f"{name} gives no armor")
        if frame["damage_type"] != "normal":
            return RuleError("SL §87", "armor does not stop armor-piercing damage")
    if isinstance(a, N.Heal) and effect != "heal":
        return RuleError("SL §89", f"{name} does not heal")
    return _unexplained(s, d, a)


def _why_character(s: State, d: Decision, a: N.Character) -> RuleError:
    name = a.character
    chars = s.static.content.characters
    if name not in chars:
        return NotationError(f"{name!r} is not a character ({', '.join(chars)})")
    if chars[name].expansion and not s.static.rules.expansion:
        return RuleError("SL §141", f"the {name} comes with Lost in the Desert, which is not in play")
    if any(p.character == name for p in s.players):
        return RuleError("SL §44", f"another player has the {name}: each player has a different character")
    return _unexplained(s, d, a)


def _why_enter(s: State, d: Decision, a: N.Enter) -> RuleError:
    geo = s.static.geo
    h = geo.by_name.get(a.hex)
    if h is None:
        return NotationError(f"{str(a)!r}: {a.hex} is not a hex of the board")
    frame = s.stack[-1]
    if frame.get("respawn") == "starting_tiles":
        rule = _respawn_rule(s, "SL §92", "SL §95")
        if h in s.occupied():
            return RuleError(rule, "a respawned figure enters on an empty hex")
        return RuleError(rule, "a respawned figure enters on an empty hex of a starting tile")
    if not any(parse(a).hex in {geo.names[x] for x in s.terrain.start_dunes} for a in d.actions):
        # Ruling SL §45: every start dune blocked, the nearest empty hexes take their place.
        return RuleError("SL §45", f"every start dune is blocked: a figure enters on one of the empty hexes "
                         f"nearest to them ({sample(d)})")
    if h not in s.terrain.start_dunes:
        return RuleError("SL §45", "figures enter on one of the start dunes")
    return RuleError("SL §45", "that start dune is taken and the figure could not move off it at once")


def _respawn_rule(s: State, easy: str, normal: str) -> str:
    """The respawn steps are listed once per difficulty: Easy SL §90 to SL §92, Normal SL §93
    to SL §95 (the original's numbering; Hard has no respawn)."""
    return normal if s.static.rules.difficulty == "normal" else easy


def _why_own_card(character_rule: str, what: str, vehicle_ok: bool) -> Callable[[State, Decision, N.Discard], RuleError]:
    """Discards whose decision takes one of the player's own cards (``what`` says which): after
    a Reconstruction (SL §134) or a respawn (SL §91, SL §94) any card but the character card,
    which never leaves its slot (SL §54); in a sandstorm a hand or cargo card (SL §53, which
    says again that neither the character card nor the vehicle goes)."""

    def why(s: State, d: Decision, a: N.Discard) -> RuleError:
        card = _card(s, a.card)
        if card is None:
            return NotationError(f"{str(a)!r}: unknown card name")
        p = s.players[s.stack[-1]["seat"]]
        if card == p.char_card:
            return RuleError(character_rule, "the character card is never discarded")
        if not holds(p, card):
            return RuleError("SL §67", f"you do not hold {a.card}")
        if card == p.vehicle and not vehicle_ok:
            return RuleError("SL §53", f"the vehicle is never discarded for it: {what}")
        return _unexplained(s, d, a)

    return why


def _why_place(s: State, d: Decision, a: N.Discard | N.Place | N.Replace | N.Give) -> RuleError:
    frame = s.stack[-1]
    p = s.players[frame["seat"]]
    names = s.static.catalog.card_names
    new = names[frame["card"]]
    if isinstance(a, N.Give):
        return _why_swap(s, d, a, frame)
    card = _card(s, a.card)
    if card is None:
        return NotationError(f"{str(a)!r}: unknown card name")
    if isinstance(a, N.Discard):
        return RuleError("SL §54", f"only the new card, {new}, may be discarded here; to free a slot, replace")
    if isinstance(a, N.Place):
        if card != frame["card"]:
            return RuleError("SL §54", f"the card to place is the new one, {new}")
        return RuleError("SL §54", f"no free slot for {new}: replace a card or discard {new}")
    if card == p.char_card:
        return RuleError("SL §54", "the character card can never be replaced")
    in_slot = [p.vehicle] if card_def(s, frame["card"]).slot == "vehicle" else list(p.cargo)
    if card not in in_slot:
        return RuleError("SL §54", f"{a.card} is not in the slot {new} needs")
    return _unexplained(s, d, a)


def _why_swap(s: State, d: Decision, a: N.Give, frame: dict) -> RuleError:
    """'give CARD to pN' in a place decision: the card in the slot a traded card needs goes
    to the other side of the trade (SL §70, SL §72)."""

    if a.to is None:
        return NotationError(f"{str(a)!r}: to is missing: the card in the slot goes to a player, 'give CARD to pN'")
    p = s.players[frame["seat"]]
    new = s.static.catalog.card_names[frame["card"]]
    card = _card(s, a.card)
    if card is None:
        return NotationError(f"{str(a)!r}: unknown card name")
    partner = swap_partner(s, frame)
    if partner is None:
        return RuleError("SL §54", f"{new} came from no trade under way: it takes its slot or is discarded "
                         f"(the place decision of p{p.seat + 1}: {sample(d)})")
    if card == p.char_card:
        return RuleError("SL §54", "the character card never leaves its slot")
    if card in s.traded:
        return RuleError("SL §72", "a card changes hands only once per turn")
    if not holds(p, card):
        return RuleError("SL §67", f"you do not hold {a.card}")
    if card not in slot_cards(s, frame):
        return RuleError("SL §54", f"{a.card} is not in the slot {new} needs")
    if a.to != partner:
        return RuleError("SL §72", f"the trade under way is with p{partner + 1}: the card in the slot goes there")
    return _unexplained(s, d, a)


def _why_trade(s: State, d: Decision, a: N.Done | N.Give) -> RuleError:
    if isinstance(a, N.Done):
        return _unexplained(s, d, a)
    if a.to is not None:
        return NotationError(f"{str(a)!r}: to is not written here: a trade's card goes to the player who asked, "
                             "'give CARD'")
    frame = s.stack[-1]
    partner = s.players[frame["seat"]]
    card = _card(s, a.card)
    if card is None:
        return NotationError(f"{str(a)!r}: unknown card name")
    wrong = not_given(s, partner, card, a.card)
    if wrong:
        return wrong
    if frame.get("hand_only") and card not in partner.hand:
        return RuleError("SL §146", "a trade with the far Trader takes only hand items")
    return _unexplained(s, d, a)


def _why_bare(s: State, d: Decision, a: Action) -> RuleError:
    """Decisions whose options are single words (a rumor card's top or bottom, accepting an
    offered card): the form is the notation's, so nothing narrower is wrong."""
    return _unexplained(s, d, a)


def _why_fuel_drain(s: State, d: Decision, a: N.Pass | N.Take) -> RuleError:
    if isinstance(a, N.Pass):
        return _why_bare(s, d, a)
    if not any(parse(x).VERB == "take" for x in d.actions):
        return RuleError("SL §135", "there is no Fuel card left in the discard pile to take")
    return RuleError("SL §135", f"Fuel Drain takes the uppermost Fuel card of the discard pile ({sample(d, 'take')})")


def _why_orient(s: State, d: Decision, a: N.Orient) -> RuleError:
    return RuleError("SL §152", f"an orientation is one of the tile's arrows ({sample(d)})")


# What each stage of a raider activation lets the current player decide (SL §100 to SL §107).
_ACTIVATION_STAGE = {
    "type": ("activate", "SL §100", "a raider type not yet activated this round"),
    "raider": ("raider", "SL §101", "a raider of the activated type, to move next (the order is yours, SL §105)"),
    "target": ("chase", "SL §105", "one of the nearest players, equally near"),
    "goto": ("goto", "SL §105", "one of the end hexes nearest the target, reached with the fewest steps"),
    "attack": ("attack", "SL §103", "one of the players on a hex adjacent to the raider"),
    "spawn": ("spawn", "SL §107", "a free spawn point of the card's letters, for the last figures of the type"),
}


def _why_activation(s: State, d: Decision, a: Action) -> RuleError:
    stage = s.stack[-1].get("stage", "")
    verb, rule, what = _ACTIVATION_STAGE[stage]
    if a.VERB != verb:
        return RuleError(rule, f"this step of the activation asks for {what}: '{verb} ...' ({sample(d)})")
    if isinstance(a, N.Activate):
        arg = a.vehicle
        if arg not in s.static.content.raiders:
            return NotationError(f"{arg!r} is not a raider type ({', '.join(s.static.content.raiders)})")
        if arg not in s.static.rules.raider_types:
            return RuleError("SL §97", f"{arg!r} is not a raider type of this game "
                             f"({', '.join(s.static.rules.raider_types)})")
        if s.revealed.get(arg):
            return RuleError("SL §100", f"the {arg}s have already been activated this round")
    if isinstance(a, (N.Raider, N.Goto, N.Spawn)) and a.hex not in s.static.geo.by_name:
        return NotationError(f"{str(a)!r}: {a.hex!r} is not a hex of the board")
    if isinstance(a, (N.Chase, N.Attack)) and a.seat >= len(s.players):
        return NotationError(f"{str(a)!r}: a player is named p1 to p{len(s.players)}")
    return RuleError(rule, f"{str(a)!r} is not {what} ({sample(d)})")


def _why_lure(s: State, d: Decision, a: N.Raider | N.Goto) -> RuleError:
    if a.hex not in s.static.geo.by_name:
        return NotationError(f"{str(a)!r}: {a.hex!r} is not a hex of the board")
    stage = s.stack[-1].get("stage")
    if isinstance(a, N.Raider) and stage == "goto":
        return RuleError("SL §142", f"the lured raider moving now needs its end hex first ({sample(d)})")
    if isinstance(a, N.Goto) and stage != "goto":
        return RuleError("SL §142", f"first choose which lured raider moves next ({sample(d)})")
    if isinstance(a, N.Raider):
        return RuleError("SL §142", f"the lure moves only the raiders on your tile ({sample(d)})")
    return RuleError("SL §142", f"a lured raider moves as close to you as its allowance lets it ({sample(d)})")


FRAME_WHY: dict[str, Callable[[State, Decision, Any], RuleError]] = {
    "soak": _why_soak, "character": _why_character, "enter": _why_enter,
    "discard": _why_own_card("SL §54", "discard one of the cards you hold", vehicle_ok=True),
    "storm": _why_own_card("SL §53", "the sandstorm takes a card of your hand or cargo", vehicle_ok=False),
    "place": _why_place, "trade": _why_trade, "fuel_drain": _why_fuel_drain, "orient": _why_orient,
    "activation": _why_activation, "lure": _why_lure, "rumor": _why_bare, "offer": _why_bare,
    "streak": _why_bare,
}
