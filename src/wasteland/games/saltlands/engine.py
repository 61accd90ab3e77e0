"""The decision loop: which seat must choose what, and what each choice does.

With an empty stack the current player is in the free-action part of the turn. Any
frame on the stack is a procedure waiting on someone: ``run`` does what needs no choice,
``options`` lists the choices, ``choose`` applies one.
"""

from __future__ import annotations

from typing import Callable

from wasteland.core import hexgrid
from wasteland.core.frames import Events, Frame, QuietEvents, frame_loop
from wasteland.core.protocol import Decision, RuleError

from . import raiders
from .combat import (
    kill_player, resolve_soak, resolve_streak, respawn, respawn_kit, settle_soak, soak_options, streak_options,
)
from .state import State
from . import notation as N
from .notation import parse
from .turn import action_texts, apply_turn, can_end, turn_actions
from .board import fmt_pos
from .movement import move_options
from .diagnose import why_illegal
from .world import ORIENTATIONS, check_victory, end_game, place_tile_tokens, resolve_rumor, weather_phase
from .zones import (card_def, card_instances, cargo_capacity, discard_card, discard_from_player, gain, slot_cards, swap_partner,
                    take_from_player)

# Which rule asks each kind of decision, and how to say it.
DECISION_INFO = {
    "turn": ("SL §46", "your turn: act in any order, move once, then end the turn"),
    "character": ("SL §44", "choose your character"),
    "enter": ("SL §45", "choose the hex where your figure enters the board"),
    "soak": ("SL §85", "stop the next point of damage"),
    "rumor": ("SL §109", "choose the top or the bottom option of the rumor card"),
    "discard": ("SL §134", "discard a card"),
    "place": ("SL §54", "no free slot for the new card: discard it or replace a card"),
    "storm": ("SL §53", "the sandstorm takes a card for each tile crossed"),
    "trade": ("SL §72", "give cards to the player who asked to trade, then say done"),
    "offer": ("SL §72", "accept or decline the offered card"),
    "fuel_drain": ("SL §135", "take a Fuel card from the discard pile?"),
    "activation": ("SL §100", "raider activation: your choice"),
    "lure": ("SL §142", "lured raiders: which moves first, and where"),
    "orient": ("SL §152", "explorer's luck: choose the new tile's orientation"),
    "streak": ("SL §146", "Born Killer: add this attack's damage to your attacks before it on this raider "
                          "(its armor counts once), or let it stand alone"),
}


def _names(s: State) -> tuple[str, ...]:
    return s.static.catalog.card_names


# -- frame handlers ------------------------------------------------------------------


def _character_options(s: State, f: Frame) -> list[str]:
    taken = {p.character for p in s.players}
    expansion = s.static.rules.expansion  # SL §141: six more characters with the expansion
    return [N.Character.text(c) for c, ch in s.static.content.characters.items()
            if c not in taken and (expansion or not ch.expansion)]


def _character_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    deal_character(s, f["seat"], parse(action).character, events)


def deal_character(s: State, seat: int, character: str, events: Events) -> None:
    """SL §44: the character card, the Sailer in the vehicle slot, Spear, Water and the
    character's special item, taken from the face-up starting cards. A special item with a
    blue header (the Trailer, the Twin) goes into a cargo slot: cargo is never held in hand
    (SL §54), and both free cargo slots are empty at the start."""
    p = s.players[seat]
    p.character = character
    p.char_card = s.static.catalog.character_card[character]
    special = s.static.content.characters[character].special_item
    for card_id in ("sailer", "spear", "water", special):
        copies = card_instances(s.static.catalog, card_id)
        idx = next(i for i, c in enumerate(s.supply) if c in copies)
        c = s.supply.pop(idx)
        if card_id == "sailer":
            p.vehicle = c
        elif card_def(s, c).slot == "cargo":
            p.cargo.append(c)
        else:
            p.hand.append(c)
    events.append({"type": "character", "seat": seat, "character": character})


