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

from wasteland.core.notation import Action, Kind, Notation, W


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
HERO = Kind("a hero number such as 2", _hero, lambda n: str(n + 1))


def die_value(die: str) -> int:
    """The pips of a die word (``a4`` -> 4)."""
    return int(die[1:])


class End(Action, frozen=True):
    VERB = "end"


class Move(Action, frozen=True):
    VERB = "move"
    WORDS = (W("zone"), W("die", DIE))
    zone: str
    die: str


class Run(Action, frozen=True):
    VERB = "run"
    WORDS = (W("zone"), W("die", DIE))
    zone: str
    die: str


class Attack(Action, frozen=True):
    VERB = "attack"
    WORDS = (W("model"), W("die", DIE))
    model: str
    die: str


def _die_verb(verb: str, doc: str) -> type[Action]:
    ns = {"__module__": __name__, "VERB": verb, "WORDS": (W("die", DIE),), "__doc__": doc,
          "__annotations__": {"die": str}}
    return type(verb.capitalize(), (Action,), ns, frozen=True)


Recover = _die_verb("recover", "Heal wounds with a die.")
Explore = _die_verb("explore", "Explore from the closed gate (WQ-38.1).")
Dig = _die_verb("dig", "Dig out of Buried (WQ-40.3).")
Inspire = _die_verb("inspire", "Raise an activation die by one with an inspiration point.")
Give = _die_verb("give", "Give up a die to Stunned (WQ-40.3).")


class Free(Action, frozen=True):
    """Free a trapped hero (WQ-40.3)."""

    VERB = "free"
    WORDS = (W("hero", HERO), W("die", DIE))
    hero: int
    die: str


class Deploy(Action, frozen=True):
    """The enemy model deployed now, in a zone (WQ-39.1)."""

    VERB = "deploy"
    WORDS = (W("model"), W("zone"))
    model: str
    zone: str


def _word_verb(verb: str, field: str, doc: str, kind: Kind | None = None) -> type[Action]:
    w = W(field) if kind is None else W(field, kind)
    ns = {"__module__": __name__, "VERB": verb, "WORDS": (w,), "__doc__": doc,
          "__annotations__": {field: int if kind is HERO else str}}
    name = "".join(p.capitalize() for p in verb.split("_"))
    return type(name, (Action,), ns, frozen=True)


Anchor = _word_verb("anchor", "zone", "The zone the encounter's models are deployed around (WQ-39.1).")
Beside = _word_verb("beside", "enemy", "The kind of enemy that takes the next place by the anchor, among equals "
                    "(WQ-39.1).")
Place = _word_verb("place", "gate", "The gate a new tile is laid on (WQ-38.3).")
Close = _word_verb("close", "gate", "The new closed gate, among the furthest (WQ-38.3).")
Master = _word_verb("master", "group", "The enemy group the master moves (WQ-40.4).")
Effect = _word_verb("effect", "effect", "The effect an event gives a hero (WQ-40.4).")
Inspiration = _word_verb("inspiration", "hero", "The hero who gains inspiration (WQ-40.4).", HERO)
Rebirth = _word_verb("rebirth", "hero", "The hero brought back (WQ-40.4).", HERO)
RebirthZone = _word_verb("rebirth_zone", "zone", "The zone the hero comes back in (WQ-40.4).")


class Step(Action, frozen=True):
    """The zone an enemy's move goes to, among equals (WQ-40.1)."""

    VERB = "step"
    WORDS = (W("model"), W("zone"))
    model: str
    zone: str


class Strike(Action, frozen=True):
    """The hero an enemy's weapon is used on, among equals (WQ-40.1)."""

    VERB = "strike"
    WORDS = (W("model"), W("hero", HERO))
    model: str
    hero: int


NOTATION = Notation([End, Move, Run, Attack, Recover, Explore, Dig, Inspire, Give, Free, Deploy, Anchor, Beside, Place,
                     Close, Master, Effect, Inspiration, Rebirth, RebirthZone, Step, Strike])
parse = NOTATION.parse
