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

from wasteland.core.notation import HEX, Kind, Notation, W, verb

#: ``end`` names what it ends: the tactical ``phase`` or the economic phase and the ``turn`` (LO-7)
PART = Kind("'phase' or 'turn'", lambda w: w if w in ("phase", "turn") else int("x"))


End = verb("end", W("part", PART))
First = verb("first", W("colour"), doc="The clan that plays first (LO-4.5).")
Place = verb("place", W("kind"), W("hex", HEX), doc="A starting troop on a base hex (LO-4.3).")
Buy = verb("buy", W("kind"), W("hex", HEX), doc="A troop bought onto a landing hex (LO-7.4).")
Move = verb("move", W("origin", HEX), W("hex", HEX), doc="A troop's move (LO-8.1).")
Attack = verb("attack", W("origin", HEX), W("hex", HEX), doc="A troop's attack (LO-6.1 to LO-6.3).")
Flip = verb("flip", W("hex", HEX), doc="The troop is done for the phase (LO-7.1).")
Grow = verb("grow", W("hex", HEX), doc="A hedge grown (LO-6.4).")
Upgrade = verb("upgrade", W("kind"), doc="A level bought for a kind (LO-5).")
Play = verb("play", W("card"), W("target"),
            doc="A ray-tower card played on a hex or on a clan (LO-11): ``target`` is either.")
Discard = verb("discard", W("card"), doc="A ray-tower card beyond the hand limit (LO-11).")
Market = verb("market", W("card"), W("kind"),
              doc="A bunker card bought at the black market for a troop kind (LO-10.2).")
Inject = verb("inject", W("card"), W("kind"), doc="A bunker card laid on a troop species card (LO-10.1).")
Take = verb("take", W("card"), W("kind"), doc="A bonus bunker card taken from the discard pile for a kind (LO-10.2).")


NOTATION = Notation([End, First, Place, Buy, Move, Attack, Flip, Grow, Upgrade, Play, Discard, Market, Inject, Take])
parse = NOTATION.parse
