"""Saltlands' fixed action space (``SPEC.actions``): every action of the notation (see
``turn.py``) as an index that means the same action in every state and configuration.

The space is compact (the agent scans its whole mask every step): a card the acting
player holds is named by its *place* (``held``: hand, then cargo, then the vehicle, as
the player's cards are listed, then a card just gained and waiting for its slot, SL §54),
a crew member by its place in the crew (the character
first, SL §64), a weapon's target by the side of the user's hex it lies on (players
attack adjacent hexes only, SL §85), a move by its destination (the Fuel it burns, SL §84,
is a number the position gives: ``move q,r fuel n`` has one index per destination). Names
remain where their set is small and fixed.

Name domains: ``hex`` the 323 hexes of the four layouts as ``q,r``; ``tile`` their tile
positions ``tA,B``; ``card`` every card instance (``axe#2``); ``targeted``, ``area``,
``exploring`` the options of the cards that hit one hex, hit an area, or explore a tile
(``thrown`` those that hit one hex without a crew action);
``seat`` ``p1``..``p6``. Place domains (of the seat the decision waits on; their sizes are
the most a legal position can fill, see ``_limits``): ``held`` 133 places (every card of
the game), ``use`` its card options (place ``2k`` the first option of held card ``k``,
``2k+1`` its second: ``curved_scythe#1/2``; a card has at most two), ``crew`` 4 places,
``near`` the six neighbours of the player's hex (north, then clockwise: hexgrid's
directions), ``raid`` 57 places (every token) of the token hexes a Raid passed over
(SL §146). The layout (templates in order, each a block of consecutive indices) is
``ACTIONS.layout()``; the size is ``ACTIONS.size`` (6,894; it was 214,903 with every card
and hex named, and 4,010 with 20 held places and 16 Raid places, which an uneven trade or a
long Raid could overrun).
"""

from __future__ import annotations

from wasteland.core import hexgrid
from wasteland.core.actionspace import Slots, TemplateActions

from .board import fmt_pos, geometry
from .content import load_content
from .notation import NOTATION
from .game import GAME
from .state import catalog
from .world import ORIENTATIONS
from .zones import crew_members


def _limits() -> tuple[int, int, int]:
    """The place domains' sizes: each the most places a legal position can fill, so no legal
    action is ever left out of the space.

    * ``held``: the cards one player holds. SL §55 caps the hand only before moving and at the
      end of the turn, and a trade need not be even (SL §72: cards may be given for nothing;
      the Trader's ability reaches every player, SL §146), so nothing in the rules keeps a hand
      small mid-turn: the bound is every card of the game (a card is in one place; the card
      waiting for its slot, SL §54, is one of them).
    * ``crew``: the character card and the crew cards in the cargo slots (SL §64), never more
      cards than the board's cargo slots (SL §54: three, the character's included); kept at 4.
    * ``raid``: the token hexes a Raid move passed over (SL §146), at most every token of the
      game on the board at once.
    """
    content = load_content()
    held = len(catalog().card_names)
    crew = max(4, len(content.board.cargo_slots))
    raid = sum(t.count for t in content.tokens.values())
    return held, crew, raid


HELD, CREW, RAID = _limits()


def _decision(s):
    return GAME.decision(s)


def _player(s):
    """The player the decision waits on (the places are that player's)."""
    d = _decision(s)
    return s.players[d.seat] if d is not None and 0 <= d.seat < len(s.players) else None


def _held(s):
    p = _player(s)
    if p is None:
        return ()
    names = s.static.catalog.card_names
    held = [names[c] for c in p.cards()]
    f = s.stack[-1] if s.stack else None
    if f is not None and f["kind"] == "place" and f["seat"] == p.seat:
        held.append(names[f["card"]])  # the card gained, before its slot (SL §54)
    return held


def _uses(s):
    out: list[str | None] = []
    for name in _held(s):
        out += [name, name + "/2"]
    return out