def _enter_hexes(s: State, f: Frame) -> list[int]:
    geo = s.static.geo
    occupied = s.occupied()
    if f.get("respawn") == "starting_tiles":
        # SL §92, SL §95: any empty hex of a starting tile (ruling: the compass tile too).
        starting = _STARTING_HEXES.get(geo.layout)
        if starting is None:
            starting = _STARTING_HEXES[geo.layout] = tuple(
                h for pos in (0, *geo.starting_positions) for h in geo.hexes_of(pos))
        return [h for h in starting if h not in occupied]
    # SL §45 (and the tutorial's death rule, SL §121): one of the 3 start dunes, even an
    # occupied one, as long as the player can then move off it at once (ruling SL §45).
    p = s.players[f["seat"]]
    out = []
    for h in s.terrain.start_dunes:
        if h not in occupied or _can_move_off(s, p, h):
            out.append(h)
    if out:
        return out
    # Ruling: with every start dune blocked and no way off, the empty face-up hexes
    # nearest to the start dunes take their place.
    free = [h for h in range(geo.size) if h not in occupied and s.terrain.terrain[h] != 255]
    if not free:
        return []
    centre = geo.coords[s.terrain.start_dunes[0]]
    dist = {h: hexgrid.distance(centre, geo.coords[h]) for h in free}
    best = min(dist.values())
    return [h for h in free if dist[h] == best]


_STARTING_HEXES: dict[str, tuple[int, ...]] = {}  # layout -> hexes of the compass and starting tiles


def _can_move_off(s: State, p, h: int) -> bool:
    saved = p.hex
    p.hex = h
    try:
        return bool(move_options(s, p))
    finally:
        p.hex = saved


def _enter_options(s: State, f: Frame) -> list[str]:
    texts = _ENTER_TEXTS.get(s.static.geo.layout)
    if texts is None:
        texts = _ENTER_TEXTS[s.static.geo.layout] = tuple(N.Enter.text(name) for name in s.static.geo.names)
    return [texts[h] for h in _enter_hexes(s, f)]


_ENTER_TEXTS: dict[str, tuple[str, ...]] = {}  # layout -> per hex "enter q,r"


def _enter_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    geo = s.static.geo
    h = geo.by_name[parse(action).hex]
    occupied = h in s.occupied()
    p = s.players[f["seat"]]
    p.hex = h
    if occupied:
        s.must_move = True  # SL §45: move off at once, before anything else
    events.append({"type": "enter", "seat": p.seat, "hex": geo.names[h], "occupied": occupied})


def _discard_options(s: State, f: Frame) -> list[str]:
    p = s.players[f["seat"]]
    texts = action_texts(s.static.catalog).discard
    return [texts[c] for c in p.cards()]


def _one_card_of_count(s: State, f: Frame, action: str) -> int:
    """The card ``action`` names in a frame that has ``count`` cards given up one at a
    time (a discard, a sandstorm): the frame is replaced by one asking for one card fewer
    (frames are replaced, never changed), or ends with the last."""
    card = s.static.catalog.card_index[parse(action).card]
    s.stack.pop()
    if f["count"] > 1:
        s.stack.append({**f, "count": f["count"] - 1})
    return card


def _discard_choose(s: State, f: Frame, action: str, events: Events) -> None:
    card = _one_card_of_count(s, f, action)
    discard_card(s, s.players[f["seat"]], card, events, f["reason"])


def _discard_run(s: State, f: Frame, events: Events) -> bool:
    if f["count"] <= 0 or not s.players[f["seat"]].cards():
        s.stack.pop()
        return True
    return False


def _storm_options(s: State, f: Frame) -> list[str]:
    p = s.players[f["seat"]]
    texts = action_texts(s.static.catalog).discard
    return [texts[c] for c in [*p.hand, *p.cargo]]


def _storm_run(s: State, f: Frame, events: Events) -> bool:
    p = s.players[f["seat"]]
    if f["count"] <= 0 or not (p.hand or p.cargo):
        s.stack.pop()
        return True
    return False


