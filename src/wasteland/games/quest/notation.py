"""Warhammer Quest's notation (exploration, WQ-38 to WQ-40): every verb a decision
offers, as a frozen action type. Zones are ``tile.zone``, models ``gN.k``, dice tokens
``aN`` (an activation die) or ``dN`` (a destiny die), heroes by number ``1``..``4``
(held 0-based)::

    move 3.b a4     run 3.c d5      attack g1.2 a6      recover a2      explore a3
    dig a4          free 2 a4       inspire a3          give a1         end
    deploy g1.1 3.b anchor 3.b      beside ghoul    place n     close e     master g2
    effect cure     inspiration 2   rebirth 1   rebirth_zone 3.a
    step g1.2 3.c   strike g1.2 2

``parse(text)`` is the one way from text to action, ``str(action)`` the one way back
(``core.notation``); no other module splits an action's text.
"""

from __future__ import annotations

from wasteland.core.notation import Kind, Notation, W, verb


def _die(w: str) -> str:
    if len(w) < 2 or w[0] not in "ad" or not w[1:].isdecimal() or str(int(w[1:])) != w[1:]:
        raise ValueError
    return w


def _hero(w: str) -> int:
    n = int(w)
    if str(n) != w or n < 1:
        raise ValueError
    return n - 1


#: a die of the hero's: ``a4`` an activation die, ``d5`` a rolled destiny die
DIE = Kind("a die such as a4 or d5", _die)
#: a hero by number, written 1..4, held 0-based
HERO = Kind("a hero number such as 2", _hero, lambda n: str(n + 1), held=int)


def die_value(die: str) -> int:
    """The pips of a die word (``a4`` -> 4)."""
    return int(die[1:])


End = verb("end", doc="End the hero's activation (WQ-40.2).")
Move = verb("move", W("zone"), W("die", DIE), doc="Move one zone (WQ-40.3: 1+).")
Run = verb("run", W("zone"), W("die", DIE), doc="Run up to two zones (WQ-40.3: 3+).")
Attack = verb("attack", W("model"), W("die", DIE), doc="Attack an enemy model in or next to the hero's zone (WQ-40.2).")
Recover = verb("recover", W("die", DIE), doc="Heal wounds with a die (WQ-40.4).")
Explore = verb("explore", W("die", DIE), doc="Explore from the closed gate (WQ-38.1).")
Dig = verb("dig", W("die", DIE), doc="Dig out of Buried (WQ-40.3).")
Inspire = verb("inspire", W("die", DIE), doc="Raise an activation die by one with an inspiration point.")
Give = verb("give", W("die", DIE), doc="Give up a die to Stunned (WQ-40.3).")
Free = verb("free", W("hero", HERO), W("die", DIE), doc="Free a trapped hero (WQ-40.3).")
Deploy = verb("deploy", W("model"), W("zone"), doc="The enemy model deployed now, in a zone (WQ-39.1).")
Anchor = verb("anchor", W("zone"), doc="The zone the encounter's models are deployed around (WQ-39.1).")
Beside = verb("beside", W("enemy"), doc="The kind of enemy that takes the next place by the anchor, among equals "
              "(WQ-39.1).")
Place = verb("place", W("gate"), doc="The gate a new tile is laid on (WQ-38.3).")
Close = verb("close", W("gate"), doc="The new closed gate, among the furthest (WQ-38.3).")
Master = verb("master", W("group"), doc="The enemy group the master moves (WQ-40.4).")
Effect = verb("effect", W("effect"), doc="The effect an event gives a hero (WQ-40.4).")
Inspiration = verb("inspiration", W("hero", HERO), doc="The hero who gains inspiration (WQ-40.4).")
Rebirth = verb("rebirth", W("hero", HERO), doc="The hero brought back (WQ-40.4).")
RebirthZone = verb("rebirth_zone", W("zone"), doc="The zone the hero comes back in (WQ-40.4).")
Step = verb("step", W("model"), W("zone"), doc="The zone an enemy's move goes to, among equals (WQ-40.1).")
Strike = verb("strike", W("model"), W("hero", HERO),
               doc="The hero an enemy's weapon is used on, among equals (WQ-40.1).")


NOTATION = Notation([End, Move, Run, Attack, Recover, Explore, Dig, Inspire, Give, Free, Deploy, Anchor, Beside,
                     Place, Close, Master, Effect, Inspiration, Rebirth, RebirthZone, Step, Strike])
parse = NOTATION.parse
