"""Why an action of the free part of a turn (SL §46) is not legal: each verb checks the
rules that filter its options in turn.py, in the order they apply, and names the first
one the action breaks."""

from __future__ import annotations

from wasteland.core.notation import Action
from wasteland.core.protocol import Decision, NotationError, RuleError

from .board import TERRAIN_NAME, UNEXPLORED, parse_pos
from .movement import MoveOption, _move_kind, fuel_cards, move_options
from . import notation as N
from .notation import parse
from .state import Player, State
from .raid import on_a_route
from .turn import PROPHECY_CARDS, TRADE_LIMIT, _adjacent_raiders, _area_targets, _discard_match, _is_far, \
    _lure_useful, area_hexes
from .zones import ability, card_def, crew_members, holds, over_hand_limit

# Abilities that act by themselves (SL §135, SL §146): there is nothing to use with 'ability'.
_PASSIVE = {"tough", "light", "born_driver", "fuel_drain", "weapon_mastery", "born_killer", "raid", "trade"}


def sample(d: Decision, verb: str = "") -> str:
    """A few of the decision's options (those of ``verb`` when there are any)."""
    acts = [a for a in d.actions if parse(a).VERB == verb] or list(d.actions)
    shown = ", ".join(repr(a) for a in acts[:6])
    return shown + (f" and {len(acts) - 6} more" if len(acts) > 6 else "")


def _hex(s: State, name: str) -> int | None:
    return s.static.geo.by_name.get(name)


def _card(s: State, name: str | None) -> int | None:
    return None if name is None else s.static.catalog.card_index.get(name)


def why_turn(s: State, d: Decision, a: Action) -> RuleError:
    """Why ``a``, a verb of the free part of the turn read by the notation, is not legal."""
    p = s.players[s.current]
    verb = a.VERB
    if s.must_move and verb != "move" and any(parse(x).VERB == "move" for x in d.actions):
        return RuleError("SL §45", "you entered on an occupied start dune and must move off it first, "
                         f"before anything else ({sample(d, 'move')})")
    if s.must_move and verb not in ("move", "discard", "end") and d.actions \
            and all(parse(x).VERB == "discard" for x in d.actions):
        return RuleError("SL §45", "you entered on an occupied start dune and must move off it before anything "
                         "else, once down to your hand limit (SL §55): discard first "
                         f"({sample(d, 'discard')})")
    if p.hex is None and verb not in ("discard", "end"):
        return RuleError("SL §45", "your figure is not on the board: every start dune is blocked, so this "
                         f"turn only discards or ends ({sample(d)})")
    return _VERB_WHY[verb](s, d, p, a)


def _move(s: State, d: Decision, p: Player, a: N.Move) -> RuleError:
    if a.fuel is not None and a.fuel < 0:
        return NotationError(f"{str(a)!r}: expected 'move Q,R' or 'move Q,R fuel N'")
    if s.moved:
        return RuleError("SL §78", "a player moves only once per turn")
    if p.vehicle is None:
        return RuleError("SL §78", "without a vehicle there is nothing to move with")
    if p.vehicle in p.engaged:
        return RuleError("SL §70", "your vehicle is engaged (swapped in after it had moved this turn); "
                         "it refreshes at the start of your turn")
    if over_hand_limit(s, p):
        return RuleError("SL §55", "discard down to your hand limit before moving")
    dest = _hex(s, a.hex)
    if dest is None:
        return NotationError(f"{str(a)!r}: expected 'move Q,R' with a hex of the board")
    geo = s.static.geo
    if not s.face_up[geo.position_of(dest)]:
        return RuleError("SL §78", "players never enter face-down (unexplored) tiles")
    if dest in s.occupied():
        return RuleError("SL §78", "a move may pass figures and tokens but never end on them")
    vehicle = card_def(s, p.vehicle).vehicle
    terrain = TERRAIN_NAME[s.terrain.terrain[dest]]
    if vehicle is not None and terrain not in vehicle.terrain:
        return RuleError("SL §79", f"your vehicle cannot enter {terrain}")
    fuel = a.fuel or 0
    if fuel and vehicle is not None and vehicle.movement != "motor":
        rule = "SL §144" if vehicle.movement == "tractor" else "SL §84"
        return RuleError(rule, "Fuel raises only the move of a motorized vehicle")
    if fuel > len(fuel_cards(s, p)):
        return RuleError("SL §84", f"you hold {len(fuel_cards(s, p))} Fuel card(s), not {fuel}")
    fitting = [MoveOption(*o) for o in move_options(s, p) if o[0] == dest]
    if not fitting and _only_across_face_down(s, p, dest):
        return RuleError("SL §78", f"the only ways to {a.hex} cross a face-down tile, "
                         "and players never enter face-down tiles")
    if not fitting:
        if s.storm:
            return RuleError("SL §53", f"in the sandstorm every tile crossed on the way to {a.hex} costs a hand "
                             "or cargo card, and you cannot pay for that many")
        movement = vehicle.movement if vehicle is not None else "motor"
        rule = {"sail": "SL §81", "tractor": "SL §144"}.get(movement, "SL §83")
        return RuleError(rule, f"{a.hex} is out of reach of this move")
    need = fitting[0].fuel
    return RuleError("SL §84", f"reaching {a.hex} takes exactly {need} Fuel card(s): write 'move {a.hex}"
                     + (f" fuel {need}'" if need else "'"))