def _place_options(s: State, f: Frame) -> list[str]:
    p = s.players[f["seat"]]
    names = _names(s)
    new = f["card"]
    out = [N.Discard.text(names[new])]
    if card_def(s, new).slot == "vehicle":
        if p.vehicle is None:
            out.append(N.Place.text(names[new]))
        else:
            out.append(N.Replace.text(names[p.vehicle]))
    else:
        if len(p.cargo) < cargo_capacity(s):
            out.append(N.Place.text(names[new]))  # a slot was freed meanwhile (SL §54)
        out.extend(N.Replace.text(names[c]) for c in p.cargo)
    partner = swap_partner(s, f)
    if partner is not None:
        out.extend(N.Give.text(names[c], partner) for c in slot_cards(s, f) if c not in s.traded)
    return out


def _place_choose(s: State, f: Frame, action: str, events: Events) -> None:
    """SL §54: a grey or blue card sits in its slot or is discarded (or, traded, swapped)."""
    a = parse(action)
    if a.VERB == "give":
        # SL §70, SL §72: the card in the slot goes to the other side of the trade; the new
        # card then takes the freed slot. The partner agrees to what the current player
        # offers (an offer); the current player asked for the trade and takes what comes.
        old, seat = s.static.catalog.card_index[a.card], a.to
        if f["seat"] == s.current:
            s.stack.append({"kind": "offer", "seat": seat, "from": f["seat"], "card": old})
        else:
            _transfer(s, f["seat"], seat, old, events)
        return
    s.stack.pop()
    p = s.players[f["seat"]]
    verb, name = a.VERB, a.card
    new = f["card"]
    if verb == "place":
        if card_def(s, new).slot == "vehicle":
            p.vehicle = new
            if s.moved and s.current == p.seat:
                p.engaged.add(new)  # SL §70: swapped in after moving, it arrives engaged
        else:
            p.cargo.append(new)
        return
    _count_toward_pending_discard(s, p.seat)
    if verb == "discard":
        # Held for a moment, then discarded: it is a discard of hers (Fuel Drain, SL §135).
        p.hand.append(new)
        discard_card(s, p, new, events, "no slot")
        return
    old = s.static.catalog.card_index[name]
    engaged_vehicle = old == p.vehicle and old in p.engaged
    discard_card(s, p, old, events, "replaced")
    if card_def(s, new).slot == "vehicle":
        p.vehicle = new
        if engaged_vehicle:
            p.engaged.add(new)  # SL §70: swapped in after moving, it arrives engaged
    else:
        p.cargo.append(new)


def _count_toward_pending_discard(s: State, seat: int) -> None:
    """Cards drawn by "draw N, then discard N" (Reconstruction SL §134, respawn SL §91)
    that find no slot are among the N discarded: the pending discard shrinks by one."""
    for i in range(len(s.stack) - 1, -1, -1):
        f = s.stack[i]
        if f["kind"] == "place" and f["seat"] == seat:
            continue
        if f["kind"] == "discard" and f["seat"] == seat and f["count"] > 0:
            s.stack[i] = {**f, "count": f["count"] - 1}
        return


def _rumor_options(s: State, f: Frame) -> list[str]:
    return ["top", "bottom"]


def _rumor_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    resolve_rumor(s, f, action, events)


def _trade_options(s: State, f: Frame) -> list[str]:
    partner = s.players[f["seat"]]
    names = _names(s)
    # SL §146 Trade with a far player: hand items only.
    offered = partner.hand if f.get("hand_only") else partner.cards()
    return [N.Give.text(names[c]) for c in offered if c not in s.traded] + [N.Done.text()]


def _trade_choose(s: State, f: Frame, action: str, events: Events) -> None:
    if action == "done":
        s.stack.pop()
        return
    card = s.static.catalog.card_index[parse(action).card]
    _transfer(s, f["seat"], f["active"], card, events)


