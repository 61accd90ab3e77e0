"""Age of Thirst's fixed action space (``SPEC.actions``): every action of the notation as
an index meaning the same action in every state.

The space is compact (the agent scans its whole mask every step): a troop that moves or
attacks is named by its place among the acting player's troops (``troop``: their hexes in
the board's order, at most the kinds' limits on the board, LO-6), and an attack's target by
where it lies around the attacker (``reach``: the hexes within the longest attack range
of the species cards, LO-8.2, in a fixed order of offsets, nearest ring first). Where no position fills a place it is written ``@troop3``.

Name domains: ``hex`` the board's 127 hexes (``q,r``), ``base`` the hexes of the clans' bases
(a starting troop goes on one's own base, LO-4.3), ``landing`` their landing hexes (a bought
troop goes on one's own, LO-7.4), ``kind`` the troop kinds (and the hedge for upgrades),
``card`` the ray-tower and bunker cards, ``colour`` the clan colours. Version 1: ``place`` and
``buy`` name a base or landing hex rather than any of the 127 (version 0 had 6,671 indices).
Version 2 adds ``discard`` (LO-11) and ``take`` (LO-10.2) after version 1's indices.
The layout (templates in order, each a block of consecutive indices) is
``ACTIONS.layout()``; the size is ``ACTIONS.size`` (it was 34,815 with both hexes of a move
or an attack named).
"""

from __future__ import annotations

from wasteland.core import hexgrid
from wasteland.core.actionspace import Slots, TemplateActions
from wasteland.core.notation import pair

from .board import board
from .content import BUNKER_COUNTS, COLOURS, KINDS, SOURCE_COUNTS, TOWER_COUNTS, TROOP_KINDS, load_content
from .notation import NOTATION


def _offsets(radius: int) -> list[tuple[int, int]]:
    """Every offset within ``radius`` but the centre, ring by ring (each ring walked once
    around from its south-west corner)."""
    out: list[tuple[int, int]] = []
    for k in range(1, radius + 1):
        h = hexgrid.scale(hexgrid.DIRECTIONS[4], k)  # the ring's start, walked clockwise
        for d in range(6):
            for _ in range(k):
                out.append(h)
                h = hexgrid.add(h, hexgrid.DIRECTIONS[d])
    return out


def _troops(s):
    """The acting player's troops' hexes, in the board's order (LO-7.1)."""
    names = s.board.names
    seat = s.current
    return [names[h] for h in sorted(h for h, (o, k) in s.pieces.items() if o == seat and k != "hedge")]


def _hexes(b, of_colour) -> tuple[str, ...]:
    """The names of every clan's hexes of one kind (base or landing), in the board's order."""
    every = {h for hexes in of_colour.values() for h in hexes}
    return tuple(b.names[h] for h in sorted(every))


def _build() -> TemplateActions:
    b = board()
    kinds = load_content().kinds
    troops = sum(kinds[k].max_on_board for k in TROOP_KINDS)
    reach = max(lv.range for k in TROOP_KINDS for lv in kinds[k].levels)
    offsets = _offsets(reach)
    names = b.names
    index = {pair(n): n for n in names}

    def around(_s, at: str) -> list[str | None]:
        try:
            q, r = pair(at)
        except ValueError:
            return []
        return [index.get((q + dq, r + dr)) for dq, dr in offsets]

    return TemplateActions(
        NOTATION, ["end phase", "end turn", "first {colour}", "upgrade {kind}", "place {troop} {base}", "buy {troop} {landing}",
         "flip {hex}", "grow {hex}", "move {mine} {hex}", "attack {mine} {reach}", "play {card} {hex}",
         "play {card} {colour}", "inject {card} {troop}", "market {card} {troop}",
         # version 2: the hand limit's discard (LO-11) and a bonus bunker card taken for a
         # kind (LO-10.2), legal actions version 1 could not express; appended, so every
         # index of version 1 keeps its meaning
         "discard {card}", "take {card} {kind}"],
        {"hex": names, "kind": KINDS, "troop": TROOP_KINDS, "colour": COLOURS,
         "base": _hexes(b, b.base), "landing": _hexes(b, b.landing),
         "card": tuple(TOWER_COUNTS) + tuple(BUNKER_COUNTS),
         "mine": Slots(troops, _troops, rule="LO-6"),
         "reach": Slots(len(offsets), around, after=True, fixed=True, rule="LO-8.2")},
        chance=max(len(SOURCE_COUNTS), len(BUNKER_COUNTS), len(TOWER_COUNTS)),  # a card kind drawn
        version=2,
    )


ACTIONS = _build()
