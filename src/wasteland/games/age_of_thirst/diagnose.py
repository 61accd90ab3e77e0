"""Why an action is not legal: one RuleError naming the rule (LO anchor) that forbids it.

A verb of another decision than the waiting one names the rule that says when its own
decision comes (a 'buy' in the tactical phase: troops are bought in the economic phase,
LO-7.4). A verb of the waiting decision is checked against the rules that filter its
options (engine.py, economy.py, los.py), in order, and the first one broken is named.
Seats are named by their clan colour, as at the table (LO-4.1).
"""

from __future__ import annotations

from wasteland.core.notation import Action, ActionTextError, Chance
from wasteland.core.protocol import Decision, NotationError, RuleError

from .combat import can_attack, can_move, move_range, stats
from .content import COLOURS, KINDS, TROOP_KINDS
from .economy import BUY_LIMIT, HAND_LIMIT, MARKET_PRICE, hedge_hexes
from .los import between
from . import notation as N
from .notation import End, parse
from .state import State

# The verbs each decision kind offers (engine.py OPTIONS and the two phases).
KIND_VERBS: dict[str, frozenset[str]] = {
    "first": frozenset({"first"}), "place": frozenset({"place"}),
    "tactical": frozenset({"move", "attack", "flip", "end", "play"}),
    "economic": frozenset({"buy", "upgrade", "grow", "market", "play", "end"}),
    "inject": frozenset({"inject"}), "hand": frozenset({"discard", "play"}), "bonus": frozenset({"take"}),
}
# When the decision a verb answers comes: the rule cited when it is given while another
# decision waits.
WHEN: dict[str, tuple[str, str]] = {
    "first": ("LO-4.5", "chooses the first player, once, at the set-up"),
    "place": ("LO-4.3", "places a starting troop on its base, at the set-up"),
    "move": ("LO-7.1", "is part of the tactical phase, the first of a turn"),
    "attack": ("LO-7.1", "is part of the tactical phase, the first of a turn"),
    "flip": ("LO-7.1", "is part of the tactical phase, the first of a turn"),
    "buy": ("LO-7.4", "is part of the economic phase, the last of a turn"),
    "upgrade": ("LO-7.4", "is part of the economic phase, the last of a turn"),
    "grow": ("LO-7.4", "is part of the economic phase, the last of a turn"),
    "market": ("LO-10.2", "is the black market of the economic phase"),
    "inject": ("LO-10.1", "lays a bunker card just drawn in the extraction phase"),
    "take": ("LO-10.2", "takes the black market's extra cards of the Long modes, right after a purchase"),
    "discard": ("LO-11", "gets rid of ray-tower cards beyond the hand limit of 5, when they are drawn"),
    "play": ("LO-11", "plays a ray-tower card at a moment of your own turn"),
    "end": ("LO-7", "ends a phase of your own turn"),
}


def why_illegal(s: State, d: Decision, action: object) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError(f"not an action: {action!r}")
    # The form first, whatever the decision: a malformed action is notation, never a rule,
    # and the notation's error names the field at fault.
    try:
        a = parse(action)
    except ActionTextError as exc:
        return exc
    if isinstance(a, Chance):  # a table's answer when the game asks for none
        return RuleError(d.rule, f"{action!r}: nothing is drawn or dealt now; {_who(s, d.seat)}'s {d.kind} "
                         f"decision waits: {_sample(d)}")
    hexes = [v for v in a.fields().values() if isinstance(v, str) and "," in v]
    for h in hexes:
        if h not in s.board.by_name:
            return NotationError(f"{action!r}: {h} is not a hex of the board (LO-3)")
    if a.VERB not in KIND_VERBS[d.kind]:
        return _out_of_place(s, d, a)
    return _WHY[d.kind](s, d, a)


def _who(s: State, seat: int) -> str:
    return s.colour[seat] if s.colour else f"p{seat + 1}"


