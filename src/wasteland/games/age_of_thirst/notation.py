"""Age of Thirst's notation: every verb a decision offers, as a frozen action type.

Hexes are ``q,r``; clans by colour; troop kinds and cards by id::

    first red               place rider 3,-2          end phase       end turn
    move 0,1 1,1            attack 0,1 1,0            flip 0,1
    buy rider -3,4          upgrade tank              grow 2,2
    market bunker_3 rider   inject bunker_3 rider     take bunker_3 rider
    play ray_2 1,0          play ray_7 blue           discard ray_2

``parse(text)`` is the one way from text to action, ``str(action)`` the one way back
(``core.notation``); no other module splits an action's text.
"""

from __future__ import annotations

from wasteland.core.notation import HEX, Action, Kind, Notation, W

#: ``end`` names what it ends: the tactical ``phase`` or the economic phase and the ``turn`` (LO-7)
PART = Kind("'phase' or 'turn'", lambda w: w if w in ("phase", "turn") else int("x"))


class End(Action, frozen=True):
    VERB = "end"
    WORDS = (W("part", PART),)
    part: str


class First(Action, frozen=True):
    """The clan that plays first (LO-4.5)."""

    VERB = "first"
    WORDS = (W("colour"),)
    colour: str


class Place(Action, frozen=True):
    """A starting troop on a base hex (LO-4.3)."""

    VERB = "place"
    WORDS = (W("kind"), W("hex", HEX))
    kind: str
    hex: str


class Buy(Action, frozen=True):
    """A troop bought onto a landing hex (LO-7.4)."""

    VERB = "buy"
    WORDS = (W("kind"), W("hex", HEX))
    kind: str
    hex: str


class Move(Action, frozen=True):
    VERB = "move"
    WORDS = (W("origin", HEX), W("hex", HEX))
    origin: str
    hex: str


class Attack(Action, frozen=True):
    VERB = "attack"
    WORDS = (W("origin", HEX), W("hex", HEX))
    origin: str
    hex: str


class Flip(Action, frozen=True):
    """The troop is done for the phase (LO-7.1)."""

    VERB = "flip"
    WORDS = (W("hex", HEX),)
    hex: str


class Grow(Action, frozen=True):
    """A hedge grown (LO-6.4)."""

    VERB = "grow"
    WORDS = (W("hex", HEX),)
    hex: str


class Upgrade(Action, frozen=True):
    """A level bought for a kind (LO-5)."""

    VERB = "upgrade"
    WORDS = (W("kind"),)
    kind: str


class Play(Action, frozen=True):
    """A ray-tower card played on a hex or on a clan (LO-11): ``target`` is either."""

    VERB = "play"
    WORDS = (W("card"), W("target"))
    card: str
    target: str


class Discard(Action, frozen=True):
    VERB = "discard"
    WORDS = (W("card"),)
    card: str


def _card_on_kind(verb: str, doc: str) -> type[Action]:
    ns = {"__module__": __name__, "VERB": verb, "WORDS": (W("card"), W("kind")), "__doc__": doc,
          "__annotations__": {"card": str, "kind": str}}
    return type(verb.capitalize(), (Action,), ns, frozen=True)


Market = _card_on_kind("market", "A bunker card bought at the black market for a troop kind (LO-10.2).")
Inject = _card_on_kind("inject", "A bunker card laid on a troop species card (LO-10.1).")
Take = _card_on_kind("take", "A bonus bunker card taken from the discard pile for a kind (LO-10.2).")


NOTATION = Notation([End, First, Place, Buy, Move, Attack, Flip, Grow, Upgrade, Play, Discard, Market, Inject, Take])
parse = NOTATION.parse