def _only_across_face_down(s: State, p: Player, dest: int) -> bool:
    """Is ``dest`` out of this move's reach, but within it if face-down tiles could be
    crossed? (SL §78; the sandstorm's toll, SL §53, is not counted here)"""
    kind = _move_kind(s, p)
    if kind is None or p.hex is None:
        return False
    passable, limit, sail, _base = kind
    terrain = s.terrain.terrain
    geo = s.static.geo
    if dest in s.terrain.reach(geo, p.hex, limit, passable, sail):
        return False
    widened = bytes(1 if ok or terrain[h] == UNEXPLORED else 0 for h, ok in enumerate(passable))
    return dest in s.terrain.reach(geo, p.hex, limit, widened, sail)


def _crew_problem(s: State, p: Player, a: N.Collect | N.Use, what: str) -> RuleError | None:
    """A crew action names a fresh crew member of the player: 'by CREW' (SL §64)."""
    name = a.crew
    if name is None:
        return NotationError(f"{str(a)!r}: {what} is a crew action: add 'by CREW' (SL §64)")
    crew = _card(s, name)
    if crew is None:
        return NotationError(f"{str(a)!r}: {name!r} is not a card name")
    if crew not in crew_members(p):
        return RuleError("SL §64", f"{name} is not one of your crew members (your character card and "
                         "the crew cards in your cargo)")
    if crew in p.engaged:
        return RuleError("SL §64", f"{name} is engaged; a crew action needs a fresh crew member "
                         "(refreshed at the start of your turn, or by Water, SL §65)")
    return None


def _collect(s: State, d: Decision, p: Player, a: N.Collect) -> RuleError:
    h = _hex(s, a.hex)
    if h is None:
        return NotationError(f"{str(a)!r}: {a.hex!r} is not a hex of the board")
    if h not in s.tokens:
        return RuleError("SL §73", "there is no token on that hex")
    if h not in s.static.geo.adj[p.hex]:
        if ability(s, p) == "raid" and h in s.raid_hexes and not on_a_route(s, h):
            return RuleError("SL §146", "a Raid collects the tokens she crossed on the one route she drove: no "
                             "route of this turn's move passes this token and the ones she has raided already")
        if ability(s, p) == "raid":
            return RuleError("SL §146", "a Raid collects only the tokens passed over in this turn's move; "
                             "any other token must be on an adjacent hex (SL §73)")
        return RuleError("SL §73", "tokens are collected only from adjacent hexes")
    return _crew_problem(s, p, a, "collecting a token") or _unexplained(s, d, a)