# Decisions inside a turn that are settled at once, before the phase goes on: a bunker
# card just drawn or bought is laid (LO-10.1, LO-10.2), a ray-tower hand over its limit
# gets rid of the excess when drawn (LO-11). An action of the phases given while one waits
# is refused by the waiting decision's own rule, which is what forbids it now.
AT_ONCE = frozenset({"inject", "hand", "bonus"})
# The verbs of the two phases of a turn (and of their black market and ray-tower cards).
TURN_VERBS = KIND_VERBS["tactical"] | KIND_VERBS["economic"]


def _out_of_place(s: State, d: Decision, a: Action) -> RuleError:
    verb = a.VERB
    if verb == "play" and d.kind in ("inject", "bonus"):
        # Ruling (engine.py): a bunker card is laid instantly (миттєво), so no moment of
        # the turn passes, and no ray-tower card is played, between taking and laying it.
        return RuleError(d.rule, "a bunker card is laid at once: no ray-tower card comes between taking it and "
                         f"laying it ({_sample(d)})")
    if d.kind in AT_ONCE and verb in TURN_VERBS:
        what = ("the bunker card just taken is laid first" if d.kind != "hand"
                else f"the ray-tower hand is over its limit of {HAND_LIMIT}: the excess goes first")
        return RuleError(d.rule, f"'{verb}' waits: {what}; now {_who(s, d.seat)}'s {d.kind} decision waits: "
                         f"{_sample(d)}")
    if isinstance(a, End) and d.kind in ("tactical", "economic"):
        return _why_end(s, d, a)
    rule, when = WHEN[verb]
    return RuleError(rule, f"'{verb}' {when}; now {_who(s, d.seat)}'s {d.kind} decision waits "
                     f"[{d.rule}]: {_sample(d)}")


def _sample(d: Decision, verb: str = "") -> str:
    acts = [a for a in d.actions if parse(a).VERB == verb] or list(d.actions)
    return ", ".join(repr(a) for a in acts[:5]) + (f" and {len(acts) - 5} more" if len(acts) > 5 else "")


def _unexplained(s: State, d: Decision, a: Action) -> RuleError:
    """No narrower rule applies (a case the explainer should learn)."""
    return RuleError(d.rule, f"{str(a)!r} is not one of the options of this {d.kind} decision "
                     f"({_sample(d, a.VERB)})")


# -- set-up ---------------------------------------------------------------------------------


def _why_first(s: State, d: Decision, a: N.First) -> RuleError:
    if a.colour not in COLOURS:
        return NotationError(f"{a.colour!r} is not a clan colour ({', '.join(COLOURS)})")
    return RuleError("LO-4.5", f"no clan of {a.colour} plays: the first player is one of "
                     f"{', '.join(s.colour)}")


def _why_place(s: State, d: Decision, a: N.Place) -> RuleError:
    kind, where = a.kind, a.hex
    if kind == "hedge":
        return RuleError("LO-4.3", "no hedges at the start: only troops are placed")
    if kind not in TROOP_KINDS:
        return NotationError(f"{kind!r} is not a troop kind ({', '.join(TROOP_KINDS)})")
    f = s.stack[-1]
    if not f["left"][TROOP_KINDS.index(kind)]:
        return RuleError("LO-4.3", f"every starting {kind} is placed: 5 Skinnies, 3 Handsomes, 2 Smarts")
    h = s.board.by_name[where]
    colour = s.colour[f["seat"]]
    if h not in s.board.base[colour]:
        return RuleError("LO-4.3", f"starting troops go on the 10 hexes of your own base ({colour})")
    if h in s.pieces:
        return RuleError("LO-4.3", "one token per hex: that base hex is taken")
    if f.get("skip_nearest") and h == s.board.nearest[colour]:
        return RuleError("LO-13.5", "in the five-player game team B leaves the base hex nearest the centre empty")
    return _unexplained(s, d, a)


# -- the tactical phase -------------------------------------------------------------------


def _own_troop(s: State, seat: int, name: str) -> tuple[int, str] | RuleError:
    h = s.board.by_name[name]
    p = s.pieces.get(h)
    if p is not None and p[0] == seat and p[1] == "hedge":
        return RuleError("LO-6.4", f"the hedge at {name} is stationary: hedges never move, attack or act")
    if p is None or p[0] != seat:
        return RuleError("LO-7.1", f"no troop of yours at {name}")
    return h, p[1]