def _transfer(s: State, giver: int, receiver: int, card: int, events: Events) -> None:
    """SL §72: traded cards arrive refreshed; each card changes hands once per turn."""
    take_from_player(s.players[giver], card)
    s.traded.append(card)
    events.append({"type": "trade", "from": giver, "to": receiver, "card": _names(s)[card]})
    gain(s, s.players[receiver], card, events, "trade")


def _offer_options(s: State, f: Frame) -> list[str]:
    return ["accept", "decline"]


def _offer_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    if action == "accept":
        _transfer(s, f["from"], f["seat"], f["card"], events)
    else:
        events.append({"type": "offer_declined", "seat": f["seat"], "card": _names(s)[f["card"]]})


def _fuel_drain_options(s: State, f: Frame) -> list[str]:
    cards = s.static.catalog.cards
    fuel = next((c for c in reversed(s.discard) if cards[c].fuel), None)
    return ([N.Take.text(_names(s)[fuel])] if fuel is not None else []) + [N.Pass.text()]


def _fuel_drain_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    if action != "pass":
        card = s.static.catalog.card_index[parse(action).card]
        s.discard.remove(card)
        gain(s, s.players[f["seat"]], card, events, "fuel drain")


def _storm_choose(s: State, f: Frame, action: str, events: Events) -> None:
    card = _one_card_of_count(s, f, action)
    discard_from_player(s, s.players[f["seat"]], card, events, "sandstorm")


def _soak_run(s: State, f: Frame, events: Events) -> bool:
    return settle_soak(s, events)


def _soak_choose(s: State, f: Frame, action: str, events: Events) -> None:
    resolve_soak(s, f, action, events)


def _after_turn_run(s: State, f: Frame, events: Events) -> bool:
    s.stack.pop()
    if f["weather"]:
        weather_phase(s, events)
    if not s.over:
        start_turn(s, next_seat(s), events)
    return True


def _respawn_kit_run(s: State, f: Frame, events: Events) -> bool:
    s.stack.pop()
    respawn_kit(s, s.players[f["seat"]], events)
    return True


def _after_setup_run(s: State, f: Frame, events: Events) -> bool:
    s.stack.pop()
    start_turn(s, s.current, events)
    return True


def _activation_run(s: State, f: Frame, events: Events) -> bool:
    return raiders.run(s, f, events)


def _orient_options(s: State, f: Frame) -> list[str]:
    return [N.Orient.text(name) for name in ORIENTATIONS]


def _orient_choose(s: State, f: Frame, action: str, events: Events) -> None:
    s.stack.pop()
    pos = f["pos"]
    arrow = parse(action).orientation
    s.rotation[pos] = ORIENTATIONS[arrow]
    s.invalidate_terrain()
    events.append({"type": "orient", "seat": f["seat"], "at": fmt_pos(s.static.geo.positions[pos]),
                   "tile": s.tiles[pos], "arrow": arrow})
    place_tile_tokens(s, pos, events)


OPTIONS: dict[str, Callable[[State, Frame], list[str]]] = {
    "character": _character_options,
    "enter": _enter_options,
    "soak": soak_options,
    "rumor": _rumor_options,
    "discard": _discard_options,
    "place": _place_options,
    "storm": _storm_options,
    "trade": _trade_options,
    "offer": _offer_options,
    "fuel_drain": _fuel_drain_options,
    "activation": raiders.options,
    "lure": raiders.lure_options,
    "orient": _orient_options,
    "streak": streak_options,
    "after_turn": lambda s, f: [],
    "respawn_kit": lambda s, f: [],
    "after_setup": lambda s, f: [],
}
CHOOSE: dict[str, Callable[[State, Frame, str, Events], None]] = {
    "character": _character_choose,
    "enter": _enter_choose,
    "soak": _soak_choose,
    "rumor": _rumor_choose,
    "discard": _discard_choose,
    "place": _place_choose,
    "storm": _storm_choose,
    "trade": _trade_choose,
    "offer": _offer_choose,
    "fuel_drain": _fuel_drain_choose,
    "activation": raiders.choose,
    "lure": raiders.lure_choose,
    "orient": _orient_choose,
    "streak": resolve_streak,
}
RUN: dict[str, Callable[[State, Frame, Events], bool]] = {
    "discard": _discard_run,
    "storm": _storm_run,
    "soak": _soak_run,
    "after_turn": _after_turn_run,
    "respawn_kit": _respawn_kit_run,
    "after_setup": _after_setup_run,
    "activation": _activation_run,
    "lure": raiders.lure_run,
}