def _use(s: State, d: Decision, p: Player, a: N.Use) -> RuleError:
    card = _card(s, a.card)
    if card is None:
        return NotationError(f"{str(a)!r}: unknown card name")
    if sum(target is not None for target in (a.at, a.rot, a.tile)) > 1:  # one target at most
        return NotationError(f"{str(a)!r}: expected 'use CARD[/2] [by CREW] [at Q,R | tile tA,B | rot K]'")
    name = a.card
    if card == p.char_card:
        return RuleError("SL §71", "a character card has no card action; a usable ability is played as 'ability'")
    if not holds(p, card):
        dd = card_def(s, card)
        if card in s.discard and dd.actions and all(x.one_time for x in dd.actions):
            return RuleError("SL §66", f"{name} is a one-time card: it went to the discard pile when used")
        return RuleError("SL §67", f"you do not hold {name}")
    dd = card_def(s, card)
    if dd.vehicle is not None:
        return RuleError("SL §70", "a vehicle's only action is the move: write 'move Q,R'")
    if not dd.actions:
        return RuleError("SL §63", f"{name} has no action option, only passive abilities")
    index = a.option - 1
    if not 0 <= index < len(dd.actions):
        return NotationError(f"{str(a)!r}: {name} has {len(dd.actions)} action option(s): "
                             f"'{name}' or '{name}/2'")
    act = dd.actions[index]
    if act.effect == "armor":
        return RuleError("SL §88", "armor is used against an attack, when it comes")
    if act.effect == "heal":
        return RuleError("SL §89", "healing is used against an attack, when it comes")
    if card in p.engaged:
        return RuleError("SL §65", f"{name} is engaged; it refreshes at the start of your turn")
    if card not in p.hand and card not in p.cargo:
        return RuleError("SL §67", f"{name} is not among your hand or cargo items")
    if act.cost is not None and not any(c != card for c in fuel_cards(s, p)):
        return RuleError("SL §136", f"{name} burns a Fuel card, and you hold none besides it")
    if act.crew_action:
        problem = _crew_problem(s, p, a, f"{name}'s action")
        if problem is not None:
            return problem
    elif a.crew is not None:
        return RuleError("SL §64", f"{name}'s action is not a crew action: it takes no 'by CREW'")
    return _use_target(s, d, p, a, act, name) or _unexplained(s, d, a)


def _use_target(s: State, d: Decision, p: Player, a: N.Use, act, name: str) -> RuleError | None:
    """The target of the card's effect (SL §85, SL §110, SL §111, SL §136, SL §142, SL §143, SL §147)."""
    effect = act.effect
    geo = s.static.geo
    if effect == "damage" and act.area:
        rot = a.rot
        if rot is None or not 0 <= rot <= 5:
            return NotationError(f"{str(a)!r}: an area weapon is turned 'rot 0' to 'rot 5' (SL §143)")
        if not _area_targets(s, p, area_hexes(s, p, act.area, rot)):
            return RuleError("SL §143", f"turned {rot}, the area of {name} holds nothing to hit")
        return None
    if effect == "damage":
        h = None if a.at is None else _hex(s, a.at)
        if h is None:
            return NotationError(f"{str(a)!r}: an attack names the hex it hits: 'at Q,R'")
        if h not in geo.adj[p.hex]:
            return RuleError("SL §85", "attacks reach only an adjacent hex")
        if h in _adjacent_raiders(s, p):
            return None
        if any(q.hex == h and q.status == "active" for q in s.players):
            if s.static.rules.mode != "competitive":
                return RuleError("SL §85", "players never attack each other (robbery is for the Competitive mode, "
                                 "SL §122)")
            return None
        return RuleError("SL §85", "there is no raider on that hex to attack")
    if effect == "explore":
        target = a.tile
        try:
            pos = geo.pos_index.get(parse_pos(target)) if target else None
        except (ValueError, IndexError):
            pos = None
        if pos is None:
            return NotationError(f"{str(a)!r}: exploring names a tile position: 'tile tA,B'")
        if s.face_up[pos]:
            return RuleError("SL §110", f"the tile at {target} is already face up: only a face-down tile is explored")
        return None
    if effect == "rumor" and not s.rumor_deck:
        return RuleError("SL §111", "every rumor card has been played: there is none left to draw")
    if effect == "take_from_discard" and _discard_match(s, act.take) is None:
        return RuleError("SL §136", f"the discard pile holds no {' or '.join(act.take)} for {name} to take")
    if effect == "lure" and not _lure_useful(s, p):
        return RuleError("SL §142", "a lure moves the raiders of your tile, and there are none on it")
    if effect == "hide" and p.hidden:
        return RuleError("SL §147", "you are already hidden until your next turn")
    for key, target in (("at", a.at), ("tile", a.tile), ("rot", a.rot)):
        if target is not None:
            return NotationError(f"{str(a)!r}: {name}'s action takes no '{key}' target")
    return None


