"""Why an action is not legal: one RuleError naming the rule (LO anchor)."""

from __future__ import annotations

from wasteland.core.protocol import Decision, NotationError, RuleError

from .combat import can_attack, can_move
from .content import KINDS, TROOP_KINDS
from .economy import BUY_LIMIT, MARKET_PRICE, hedge_hexes
from .state import State

VERBS = {
    "first": "LO-4.5", "place": "LO-4.3", "move": "LO-8.1", "attack": "LO-8.3", "flip": "LO-7.1",
    "end": "LO-7", "play": "LO-11", "discard": "LO-11", "inject": "LO-10.1", "buy": "LO-7.4",
    "upgrade": "LO-5", "grow": "LO-6.4", "market": "LO-10.2", "take": "LO-10.2",
}

KIND_VERBS = {
    "first": {"first"}, "place": {"place"}, "tactical": {"move", "attack", "flip", "end", "play"},
    "economic": {"buy", "upgrade", "grow", "market", "play", "end"}, "inject": {"inject"},
    "hand": {"discard", "play"}, "bonus": {"take"},
}


def why_illegal(s: State, d: Decision, action: object) -> RuleError:
    if not isinstance(action, str) or not action.strip():
        return NotationError(f"not an action: {action!r}")
    words = action.split(" ")
    verb = words[0]
    if verb not in VERBS:
        return NotationError(f"unknown verb {verb!r}; expected one of {', '.join(sorted(VERBS))}")
    if verb not in KIND_VERBS[d.kind]:
        return RuleError(d.rule, f"{action!r} is not a choice now: the decision is '{d.kind}' ({d.prompt})")
    b = s.board
    seat = d.seat
    hexes = [w for w in words[1:] if "," in w]
    for w in hexes:
        if w not in b.by_name:
            return RuleError("LO-3", f"{w} is not a hex of the board")
    try:
        if verb == "move":
            return _why_move(s, seat, words)
        if verb == "attack":
            return _why_attack(s, seat, words)
        if verb == "buy":
            return _why_buy(s, seat, words)
        if verb == "grow":
            return _why_grow(s, seat, words)
        if verb == "upgrade":
            if len(words) != 2 or words[1] not in KINDS:
                return NotationError(f"upgrade <kind>: one of {KINDS}")
            if s.level(seat, words[1]) >= 3:
                return RuleError("LO-5", f"{words[1]} are already at level 3")
            return RuleError("LO-5", "not enough water for the next level")
        if verb == "market":
            if s.market_used:
                return RuleError("LO-10.2", "the black market sells one card a turn")
            if s.water[seat] < MARKET_PRICE:
                return RuleError("LO-10.2", f"the black market costs {MARKET_PRICE} gal")
            if not s.bunker_discard:
                return RuleError("LO-10.2", "the black market sells from the bunker discard pile, and it is empty")
            return _why_bunker_card(s, words, "LO-10.2")
        if verb in ("inject", "take"):
            return _why_bunker_card(s, words, "LO-10.1" if verb == "inject" else "LO-10.2")
        if verb in ("play", "discard"):
            if len(words) < 2 or words[1] not in s.hands[seat]:
                return RuleError("LO-11", "that ray-tower card is not in your hand")
            return RuleError("LO-11", "damage cards hit a troop token; status cards go on an opponent's card")
        if verb == "flip":
            return RuleError("LO-7.1", "flip one of your troops not yet flipped (or the one acting)")
    except (IndexError, KeyError, ValueError):
        return NotationError(f"malformed action {action!r}")
    return RuleError(VERBS[verb], f"{action!r} is not one of the legal choices")


def _why_bunker_card(s: State, words: list[str], rule: str) -> RuleError:
    """A bunker card goes on one of the three troop species cards, never on hedges (LO-10.1);
    the black market and its bonus take it from the bunker discard pile (LO-10.2)."""
    if len(words) != 3:
        return NotationError(f"{words[0]} <bunker card> <troop kind>")
    card, kind = words[1], words[2]
    if kind == "hedge":
        return RuleError("LO-10.1", "bunker cards go on a troop species card, never on hedges")
    if kind not in TROOP_KINDS:
        return NotationError(f"{kind!r} is not a troop kind ({', '.join(TROOP_KINDS)})")
    if words[0] == "inject":
        frame = s.stack[-1] if s.stack else {}
        if card not in frame.get("cards", ()):
            return RuleError("LO-10.1", f"{card} is not the bunker card just drawn")
    elif card not in s.bunker_discard:
        return RuleError("LO-10.2", f"{card} is not in the bunker discard pile")
    return RuleError(rule, f"{' '.join(words)!r} is not one of the legal choices")