# -- turns ------------------------------------------------------------------------------


def next_seat(s: State) -> int:
    """The next player still in the game. Ruling SL §45: the table picks clockwise or
    counter-clockwise play; seats are numbered in the order it picked."""
    n = len(s.players)
    for step in range(1, n + 1):
        seat = (s.current + step) % n
        if s.players[seat].status != "out":
            return seat
    return s.current


def start_turn(s: State, seat: int, events: Events) -> None:
    """SL §46: refresh everything; a dead player respawns first (SL §90); a player not
    yet on the board enters on a start dune (SL §45)."""
    s.current = seat
    s.turn += 1
    s.moved = False
    s.must_move = False
    s.refreshes = 0
    s.traded = []
    s.ability_used = False
    s.streak = []
    s.raid_hexes = []
    s.raid_routes = []
    s.trades_used = 0
    s.trade_partner = -1
    p = s.players[seat]
    p.engaged.clear()
    p.hidden = False  # SL §147: hidden only until her next turn
    p.hidden_near = []
    events.append({"type": "turn_start", "seat": seat, "round": s.round, "turn": s.turn})
    if p.status == "dead":
        respawn(s, p, events)
    elif p.hex is None:
        s.stack.append({"kind": "enter", "seat": seat, "respawn": None})


def _stop(s: State, events: Events) -> bool:
    """Before each step of the loop: victory is checked after every change (SL §113);
    the game ends when every player is out (SL §96, SL §114)."""
    if not s.rumor_deck:  # escape is possible only once every rumor card is played (SL §111)
        check_victory(s, events)
    if s.over:
        return True
    for p in s.players:
        if p.status != "out":
            return False
    end_game(s, [], "every player is out of the game (SL §96, SL §114)", events)
    return True


def _diagnose() -> Callable[[State, Decision, str], RuleError]:
    return why_illegal


def _wrong_seat(s: State, deciding: int, asking: int) -> str | RuleError:
    """A seat answering another's decision; an eliminated player is out of the game (SL §96)."""
    if not 0 <= asking < len(s.players):
        return RuleError("SL §15", f"there is no seat p{asking + 1} in this {len(s.players)}-player game")
    if s.players[asking].status == "out":
        return RuleError("SL §96", f"p{asking + 1} has been eliminated and is out of the game")
    return f"it is p{deciding + 1}'s decision, not p{asking + 1}'s"


_LOOP = frame_loop(
    info=DECISION_INFO, options=OPTIONS, choose=CHOOSE, run=RUN,
    free_kind="turn", free_options={"turn": turn_actions}, free_apply={"turn": apply_turn}, diagnose=_diagnose,
    over_rule="SL §114", wrong_seat=lambda s, deciding, asking: _wrong_seat(s, deciding, asking),
    stop=_stop, drop_empty=True,
)
settle = _LOOP.settle  # run everything that needs no choice (the decision is then ready)
decision = _LOOP.decision
apply_in_place = _LOOP.apply_in_place  # one action, or a RuleError and nothing changed


def end_turn_if_legal(s: State) -> bool:
    """``apply_in_place(s, "end")`` when ``end`` is legal now (True), without listing the
    turn's actions to check it; False and nothing changed otherwise. For a look-ahead
    that ends turns by the thousand: the same change, the events dropped."""
    if s.stack or s.over or not can_end(s):
        return False
    events: Events = QuietEvents()
    s._decision = None
    apply_turn(s, "end", events)
    settle(s, events)
    return True


__all__ = ["apply_in_place", "decision", "end_turn_if_legal", "settle", "start_turn", "deal_character", "kill_player"]
