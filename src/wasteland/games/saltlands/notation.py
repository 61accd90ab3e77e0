"""Saltlands' notation: every verb a decision offers, as a frozen action type.

Hexes are ``q,r``, tiles ``tA,B``, seats ``p1``..``p6`` (held 0-based), cards by
instance name such as ``axe#2``; a card's second action option takes ``/2`` (held as
``option`` 2; the first option is written bare)::

    move 3,-4 [fuel 2]          collect 1,2 by scout        use axe#1 by scout at 2,2
    use map#1 by crew#3 tile t0,-2                          use water#1
    refresh scout               trade p2                    give spear#3 to p2
    ability                     discard fuel#4              end
    use katana#1 by huntress rot 2      an area weapon, its symbol turned 2 sixths (SL §143)
    steal p2                            Theft (SL §146)
    ability water#1                     Prophecy: discard Water for a rumor card (SL §146)

``parse(text)`` is the one way from text to action, ``str(action)`` the one way back
(``core.notation``); no other module splits an action's text.
"""

from __future__ import annotations

from wasteland.core.notation import HEX, INT, SEAT, TILE, WORD, Action, Kind, Notation, W


def _read_option(w: str) -> tuple[str, int]:
    name, bar, opt = w.partition("/")
    if not name:
        raise ValueError
    if not bar:
        return name, 1
    n = int(opt)
    if str(n) != opt or n < 2:  # the first option is written bare
        raise ValueError
    return name, n


def _write_option(v: tuple[str, int]) -> str:
    return v[0] if v[1] == 1 else f"{v[0]}/{v[1]}"


#: a card and one of its action options: ``axe#1`` (the first) or ``curved_scythe#1/2``
OPTION = Kind("a card such as axe#1 or curved_scythe#1/2", _read_option, _write_option)


_CARD = W(("card", "option"), OPTION)


def option_text(a: Action) -> str:
    """The card word of an action naming a card's option (``axe#1``, ``curved_scythe#1/2``):
    what a label shows of it (the card, and which option when not the first)."""
    return _write_option((a.card, a.option))


class End(Action, frozen=True):
    VERB = "end"


class Ability(Action, frozen=True):
    """``ability`` (Lord of Winds, Repair) or ``ability water#1`` (Prophecy, SL §146)."""

    VERB = "ability"
    WORDS = (W("card", optional=True),)
    card: str | None = None


class Top(Action, frozen=True):
    VERB = "top"


class Bottom(Action, frozen=True):
    VERB = "bottom"


class Accept(Action, frozen=True):
    VERB = "accept"


class Decline(Action, frozen=True):
    VERB = "decline"


class Done(Action, frozen=True):
    VERB = "done"


class Pass(Action, frozen=True):
    VERB = "pass"


class Join(Action, frozen=True):
    """Born Killer's choice: join the streak (SL §146)."""

    VERB = "join"


class Alone(Action, frozen=True):
    VERB = "alone"


class Character(Action, frozen=True):
    VERB = "character"
    WORDS = (W("character"),)
    character: str


class Enter(Action, frozen=True):
    VERB = "enter"
    WORDS = (W("hex", HEX),)
    hex: str


class Move(Action, frozen=True):
    """``move q,r [fuel n]``: the Fuel cards burnt (SL §84)."""

    VERB = "move"
    WORDS = (W("hex", HEX), W("fuel", INT, kw="fuel", optional=True))
    hex: str
    fuel: int | None = None


class Collect(Action, frozen=True):
    VERB = "collect"
    WORDS = (W("hex", HEX), W("crew", kw="by"))
    hex: str
    crew: str


class Use(Action, frozen=True):
    """``use card[/n] [by crew] [at q,r | rot k | tile tA,B]`` (SL §65, SL §143)."""

    VERB = "use"
    WORDS = (_CARD, W("crew", kw="by", optional=True), W("at", HEX, kw="at", optional=True),
             W("rot", INT, kw="rot", optional=True), W("tile", TILE, kw="tile", optional=True))
    card: str
    option: int = 1
    crew: str | None = None
    at: str | None = None
    rot: int | None = None
    tile: str | None = None


class Heal(Action, frozen=True):
    VERB = "heal"
    WORDS = (_CARD,)
    card: str
    option: int = 1


class Armor(Action, frozen=True):
    VERB = "armor"
    WORDS = (_CARD,)
    card: str
    option: int = 1


class Refresh(Action, frozen=True):
    VERB = "refresh"
    WORDS = (W("crew"),)
    crew: str


class Lose(Action, frozen=True):
    VERB = "lose"
    WORDS = (W("crew"),)
    crew: str


def _one_word(verb: str, field: str, kind: Kind, held: type, doc: str) -> type[Action]:
    """A verb of one word (``trade p2``, ``discard fuel#4``, ``goto 3,-1``)."""
    ns = {"__module__": __name__, "VERB": verb, "WORDS": (W(field, kind),), "__doc__": doc,
          "__annotations__": {field: held}}
    return type(verb.capitalize(), (Action,), ns, frozen=True)


def _seat_verb(verb: str, doc: str) -> type[Action]:
    return _one_word(verb, "seat", SEAT, int, doc)


Trade = _seat_verb("trade", "Start a trade with a player (SL §72).")
Steal = _seat_verb("steal", "Theft (SL §146).")
Attack = _seat_verb("attack", "The player an activated raider attacks (SL §103).")
Chase = _seat_verb("chase", "The player an activated raider moves toward (SL §105).")


class Give(Action, frozen=True):
    """``give card [to pN]``: a trade's gift (SL §72)."""

    VERB = "give"
    WORDS = (W("card"), W("to", SEAT, kw="to", optional=True))
    card: str
    to: int | None = None


def _card_verb(verb: str, doc: str) -> type[Action]:
    return _one_word(verb, "card", WORD, str, doc)


Discard = _card_verb("discard", "Drop a card (SL §55).")
Replace = _card_verb("replace", "Discard the slot's card for the new one (SL §54).")
Take = _card_verb("take", "Fuel Drain: take the uppermost Fuel card of the discard pile (SL §135).")
Place = _card_verb("place", "Put the new card in its slot (SL §54).")
Yield = _card_verb("yield", "A Victory card given up to a robbery (SL §122).")


class Activate(Action, frozen=True):
    """The raider type activated next (SL §100)."""

    VERB = "activate"
    WORDS = (W("vehicle"),)
    vehicle: str


def _hex_verb(verb: str, doc: str) -> type[Action]:
    return _one_word(verb, "hex", HEX, str, doc)


Raider = _hex_verb("raider", "The raider on that hex moves next (SL §105; lured, SL §142).")
Goto = _hex_verb("goto", "The end hex of a raider's move (SL §105).")
Spawn = _hex_verb("spawn", "A free spawn point for the last new raiders of a type (SL §107).")


class Orient(Action, frozen=True):
    VERB = "orient"
    WORDS = (W("orientation"),)
    orientation: str


NOTATION = Notation([
    End, Ability, Top, Bottom, Accept, Decline, Done, Pass, Join, Alone, Character, Enter, Move, Collect,
    Use, Heal, Armor, Refresh, Lose, Trade, Steal, Attack, Chase, Give, Discard, Replace, Take, Place, Yield,
    Activate, Raider, Goto, Spawn, Orient,
])
parse = NOTATION.parse