def _piece(s: State, name: str):
    return s.pieces.get(s.board.by_name[name])


def _why_move(s: State, seat: int, words: list[str]) -> RuleError:
    if len(words) != 3:
        return NotationError("move <from> <to>")
    p = _piece(s, words[1])
    if p is None or p[0] != seat or p[1] == "hedge":
        return RuleError("LO-7.1", f"no troop of yours at {words[1]}")
    h = s.board.by_name[words[1]]
    if s.acting is not None:
        return RuleError("LO-7.1", "finish the troop being activated first (attack or flip)")
    if h in s.done:
        return RuleError("LO-7.1", "that troop has already been flipped this phase")
    if not can_move(s, seat, p[1]):
        return RuleError("LO-11", f"your {p[1]} cannot move this turn")
    t = s.board.by_name[words[2]]
    if t in s.pieces:
        return RuleError("LO-8.1", "one token per hex: the target hex is occupied")
    if t == s.board.centre and s.barred[seat]:
        return RuleError("LO-13.4", "knocked off the centre after reaching circle 1: never again")
    return RuleError("LO-8.1", "out of movement range, or the way is blocked by tokens")


def _why_attack(s: State, seat: int, words: list[str]) -> RuleError:
    if len(words) != 3:
        return NotationError("attack <from> <target>")
    p = _piece(s, words[1])
    if p is None or p[0] != seat or p[1] == "hedge":
        return RuleError("LO-7.1", f"no troop of yours at {words[1]}")
    h = s.board.by_name[words[1]]
    if h in s.done:
        return RuleError("LO-7.1", "that troop has already been flipped (one attack, no move after it)")
    if s.acting is not None and s.acting != h:
        return RuleError("LO-7.1", "finish the troop being activated first")
    if not can_attack(s, seat, p[1]):
        return RuleError("LO-11", f"your {p[1]} cannot attack this turn ({'blind' if p[1] == 'handsome' else 'mad'})")
    target = _piece(s, words[2])
    if target is None:
        return RuleError("LO-8.2", "there is no token to attack there")
    dist = s.board.distance(h, s.board.by_name[words[2]])
    if p[1] == "smart":
        if target[1] == "hedge":
            return RuleError("LO-6.3", "Brainiacs cannot harm hedges")
        if dist < 2:
            return RuleError("LO-6.3", "Brainiacs cannot attack adjacent tokens")
        return RuleError("LO-6.3", "out of range going around the hedges")
    if p[1] == "skinny":
        return RuleError("LO-6.1", "Skinnies fight in melee: adjacent tokens only")
    return RuleError("LO-6.2", "Handsomes shoot along a straight hex line, in range, past no token "
                     "(level 3: past one or two troops, never a hedge)")


def _why_buy(s: State, seat: int, words: list[str]) -> RuleError:
    if len(words) != 3 or words[1] not in TROOP_KINDS:
        return NotationError(f"buy <kind> <landing hex>; kinds {TROOP_KINDS}")
    if s.bought >= BUY_LIMIT:
        return RuleError("LO-7.4", f"at most {BUY_LIMIT} troops a turn")
    h = s.board.by_name[words[2]]
    if h not in s.board.landing[s.colour[seat]]:
        return RuleError("LO-7.4", "bought troops go on your own landing hexes")
    if h in s.pieces:
        return RuleError("LO-7.4", "that landing hex is occupied")
    kind = s.static.content.kinds[words[1]]
    if s.count(seat, words[1]) >= kind.max_on_board:
        return RuleError("LO-6", f"at most {kind.max_on_board} {kind.name} of one colour on the board")
    return RuleError("LO-7.4", "not enough water")


def _why_grow(s: State, seat: int, words: list[str]) -> RuleError:
    if len(words) != 2:
        return NotationError("grow <hex>")
    h = s.board.by_name[words[1]]
    if h in s.board.special:
        return RuleError("LO-6.4", "no hedges on sources, bunkers, ray towers or the centre")
    if h in s.pieces:
        return RuleError("LO-6.4", "the hex is occupied")
    if h not in hedge_hexes(s, seat):
        return RuleError("LO-6.4", "hedges grow only next to your own troops")
    if s.count(seat, "hedge") >= 15:
        return RuleError("LO-6.4", "at most 15 hedges on the board")
    return RuleError("LO-7.4", "not enough water")