def _refresh(s: State, d: Decision, p: Player, a: N.Refresh) -> RuleError:
    crew = _card(s, a.crew)
    if crew is None:
        return NotationError(f"{str(a)!r}: unknown card name")
    if not s.refreshes:
        return RuleError("SL §65", "a refresh during the turn comes from using Water or a Gallon of Water, "
                         "and none is left this turn")
    if crew not in crew_members(p):
        return RuleError("SL §65", f"{a.crew} is not one of your crew members: a refresh turns up a crew "
                         "member and the last card it engaged")
    if crew not in p.engaged and p.last_used.get(crew) not in p.engaged:
        return RuleError("SL §65", f"{a.crew} and its last card are not engaged: nothing to refresh")
    if not card_def(s, crew).crew:
        return RuleError("SL §65", f"{a.crew} is not a crew member")
    return _unexplained(s, d, a)


def _partner(s: State, p: Player, seat: int, hand_card: int | None = None) -> RuleError | None:
    """A trade partner (``seat``, 0-based as the notation holds it): another player in the
    game, adjacent (SL §72) or far for the Trader (SL §146, hand items only, three trades a turn)."""
    if not 0 <= seat < len(s.players):
        return RuleError("SL §15", f"there is no p{seat + 1} in this {len(s.players)}-player game")
    if seat == p.seat:
        return RuleError("SL §72", "a trade is with another player")
    q = s.players[seat]
    if q.status == "out":
        return RuleError("SL §96", f"p{seat + 1} has been eliminated and is out of the game")
    if q.status != "active" or q.hex is None:
        return RuleError("SL §72", f"p{seat + 1} is not on the board to trade with")
    if not _is_far(s, p, seat):
        return None
    if ability(s, p) != "trade":
        return RuleError("SL §72", "trading is only with a player on an adjacent hex")
    if s.trades_used >= TRADE_LIMIT and seat != s.trade_partner:
        return RuleError("SL §146", f"the Trader's {TRADE_LIMIT} trades with far players are used this turn")
    if hand_card is not None and hand_card not in p.hand:
        return RuleError("SL §146", "a trade with a far player takes only hand items")
    return None


def _trade(s: State, d: Decision, p: Player, a: N.Trade) -> RuleError:
    return _partner(s, p, a.seat) or _unexplained(s, d, a)


def _give(s: State, d: Decision, p: Player, a: N.Give) -> RuleError:
    if a.to is None:  # in the free part of the turn a gift names its player (SL §72)
        return NotationError(f"{str(a)!r}: expected 'give CARD to pN'")
    card = _card(s, a.card)
    if card is None:
        return NotationError(f"{str(a)!r}: unknown card name")
    return (not_given(s, p, card, a.card) or _partner(s, p, a.to, hand_card=card)
            or _unexplained(s, d, a))


def not_given(s: State, p: Player, card: int, name: str) -> RuleError | None:
    """Why ``p`` cannot give ``card`` (written ``name``) to another player, or None: the
    character card stays in its slot (SL §54), only a held card is given (SL §67), and a
    card changes hands once a turn (SL §72)."""
    if card == p.char_card:
        return RuleError("SL §54", "the character card never leaves its slot")
    if not holds(p, card):
        return RuleError("SL §67", f"you do not hold {name}")
    if card in s.traded:
        return RuleError("SL §72", "a card changes hands only once per turn")
    return None