def _why_tactical(s: State, d: Decision, a: Action) -> RuleError:
    if isinstance(a, N.Play):
        return _why_play(s, d, a)
    if isinstance(a, End):
        return _why_end(s, d, a)
    if isinstance(a, N.Flip):
        own = _own_troop(s, d.seat, a.hex)
        if isinstance(own, RuleError):
            return own
        if s.acting is not None and s.acting != own[0]:
            return RuleError("LO-7.1", "troops act one at a time: finish the one acting (attack or flip) first")
        if own[0] in s.done:
            return RuleError("LO-7.1", "that troop has already been flipped this phase")
        return _unexplained(s, d, a)
    return (_why_move if isinstance(a, N.Move) else _why_attack)(s, d, a)


def _why_end(s: State, d: Decision, a: End) -> RuleError:
    if d.kind == "tactical":
        if a.part == "turn":
            return RuleError("LO-7", "a turn ends after its economic phase: first 'end phase' ends the tactical one")
        return RuleError("LO-7.1", "troops act one at a time: finish the one acting (attack or flip) first")
    if d.kind == "economic" and a.part == "phase":
        return RuleError("LO-7.4", "the economic phase is the last of the turn: it ends with 'end turn'")
    rule, when = WHEN["end"]
    return RuleError(rule, f"'end' {when}; now {_who(s, d.seat)}'s {d.kind} decision waits [{d.rule}]")


def _why_move(s: State, d: Decision, a: N.Move) -> RuleError:
    own = _own_troop(s, d.seat, a.origin)
    if isinstance(own, RuleError):
        return own
    h, kind = own
    if s.acting is not None:
        if s.acting == h:
            return RuleError("LO-7.1", "a troop moves once, before it attacks: now it attacks or is flipped")
        return RuleError("LO-7.1", "troops act one at a time: finish the one acting (attack or flip) first")
    if h in s.done:
        return RuleError("LO-7.1", "that troop has already been flipped this phase")
    if not can_move(s, d.seat, kind):
        card = "Paralysis" if kind == "skinny" else "Madness"
        return RuleError("LO-11", f"your {kind} tokens cannot move this turn ({card} lies on their card)")
    t = s.board.by_name[a.hex]
    if t in s.pieces:
        return RuleError("LO-8.1", "one token per hex: the target hex is occupied")
    if t == s.board.centre and s.barred[d.seat]:
        return RuleError("LO-13.4", "knocked off the centre after your Eye reached circle 1: you may never "
                         "occupy it again")
    reach = move_range(s, d.seat, kind)
    if s.board.distance(h, t) > reach:
        return RuleError("LO-8.1", f"{a.hex} is farther than the {kind}'s movement range of {reach}")
    return RuleError("LO-8.1", f"every way to {a.hex} within {reach} steps passes a hex holding a token "
                     "(ruling: tokens are never passed)")


