"""The active player's free actions (SL §46, SL §63 to SL §84): every legal one, and its effect.

Notation (hexes as ``q,r``, tiles as ``tA,B``, seats as ``p1``..``p6``, cards by
instance name such as ``axe#2``; a card's second action option takes ``/2``)::

    move 3,-4 [fuel 2]          collect 1,2 by scout        use axe#1 by scout at 2,2
    use map#1 by crew#3 tile t0,-2                          use water#1
    refresh scout               trade p2                    give spear#3 to p2
    ability                     discard fuel#4              end

Lost in the Desert (SL §142 to SL §147)::

    use katana#1 by huntress rot 2      an area weapon, its symbol turned 2 sixths clockwise
    use flare_gun#1                     lure (SL §142)
    steal p2                            Theft (SL §146)
    ability water#1                     Prophecy: discard Water for a rumor card (SL §146)
"""

from __future__ import annotations

from wasteland.core import hexgrid

from .board import CELLS_PER_TILE, fmt_pos, parse_pos
from .combat import attack_or_ask, start_soak
from . import notation as N
from .notation import parse
from .movement import FUEL_BONUS, fuel_cards, move_actions, move_crossings
from .raid import on_a_route, passed_tokens, raid_routes, raided
from .raiders import new_activation, raiders_next_to, start_lure, unactivated_types
from .reveals import steal_card
from .state import Player, State
from .world import draw_weather, end_game, explore, start_rumor
from .zones import (
    Events,
    ability,
    card_def,
    discard_card,
    discard_from_player,
    draw_mirage,
    draw_raider,
    fresh_crew,
    gain,
    get_card,
    over_hand_limit,
)
from .zones import take_from_player


def _adjacent_raiders(s: State, p: Player) -> list[int]:
    adj = s.static.geo.adj[p.hex]
    found = [r[1] for r in s.raiders.values() if r[1] in adj]
    found.sort()
    return found


def _adjacent_players(s: State, p: Player) -> list[Player]:
    adj = s.static.geo.adj[p.hex]
    return [q for q in s.players if q.hex is not None and q.status == "active" and q.hex in adj]


def area_hexes(s: State, p: Player, area: list[list[int]], rot: int) -> list[int]:
    """SL §143: the hexes under an area symbol anchored on the user, turned ``rot``
    sixths clockwise (ruling: any orientation, "the symbol has no set orientation"; turned,
    never mirrored, as a card is not turned over), that lie on the play area."""
    geo = s.static.geo
    here = geo.coords[p.hex]
    out = []
    for off in area:
        h = geo.index.get(hexgrid.add(here, hexgrid.rotate((off[0], off[1]), rot)))
        if h is not None:
            out.append(h)
    return sorted(out)


def _area_targets(s: State, p: Player, hexes: list[int]) -> bool:
    """Does the area hold anything to hit: a raider, or (competitive, SL §122, SL §143) a player?"""
    raider_hexes = {r[1] for r in s.raiders.values()}
    if any(h in raider_hexes for h in hexes):
        return True
    if s.static.rules.mode == "competitive":
        return any(q.hex in hexes for q in s.players if q.seat != p.seat and q.status == "active")
    return False