def _crew(s):
    p = _player(s)
    if p is None or p.char_card < 0:
        return ()
    names = s.static.catalog.card_names
    return [names[c] for c in crew_members(p)]


def _near(s):
    p = _player(s)
    if p is None or p.hex is None:
        return ()
    geo = s.static.geo
    here = geo.coords[p.hex]
    out: list[str | None] = []
    for d in range(6):
        h = geo.index.get(hexgrid.neighbor(here, d))
        out.append(None if h is None else geo.names[h])
    return out


def _raid(s):
    geo = s.static.geo
    return [geo.names[h] for h in s.raid_hexes]


def _legal(s):
    d = _decision(s)
    return d.actions if d is not None else ()


def _build() -> TemplateActions:
    content = load_content()
    cat = catalog()
    hexes: dict[str, None] = {}
    tiles: dict[str, None] = {}
    for layout in content.layouts:
        geo = geometry(layout)
        hexes.update(dict.fromkeys(geo.names))
        tiles.update(dict.fromkeys(fmt_pos(p) for p in geo.positions))
    names = cat.card_names
    if any(len(d.actions) > 2 for d in cat.cards):
        raise ValueError("a Saltlands card with more than two action options: the use domain names two per card")

    def options(keep):
        return [n + ("" if i == 0 else f"/{i + 1}") for n, d in zip(names, cat.cards)
                for i, a in enumerate(d.actions) if keep(a)]

    domains = {
        "hex": sorted(hexes), "tile": sorted(tiles), "card": names,
        "targeted": options(lambda a: a.effect == "damage" and not a.area),
        # a card discarded to hit one hex without a crew action (the Curved Scythe, SL §136)
        "thrown": options(lambda a: a.effect == "damage" and not a.area and not a.crew_action),
        "area": options(lambda a: a.effect == "damage" and a.area),
        "exploring": options(lambda a: a.effect == "explore"),
        "seat": [f"p{k}" for k in range(1, 7)], "rot": [str(k) for k in range(6)],
        "character": list(content.characters),
        "vehicle": sorted({d.raider_type for d in cat.cards if d.raider_type} | set(content.raiders)),
        "orientation": sorted(ORIENTATIONS),
        "held": Slots(HELD, _held, rule="SL §55"), "use": Slots(2 * HELD, _uses, rule="SL §55"),
        "crew": Slots(CREW, _crew, rule="SL §64"), "near": Slots(6, _near), "raid": Slots(RAID, _raid, rule="SL §146"),
    }
    templates = [
        "end", "ability", "top", "bottom", "accept", "decline", "done", "pass",
        "ability {held}", "character {character}", "enter {hex}", "move {hex}", "move {hex} fuel | {*}",
        "collect {near} by {crew}", "collect {raid} by {crew}", "use {use}", "use {use} by {crew}",
        "use {targeted} by {crew} at {near}", "use {thrown} at {near}", "use {area} by {crew} rot {rot}",
        "use {exploring} by {crew} tile {tile}", "refresh {crew}", "trade {seat}", "steal {seat}",
        "attack {seat}", "chase {seat}", "give {held}", "give {held} to {seat}", "discard {held}",
        "replace {held}", "heal {use}", "armor {use}", "lose {crew}", "activate {vehicle}",
        "raider {hex}", "goto {hex}", "spawn {hex}", "orient {orientation}",
        "take {card}", "place {card}", "yield {card}",
        "join", "alone",  # Born Killer's choice (SL §146)
    ]
    # a chance point draws a card kind, a damage card, a tile, a token, a weather or rumor card
    kinds = {n.split("#")[0] for n in names}
    chance = max(len(kinds), len(content.damage_cards), len(content.tiles), len(content.tokens),
                 len(content.weather), len(content.rumors))
    return TemplateActions(NOTATION, templates, domains, legal=_legal, chance=chance)


ACTIONS = _build()