def _why_attack(s: State, d: Decision, a: N.Attack) -> RuleError:
    own = _own_troop(s, d.seat, a.origin)
    if isinstance(own, RuleError):
        return own
    h, kind = own
    if h in s.done:
        return RuleError("LO-7.1", "that troop has already been flipped (one attack, no move after it)")
    if s.acting is not None and s.acting != h:
        return RuleError("LO-7.1", "troops act one at a time: finish the one acting (attack or flip) first")
    if not can_attack(s, d.seat, kind):
        card = "Blindness" if kind == "handsome" else "Madness"
        return RuleError("LO-11", f"your {kind} tokens cannot attack this turn ({card} lies on their card)")
    b = s.board
    t = b.by_name[a.hex]
    target = s.pieces.get(t)
    if target is None:
        return RuleError("LO-8.2", "there is no token to attack there")
    dist = b.distance(h, t)
    level = s.level(d.seat, kind)
    reach = stats(s, d.seat, kind).range
    if kind == "skinny":
        return RuleError("LO-6.1", "Skinnies fight in melee: adjacent tokens only")
    if kind == "smart":
        if target[1] == "hedge":
            return RuleError("LO-6.3", "Smarts strike the mind: they never harm hedges")
        if dist < 2:
            return RuleError("LO-6.3", "Smarts are frail: they never attack an adjacent token")
        if dist > reach or level == 3:
            return RuleError("LO-6.3", f"{a.hex} is beyond the Smart's attack range of {reach}")
        return RuleError("LO-6.3", f"going around the hedges, {a.hex} is beyond the attack range of {reach} "
                         "(the level-3 beam goes through them)")
    mid = between(b, h, t)
    if mid is None:
        return RuleError("LO-6.2", "Handsomes shoot only along one of the six straight hex lines, never along "
                         "a junction of two hexes")
    if dist > reach:
        return RuleError("LO-6.2", f"{a.hex} is beyond the Handsome's attack range of {reach}")
    kinds = [s.pieces[x][1] for x in mid if x in s.pieces]
    if "hedge" in kinds:
        return RuleError("LO-6.2", "Handsomes never shoot over or through a hedge")
    if level < 3:
        return RuleError("LO-6.2", "a token stands in the line of fire (the level-3 lob shot passes one or two troops)")
    return RuleError("LO-6.2", "the lob shot passes at most two troop tokens")


def _why_play(s: State, d: Decision, a: N.Play) -> RuleError:
    card, target = a.card, a.target
    towers = s.static.content.towers
    if card not in towers:
        return NotationError(f"{card!r} is not a ray-tower card ({', '.join(towers)})")
    if card not in s.hands[d.seat]:
        return RuleError("LO-11", f"you hold no {card} card")
    if towers[card].damage:
        if target in COLOURS:
            return RuleError("LO-11", f"{card} hits one troop token: name its hex")
        p = s.pieces.get(s.board.by_name[target]) if target in s.board.by_name else None
        if p is None:
            return RuleError("LO-11", f"there is no troop token at {target}")
        if p[1] == "hedge":
            return RuleError("LO-11", "ray-tower cards never affect hedges")
        return _unexplained(s, d, a)
    if target not in COLOURS:
        return RuleError("LO-11", f"{card} is laid on an opponent's species card: name the opponent's colour")
    if target not in s.colour:
        return RuleError("LO-4.1", f"no clan of {target} plays")
    q = s.colour.index(target)
    if q == d.seat:
        return RuleError("LO-11", f"{card} is laid on an opponent's card, never on your own")
    if s.team(q) == s.team(d.seat):
        return RuleError("LO-13.4", f"{target} is your team-mate, not an opponent")
    return _unexplained(s, d, a)


# -- the economic phase --------------------------------------------------------------------


def _why_economic(s: State, d: Decision, a: Action) -> RuleError:
    seat = d.seat
    if isinstance(a, N.Play):
        return _why_play(s, d, a)
    if isinstance(a, End):
        return _why_end(s, d, a)
    if isinstance(a, N.Buy):
        return _why_buy(s, seat, a)
    if isinstance(a, N.Grow):
        return _why_grow(s, seat, a)
    if isinstance(a, N.Upgrade):
        if a.kind not in KINDS:
            return NotationError(f"{str(a)!r}: kind must be one of {', '.join(KINDS)}")
        level = s.level(seat, a.kind)
        if level >= 3:
            return RuleError("LO-5", f"{a.kind} are already at level 3")
        cost = s.static.content.kinds[a.kind].levels[level].upgrade
        return RuleError("LO-5", f"level {level + 1} of {a.kind} costs {cost} gal; you have {s.water[seat]}")
    # market CARD KIND
    if s.market_used:
        return RuleError("LO-10.2", "the black market sells one bunker card a turn")
    if s.water[seat] < MARKET_PRICE:
        return RuleError("LO-10.2", f"the black market costs {MARKET_PRICE} gal; you have {s.water[seat]}")
    if not s.bunker_discard:
        return RuleError("LO-10.2", "the black market sells from the bunker discard pile, and it is empty")
    return _why_bunker_card(s, d, a)