def _ability(s: State, d: Decision, p: Player, a: N.Ability) -> RuleError:
    if p.character is None:
        return _unexplained(s, d, a)
    character = s.static.content.characters[p.character]
    anchor = "SL §146" if character.expansion else "SL §135"
    kind = ability(s, p)
    if kind is None:
        return RuleError("SL §93", "after a respawn at Normal difficulty your character card shows its black "
                         "side, which has no ability")
    if kind == "prophecy":
        if a.card is None:
            return NotationError(f"{str(a)!r}: Prophecy discards a Water or Gallon of Water: 'ability CARD'")
        card = _card(s, a.card)
        if card is None:
            return NotationError(f"{str(a)!r}: unknown card name")
        if card not in p.hand:
            return RuleError("SL §67", f"you do not hold {a.card} in your hand")
        if card_def(s, card).id not in PROPHECY_CARDS:
            return RuleError("SL §146", "Prophecy discards a Water or a Gallon of Water")
        if card in p.engaged:
            return RuleError("SL §65", f"{a.card} is engaged")
        if s.ability_used:
            return RuleError("SL §71", "Prophecy is an ability, usable once per turn, and you have used it")
        if not s.rumor_deck:
            return RuleError("SL §111", "every rumor card has been played: there is none left to draw")
        return _unexplained(s, d, a)
    if a.card is not None:
        return NotationError(f"{str(a)!r}: the ability is written 'ability', without a card")
    if kind == "theft":
        return RuleError("SL §146", "Theft is written 'steal pN', naming the player on an adjacent hex")
    if kind in _PASSIVE:
        return RuleError(anchor, f"the {p.character}'s ability ({kind.replace('_', ' ')}) works by itself: "
                         "there is nothing to use")
    if s.ability_used:
        return RuleError("SL §71", "the ability is usable once per turn, and you have used it")
    return _unexplained(s, d, a)


def _steal(s: State, d: Decision, p: Player, a: N.Steal) -> RuleError:
    if ability(s, p) != "theft":
        return RuleError("SL §146", "only the Theft ability takes items from another player")
    if s.ability_used:
        return RuleError("SL §146", "Theft is used once per turn")
    seat = a.seat
    if not 0 <= seat < len(s.players) or seat == p.seat:
        return RuleError("SL §146", "Theft takes from another player of the game")
    q = s.players[seat]
    if q.status != "active" or q.hex is None or q.hex not in s.static.geo.adj[p.hex]:
        return RuleError("SL §146", "Theft takes from a player on an adjacent hex")
    if not q.hand:
        return RuleError("SL §146", f"p{seat + 1} has no hand items to take")
    return _unexplained(s, d, a)


def _discard(s: State, d: Decision, p: Player, a: N.Discard) -> RuleError:
    card = _card(s, a.card)
    if card is None:
        return NotationError(f"{str(a)!r}: unknown card name")
    if card == p.char_card:
        return RuleError("SL §54", "the character card is never removed from its slot")
    if not holds(p, card):
        return RuleError("SL §67", f"you do not hold {a.card}")
    return _unexplained(s, d, a)


def _end(s: State, d: Decision, p: Player, a: N.End) -> RuleError:
    if over_hand_limit(s, p):
        return RuleError("SL §55", "discard down to your hand limit before ending the turn")
    return _unexplained(s, d, a)


def _unexplained(s: State, d: Decision, a: Action) -> RuleError:
    """No rule of the explainer applies: the option is simply not among those the rules
    leave open now (a case the explainer should learn)."""
    return RuleError(d.rule, f"{str(a)!r} is not one of the options of this {d.kind} decision "
                     f"({sample(d, a.VERB)})")


_VERB_WHY = {
    "move": _move, "collect": _collect, "use": _use, "refresh": _refresh, "trade": _trade, "give": _give,
    "ability": _ability, "steal": _steal, "discard": _discard, "end": _end,
}
TURN_VERBS = frozenset(_VERB_WHY)
__all__ = ["TURN_VERBS", "why_turn", "sample"]