def _lure_useful(s: State, p: Player) -> bool:
    tile = p.hex // CELLS_PER_TILE
    return any(r[1] // CELLS_PER_TILE == tile for r in s.raiders.values())


class _Texts:
    """Action texts that depend only on a card or a hex, written once and shared by every
    game (the notation of this module's docstring)."""

    def __init__(self, cat) -> None:
        names = cat.card_names
        self.discard = tuple(N.Discard.text(n) for n in names)
        self.give = tuple(tuple(N.Give.text(n, seat) for n in names) for seat in range(6))
        # Per card: ("use name[/option]", action, its check, crew action?, costs Fuel?)
        # for every option used on a turn, not against an attack (heal and armor: the
        # soak decision, SL §88, SL §89).
        self.uses = tuple(
            tuple((N.Use.text(names[card], i + 1), act, _use_check(act),
                   bool(act.crew_action), act.cost is not None)
                  for i, act in enumerate(d.actions) if act.effect not in ("heal", "armor"))
            for card, d in enumerate(cat.cards)
        )
        # The tails of a use (notation.Use: " by crew", then " at q,r" or " tile tA,B" or
        # " rot k"), written once and joined to the head as the options are listed (the
        # hottest list of the game: a Use per option would cost a tuple of texts per move).
        self.by = tuple(f" by {n}" for n in names)
        self._hexes: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def hex_targets(self, geo) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Per hex " at q,r"; per tile position " tile tA,B"."""
        found = self._hexes.get(geo.layout)
        if found is None:
            found = self._hexes[geo.layout] = (
                tuple(f" at {name}" for name in geo.names),
                tuple(f" tile {fmt_pos(pos)}" for pos in geo.positions),
            )
        return found


# What an option needs checked or chosen beyond its card (see card_uses).
ALWAYS, AREA, TARGET, EXPLORE, RUMOR, TAKE, LURE, HIDE = range(8)
_CHECKS = {"explore": EXPLORE, "rumor": RUMOR, "take_from_discard": TAKE, "lure": LURE, "hide": HIDE}


def _use_check(act) -> int:
    if act.effect == "damage":
        return AREA if act.area else TARGET
    return _CHECKS.get(act.effect, ALWAYS)


_TEXTS: dict[int, tuple[object, _Texts]] = {}
_ROTATIONS = tuple(f" rot {k}" for k in range(6))


def action_texts(cat) -> _Texts:
    found = _TEXTS.get(id(cat))
    if found is None:
        found = _TEXTS[id(cat)] = (cat, _Texts(cat))  # the catalog is kept alive with its texts
    return found[1]  # type: ignore[return-value]


def card_uses(s: State, p: Player, texts: _Texts | None = None) -> list[str]:
    """Every card action open to the player now (SL §63 to SL §69)."""
    if texts is None:
        texts = action_texts(s.static.catalog)
    out: list[str] = []
    crew = None
    raider_hexes = None
    fuel = None
    engaged = p.engaged
    for card in [*p.hand, *p.cargo]:
        if card in engaged:
            continue
        for label, act, check, crew_action, costly in texts.uses[card]:
            if costly:
                if fuel is None:
                    fuel = fuel_cards(s, p)
                if not any(c != card for c in fuel):
                    continue  # e.g. the Flamethrower burns a Fuel card (SL §136)
            targets: list[str] | tuple[str, ...] = ("",)
            if check == ALWAYS:
                pass
            elif check == AREA:
                # SL §143: one option per orientation of the symbol that hits something.
                targets = [_ROTATIONS[k] for k in range(6) if _area_targets(s, p, area_hexes(s, p, act.area, k))]
            elif check == TARGET:
                at = texts.hex_targets(s.static.geo)[0]
                if raider_hexes is None:
                    raider_hexes = _adjacent_raiders(s, p)
                targets = [at[h] for h in raider_hexes]
                if s.static.rules.mode == "competitive":
                    # SL §122: robbery, a player attack in competitive mode only.
                    targets += [at[q.hex] for q in _adjacent_players(s, p)]
            elif check == EXPLORE:
                tile = texts.hex_targets(s.static.geo)[1]
                targets = [tile[pos] for pos, up in enumerate(s.face_up) if not up]
            elif check == RUMOR:
                if not s.rumor_deck:
                    continue  # SL §111: no rumor card left to draw
            elif check == TAKE:
                if _discard_match(s, act.take) is None:  # the bottom card (index 0) too
                    continue
            elif check == LURE:
                if not _lure_useful(s, p):
                    continue  # SL §142: no raider on the user's tile to lure
            elif check == HIDE:
                if p.hidden:
                    continue  # SL §147: already hidden until her next turn
            if not targets:
                continue
            if crew_action:
                if crew is None:
                    by = texts.by
                    crew = [by[c] for c in fresh_crew(p)]
                for c in crew:
                    out.extend([label + c + t for t in targets])
            else:
                out.extend([label + t for t in targets])
    return out


def _discard_match(s: State, take: list[str]) -> int | None:
    """Ruling SL §136: the uppermost card of the named kind anywhere in the discard pile."""
    cards = s.static.catalog.cards
    for i in range(len(s.discard) - 1, -1, -1):
        if cards[s.discard[i]].id in take:
            return i
    return None


TRADE_LIMIT = 3  # SL §146
LOOT_TOKEN_CARDS = 3  # SL §74: a Loot token draws this many Mirage cards
# SL §146 Prophecy discards "a Water or Gallon of Water" card. Ruling: the Canteen, our Mirage
# copy of the starting Water (same refresh, SL §65), is a Water card, as for the Water
# Desalinator (SL §136), whose text names the same two.
PROPHECY_CARDS = ("water", "canteen", "gallon_of_water")


def _far_partners(s: State, p: Player, near: list[Player]) -> list[Player]:
    """SL §146 Trade: the other players in the game not already next to the trader."""
    close = {q.seat for q in near}
    return [q for q in s.players if q.seat != p.seat and q.status == "active" and q.seat not in close]


def turn_actions(s: State) -> list[str]:
    p = s.players[s.current]
    geo = s.static.geo
    names = s.static.catalog.card_names
    texts = action_texts(s.static.catalog)
    out: list[str] = []
    within_limit = not over_hand_limit(s, p)  # SL §55: at the limit before moving and ending
    if within_limit and not s.moved and p.vehicle is not None and p.vehicle not in p.engaged:
        out.extend(move_actions(s, p))
    held = p.cards()
    discard = texts.discard
    if s.must_move:
        if out:
            return out  # SL §45 ruling: off the occupied start dune before anything else
        if not within_limit and p.vehicle is not None and p.vehicle not in p.engaged:
            return [discard[c] for c in held]  # SL §55: down to the hand limit first, then the move
    if p.hex is None:
        # Nowhere to enter (the board is full): the turn passes with the figure off the board.
        return [discard[c] for c in held] + (["end"] if within_limit else [])
    adj = geo.adj[p.hex]
    tokens = s.tokens
    crew = None
    for h in adj:
        if h in tokens:
            if crew is None:
                crew = [names[c] for c in fresh_crew(p)]
            out.extend([N.Collect.text(geo.names[h], c) for c in crew])  # SL §73
    for h in s.raid_hexes:
        if h in tokens and h not in adj and on_a_route(s, h):
            if crew is None:
                crew = [names[c] for c in fresh_crew(p)]
            out.extend([N.Collect.text(geo.names[h], c) for c in crew])  # SL §146 Raid
    out.extend(card_uses(s, p, texts))
    if s.refreshes:
        for c in [p.char_card, *p.cargo]:
            if card_def(s, c).crew and (c in p.engaged or p.last_used.get(c) in p.engaged):
                out.append(N.Refresh.text(names[c]))
    near = _adjacent_players(s, p)
    traded = s.traded
    for q in near:
        out.append(N.Trade.text(q.seat))  # SL §46: as often as wanted; SL §72 limits each card
        give = texts.give[q.seat]
        out.extend([give[c] for c in held if c not in traded])
    kind = ability(s, p)
    if kind is not None:
        if kind == "trade":
            # SL §146 Trade: any player in the game, up to 3 times per turn, hand items only,
            # but any number of them in one trade: the trade going on may go on at the limit.
            # Ruling: the limit and the hand-only clause bind the trades the ability adds (with
            # players not next to him); a trade with a neighbour is the ordinary one (SL §72).
            for q in _far_partners(s, p, near):
                if s.trades_used >= TRADE_LIMIT and q.seat != s.trade_partner:
                    continue
                out.append(N.Trade.text(q.seat))
                give = texts.give[q.seat]
                out.extend([give[c] for c in p.hand if c not in traded])
        if not s.ability_used and kind in ("lord_of_winds", "repair"):
            out.append("ability")
        if not s.ability_used and kind == "theft":
            # SL §146 Theft: once per turn, a random item from an adjacent player's hand.
            out.extend(N.Steal.text(q.seat) for q in near if q.hand)
        if kind == "prophecy" and s.rumor_deck and not s.ability_used:
            # SL §146 Prophecy: discard a Water or Gallon of Water to draw and play a rumor card;
            # an ability that is not permanent is usable once per turn (SL §71).
            out.extend(N.Ability.text(names[c]) for c in p.hand
                       if c not in p.engaged and card_def(s, c).id in PROPHECY_CARDS)
    out.extend([discard[c] for c in held])
    if within_limit:
        out.append("end")  # SL §55: at the limit by the end of the turn
    return out


def can_end(s: State) -> bool:
    """Whether ``end`` is among :func:`turn_actions` now, without listing them: the turn
    ends once the hand is within its limit (SL §55), unless the player must first move
    off the occupied start dune and can (SL §45 ruling). A look-ahead ends other seats'
    turns at once, and listing every action of each turn to find ``end`` was most of it."""
    p = s.players[s.current]
    if over_hand_limit(s, p):
        return False
    return not (s.must_move and not s.moved and p.vehicle is not None and p.vehicle not in p.engaged
                and move_actions(s, p))


def apply_turn(s: State, action: str, events: Events) -> None:
    p = s.players[s.current]
    a = parse(action)
    verb = a.VERB
    cat = s.static.catalog
    geo = s.static.geo
    # Born Killer (SL §146): only attacks, and the refreshes that ready her crew and weapon
    # for the next one, may come between consecutive attacks. Ruling: a refresh keeps the
    # streak, as the rulebook's own way to attack twice is to refresh the crew and the
    # weapon with Water between the attacks (SL §65, SL §86), and so does a discard, which
    # is no action (cards are dropped freely at any time of the turn, SL §55); any other
    # action breaks it.
    streak, s.streak = s.streak, []
    # SL §146 Trade: a trade with a far player is the run of asks and gifts between the
    # two; anything else the trader does, or a turn to another partner, ends it (ruling).
    partner, s.trade_partner = s.trade_partner, -1
    if verb == "move":
        _move(s, p, geo.by_name[a.hex], a.fuel or 0, events)
    elif verb == "collect":
        h = geo.by_name[a.hex]
        if h not in geo.adj[p.hex]:
            raided(s, h)  # SL §146 Raid: a token not beside her was on her route
        _collect(s, p, h, cat.card_index[a.crew], events)
    elif verb == "use":
        crew = cat.card_index[a.crew] if a.crew is not None else None
        target = None
        if a.rot is not None:
            target = ("rot", a.rot)
        elif a.at is not None:
            target = ("hex", geo.by_name[a.at])
        elif a.tile is not None:
            target = ("tile", geo.pos_index[parse_pos(a.tile)])
        card = cat.card_index[a.card]
        option = a.option - 1
        if s.static.catalog.cards[card].actions[option].effect in ("damage", "refresh"):
            s.streak = streak
        use_card(s, p, card, option, crew, target, events)
    elif verb == "refresh":
        s.streak = streak
        crew = cat.card_index[a.crew]
        s.refreshes -= 1
        p.engaged.discard(crew)
        last = p.last_used.get(crew)
        if last is not None:
            p.engaged.discard(last)
        events.append({"type": "refresh", "seat": p.seat, "crew": a.crew,
                       "card": cat.card_names[last] if last is not None else None})
    elif verb == "trade":
        seat = a.seat
        far = _is_far(s, p, seat)
        if far:
            _count_trade(s, partner, seat)
        s.stack.append({"kind": "trade", "seat": seat, "active": p.seat, "hand_only": far})
        events.append({"type": "trade_asked", "seat": p.seat, "partner": seat})
    elif verb == "give":
        seat = a.to
        if _is_far(s, p, seat):
            _count_trade(s, partner, seat)
        s.stack.append({"kind": "offer", "seat": seat, "from": p.seat, "card": cat.card_index[a.card]})
    elif verb == "ability":
        if a.card is not None:
            _prophecy(s, p, cat.card_index[a.card], events)
        else:
            _ability(s, p, events)
    elif verb == "steal":
        _steal(s, p, a.seat, events)
    elif verb == "discard":
        s.streak = streak
        discard_card(s, p, cat.card_index[a.card], events, "by choice")
    elif verb == "end":
        end_turn(s, events)


def _count_trade(s: State, partner: int, seat: int) -> None:
    """SL §146 Trade: the limit of 3 counts trades, not the cards in them; going on with the
    partner of the trade under way is the same trade."""
    if partner != seat:
        s.trades_used += 1
    s.trade_partner = seat


def _is_far(s: State, p: Player, seat: int) -> bool:
    q = s.players[seat]
    return q.hex is None or p.hex is None or q.hex not in s.static.geo.adj[p.hex]


def _steal(s: State, p: Player, seat: int, events: Events) -> None:
    """SL §146 Theft: a random card from the victim's hand (its order is hidden)."""
    s.ability_used = True
    victim = s.players[seat]
    card = steal_card(s, victim)
    take_from_player(victim, card)
    events.append({"type": "theft", "seat": p.seat, "from": seat})  # the card shows in the thief's gain
    gain(s, p, card, events, "theft")


def _prophecy(s: State, p: Player, card: int, events: Events) -> None:
    """SL §146 Prophecy: discard a Water or Gallon of Water, draw and play a rumor card;
    once per turn, as every ability that is not permanent (SL §71)."""
    s.ability_used = True
    events.append({"type": "ability", "seat": p.seat, "ability": "prophecy"})
    discard_from_player(s, p, card, events, "prophecy")
    start_rumor(s, p.seat, events)


def _move(s: State, p: Player, dest: int, fuel: int, events: Events) -> None:
    """SL §78 to SL §84: one uninterrupted move; the vehicle is engaged afterwards."""
    # Only a sandstorm makes the route matter (SL §53); otherwise the move is legal as offered.
    crossings = move_crossings(s, p, dest, fuel)
    geo = s.static.geo
    if ability(s, p) == "raid":
        s.raid_hexes = passed_tokens(s, p, dest, fuel)  # SL §146 Raid
        s.raid_routes = raid_routes(s, p, dest, fuel, s.raid_hexes)  # ...the tokens of one route
    burned = fuel_cards(s, p)[:fuel]
    for c in burned:
        discard_from_player(s, p, c, events, "fuel")
    events.append(
        {"type": "move", "seat": p.seat, "from": geo.names[p.hex], "to": geo.names[dest],
         "fuel": fuel, "bonus": FUEL_BONUS * fuel}
    )
    p.hex = dest
    s.moved = True
    s.must_move = False
    p.engaged.add(p.vehicle)
    if crossings:
        # SL §53: in a sandstorm each tile crossed costs a hand or cargo card.
        s.stack.append({"kind": "storm", "seat": p.seat, "count": crossings})


def _collect(s: State, p: Player, h: int, crew: int, events: Events) -> None:
    """SL §73 to SL §77: a crew action and a one-time action; the token leaves the game."""
    tok = s.tokens.pop(h)
    tdef = s.static.catalog.tokens[tok]
    p.engaged.add(crew)
    p.last_used.pop(crew, None)
    events.append({"type": "collect", "seat": p.seat, "token": s.static.catalog.token_names[tok],
                   "hex": s.static.geo.names[h]})
    if tdef.kind == "loot":
        for _ in range(LOOT_TOKEN_CARDS):  # SL §74
            c = draw_mirage(s, events)
            if c is not None:
                gain(s, p, c, events, "loot token")
    elif tdef.kind == "crew":
        c = get_card(s, lambda d: d.deck == "crew", events)  # SL §75
        if c is not None:
            gain(s, p, c, events, "crew token")
    elif tdef.kind == "victory":
        kinds = s.static.content.victory_kinds
        c = get_card(s, lambda d: d.victory is not None and kinds[d.victory].colour == tdef.colour, events)
        if c is not None:
            gain(s, p, c, events, "victory token")  # SL §76
    elif tdef.kind == "rumor":
        start_rumor(s, p.seat, events)  # SL §77


def use_card(
    s: State, p: Player, card: int, option: int, crew: int | None, target: tuple[str, int] | None, events: Events
) -> None:
    """SL §64 to SL §69: engage a crew member for a crew action; discard a one-time card,
    otherwise engage it (the crew remembers it for refreshes, SL §65)."""
    d = card_def(s, card)
    act = d.actions[option]
    cat = s.static.catalog
    events.append({"type": "use", "seat": p.seat, "card": cat.card_names[card], "effect": act.effect,
                   "crew": cat.card_names[crew] if crew is not None else None})
    if crew is not None:
        p.engaged.add(crew)
        p.last_used.pop(crew, None)
    if act.one_time:
        discard_from_player(s, p, card, events, "used")
    else:
        p.engaged.add(card)
        if crew is not None:
            p.last_used[crew] = card
    if act.cost is not None:
        fuel = next(c for c in fuel_cards(s, p) if c != card)
        discard_from_player(s, p, fuel, events, "cost")
    effect = act.effect
    if effect == "damage" and act.area:
        assert target is not None
        _area_attack(s, p, act, target[1], events)
    elif effect == "lure":
        start_lure(s, p.seat, act.amount, events)  # SL §142
    elif effect == "hide":
        p.hidden = True  # SL §147: until her next turn
        p.hidden_near = raiders_next_to(s, p.hex)  # SL §147: these still treat her as a player
        events.append({"type": "hidden", "seat": p.seat})
    elif effect == "damage":
        assert target is not None
        h = target[1]
        rid = next((rid for rid, r in s.raiders.items() if r[1] == h), None)
        if rid is not None:
            ask = attack_or_ask(s, p, rid, act.amount, act.damage_type, events)
            if ask is not None:
                s.stack.append(ask)  # Born Killer adds it to her streak or not first (SL §146)
        else:
            victim = next(q for q in s.players if q.hex == h)
            start_soak(s, victim, act.amount, act.damage_type, f"p{p.seat + 1}", events, robbery_by=p.seat)
    elif effect == "refresh":
        s.refreshes += act.amount  # SL §65: used this turn
    elif effect == "draw":
        for _ in range(act.amount):
            c = draw_raider(s, events) if act.deck == "raider" else draw_mirage(s, events)
            if c is not None:
                gain(s, p, c, events, "draw")
    elif effect == "get":
        wanted = act.get
        c = get_card(s, lambda dd: dd.deck == wanted if wanted == "crew" else dd.victory is not None, events)
        if c is not None:
            gain(s, p, c, events, "get")
    elif effect == "explore":
        assert target is not None
        explore(s, target[1], events, p.seat)
    elif effect == "rumor":
        start_rumor(s, p.seat, events)
    elif effect == "reconstruction":
        reconstruction(s, p, act.amount, events)
    elif effect == "take_from_discard":
        idx = _discard_match(s, act.take)
        if idx is not None:
            gain(s, p, s.discard.pop(idx), events, "from the discard pile")


def _area_attack(s: State, p: Player, act, rot: int, events: Events) -> None:
    """SL §143: the damage hits every raider under the symbol; loot only for raiders
    destroyed next to the user. In competitive mode it robs the players it covers
    (digest ruling SL §122); otherwise players are unharmed."""
    hexes = area_hexes(s, p, act.area, rot)
    geo = s.static.geo
    events.append({"type": "area", "seat": p.seat, "rot": rot, "hexes": [geo.names[h] for h in hexes]})
    adjacent = set(geo.adj[p.hex])
    asks = []
    for h in hexes:
        rid = next((rid for rid, r in s.raiders.items() if r[1] == h), None)
        if rid is not None:
            ask = attack_or_ask(s, p, rid, act.amount, act.damage_type, events, loot=h in adjacent)
            if ask is not None:
                asks.append(ask)
    if s.static.rules.mode == "competitive":
        for h in reversed(hexes):
            victim = next((q for q in s.players if q.hex == h and q.seat != p.seat and q.status == "active"), None)
            if victim is not None:
                start_soak(s, victim, act.amount, act.damage_type, f"p{p.seat + 1}", events, robbery_by=p.seat)
    # Ruling (SL §146): the raiders whose Born Killer choice is open are hit once she has
    # chosen, one raider at a time in the order of the area, before any robbery is soaked.
    s.stack.extend(reversed(asks))


def reconstruction(s: State, p: Player, amount: int, events: Events) -> None:
    """SL §134: draw N Mirage cards, then discard N cards of your choice."""
    s.stack.append({"kind": "discard", "seat": p.seat, "count": amount, "reason": "reconstruction"})
    for _ in range(amount):
        c = draw_mirage(s, events)
        if c is not None:
            gain(s, p, c, events, "reconstruction")


def _ability(s: State, p: Player, events: Events) -> None:
    s.ability_used = True
    kind = ability(s, p)
    events.append({"type": "ability", "seat": p.seat, "ability": kind})
    if kind == "lord_of_winds":
        draw_weather(s, events, p.seat)  # SL §135: draw and apply a new weather card
    elif kind == "repair":
        reconstruction(s, p, 1, events)  # SL §135: 1 Reconstruction without a crew action


def end_turn(s: State, events: Events) -> None:
    """SL §46, SL §47: the raider activation, or the weather phase once every type has acted."""
    rules = s.static.rules
    s.refreshes = 0
    events.append({"type": "turn_end", "seat": s.current})
    if rules.solo:
        if s.final_turn:
            end_game(s, [], "the extra final turn ended without an escape (SL §121)", events)
            return
        s.stack.append({"kind": "after_turn", "seat": s.current, "weather": True})
        s.stack.append(new_activation(s, rules.activations))  # SL §97: three in a row
        return
    types = unactivated_types(s)
    if types:
        s.stack.append({"kind": "after_turn", "seat": s.current, "weather": False})
        s.stack.append(new_activation(s, min(rules.activations, len(types))))
    else:
        s.stack.append({"kind": "after_turn", "seat": s.current, "weather": True})