def _why_buy(s: State, seat: int, a: N.Buy) -> RuleError:
    if a.kind == "hedge":
        return RuleError("LO-6.4", "hedges are not bought onto landing hexes: they grow ('grow HEX')")
    if a.kind not in TROOP_KINDS:
        return NotationError(f"{str(a)!r}: kind must be one of {', '.join(TROOP_KINDS)}")
    if s.bought >= BUY_LIMIT:
        return RuleError("LO-7.4", f"at most {BUY_LIMIT} troops a turn")
    h = s.board.by_name[a.hex]
    if h not in s.board.landing[s.colour[seat]]:
        return RuleError("LO-7.4", "bought troops go on your own landing hexes")
    if h in s.pieces:
        return RuleError("LO-7.4", "that landing hex is occupied")
    kind = s.static.content.kinds[a.kind]
    if s.count(seat, a.kind) >= kind.max_on_board:
        rule = {"skinny": "LO-6.1", "handsome": "LO-6.2", "smart": "LO-6.3"}[a.kind]
        return RuleError(rule, f"at most {kind.max_on_board} {kind.name} of one colour on the board")
    cost = stats(s, seat, a.kind).cost
    return RuleError("LO-7.4", f"a {a.kind} costs {cost} gal; you have {s.water[seat]}")


def _why_grow(s: State, seat: int, a: N.Grow) -> RuleError:
    h = s.board.by_name[a.hex]
    if h in s.board.special:
        return RuleError("LO-6.4", "no hedges on sources, bunkers, ray towers or the centre")
    if h in s.pieces:
        return RuleError("LO-6.4", "the hex is occupied (ruling: hedges grow on empty hexes)")
    if h not in hedge_hexes(s, seat):
        return RuleError("LO-6.4", "hedges grow only next to your own troops")
    if s.count(seat, "hedge") >= s.static.content.kinds["hedge"].max_on_board:
        return RuleError("LO-6.4", "at most 15 hedges of one player on the board")
    cost = stats(s, seat, "hedge").cost
    return RuleError("LO-7.4", f"a hedge costs {cost} gal; you have {s.water[seat]}")


# -- bunker cards and the ray-tower hand ----------------------------------------------------


def _why_bunker_card(s: State, d: Decision, a: N.Market | N.Inject | N.Take) -> RuleError:
    """A bunker card goes on one of the three troop species cards, never on hedges (LO-10.1);
    the black market and its bonus take it from the bunker discard pile (LO-10.2)."""
    card, kind = a.card, a.kind
    if card not in s.static.content.bunkers:
        return NotationError(f"{card!r} is not a bunker card ({', '.join(s.static.content.bunkers)})")
    if kind == "hedge":
        return RuleError("LO-10.1", "bunker cards go on a troop species card, never on hedges")
    if kind not in TROOP_KINDS:
        return NotationError(f"{kind!r} is not a troop kind ({', '.join(TROOP_KINDS)})")
    if isinstance(a, N.Inject):
        if card not in s.stack[-1].get("cards", ())[:1]:
            return RuleError("LO-10.1", f"{card} is not the bunker card just drawn")
    elif card not in s.bunker_discard:
        return RuleError("LO-10.2", f"{card} is not in the bunker discard pile")
    return _unexplained(s, d, a)


def _why_hand(s: State, d: Decision, a: N.Play | N.Discard) -> RuleError:
    if isinstance(a, N.Play):
        return _why_play(s, d, a)
    if a.card not in s.static.content.towers:
        return NotationError(f"{a.card!r} is not a ray-tower card")
    if a.card not in s.hands[d.seat]:
        return RuleError("LO-11", f"you hold no {a.card} card (hand limit {HAND_LIMIT}: play or discard the excess)")
    return _unexplained(s, d, a)


def _why_bonus(s: State, d: Decision, a: N.Take) -> RuleError:
    return _why_bunker_card(s, d, a)


_WHY = {
    "first": _why_first, "place": _why_place, "tactical": _why_tactical, "economic": _why_economic,
    "inject": _why_bunker_card, "hand": _why_hand, "bonus": _why_bonus,
}
